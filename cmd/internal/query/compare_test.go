package query

import (
	"context"
	"errors"
	"math"
	"testing"

	"odds/sim"
)

// TestCompareVariant: opposed fire --hesa 3 --def 1 against the variant
// --def 2 exactly: over the 100 joint faces the margin's mean is
// 3 - 1 = 2 for A and 3 - 2 = 1 for B (the dice difference has mean 0).
func TestCompareVariant(t *testing.T) {
	qa := fire(t, map[string]string{"hesa": "3", "def": "1"})
	noRunFlag := func(string) bool { return false }
	qb, err := Variant(qa, "--def 2", noRunFlag, builtins)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := Compare(context.Background(), qa, qb, "--def 2", Options{Sim: sim.Options{Method: sim.Exact, Seed: 1, Trials: 1000}})
	if err != nil || len(cs) != 1 {
		t.Fatalf("%d comparisons, err %v", len(cs), err)
	}
	a, b := cs[0].A.Summary.Stats[0].Mean, cs[0].B.Summary.Stats[0].Mean
	if !cs[0].Exact || math.Abs(a-2) > 1e-12 || math.Abs(b-1) > 1e-12 {
		t.Errorf("exact %v, means A %v B %v, want 2 and 1", cs[0].Exact, a, b)
	}
	// "--def 1 --def 2" used to give B --def 2 silently (the last one
	// won); repeating a flag in the main flags makes a sweep, so inside
	// --vs it is refused, as is a card role given twice.
	for _, vs := range []string{"", "--trials 5", "--no-such 1", "--def 1..3", "def", "--def 1 --def 2", "--def=1 --def 2"} {
		_, err := Variant(qa, vs, func(n string) bool { return n == "trials" }, builtins)
		var qe *Error
		if !errors.As(err, &qe) || qe.Flag != "vs" || qe.Error()[:5] != "--vs:" {
			t.Errorf("--vs %q: err %v", vs, err)
		}
	}
}
