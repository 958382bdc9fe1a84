package rof

import (
	"context"

	"odds/dice"
	"odds/resolve"
)

// Fire exchanged between two teams (odds engage), as sheet 002's
// Activation Procedure orders it: the sides' activations alternate, each
// one team's fire at the other. A side's state changes how it attacks
// ("Suppressed Teams may not Fire") and how it is hit (a suppressed
// team's Received Fire Check reads Suppression, as the fire action's
// --suppressed). The fire action resolves the target's Received Fire
// Check (step 3) at once; at the start of its own activation a
// suppressed team that took no RFPs since its last activation rolls its
// Rally Check (step 2: a d6 of at least its quality, --rally-quality of
// the attack on it) and, rallied, fires in the same activation (step 4
// follows). A team that took RFPs carries them to its next activation
// and rolls no rally there. Killed and destroyed are out of the fight.
// Not modelled, as in repeated fire: a leader's rally and teams out of
// every enemy's sight, choices of the game rather than dice.

// Engagement states of a team: ready, suppressed, suppressed with RFPs
// taken since its last activation (no rally at the next), killed,
// destroyed.
const (
	engReady = iota
	engSuppressed
	engSuppressedRFP
	engKilled
	engDestroyed
)

var engStates = []string{"ready", "suppressed", "suppressed-rfps", "killed", "destroyed"}

func fireEngage() *resolve.Engage {
	return &resolve.Engage{
		Severity: fireOutcomes,
		Start: func(_, hit resolve.Args, _ resolve.Readings) (int, error) {
			switch {
			case !hit.Has("rally-quality"):
				return 0, resolve.Errorf("rally-quality", "a suppressed team without RFPs rolls a rally check at its activation: give the quality of the team this attack hits, --rally-quality N (a d6 of at least N)")
			case hit.Has("ar") && hit.Int("target-teams") > 1:
				return 0, resolve.Errorf("target-teams", "with --ar, the answer does not say which team's ping dice gave the RFPs, so whether the target rolls its rally check is unknown: give 1")
			case hit.Bool("suppressed"):
				return engSuppressed, nil
			}
			return engReady, nil
		},
		Attack: func(a resolve.Args, firer, target int, _ resolve.Readings) (resolve.Plan, []int, error) {
			if firer == engSuppressed || firer == engSuppressedRFP {
				return nil, nil, nil // Suppressed Teams may not Fire
			}
			supp := target == engSuppressed || target == engSuppressedRFP
			fp, err := compileFire(a.With("suppressed", resolve.Value{N: resolve.B2I(supp)}))
			if err != nil {
				return nil, nil, err
			}
			f := fp.(*firePlan)
			noRFP := newRallyPlan(f, 6).noRFP
			next := make([]int, f.layout.Cells)
			for c := range next {
				switch o := f.layout.Outcome[c]; {
				case o == 0:
					next[c] = engDestroyed
				case o == 1:
					next[c] = engKilled
				case o == 2 || supp && !noRFP[c]:
					next[c] = engSuppressedRFP
				case noRFP[c]:
					next[c] = target
				default: // RFPs taken, the check Ready
					next[c] = engReady
				}
			}
			return f, next, nil
		},
		Activate: func(_, hit resolve.Args, s int, _ resolve.Readings) (resolve.Plan, []int, error) {
			switch s {
			case engSuppressed:
				return &rallyCheck{need: hit.Int("rally-quality"), layout: rallyLayout}, []int{engSuppressed, engReady}, nil
			case engSuppressedRFP: // the RFPs are spent: suppressed, with none
				return &rallyCheck{need: 7, layout: rallyLayout}, []int{engSuppressed, engSuppressed}, nil
			}
			return nil, nil, nil
		},
		Name: func(s int) string { return engStates[s] },
		End:  func(s int) bool { return s >= engKilled },
	}
}

// rallyCheck is a team's Rally Check: a d6 of at least need rallies
// (cell 1); need 7 rolls no die and never rallies.
type rallyCheck struct {
	need   int
	layout *resolve.Layout
}

var rallyLayout = resolve.NewLayout([]string{"not-rallied", "rallied"}, nil, 2, func(c int, _ []float64) int { return c })

var _ resolve.Exacter = (*rallyCheck)(nil)

func (p *rallyCheck) Layout() *resolve.Layout { return p.layout }

func (p *rallyCheck) Trial(s *dice.Stream) int {
	if p.need > 6 {
		return 0
	}
	return resolve.B2I(s.D(6) >= p.need)
}

func (p *rallyCheck) Run(s *dice.Stream, n int, counts []uint64) {
	for range n {
		counts[p.Trial(s)]++
	}
}

func (p *rallyCheck) Exact(context.Context, int64) ([]float64, bool) {
	r := float64(max(0, 7-p.need)) / 6
	return []float64{1 - r, r}, true
}
