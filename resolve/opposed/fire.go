package opposed

// AP, HE or Small Arms Fire; Tank Hunting; the Firing Result table.

import (
	"slices"

	"odds/resolve"
)

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
			"odds opposed fire --hesa 3 --def 1 --until out-of-action --attacks 4",
			"odds engage 'opposed fire --hesa 3 --def 1' 'opposed fire --hesa 2 --def 2'",
		},
		Short:   "AP, HE or small arms fire: firer d10+HESA (or AP) vs target d10+Def",
		Sheet:   "004: AP, HE or Small Arms Fire; Firing Result (HE/SA and AP columns)",
		Outcome: fireOutcomes,
		Stats:   marginStats,
		// The sheet's sections: what the firer adds, what the target adds
		// (def and target, which cards fill, stay in their places).
		Params: slices.Concat(
			resolve.InSection("Firer",
				withGroup(resolve.OptInt("hesa", 0, maxStat, "firer's HESA value: HE/small arms fire (give this or --ap)"), "fire-mode"),
				withGroup(resolve.OptInt("ap", 0, maxStat, "firer's AP value: AP fire, read on the AP column (give this or --hesa)"), "fire-mode")),
			resolve.InSection("Target", resolve.OptInt("def", 0, maxStat, "target's Def value")),
			resolve.InSection("Firer",
				resolve.OptChoice("target", targetChoices, "what an --attacker card fires at: soft (its HESA) or vehicle (its AP); a --defender card tells it"),
				resolve.BoolParam("within-4", "target within range 4 (+1 to the firer unless --firer-suppressed)"),
				resolve.BoolParam("firer-suppressed", "the firer is suppressed (loses the within-4 bonus)"),
				resolve.BoolParam("not-front", "no part of the firer is to the target's front (+1 firer)"),
				qualityParam("firer-quality", "firer")),
			resolve.InSection("Target",
				resolve.ChoiceParam("cover", coverChoices, coverNone, "target's cover: none, soft (+1) or hard (+2)"),
				resolve.BoolParam("smoke", "target in smoke (+2; adds to soft cover, not to hard cover or hull-down)"),
				resolve.BoolParam("hull-down", "target hull-down (+2; adds to soft cover, not to hard cover or smoke)"),
				resolve.BoolParam("firer-moved", "the firer moved (+1 target)"),
				resolve.BoolParam("over-half-range", "AP fire at a target over half range (+1 target)"),
				qualityParam("target-quality", "target")),
		),
		Compile:   compileFire,
		Chain:     independentChain(compileFire, []string{outOfAction, suppressed, fallBack, noEffect}, outOfAction),
		Engage:    fireEngage(),
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
func fireFromCards(c resolve.Cards, given resolve.Args) ([]resolve.Filled, error) {
	var f fill
	a, d := c["attacker"], c["defender"]
	if a != nil {
		target := -1
		switch {
		case given.Has("target"):
			target = given.Int("target")
		case d != nil && d.Int("element") == cardVehicle:
			target = targetVehicle
		case d != nil || a.Int("ap") == 0:
			target = targetSoft
		case !given.Has("hesa") && !given.Has("ap"):
			return nil, resolve.Errorf("target", "the attacker card has HESA %d and AP %d: say what it fires at, --target soft (HESA) or --target vehicle (AP)", a.Int("hesa"), a.Int("ap"))
		}
		switch target {
		case targetVehicle:
			f.Set("ap", a.Int("ap"), "attacker")
		case targetSoft:
			f.Set("hesa", a.Int("hesa"), "attacker")
		}
		f.Set("firer-quality", a.Int("quality"), "attacker")
	}
	if d != nil {
		f.Set("def", d.Int("def"), "defender")
		f.Set("target-quality", d.Int("quality"), "defender")
	}
	return f.Fill, nil
}

func compileFire(v resolve.Args) (resolve.Plan, error) {
	hesa, ap := v.Has("hesa"), v.Has("ap")
	switch {
	case hesa && ap:
		return nil, resolve.Errorf("ap", "give --hesa (HE/small arms fire) or --ap (AP fire), not both")
	case !hesa && !ap:
		return nil, resolve.Errorf("hesa", "the firer needs --hesa N (HE/small arms fire) or --ap N (AP fire)")
	case !ap && v.Bool("over-half-range"):
		return nil, resolve.Errorf("over-half-range", "applies to AP fire only (give --ap, not --hesa)")
	case v.Has("target") && v.Int("target") == targetSoft && !hesa:
		return nil, resolve.Errorf("target", "--target soft fires the HESA value: give --hesa, not --ap")
	case v.Has("target") && v.Int("target") == targetVehicle && !ap:
		return nil, resolve.Errorf("target", "--target vehicle fires the AP value: give --ap, not --hesa")
	case !v.Has("def"):
		return nil, resolve.Errorf("def", "the target's Def is needed: give --def N (or --defender CARD)")
	}
	firer := v.Int("hesa") + v.Int("ap") + v.Int("firer-quality") + resolve.B2I(v.Bool("not-front"))
	if v.Bool("within-4") && !v.Bool("firer-suppressed") {
		firer++
	}
	target := v.Int("def") + v.Int("target-quality") +
		coverBonus(v.Int("cover"), v.Bool("smoke"), v.Bool("hull-down")) +
		resolve.B2I(v.Bool("firer-moved")) + resolve.B2I(ap && v.Bool("over-half-range"))
	return sharedDuel(fireOutcomes, resolve.B2I(ap), firer-target, fireBand(ap)), nil
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
		// The sheet's sections: what the tank hunter adds (the target's
		// cover and smoke among them), what the target adds.
		Params: slices.Concat(
			resolve.InSection("Target", resolve.OptInt("def", 0, maxStat, "target's Def value (counts at most 4)")),
			resolve.InSection("Tank hunter",
				resolve.ChoiceParam("cover", coverChoices, coverNone, "target's cover: soft or hard gives the hunter +1"),
				resolve.BoolParam("smoke", "target in smoke (+1 hunter, same +1 as cover)"),
				resolve.BoolParam("engineers", "the tank hunter is an engineer section (+2 hunter)"),
				resolve.BoolParam("not-front", "the tank hunter is not to the target's front (+1 hunter)"),
				resolve.BoolParam("open-topped", "the target is open topped (+1 hunter)"),
				resolve.BoolParam("no-mg", "the target has no machine-gun (+1 hunter)"),
				qualityParam("hunter-quality", "tank hunter")),
			resolve.InSection("Target", qualityParam("target-quality", "target")),
		),
		Compile: compileHunt,
		Chain:   independentChain(compileHunt, []string{outOfAction, suppressed, noEffect, "hunter-fall-back"}, outOfAction),
		Roles:   twoRoles,
		FromCards: func(c resolve.Cards, _ resolve.Args) ([]resolve.Filled, error) {
			var f fill
			if a, ok := c["attacker"]; ok {
				f.Set("engineers", resolve.B2I(a.Int("element") == elemEng), "attacker")
				f.Set("hunter-quality", a.Int("quality"), "attacker")
			}
			if d, ok := c["defender"]; ok {
				f.Set("def", d.Int("def"), "defender")
				f.Set("target-quality", d.Int("quality"), "defender")
				f.Set("open-topped", d.Int("open-topped"), "defender")
				f.Set("no-mg", 1-d.Int("mg"), "defender")
			}
			return f.Fill, nil
		},
	}
}

// compileHunt is tank hunting: the hunter's 4 and modifiers against the
// target's Def (at most 4), on the Tank Hunting column.
func compileHunt(v resolve.Args) (resolve.Plan, error) {
	if !v.Has("def") {
		return nil, resolve.Errorf("def", "the target's Def is needed: give --def N (or --defender CARD)")
	}
	hunter := 4 + v.Int("hunter-quality") + 2*resolve.B2I(v.Bool("engineers")) +
		resolve.B2I(v.Bool("not-front")) + resolve.B2I(v.Bool("open-topped")) + resolve.B2I(v.Bool("no-mg")) +
		resolve.B2I(v.Int("cover") != coverNone || v.Bool("smoke"))
	target := min(v.Int("def"), 4) + v.Int("target-quality")
	return sharedDuel(huntOutcomes, 0, hunter-target, huntBand), nil
}
