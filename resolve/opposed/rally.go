package opposed

// Recover / Rally.

import (
	"odds/dice"
	"odds/resolve"
)

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
		Short:    "recover / rally: d10 plus modifiers",
		Sheet:    "004: Recover / Rally",
		Outcome:  rallyOutcomes,
		Headline: []string{"unsuppressed", "unsuppressed-and-acts"}, // the rally's success
		Stats:    rallyStats,
		Params: resolve.InSection("Modifiers", // the sheet's "Roll 1d10 and apply any modifiers"
			resolve.BoolParam("commander", "a commander within 4 performs the rally (+1)"),
			resolve.IntParam("elements-lost", 0, 99, 0, "friendly elements lost (-1 for every full 3)"),
			resolve.BoolParam("unsupported", "the element is unsupported (-1)"),
			qualityParam("quality", "recovering element"),
		),
		Compile: func(v resolve.Args) (resolve.Plan, error) {
			mod := resolve.B2I(v.Bool("commander")) - v.Int("elements-lost")/3 - resolve.B2I(v.Bool("unsupported")) + v.Int("quality")
			// One d10; its cells are the die, 1..10.
			layout := resolve.NewLayout(rallyOutcomes, rallyStats, 10, func(c int, vals []float64) int {
				t := c + 1 + mod
				vals[0] = float64(t)
				return rallyBand(t)
			})
			return resolve.NewPlan(layout, func(s *dice.Stream) int { return s.D(10) - 1 }), nil
		},
		Roles: []resolve.Role{{Name: "unit", Usage: "recovering element's unit card"}},
		FromCards: func(c resolve.Cards, _ resolve.Args) ([]resolve.Filled, error) {
			var f fill
			if u, ok := c["unit"]; ok {
				f.Set("quality", u.Int("quality"), "unit")
			}
			return f.Fill, nil
		},
	}
}
