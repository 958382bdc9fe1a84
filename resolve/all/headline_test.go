package all

import (
	"slices"
	"testing"
)

// Every action's headline outcomes are outcomes of that action, so a
// default figure is never a name the tables do not have.
func TestHeadlinesAreOutcomes(t *testing.T) {
	for _, s := range Systems() {
		for _, a := range s.Actions {
			for _, h := range a.Headline {
				if !slices.Contains(a.Outcome, h) {
					t.Errorf("%s %s: headline %q is not one of its outcomes %v", s.Name, a.Name, h, a.Outcome)
				}
			}
		}
	}
}
