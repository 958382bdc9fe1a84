package opposed

import (
	"slices"

	"odds/resolve"
)

// Fire exchanged between two units (odds engage). Sheet 004's fire
// modifiers read one thing of the firer's state, "+1 Not Suppressed &
// Target within range 4", and nothing of the target's: a suppressed side
// is hit as before and fires without its within-4 bonus. A suppression
// carries for the rest of the exchange (the sheet's Recover / Rally is an
// action of its own, not a part of fire); a fall-back changes neither
// attack (ask --ends fall-back to end the exchange there); out of action
// ends it.

// Engagement states of a side.
const (
	engageInAction = iota
	engageSuppressed
	engageOut
)

var engageStates = []string{"in-action", "suppressed", "out-of-action"}

func fireEngage() *resolve.Engage {
	return &resolve.Engage{
		Severity: []string{outOfAction, suppressed, fallBack, noEffect},
		Start: func(own, _ resolve.Args, _ resolve.Readings) (int, error) {
			if own.Bool("firer-suppressed") {
				return engageSuppressed, nil
			}
			return engageInAction, nil
		},
		Attack: func(a resolve.Args, firer, target int, _ resolve.Readings) (resolve.Plan, []int, error) {
			a = a.With("firer-suppressed", resolve.Value{N: resolve.B2I(firer == engageSuppressed)})
			p, err := compileFire(a)
			if err != nil {
				return nil, nil, err
			}
			return p, fireNext(p.Layout(), target), nil
		},
		Name: func(s int) string { return engageStates[s] },
		End:  func(s int) bool { return s == engageOut },
	}
}

// fireNext is the state after each cell of a fire layout of a target in
// state target: out of action, suppressed, or as it was (the states are
// in order of severity: the worse of the two).
func fireNext(l *resolve.Layout, target int) []int {
	o, s := slices.Index(l.Outcomes, outOfAction), slices.Index(l.Outcomes, suppressed)
	next := make([]int, l.Cells)
	for c := range next {
		switch l.Outcome[c] {
		case o:
			next[c] = engageOut
		case s:
			next[c] = max(target, engageSuppressed)
		default:
			next[c] = target
		}
	}
	return next
}
