package opposed

import (
	"odds/dice"
	"odds/resolve"
)

// Parameter bounds. The sheet gives no ranges; these cover every published
// value we know of with room to spare (docs/rules/opposed.md).
const (
	maxStat    = 12 // HESA, AP, Def
	maxQuality = 3  // troop quality is -3..+3
)

// System returns the opposed-d10 system.
func System() *resolve.System {
	return &resolve.System{
		Name:    "opposed",
		Short:   "opposed d10: firer d10+HESA/AP vs target d10+Def, close combat, rally",
		Sheets:  []string{"004"},
		Actions: []*resolve.Action{fireAction(), tankHuntAction(), meleeAction(), overrunAction(), rallyAction()},
		Card:    cardFields,
	}
}

// cardElements are the element types of a unit card. The first five are
// the close combat elements at the same index; a vehicle fights as other.
var cardElements = []string{"inf", "eng", "cav", "csw", "cmd", "vehicle"}

const cardVehicle = 5

// cardFields are an opposed-d10 unit card: the stats sheet 004 uses.
var cardFields = []resolve.Param{
	{Name: "hesa", Kind: resolve.Int, Min: 0, Max: maxStat, Required: true, Usage: "HE/small arms value"},
	{Name: "ap", Kind: resolve.Int, Min: 0, Max: maxStat, Usage: "AP value (0: no AP weapon)"},
	{Name: "def", Kind: resolve.Int, Min: 0, Max: maxStat, Required: true, Usage: "Def value"},
	{Name: "quality", Kind: resolve.Int, Min: -maxQuality, Max: maxQuality, Usage: "troop quality"},
	{Name: "element", Kind: resolve.Choice, Choices: cardElements, Required: true, Usage: "element type"},
	{Name: "open-topped", Kind: resolve.Bool, Usage: "an open-topped vehicle"},
	{Name: "mg", Kind: resolve.Bool, Default: 1, Usage: "carries a machine-gun"},
}

var (
	attackerRole = resolve.Role{Name: "attacker", Usage: "attacker's unit card (firer, tank hunter, overrunning tank)"}
	defenderRole = resolve.Role{Name: "defender", Usage: "defender's unit card (the target)"}
	twoRoles     = []resolve.Role{attackerRole, defenderRole}
)

// fill collects parameter values taken from cards.
type fill struct{ resolve.Fill }

// fighterFromCard fills one side of a close combat: HESA (not for CSW and
// Cmd, which fight at 4), element and quality.
func (f *fill) fighterFromCard(c resolve.Values, side string) {
	if c == nil {
		return
	}
	if e := c["element"]; e != elemCSW && e != elemCmd {
		f.Set(side+"-hesa", c["hesa"], side)
	}
	f.Set(side+"-element", c["element"], side) // vehicle is "other": same index
	f.Set(side+"-quality", c["quality"], side)
}

// Outcome names, kebab-case from the sheet's result tables.
const (
	noEffect    = "no-effect"
	fallBack    = "fall-back"
	suppressed  = "suppressed"
	outOfAction = "out-of-action"
)

var (
	fireOutcomes                    = []string{noEffect, fallBack, suppressed, outOfAction}
	huntOutcomes                    = []string{"hunter-fall-back", noEffect, suppressed, outOfAction}
	combatOutcomes                  = []string{"attacker-out-of-action", "attacker-suppressed", "attacker-fall-back", "draw", "defender-fall-back", "defender-suppressed", "defender-out-of-action"}
	rallyOutcomes                   = []string{outOfAction, noEffect, "unsuppressed", "unsuppressed-and-acts"}
	marginStats                     = []string{"margin"}
	rallyStats                      = []string{"total"}
	elementChoices                  = []string{"inf", "eng", "cav", "csw", "cmd", "other"}
	coverChoices                    = []string{"none", "soft", "hard"}
	coverNone, coverSoft, coverHard = 0, 1, 2
)

// Element indices into elementChoices.
const (
	elemInf = iota
	elemEng
	elemCav
	elemCSW
	elemCmd
	elemOther
)

func withGroup(p resolve.Param, group string) resolve.Param {
	p.Group = group
	return p
}

func qualityParam(name, who string) resolve.Param {
	return resolve.IntParam(name, -maxQuality, maxQuality, 0, who+"'s troop quality: a modifier added to its roll, -3..3 (rof's --quality is a target number instead)")
}

// duel is one d10 per side. Its cells are the dice difference a-b, -9..9;
// the modifiers only shift the margin the layout assigns to each cell.
type duel struct{ layout *resolve.Layout }

func (p *duel) Trial(s *dice.Stream) int {
	a, b := s.Two(10)
	return a - b + 9
}

func (p *duel) Run(s *dice.Stream, n int, counts []uint64) {
	s.TallyDiff(n, 10, counts) // Trial in a loop, in one kernel
}

func (p *duel) Layout() *resolve.Layout { return p.layout }

// newDuel returns the plan for "d10+mod vs d10" where band maps the margin
// (first total minus second total) to an outcome index.
func newDuel(outcomes []string, mod int, band func(margin int) int) *duel {
	return &duel{layout: resolve.NewLayout(outcomes, marginStats, 19, func(c int, v []float64) int {
		m := c - 9 + mod
		v[0] = float64(m)
		return band(m)
	})}
}

// fireBand is the HE/SA column of the Firing Result table; AP uses the AP
// column, where 1-2 is also no effect.
func fireBand(ap bool) func(int) int {
	return func(m int) int {
		switch {
		case m <= 0:
			return 0
		case m <= 2:
			if ap {
				return 0
			}
			return 1
		case m <= 4:
			return 2
		}
		return 3
	}
}

// huntBand is the Tank Hunting column: 0 or less, the hunter falls back.
func huntBand(m int) int {
	switch {
	case m <= 0:
		return 0
	case m <= 2:
		return 1
	case m <= 4:
		return 2
	}
	return 3
}

// combatBand is the Close Combat Result table applied to whichever side
// loses; a tie is a draw.
func combatBand(m int) int {
	switch {
	case m <= -5:
		return 0
	case m <= -3:
		return 1
	case m <= -1:
		return 2
	case m == 0:
		return 3
	case m <= 2:
		return 4
	case m <= 4:
		return 5
	}
	return 6
}

// coverBonus is the target's cover modifier on the fire table. The sheet
// has two lines: "+1 Target is in soft cover" and "+2 Target in hard cover,
// hull-down or smoke". The lines add up (soft cover and smoke is +3); the
// three things of the +2 line are one modifier and do not add up with each
// other (docs/rules/opposed.md, interpretation 2).
func coverBonus(cover int, smoke, hullDown bool) int {
	bonus := 0
	if cover == coverSoft {
		bonus++
	}
	if cover == coverHard || smoke || hullDown {
		bonus += 2
	}
	return bonus
}

func fireAction() *resolve.Action {
	return &resolve.Action{
		Name: "fire",
		Examples: []string{
			"odds opposed fire --hesa 3 --def 1 --cover soft --within-4",
			"odds opposed fire --ap 5 --def 3 --hull-down --over-half-range",
			"odds opposed fire --attacker medium-tank --defender light-tank",
		},
		Short:   "AP, HE or small arms fire: firer d10+HESA (or AP) vs target d10+Def",
		Sheet:   "004: AP, HE or Small Arms Fire; Firing Result (HE/SA and AP columns)",
		Outcome: fireOutcomes,
		Stats:   marginStats,
		Params: []resolve.Param{
			withGroup(resolve.OptInt("hesa", 0, maxStat, "firer's HESA value: HE/small arms fire (give this or --ap)"), "fire-mode"),
			withGroup(resolve.OptInt("ap", 0, maxStat, "firer's AP value: AP fire, read on the AP column (give this or --hesa)"), "fire-mode"),
			resolve.OptInt("def", 0, maxStat, "target's Def value"),
			resolve.OptChoice("target", targetChoices, "what an --attacker card fires at: soft (its HESA) or vehicle (its AP); a --defender card tells it"),
			resolve.BoolParam("within-4", "target within range 4 (+1 to the firer unless --firer-suppressed)"),
			resolve.BoolParam("firer-suppressed", "the firer is suppressed (loses the within-4 bonus)"),
			resolve.BoolParam("not-front", "no part of the firer is to the target's front (+1 firer)"),
			qualityParam("firer-quality", "firer"),
			resolve.ChoiceParam("cover", coverChoices, coverNone, "target's cover: none, soft (+1) or hard (+2)"),
			resolve.BoolParam("smoke", "target in smoke (+2; adds to soft cover, not to hard cover or hull-down)"),
			resolve.BoolParam("hull-down", "target hull-down (+2; adds to soft cover, not to hard cover or smoke)"),
			resolve.BoolParam("firer-moved", "the firer moved (+1 target)"),
			resolve.BoolParam("over-half-range", "AP fire at a target over half range (+1 target)"),
			qualityParam("target-quality", "target"),
		},
		Compile:   compileFire,
		Roles:     twoRoles,
		FromCards: fireFromCards,
	}
}

// Targets of fire: what the attacker's card fires with.
var targetChoices = []string{"soft", "vehicle"}

const (
	targetSoft = iota
	targetVehicle
)

// fireFromCards fires the attacker card's AP at a vehicle and its HESA at
// anything else. The target is --target when given, else the defender
// card's element; a card with both values and no way to tell is an error.
func fireFromCards(c resolve.Cards, given resolve.Values) ([]resolve.Filled, error) {
	var f fill
	a, d := c["attacker"], c["defender"]
	if a != nil {
		target := -1
		switch {
		case given.Has("target"):
			target = given["target"]
		case d != nil && d["element"] == cardVehicle:
			target = targetVehicle
		case d != nil || a["ap"] == 0:
			target = targetSoft
		case !given.Has("hesa") && !given.Has("ap"):
			return nil, resolve.Errorf("target", "the attacker card has HESA %d and AP %d: say what it fires at, --target soft (HESA) or --target vehicle (AP)", a["hesa"], a["ap"])
		}
		switch target {
		case targetVehicle:
			f.Set("ap", a["ap"], "attacker")
		case targetSoft:
			f.Set("hesa", a["hesa"], "attacker")
		}
		f.Set("firer-quality", a["quality"], "attacker")
	}
	if d != nil {
		f.Set("def", d["def"], "defender")
		f.Set("target-quality", d["quality"], "defender")
	}
	return f.Fill, nil
}

func compileFire(v resolve.Values) (resolve.Plan, error) {
	hesa, ap := v.Has("hesa"), v.Has("ap")
	switch {
	case hesa && ap:
		return nil, resolve.Errorf("ap", "give --hesa (HE/small arms fire) or --ap (AP fire), not both")
	case !hesa && !ap:
		return nil, resolve.Errorf("hesa", "the firer needs --hesa N (HE/small arms fire) or --ap N (AP fire)")
	case !ap && v.Bool("over-half-range"):
		return nil, resolve.Errorf("over-half-range", "applies to AP fire only (give --ap, not --hesa)")
	case v.Has("target") && v["target"] == targetSoft && !hesa:
		return nil, resolve.Errorf("target", "--target soft fires the HESA value: give --hesa, not --ap")
	case v.Has("target") && v["target"] == targetVehicle && !ap:
		return nil, resolve.Errorf("target", "--target vehicle fires the AP value: give --ap, not --hesa")
	case !v.Has("def"):
		return nil, resolve.Errorf("def", "the target's Def is needed: give --def N (or --defender CARD)")
	}
	firer := v["hesa"] + v["ap"] + v["firer-quality"] + resolve.B2I(v.Bool("not-front"))
	if v.Bool("within-4") && !v.Bool("firer-suppressed") {
		firer++
	}
	target := v["def"] + v["target-quality"] +
		coverBonus(v["cover"], v.Bool("smoke"), v.Bool("hull-down")) +
		resolve.B2I(v.Bool("firer-moved")) + resolve.B2I(ap && v.Bool("over-half-range"))
	return newDuel(fireOutcomes, firer-target, fireBand(ap)), nil
}

func tankHuntAction() *resolve.Action {
	return &resolve.Action{
		Name: "tank-hunt",
		Examples: []string{
			"odds opposed tank-hunt --def 5 --engineers --open-topped --no-mg",
			"odds opposed tank-hunt --attacker engineer-section --defender tank-destroyer",
		},
		Short:   "tank hunting: hunter d10+4 vs target d10+Def (Def at most 4)",
		Sheet:   "004: Tank Hunting; Firing Result (Tank Hunting column)",
		Outcome: huntOutcomes,
		Stats:   marginStats,
		Params: []resolve.Param{
			resolve.OptInt("def", 0, maxStat, "target's Def value (counts at most 4)"),
			resolve.ChoiceParam("cover", coverChoices, coverNone, "target's cover: soft or hard gives the hunter +1"),
			resolve.BoolParam("smoke", "target in smoke (+1 hunter, same +1 as cover)"),
			resolve.BoolParam("engineers", "the tank hunter is an engineer section (+2 hunter)"),
			resolve.BoolParam("not-front", "the tank hunter is not to the target's front (+1 hunter)"),
			resolve.BoolParam("open-topped", "the target is open topped (+1 hunter)"),
			resolve.BoolParam("no-mg", "the target has no machine-gun (+1 hunter)"),
			qualityParam("hunter-quality", "tank hunter"),
			qualityParam("target-quality", "target"),
		},
		Compile: func(v resolve.Values) (resolve.Plan, error) {
			if !v.Has("def") {
				return nil, resolve.Errorf("def", "the target's Def is needed: give --def N (or --defender CARD)")
			}
			hunter := 4 + v["hunter-quality"] + 2*resolve.B2I(v.Bool("engineers")) +
				resolve.B2I(v.Bool("not-front")) + resolve.B2I(v.Bool("open-topped")) + resolve.B2I(v.Bool("no-mg")) +
				resolve.B2I(v["cover"] != coverNone || v.Bool("smoke"))
			target := min(v["def"], 4) + v["target-quality"]
			return newDuel(huntOutcomes, hunter-target, huntBand), nil
		},
		Roles: twoRoles,
		FromCards: func(c resolve.Cards, _ resolve.Values) ([]resolve.Filled, error) {
			var f fill
			if a := c["attacker"]; a != nil {
				f.Set("engineers", resolve.B2I(a["element"] == elemEng), "attacker")
				f.Set("hunter-quality", a["quality"], "attacker")
			}
			if d := c["defender"]; d != nil {
				f.Set("def", d["def"], "defender")
				f.Set("target-quality", d["quality"], "defender")
				f.Set("open-topped", d["open-topped"], "defender")
				f.Set("no-mg", 1-d["mg"], "defender")
			}
			return f.Fill, nil
		},
	}
}

// fighter is one side of a close combat: its HESA (or 4 for CSW and Cmd
// elements), commander and quality, and +2 for engineers where the table
// has that line (hand-to-hand, not the tank overrun's defender).
func fighter(v resolve.Values, side string, engineers bool) (int, error) {
	elem := v[side+"-element"]
	hesaFlag := side + "-hesa"
	score := 4
	switch {
	case elem == elemCSW || elem == elemCmd:
		if v.Has(hesaFlag) {
			return 0, resolve.Errorf(hesaFlag, "a %s element fights at 4, not its HESA (drop --%s or change --%s-element)",
				elementChoices[elem], hesaFlag, side)
		}
	case !v.Has(hesaFlag):
		return 0, resolve.Errorf(hesaFlag, "the %s needs its HESA (or --%s-element csw|cmd, which fight at 4)", side, side)
	default:
		score = v[hesaFlag]
	}
	score += v[side+"-quality"] + resolve.B2I(v.Bool(side+"-commander"))
	if engineers && elem == elemEng {
		score += 2
	}
	return score, nil
}

// sideParams are one side of a close combat; elements says what the
// element types do in this table.
func sideParams(side, elements string) []resolve.Param {
	return []resolve.Param{
		resolve.OptInt(side+"-hesa", 0, maxStat, side+"'s HESA value (not for csw or cmd elements, which use 4)"),
		resolve.ChoiceParam(side+"-element", elementChoices, elemInf, side+"'s element type: "+elements),
		resolve.BoolParam(side+"-commander", "a commander within 4 of the "+side+" (+1)"),
		qualityParam(side+"-quality", side),
	}
}

func meleeAction() *resolve.Action {
	params := append(sideParams("attacker", "inf, eng (+2), cav (+2 initiating), csw or cmd (fight at 4), other"),
		sideParams("defender", "inf, eng (+2), cav, csw or cmd (fight at 4), other")...)
	params = append(params,
		resolve.BoolParam("smoke", "an inf or eng attacker attacks through smoke (+1 attacker)"),
		resolve.ChoiceParam("cover", coverChoices, coverNone, "defender's cover: soft (+1) or hard (+2)"),
	)
	return &resolve.Action{
		Name: "melee",
		Examples: []string{
			"odds opposed melee --attacker-hesa 3 --defender-hesa 2 --cover soft",
			"odds opposed melee --attacker engineer-section --defender company-hq --smoke",
		},
		Short:   "hand-to-hand combat: attacker d10+HESA vs defender d10+HESA",
		Sheet:   "004: Hand-to-Hand Combat; Close Combat Result",
		Outcome: combatOutcomes,
		Stats:   marginStats,
		Params:  params,
		Compile: func(v resolve.Values) (resolve.Plan, error) {
			att, err := fighter(v, "attacker", true)
			if err != nil {
				return nil, err
			}
			def, err := fighter(v, "defender", true)
			if err != nil {
				return nil, err
			}
			switch elem := v["attacker-element"]; {
			case elem == elemCav:
				att += 2 // cavalry that initiate close combat
			case v.Bool("smoke") && (elem == elemInf || elem == elemEng):
				att++
			}
			def += v["cover"] // soft +1, hard +2: the choice index is the bonus
			return newDuel(combatOutcomes, att-def, combatBand), nil
		},
		Roles: twoRoles,
		FromCards: func(c resolve.Cards, _ resolve.Values) ([]resolve.Filled, error) {
			var f fill
			f.fighterFromCard(c["attacker"], "attacker")
			f.fighterFromCard(c["defender"], "defender")
			return f.Fill, nil
		},
	}
}

func overrunAction() *resolve.Action {
	params := append([]resolve.Param{qualityParam("attacker-quality", "overrunning tank")},
		sideParams("defender", "csw or cmd fight at 4, the rest at their HESA (engineers get no +2 here)")...)
	return &resolve.Action{
		Name: "overrun",
		Examples: []string{
			"odds opposed overrun --defender-hesa 3 --defender-commander",
			"odds opposed overrun --attacker medium-tank --defender mg-team",
		},
		Short:   "tank overrun: attacker d10+8 vs defender d10+HESA",
		Sheet:   "004: Tank Overrun; Close Combat Result",
		Outcome: combatOutcomes,
		Stats:   marginStats,
		Params:  params,
		Compile: func(v resolve.Values) (resolve.Plan, error) {
			def, err := fighter(v, "defender", false) // no engineer line in the overrun table
			if err != nil {
				return nil, err
			}
			att := 8 + v["attacker-quality"]
			return newDuel(combatOutcomes, att-def, combatBand), nil
		},
		Roles: twoRoles,
		FromCards: func(c resolve.Cards, _ resolve.Values) ([]resolve.Filled, error) {
			var f fill
			if a := c["attacker"]; a != nil {
				f.Set("attacker-quality", a["quality"], "attacker")
			}
			f.fighterFromCard(c["defender"], "defender")
			return f.Fill, nil
		},
	}
}

func rallyBand(t int) int {
	switch {
	case t <= 1:
		return 0
	case t <= 5:
		return 1
	case t <= 8:
		return 2
	}
	return 3
}

func rallyAction() *resolve.Action {
	return &resolve.Action{
		Name: "rally",
		Examples: []string{
			"odds opposed rally --commander --elements-lost 4 --quality 1",
			"odds opposed rally --unit veteran-rifle-section --unsupported=both",
		},
		Short:   "recover / rally: d10 plus modifiers",
		Sheet:   "004: Recover / Rally",
		Outcome: rallyOutcomes,
		Stats:   rallyStats,
		Params: []resolve.Param{
			resolve.BoolParam("commander", "a commander within 4 performs the rally (+1)"),
			resolve.IntParam("elements-lost", 0, 99, 0, "friendly elements lost (-1 for every full 3)"),
			resolve.BoolParam("unsupported", "the element is unsupported (-1)"),
			qualityParam("quality", "recovering element"),
		},
		Compile: func(v resolve.Values) (resolve.Plan, error) {
			mod := resolve.B2I(v.Bool("commander")) - v["elements-lost"]/3 - resolve.B2I(v.Bool("unsupported")) + v["quality"]
			// One d10; its cells are the die, 1..10.
			layout := resolve.NewLayout(rallyOutcomes, rallyStats, 10, func(c int, vals []float64) int {
				t := c + 1 + mod
				vals[0] = float64(t)
				return rallyBand(t)
			})
			return resolve.NewPlan(layout, func(s *dice.Stream) int { return s.D(10) - 1 }), nil
		},
		Roles: []resolve.Role{{Name: "unit", Usage: "recovering element's unit card"}},
		FromCards: func(c resolve.Cards, _ resolve.Values) ([]resolve.Filled, error) {
			var f fill
			if u := c["unit"]; u != nil {
				f.Set("quality", u["quality"], "unit")
			}
			return f.Fill, nil
		},
	}
}
