package opposed

import (
	"slices"

	"odds/resolve"
)

// Repeated fire at one target (--until, --attacks). Sheet 004's fire
// modifiers read the firer's state (not suppressed, moved) and the
// target's cover, Def and quality, never what an earlier attack did to
// the target: a target that fell back or was suppressed defends the same,
// so each attack is independent. Only out of action carries: no further
// attack is made on it.

// Chain states: the target is in action, or out of it.
const (
	stateInAction = iota
	stateOut
)

var chainStates = []string{"in-action", "out-of-action"}

// independentChain is the chain of an action whose attacks are
// independent: compile is the action's own, severity its outcomes most
// severe first, and out its outcome that takes the target out of action.
func independentChain(compile func(resolve.Args) (resolve.Plan, error), severity []string, out string) *resolve.Chain {
	return &resolve.Chain{
		Severity: severity,
		Start:    func(resolve.Args) (int, error) { return stateInAction, nil },
		Attack: func(a resolve.Args, _ int) (resolve.Plan, []int, error) {
			p, err := compile(a)
			if err != nil {
				return nil, nil, err
			}
			l := p.Layout()
			o := slices.Index(l.Outcomes, out)
			next := make([]int, l.Cells)
			for c := range next {
				if l.Outcome[c] == o {
					next[c] = stateOut
				}
			}
			return p, next, nil
		},
		Name: func(s int) string { return chainStates[s] },
		End:  func(s int) bool { return s == stateOut },
	}
}
