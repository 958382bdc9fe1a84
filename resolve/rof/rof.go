package rof

import (
	"odds/dice"
	"odds/resolve"
)

// Bounds. The sheet gives none; these keep a trial small and every value
// any card plausibly has (docs/rules/rof.md).
const (
	maxRoF     = 20 // a team's RoF
	maxDice    = 30 // RoF dice of one activation
	maxTeams   = 6  // firing, target or assaulting teams
	maxArmour  = 10 // AT and AR
	maxRFP     = 30
	maxBattery = 10
)

// System returns the d6 rate-of-fire system.
func System() *resolve.System {
	return &resolve.System{
		Name:   "rof",
		Short:  "d6 rate of fire: RoF dice to hit, ping and pen dice, received-fire checks",
		Sheets: []string{"002"},
		Actions: resolve.SectionedAll(sections, fireAction(), rfcAction(), moveAction(), ordersAction(),
			artilleryAction(), assaultAction(), rallyAction()),
		Card: cardFields,
	}
}

// Drives of a vehicle.
var driveChoices = []string{"tracked", "half-tracked", "wheeled"}

const (
	tracked = iota
	halfTracked
	wheeled
)

// cardFields are a rate-of-fire unit card.
var cardFields = []resolve.Param{
	{Name: "team", Kind: resolve.Choice, Choices: teamChoices, Required: true, Usage: "team type"},
	{Name: "rof", Kind: resolve.Int, Min: 1, Max: maxRoF, Required: true, Usage: "rate of fire: dice rolled to hit"},
	{Name: "at", Kind: resolve.Int, Min: 0, Max: maxArmour, Usage: "anti-tank rating (0: no AT weapon)"},
	{Name: "ar", Kind: resolve.Int, Min: 0, Max: maxArmour, Usage: "front armour (vehicles)"},
	{Name: "flank-ar", Kind: resolve.Int, Min: 0, Max: maxArmour, Usage: "flank armour (vehicles)"},
	{Name: "quality", Kind: resolve.Int, Min: 2, Max: 6, Default: 4, Usage: "quality check: a target number, passes on a d6 of at least this (opposed's quality is a modifier instead)"},
	{Name: "assault", Kind: resolve.Int, Min: 2, Max: 6, Default: 4, Usage: "assault check: passes on a d6 of at least this"},
	{Name: "drive", Kind: resolve.Choice, Choices: driveChoices, Usage: "how a vehicle moves"},
	{Name: "open-topped", Kind: resolve.Bool, Usage: "an open-topped vehicle"},
}

var (
	attacker = resolve.Role{Name: "attacker", Usage: "firing (or assaulting) team's unit card"}
	defender = resolve.Role{Name: "defender", Usage: "target team's unit card"}
	unit     = resolve.Role{Name: "unit", Usage: "team's unit card"}
)

// targetParams are the flags that describe the team taking a received
// fire check, shared by fire, rfc and artillery.
func targetParams() []resolve.Param {
	return []resolve.Param{
		resolve.OptChoice("team", teamChoices, "target team: infantry (default), gun or vehicle (the default with --ar)"),
		resolve.ChoiceParam("cover", coverChoices, open, "target's ground: open or hard cover (this system has no soft cover, unlike opposed's --cover)"),
		resolve.BoolParam("moving", "the target was ordered to move (infantry in the open then reads open ground)"),
		resolve.BoolParam("suppressed", "the target is already suppressed"),
		resolve.BoolParam("open-topped", "an open-topped vehicle in contact: reads open ground"),
	}
}

// targetOf reads the target flags; team defaults to vehicle when the
// target is armoured.
func targetOf(v resolve.Args, armoured bool) (target, error) {
	t := target{team: infantry, cover: v.Int("cover"), moving: v.Bool("moving"), suppressed: v.Bool("suppressed"), openTopped: v.Bool("open-topped")}
	switch {
	case v.Has("team"):
		t.team = v.Int("team")
	case armoured:
		t.team = vehicle
	}
	if t.openTopped && t.team != vehicle {
		return t, resolve.Errorf("open-topped", "applies to vehicles (give --team vehicle)")
	}
	return t, nil
}

// checkOutcomes name a received fire check's results, worst first.
var checkOutcomes = []string{"killed", "suppressed", "ready"}

// --- rfc ---

// compileRFC is a received fire check of --rfp dice.
func compileRFC(v resolve.Args) (resolve.Plan, error) {
	if !v.Has("rfp") {
		return nil, resolve.Errorf("rfp", "how many RFPs the team received is needed: give --rfp N")
	}
	t, err := targetOf(v, false)
	if err != nil {
		return nil, err
	}
	r, n := newRFC(t), v.Int("rfp")
	layout := resolve.NewLayout(checkOutcomes, nil, 3, func(c int, _ []float64) int { return c })
	return resolve.NewPlan(layout, func(s *dice.Stream) int { return r.check(s, n) }), nil
}

func rfcAction() *resolve.Action {
	return &resolve.Action{
		Name: "rfc",
		Examples: []string{
			"odds rof rfc --rfp 3 --cover hard --suppressed",
			"odds rof rfc --rfp 1..4 --moving",
		},
		Short:   "received fire check: a d6 per RFP, the worst result counts",
		Sheet:   "002: Received Fire Checks; Suppression; Assaults (open-topped vehicles)",
		Outcome: checkOutcomes,
		Params: append([]resolve.Param{
			resolve.OptInt("rfp", 0, maxRFP, "RFPs the team received: one d6 each"),
		}, targetParams()...),
		Roles: []resolve.Role{unit},
		FromCards: func(c resolve.Cards, _ resolve.Args) ([]resolve.Filled, error) {
			var f resolve.Fill
			if u, ok := c["unit"]; ok {
				f.Set("team", u.Int("team"), "unit")
			}
			return f, nil
		},
		Compile: compileRFC,
		Chain:   rfcChain(),
	}
}
