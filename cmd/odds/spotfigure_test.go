package main

import (
	"context"
	"encoding/json"
	"testing"
)

// The sheet's "-" in the spotting table spots without a roll, in fire as
// in spot (docs/rules/symbol.md, interpretation 8): an infantry attacker
// in arc of a target without a terrain bonus always spots it, an ambush
// marker's -2 notwithstanding, so fire --spot is the fire without a roll.
// The figure is that fire's exact answer with the built-in dice
// (convolution, printed to 12 digits); when the roll read "-" as "0 or
// more" an ambush failed it on a 1 and P(no effect) was 0.079210962506,
// 1/6 of the way to the failed roll's 0.116469478738.
func TestFireSpotDashCell(t *testing.T) {
	fire := []string{"symbol", "fire", "--attack", "green:2,blue:1", "--defence", "blue:1,green:1", "--attacker-type", "infantry",
		"--target", "infantry", "--ambush", "--format", "json", "--seed", "1"}
	noEffect := func(args ...string) float64 {
		t.Helper()
		code, out, errs := run(context.Background(), append(fire, args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		var doc struct {
			Results []struct {
				Exact    bool
				Outcomes []struct {
					Name string
					P    float64
				}
			}
		}
		if err := json.Unmarshal([]byte(out), &doc); err != nil || len(doc.Results) != 1 || !doc.Results[0].Exact {
			t.Fatalf("%v: want one exact result, got %v\n%s", args, err, out)
		}
		for _, o := range doc.Results[0].Outcomes {
			if o.Name == "no-effect" {
				return o.P
			}
		}
		t.Fatalf("%v: no no-effect outcome\n%s", args, out)
		return 0
	}
	const want = 0.0717592592593
	if got := noEffect("--spot"); got != want {
		t.Errorf("fire --spot at a \"-\" cell with an ambush marker: P(no effect) = %v, want %v", got, want)
	}
	if got := noEffect(); got != want {
		t.Errorf("the same fire without a spotting roll: P(no effect) = %v, want %v", got, want)
	}
}
