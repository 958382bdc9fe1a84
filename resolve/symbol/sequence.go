package symbol

import (
	"odds/dice"
	"odds/resolve"
)

// compileFire follows the attacker's sequence (sheet 000, right column:
// 5.0 attack dice by range, 6.0 experience, 7.0 recruit defender, 8.0
// attack dice modifications, 9.0 half strength) and the defender's
// sequence (left column: 1.0 inherent dice by area of impact, 2.0
// terrain, 3.0 hindered LOS, 4.0 status, 5.0 experience, 6.0 fire status
// and a failed spotting roll, 7.0 command cards) into the pools it rolls.
func compileFire(v resolve.Args) (resolve.Plan, error) {
	p, err := compileFireFrom(v, nil)
	if err != nil {
		return nil, err
	}
	return p, nil
}

// compileFireFrom is compileFire on a target in state from (nil: the
// state its flags give). With a state given, every cell also says the
// target's whole state after the attack (firePlan.stateCells): the chain
// of repeated attacks reads it (chain.go).
func compileFireFrom(v resolve.Args, from *state) (*firePlan, error) {
	env := v.Env
	if !v.Has("target") {
		return nil, resolve.Errorf("target", "the target's unit type is needed: --target %s (or --defender CARD)", joinChoices(unitTypes))
	}
	kind := v.Int("target")
	att, err := attackPool(v)
	if err != nil {
		return nil, err
	}
	def, err := defencePool(v, kind)
	if err != nil {
		return nil, err
	}
	p := &firePlan{rule: v.Int("cancel")}
	if p.attack, err = att.compile("attack"); err != nil {
		return nil, err
	}
	// 6.0: the attacker's fire status may give the defender a die; a
	// failed spotting roll gives one more, of the strength the table says.
	col := "defender"
	if kind == vehicle && v.Bool("fast-action") {
		col = "defender-fast-vehicle"
	}
	status := fireStatuses[v.Int("fire-status")]
	if def, err = addTable(env, def, modTable, status, col, "fire-status"); err != nil {
		return nil, err
	}
	failed, err := addTable(env, def, modTable, status, "spotting-failed"+col[len("defender"):], "spot")
	if err != nil {
		return nil, err
	}
	switch {
	case v.Bool("spot") && v.Bool("spot-failed"):
		return nil, resolve.Errorf("spot-failed", "give --spot (roll it) or --spot-failed (it failed), not both")
	case v.Bool("spot-failed") && (v.Bool("fast-action") || v.Bool("auto-spotted")):
		return nil, resolve.Errorf("spot-failed", "the target is spotted automatically (fast action marker or --auto-spotted, 10.5.1): no spotting roll to fail")
	case v.Bool("spot-failed"):
		def = failed
	case v.Bool("spot"):
		var rule spotRule
		if rule, err = fireSpot(v, kind); err != nil {
			return nil, err
		}
		if !rule.rolls() {
			break // spotted without a roll (the table's "-", 10.5.1)
		}
		p.spot = &rule
		if p.defenceUnspotted, err = failed.compile("defence"); err != nil {
			return nil, err
		}
		p.defDiceUnspotted = failed.dice()
	}
	if p.defence, err = def.compile("defence"); err != nil {
		return nil, err
	}
	p.defDice = def.dice()
	// 10.7.2: each remaining critical hit is a comparison roll of a green
	// attack die against a blue defence die.
	green, err := oneDie(env, "attack", "green", "a critical hit's comparison roll")
	if err != nil {
		return nil, resolve.Errorf("attack", "%v", err)
	}
	blue, err := oneDie(env, "defence", "blue", "a critical hit's comparison roll")
	if err != nil {
		return nil, resolve.Errorf("defence", "%v", err)
	}
	if v.Int("defender-experience") == recruit {
		p.autoX = dice.Tally(0).With(xsupp, 1) // 7.0: the attacker gets an automatic X suppression
	}
	tgt := target{kind: kind, capacity: v.Int("damage-capacity"), suppressedAgain: v.Int("suppressed-again") == 0}
	start, err := tgt.startState(v, "target-status", "target-half-strength")
	if err != nil {
		return nil, err
	}
	if from != nil {
		start, p.stateCells = *from, true
	}
	if p.blast, err = blastPool(v); err != nil { // 9.0: a building's blast value
		return nil, err
	}
	p.tabulate(tgt, green[0].faces, blue[0].faces, start, maxCrits(att.dice()))
	return p, nil
}

// attackPool is the attacker's sequence, steps 5.0 to 9.0, with the dice
// of fire support units firing jointly.
func attackPool(v resolve.Args) (colourPool, error) {
	if !v.Has("attack") {
		return nil, resolve.Errorf("attack", "the attack dice are needed: --attack POOL such as red:2,green:1 (or --attacker CARD with --range)")
	}
	p, err := buildPool(v.Env, "attack", v.Pool("attack"), "attack")
	if err != nil {
		return nil, err
	}
	if e := v.Int("attacker-experience"); e == veteran || e == elite {
		blue, err := oneDie(v.Env, "attack", "blue", "a veteran or elite attacker")
		if err != nil {
			return nil, resolve.Errorf("attacker-experience", "%v", err)
		}
		p = p.add(blue)
	}
	extra, err := buildPool(v.Env, "attack", v.Pool("extra-attack"), "extra-attack")
	if err != nil {
		return nil, err
	}
	p = p.add(extra)
	if v.Bool("attack-die-minus-1") || v.Bool("attacker-hidden") {
		p = p.dropWeakest(0)
	}
	if v.Bool("half-strength") {
		p = p.halfStrength()
	}
	// 1.0, 3.0, 9.0 (sheet 001, 10.8.4): joint fire with fire support
	// units adds their attack dice; half strength is checked per unit.
	fsu, err := buildPool(v.Env, "attack", v.Pool("fsu"), "fsu")
	if err != nil {
		return nil, err
	}
	half, err := buildPool(v.Env, "attack", v.Pool("fsu-half-strength"), "fsu-half-strength")
	if err != nil {
		return nil, err
	}
	p = p.add(fsu).add(half.halfStrength())
	if len(p) == 0 {
		return nil, resolve.Errorf("attack", "no attack dice are left to roll")
	}
	return p, nil
}

// defencePool is the defender's sequence, steps 1.0 to 5.0 and 7.0.
func defencePool(v resolve.Args, kind int) (colourPool, error) {
	env := v.Env
	if !v.Has("defence") {
		return nil, resolve.Errorf("defence", "the defence dice are needed: --defence POOL such as blue:2 (or --defender CARD)")
	}
	if v.Takes("impact") && v.Has("impact") && v.Bool("indirect") && v.Int("impact") != above {
		return nil, resolve.Errorf("impact", "indirect fire always hits from above")
	}
	p, err := buildPool(env, "defence", v.Pool("defence"), "defence")
	if err != nil {
		return nil, err
	}
	// 2.0 terrain defence bonus, by unit type.
	if v.Has("terrain") {
		if p, err = addTable(env, p, terrainTable, v.Word("terrain"), unitTypes[kind], "terrain"); err != nil {
			return nil, err
		}
	}
	// 3.0 hindered LOS: a die each; indirect fire ignores two; a third
	// blocks the shot, except for indirect fire through a spotter
	// ("Exception: If unit uses a spotter for indirect fire").
	h := 0
	if v.Takes("hindrances") {
		h = v.Int("hindrances")
	}
	indirect := v.Takes("indirect") && v.Bool("indirect")
	spotter := v.Takes("spotter") && v.Bool("spotter")
	switch {
	case spotter && !indirect:
		return nil, resolve.Errorf("spotter", "a spotter directs indirect fire: give --indirect")
	case h >= 3 && !spotter:
		return nil, resolve.Errorf("hindrances", "a third hindrance blocks the line of sight: no ranged fire (direct, or indirect without --spotter)")
	case indirect:
		h = 0
	}
	if h > 0 {
		hp, err := buildPool(env, "defence", resolve.PoolSpec{{Colour: colours[v.Int("hindrance-die")], N: h}}, "hindrance-die")
		if err != nil {
			return nil, err
		}
		p = p.add(hp)
	}
	// 4.0 status.
	infArt := kind != vehicle
	add := func(colour, why, flag string) error {
		d, err := oneDie(env, "defence", colour, why)
		if err != nil {
			return resolve.Errorf(flag, "%v", err)
		}
		p = p.add(d)
		return nil
	}
	if v.Bool("digging-in") {
		p = p.dropWeakest(1)
	}
	if v.Bool("fast-action") && infArt {
		p = p.dropWeakest(1)
	}
	if v.Bool("dug-in") {
		if err := add("green", "a dug-in defender", "dug-in"); err != nil {
			return nil, err
		}
	}
	if v.Int("target-status") == statusSuppressed && infArt {
		if err := add("green", "a suppressed defender", "target-status"); err != nil {
			return nil, err
		}
	}
	if v.Bool("hidden") || v.Bool("hide-action") {
		if err := add("blue", "a hidden defender", "hidden"); err != nil {
			return nil, err
		}
	}
	// 5.0 experience.
	if e := v.Int("defender-experience"); e >= hardened {
		if err := add("blue", "a hardened, veteran or elite defender", "defender-experience"); err != nil {
			return nil, err
		}
	}
	// 7.0 command cards.
	extra, err := buildPool(env, "defence", v.Pool("extra-defence"), "extra-defence")
	if err != nil {
		return nil, err
	}
	return p.add(extra), nil
}

// addTable adds the dice a table cell gives to p; errors name flag.
func addTable(env *resolve.Env, p colourPool, table, row, col, flag string) (colourPool, error) {
	cell, err := tablePool(env, table, row, col)
	if err != nil {
		return nil, resolve.Errorf(flag, "%v", err)
	}
	q, err := buildPool(env, "defence", cell, flag)
	if err != nil {
		return nil, err
	}
	return p.add(q), nil
}
