package symbol

import (
	"slices"
	"strconv"

	"odds/dice"
	"odds/resolve"
)

// Tactical air support (TAS, 12.3) and off-board artillery support (OAS,
// 12.4): the actions and their compilation into a supportPlan.

// AA range factors (12.3.4) and the accuracy tables' defender statuses
// (12.3.6.2, 12.4.5).
var (
	aaRanges         = []string{"blast", "close", "medium", "long"}
	accuracyStatuses = []string{"fast-action", "fallback", "immobile", "suppressed", "delayed-action", "other"}
	spotBonusColumns = []string{"no-terrain", "terrain"}
)

// Terrain that takes craters (12.4.6.2): roads, tree alleys, clear, light
// forest, olive and vine groves, brush.
var craterTerrain = []string{"narrow-road", "main-road", "urban-alley", "tree-alley", "clear", "light-forest", "olive-vine-grove", "brush"}

// supportParams are the flags of both missions, then the target's (as
// symbol fire's, hit from above).
func supportParams(tas bool) []resolve.Param {
	pool := func(name, usage string) resolve.Param {
		return resolve.Param{Name: name, Kind: resolve.DicePool, Optional: true, Usage: usage}
	}
	n := 9 + len(friendlyFlags) + len(supportTargetParams) // all of them, made once
	if tas {
		n += 2
	}
	ps := make([]resolve.Param, 0, n)
	if tas {
		ps = append(ps,
			pool("aa", "the AA units' attack dice against the TAS (else --aa-range's from the aa-fire table)"),
			resolve.OptChoice("aa-range", aaRanges, "the AA fire's range factor: a row of the aa-fire table"),
			resolve.BoolParam("second-run", "the TAS makes a second attack run (12.3.6.5) at the same target"))
	} else {
		ps = append(ps, resolve.IntParam("arrival", 1, 7, 1, "the d6 the OAS needs to arrive (1: it always does; 7: never)"))
	}
	ps = append(ps,
		resolve.BoolParam("auto-spotted", "the target is spotted without a roll (10.5.1); vehicles in clear, road or bridge hexes always are"),
		resolve.IntParam("accuracy-modifier", -3, 3, 0, "other modifiers to the accuracy roll (command cards, fire mode)"),
		resolve.BoolParam("delayed-action", "the target has a delayed action marker (the accuracy table's column)"),
		pool("friendly-defence", "a friendly unit adjacent to the target: its defence dice (friendly fire on an accuracy of 1 or less)"),
		resolve.OptChoice("friendly-type", unitTypes, "the adjacent friendly unit's type (else its card's)"),
		resolve.IntParam("friendly-capacity", 1, 6, 1, "the friendly unit's damage capacity"),
	)
	// The friendly unit "receives all the normal defense dice set out in
	// 10.9-10.9.8 except the failed spotting roll": the target's flags,
	// for it.
	fire := fireTemplate()
	for _, f := range friendlyFlags {
		p := *fire.Param(f.of)
		p.Name, p.Usage = f.name, f.usage
		ps = append(ps, p)
	}
	ps = append(ps,
		resolve.BoolParam("building", "the target is in a building: an uncancelled critical hit rolls the blast value (12.5)"),
		pool("blast", "the blast value's dice against a building (needed with --building)"),
	)
	for _, name := range supportTargetParams {
		p := *fire.Param(name)
		if name == "defence" {
			p.Usage = "the target's defence dice, e.g. blue:2 (else its card's dice from above)"
		}
		ps = append(ps, p)
	}
	return ps
}

// supportRoles are the cards a mission reads: its target and an adjacent
// friendly unit.
var supportRoles = []resolve.Role{
	{Name: "defender", Usage: "target's card (defence dice from above, type, experience, damage capacity)"},
	{Name: "friendly", Usage: "adjacent friendly unit's card (friendly fire)"},
}

func airAction() *resolve.Action {
	return &resolve.Action{
		Name:  "air",
		Short: "tactical air support: AA fire, spotting, accuracy, the attack, friendly fire, a second run",
		Sheet: "001: Tactical Air Support (12.3): AA units attack and results, TAS spotting and accuracy, friendly fire; Blast Values vs Buildings (12.5)",
		Examples: []string{
			"odds symbol air --defender rifle-squad --terrain light-forest",
			"odds symbol air --defender tank --aa-range close --second-run",
			"odds symbol air --defender mg-team --friendly rifle-squad",
		},
		Outcome:  append([]string{tasDestroyed, tasAborted}, fireOutcomes...),
		Headline: fireOutcomes, // the target's, not the aircraft's
		Stats:    supportFlags,
		Notes: map[string]string{
			tasDestroyed: "AA fire: the TAS crashes (no attack)",
			tasAborted:   "AA fire: damaged or turned away (no attack)",
		},
		Params:    supportParams(true),
		Roles:     supportRoles,
		FromCards: supportFromCards,
		Compile:   func(v resolve.Args) (resolve.Plan, error) { return compileSupport(v, true) },
		Chain:     supportChain(true),
	}
}

func barrageAction() *resolve.Action {
	return &resolve.Action{
		Name:  "barrage",
		Short: "off-board artillery: arrival, spotting, accuracy, the attack, friendly fire, craters",
		Sheet: "001: Off-Board Artillery Support (12.4): accuracy, friendly fire, craters (12.4.6.2); Blast Values vs Buildings (12.5)",
		Examples: []string{
			"odds symbol barrage --defender rifle-squad --terrain light-forest",
			"odds symbol barrage --defender at-gun --arrival 3 --dug-in",
			"odds symbol barrage --defender mg-team --building --blast red:2",
		},
		Outcome:   append([]string{notArrived}, fireOutcomes...),
		Headline:  fireOutcomes,
		Stats:     supportFlags,
		Notes:     map[string]string{notArrived: "the OAS did not arrive (--arrival)"},
		Params:    supportParams(false),
		Roles:     supportRoles,
		FromCards: supportFromCards,
		Compile:   func(v resolve.Args) (resolve.Plan, error) { return compileSupport(v, false) },
		Chain:     supportChain(false),
	}
}

func supportFromCards(c resolve.Cards, _ resolve.Args) ([]resolve.Filled, error) {
	var f resolve.Fill
	if d := c["defender"]; d != nil {
		f.SetPool("defence", d.Pool("defence-above"), "defender")
		f.Set("defender-experience", d.Int("experience"), "defender")
		f.Set("target", d.Int("type"), "defender")
		f.Set("damage-capacity", d.Int("damage-capacity"), "defender")
	}
	if u := c["friendly"]; u != nil {
		f.SetPool("friendly-defence", u.Pool("defence-above"), "friendly")
		f.Set("friendly-type", u.Int("type"), "friendly")
		f.Set("friendly-experience", u.Int("experience"), "friendly")
		f.Set("friendly-capacity", u.Int("damage-capacity"), "friendly")
	}
	return f, nil
}

func compileSupport(v resolve.Args, tas bool) (resolve.Plan, error) {
	p, err := compileSupportFrom(v, tas, nil)
	if err != nil {
		return nil, err
	}
	return p, nil
}

// compileSupportFrom is compileSupport on a target in state from (nil:
// the state its flags give), its cells by the target's whole state after
// (a chain's); v's --target-status is then the status of from that picks
// the accuracy column (supportChain).
func compileSupportFrom(v resolve.Args, tas bool, from *state) (*supportPlan, error) {
	env := v.Env
	if !v.Has("target") {
		return nil, resolve.Errorf("target", "the target's unit type is needed: --target %s (or --defender CARD)", joinChoices(unitTypes))
	}
	kind := v.Int("target")
	def, err := defencePool(v, kind)
	if err != nil {
		return nil, err
	}
	p := &supportPlan{runs: 1, arrival: 1, rule: v.Int("cancel"), accMod: v.Int("accuracy-modifier"),
		fast: v.Bool("fast-action"), delayed: v.Bool("delayed-action")}
	startSupp := v.Int("target-status") == statusSuppressed
	if p.defence[resolve.B2I(startSupp)], err = def.compile("defence"); err != nil {
		return nil, err
	}
	accTable := "oas-accuracy"
	if tas {
		accTable = "tas-accuracy"
		p.outcomes, p.stopped = append([]string{tasDestroyed, tasAborted}, fireOutcomes...), 2
		if v.Bool("second-run") {
			p.runs = 2
		}
		if err := p.compileAA(v); err != nil {
			return nil, err
		}
	} else {
		p.outcomes, p.stopped = append([]string{notArrived}, fireOutcomes...), 1
		p.arrival = v.Int("arrival")
		p.crater = slices.Contains(craterTerrain, v.Word("terrain"))
	}
	// Spotting (12.3.6.1): a d6 read as an accuracy modifier, by whether
	// the target's hex gives it a terrain bonus.
	bonus, auto, err := terrainBonus(env, v.Word("terrain"), kind)
	if err != nil {
		return nil, err
	}
	if !v.Bool("auto-spotted") && !(auto && kind == vehicle) && !(kind == vehicle && v.Word("terrain") == "bridge") {
		if p.spotMod, err = readSpotting(env, spotBonusColumns[resolve.B2I(bonus)]); err != nil {
			return nil, err
		}
	}
	// A second run (12.3.6.5) sees the state the first left: a suppressed
	// infantry or artillery target gains its green defence die (4.0), and
	// the accuracy column is "by defender unit status" then.
	p.defence[1-resolve.B2I(startSupp)] = p.defence[resolve.B2I(startSupp)]
	if (p.runs > 1 || from != nil && from.suppressed) && kind != vehicle && !startSupp {
		sd, err := defencePool(reread(v, supportTargetParams, map[string]resolve.Value{"target-status": {N: statusSuppressed}}), kind)
		if err != nil {
			return nil, err
		}
		if p.defence[1], err = sd.compile("defence"); err != nil {
			return nil, err
		}
	}
	// Accuracy (12.3.6.2, 12.4.5): the attack dice by the roll and the
	// defender's status.
	cols := map[string]string{accuracyColumn(v): "target-status"}
	if p.runs > 1 && !p.fast {
		cols["fallback"], cols["suppressed"] = "second-run", "second-run"
		if kind == vehicle {
			cols["immobile"] = "second-run"
		}
	}
	for c, col := range accuracyStatuses {
		flag, ok := cols[col]
		if !ok {
			continue
		}
		p.attack[c] = new([6]*attackDice)
		for row := range 6 {
			cell, err := tablePool(env, accTable, strconv.Itoa(row+1), col)
			if err != nil {
				return nil, resolve.Errorf(flag, "%v", err)
			}
			att, err := buildPool(env, "attack", cell, flag)
			if err != nil {
				return nil, err
			}
			if _, err := att.compile(flag); err != nil {
				return nil, err
			}
			p.attack[c][row] = newAttackDice(att)
		}
	}
	if err := p.compileTargets(v, kind); err != nil {
		return nil, err
	}
	if from != nil {
		p.start, p.stateCells = *from, true
		stopped := p.stopped
		p.layout = supportLayoutOf(p.outcomes, stopped+stateCodes, func(row int) int {
			if row < stopped {
				return row
			}
			return stopped + stateOf(row-stopped).outcome()
		})
		return p, nil
	}
	p.layout = supportLayout(p.outcomes)
	return p, nil
}

// compileAA reads the AA units' dice (12.3.4).
func (p *supportPlan) compileAA(v resolve.Args) error {
	aa := v.Pool("aa")
	if !v.Has("aa") && v.Has("aa-range") {
		var err error
		if aa, err = tablePool(v.Env, "aa-fire", aaRanges[v.Int("aa-range")], "dice"); err != nil {
			return resolve.Errorf("aa-range", "%v", err)
		}
	}
	if aa.Size() == 0 {
		return nil
	}
	ap, err := buildPool(v.Env, "attack", aa, "aa")
	if err != nil {
		return err
	}
	p.aa, err = ap.compile("aa")
	return err
}

// compileTargets reads the target's and the friendly unit's rules, the
// blast value and the comparison roll.
func (p *supportPlan) compileTargets(v resolve.Args, kind int) error {
	env := v.Env
	p.tgt = target{kind: kind, capacity: v.Int("damage-capacity"), suppressedAgain: v.Int("suppressed-again") == 0}
	var err error
	if p.start, err = p.tgt.startState(v, "target-status", "target-half-strength"); err != nil {
		return err
	}
	if v.Has("friendly-defence") {
		if !v.Has("friendly-type") {
			return resolve.Errorf("friendly-type", "the friendly unit's type is needed: --friendly-type %s (or --friendly CARD)", joinChoices(unitTypes))
		}
		if err := p.compileFriendly(v); err != nil {
			return err
		}
	} else if err := noFriendly(v); err != nil {
		return err
	}
	if p.blast, err = blastPool(v); err != nil { // 12.5: a building's blast value
		return err
	}
	most := 0
	for _, col := range p.attack {
		if col == nil {
			continue
		}
		for _, ad := range col {
			n := 0
			for _, g := range ad.groups {
				n += g.n * maxCrits([]dice.Die{g.die})
			}
			most = max(most, n)
		}
	}
	if p.crits, err = critRollsFrom(env, p.rule, most); err != nil {
		return resolve.Errorf("target", "%v", err)
	}
	return nil
}

// accuracyColumn is the accuracy tables' column for the target's status,
// the first that applies in the table's order.
func accuracyColumn(v resolve.Args) string {
	switch st := v.Int("target-status"); {
	case v.Bool("fast-action"):
		return "fast-action"
	case st == statusFallback:
		return "fallback"
	case st == statusImmobile:
		return "immobile"
	case st == statusSuppressed:
		return "suppressed"
	case v.Bool("delayed-action"):
		return "delayed-action"
	}
	return "other"
}

// readSpotting reads the TAS spotting table's column: the accuracy
// modifier for each d6.
func readSpotting(env *resolve.Env, col string) (*[6]int, error) {
	var mods [6]int
	t := env.Tables["air-spotting"]
	if t == nil {
		return nil, resolve.Errorf("auto-spotted", "no air-spotting table in force")
	}
	for d := range 6 {
		row, ok := t.Rows[strconv.Itoa(d+1)]
		if !ok {
			return nil, resolve.Errorf("auto-spotted", "the air-spotting table has no row %d", d+1)
		}
		n, err := strconv.Atoi(row[col])
		if err != nil {
			return nil, resolve.Errorf("auto-spotted", "the air-spotting table's row %d %s is %q, not a modifier", d+1, col, row[col])
		}
		mods[d] = n
	}
	return &mods, nil
}
