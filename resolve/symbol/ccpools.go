package symbol

import (
	"odds/resolve"
)

// The dice of close combat (11.1.2 attack dice, 11.1.3 defense dice): the
// pools each side rolls, in the initial round and after it.

// ccSide is what one side brings to the fight, read from the flags.
type ccSide struct {
	role    string // attacker or defender
	kind    int
	attack  colourPool // card dice with experience
	defence colourPool
	// Dice command cards and special abilities add (11.1.2, 11.1.3:
	// "Modifications can also occur because of unit abilities", "... of
	// playing command cards"), every round or the initial one only.
	extraAttack, extraDefence colourPool
	tgt                       target
	start                     state
	supported                 bool
	withdrawal                policy
}

// readSide reads one side's flags into its dice and state.
func readSide(v resolve.Args, role string) (*ccSide, error) {
	env := v.Env
	if !v.Has(role + "-type") {
		return nil, resolve.Errorf(role+"-type", "the %s's unit type is needed: --%s-type %s (or --%s CARD)", role, role, joinChoices(unitTypes), role)
	}
	s := &ccSide{role: role, kind: v.Int(role + "-type"), supported: v.Bool(role + "-supported")}
	for _, r := range []string{"attack", "defence"} {
		if !v.Has(role + "-" + r) {
			return nil, resolve.Errorf(role+"-"+r, "the %s's %s dice are needed: --%s-%s POOL (or --%s CARD)", role, r, role, r, role)
		}
	}
	var err error
	if s.attack, err = buildPool(env, "attack", v.Pool(role+"-attack"), role+"-attack"); err != nil {
		return nil, err
	}
	if s.defence, err = buildPool(env, "defence", v.Pool(role+"-defence"), role+"-defence"); err != nil {
		return nil, err
	}
	// 4.2.3: veteran and elite gain a blue attack die; hardened, veteran
	// and elite a blue defence die.
	exp := v.Int(role + "-experience")
	if exp >= veteran {
		blue, err := oneDie(env, "attack", "blue", "a veteran or elite unit")
		if err != nil {
			return nil, resolve.Errorf(role+"-experience", "%v", err)
		}
		s.attack = s.attack.add(blue)
	}
	if exp >= hardened {
		blue, err := oneDie(env, "defence", "blue", "a hardened, veteran or elite unit")
		if err != nil {
			return nil, resolve.Errorf(role+"-experience", "%v", err)
		}
		s.defence = s.defence.add(blue)
	}
	if s.extraAttack, err = buildPool(env, "attack", v.Pool(role+"-extra-attack"), role+"-extra-attack"); err != nil {
		return nil, err
	}
	if s.extraDefence, err = buildPool(env, "defence", v.Pool(role+"-extra-defence"), role+"-extra-defence"); err != nil {
		return nil, err
	}
	s.tgt = target{kind: s.kind, capacity: v.Int(role + "-capacity"), suppressedAgain: v.Int("suppressed-again") == 0}
	if v.Bool(role + "-half-strength") {
		s.start.half, s.start.hits = true, s.tgt.capacity
	}
	s.withdrawal, err = parsePolicy(v, role+"-withdraw")
	return s, err
}

// terrainDice is the terrain defence bonus of a row for a unit type, as
// a pool; no terrain gives none.
func terrainDice(env *resolve.Env, table, row, col, flag string) (colourPool, error) {
	if row == "" {
		return nil, nil
	}
	return addTable(env, nil, table, row, col, flag)
}

// fortDice is the fortification's bonus for a unit type from one side,
// or from every side ("" : the strongest die of them all is taken).
func fortDice(env *resolve.Env, row string, kind int, side string) (colourPool, error) {
	if kind == vehicle {
		return nil, nil // vehicles stay in the primary terrain
	}
	if side != "" {
		return terrainDice(env, fortTable, row, unitTypes[kind]+"-"+side, "fortification")
	}
	var all colourPool
	for _, sd := range impacts {
		p, err := terrainDice(env, fortTable, row, unitTypes[kind]+"-"+sd, "fortification")
		if err != nil {
			return nil, err
		}
		all = all.add(p)
	}
	return all, nil
}

// ccPools are the pools of a fight, by round (0: after the first, 1:
// the initial round) and the states they depend on.
type ccPools struct {
	aAtt [2][2][2]*roll // [initial][attacker half][defender immobilized]
	dAtt [2][2]*roll    // [initial][defender half]
	aDef [2]*roll       // [initial]
	dDef [2]*roll
}

// buildPools applies 11.1.2 and 11.1.3 to the two sides' dice.
func buildPools(v resolve.Args, a, d *ccSide) (*ccPools, error) {
	env := v.Env
	var err error
	fort := v.Word("fortification")
	terrain := v.Word("terrain")
	p := &ccPools{}
	if fort != "" { // read even when no unit in the fight can use it
		if _, err := tablePool(env, fortTable, fort, fortColumns[0]); err != nil {
			return nil, resolve.Errorf("fortification", "%v", err)
		}
	}
	// Terrain (11.1.3). Every round: both get the strongest die of the
	// target hex's terrain bonus (in a fortification: of the
	// fortification's). Initial round: the defender gets the whole bonus
	// (in a fortification: of the side attacked from); the assault unit
	// one blue die (against a fortification: the strongest die of the
	// primary terrain). Vehicles get none.
	terr := func(s *ccSide, initial bool) (colourPool, error) {
		if s.kind == vehicle {
			return nil, nil
		}
		col := unitTypes[s.kind]
		switch {
		case initial && s.role == "defender" && fort != "":
			return fortDice(env, fort, s.kind, sides[v.Int("side")])
		case initial && s.role == "defender":
			return terrainDice(env, terrainTable, terrain, col, "terrain")
		case initial && fort != "":
			t, err := terrainDice(env, terrainTable, terrain, col, "terrain")
			return t.strongestDie(), err
		case initial:
			return oneDie(env, "defence", "blue", "the assault unit's initial-round defence")
		case fort != "":
			t, err := fortDice(env, fort, s.kind, "")
			return t.strongestDie(), err
		}
		t, err := terrainDice(env, terrainTable, terrain, col, "terrain")
		return t.strongestDie(), err
	}
	every := supportRerolls[v.Int("support-reroll")] == "every-round"
	rerolls := func(on bool, initial bool) int {
		return resolve.B2I(on && (initial || every))
	}
	immobile := v.Bool("defender-immobilized")
	extraEvery := extraRounds[v.Int("extra-rounds")] == "every-round"
	// withExtra is a side's attack or defence with the extra dice of
	// command cards and special abilities, in the rounds they apply.
	withExtra := func(p, extra colourPool, initial bool) colourPool {
		if initial || extraEvery {
			return p.add(extra)
		}
		return p
	}
	vsInfantry := func(s, other *ccSide, p colourPool) colourPool {
		// 11.1.2: a vehicle counts only the strongest symbol against infantry.
		if s.kind == vehicle && other.kind == infantry {
			return p.halfStrength()
		}
		return p
	}
	for ini := range 2 {
		initial := ini == 1
		for _, s := range []*ccSide{a, d} {
			t, err := terr(s, initial)
			if err != nil {
				return nil, err
			}
			def := withExtra(s.defence, s.extraDefence, initial).add(t)
			if initial && s == a && v.Bool("fast-action") {
				def = def.dropWeakest(1)
			}
			k := 0
			if s == d {
				k = rerolls(d.supported, initial)
			}
			r, err := newRoll(def.sorted(), k, s.role+"-defence")
			if err != nil {
				return nil, err
			}
			if s == a {
				p.aDef[ini] = r
			} else {
				p.dDef[ini] = r
			}
		}
		for half := range 2 {
			// The assault unit's attack.
			att := withExtra(a.attack, a.extraAttack, initial)
			if initial && v.Bool("barbed-wire") {
				att = att.dropWeakest(0)
			}
			if half == 1 {
				att = att.halfStrength()
			}
			att = vsInfantry(a, d, att)
			for imm := range 2 {
				k := rerolls(a.supported, initial) + imm // an immobilized vehicle: a re-roll every round
				if initial && (v.Bool("outflanked") || imm == 1) {
					k++ // outflanked (immobilized vehicles always are)
				}
				if p.aAtt[ini][half][imm], err = newRoll(att.sorted(), k, "attacker-attack"); err != nil {
					return nil, err
				}
			}
			// The defence unit's attack.
			att = withExtra(d.attack, d.extraAttack, initial)
			if initial {
				activated := v.Bool("defender-activated") && !v.Bool("defender-hide-action")
				switch {
				case v.Bool("defender-suppressed"):
					att = nil // cannot attack in the initial round
				case activated && half == 1:
					att = att.dropWeakest(0).halfStrength()
				case activated:
					att = att.halfStrength()
				}
			}
			if half == 1 {
				att = att.halfStrength()
			}
			att = vsInfantry(d, a, att)
			if p.dAtt[ini][half], err = newRoll(att.sorted(), 0, "defender-attack"); err != nil {
				return nil, err
			}
		}
	}
	if immobile && d.kind != vehicle {
		return nil, resolve.Errorf("defender-immobilized", "only vehicles are immobilized")
	}
	return p, nil
}
