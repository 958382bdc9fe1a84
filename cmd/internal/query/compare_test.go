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

// TestStartUnknownUnderPrecision: with a precision target the trials a
// run will count are unknown, so Start is told -1 (Options.Start), by a
// comparison and a sensitivity as by Run, not the ceiling times the runs.
func TestStartUnknownUnderPrecision(t *testing.T) {
	qa := fire(t, map[string]string{"hesa": "3", "def": "1"})
	qb, err := Variant(qa, "--def 2", func(string) bool { return false }, builtins)
	if err != nil {
		t.Fatal(err)
	}
	for name, ask := range map[string]func(Options) error{
		"run":         func(o Options) error { _, err := Run(context.Background(), []*Query{qa}, o); return err },
		"compare":     func(o Options) error { _, err := Compare(context.Background(), qa, qb, "--def 2", o); return err },
		"sensitivity": func(o Options) error { _, err := Sensitivities(context.Background(), qa, "", o); return err },
	} {
		told := int64(0)
		o := Options{Sim: sim.Options{Method: sim.MC, Seed: 1, Workers: 1, Trials: 1 << 20, Precision: 0.05}, Start: func(n int64) { told = n }}
		if err := ask(o); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if told != -1 {
			t.Errorf("%s: Start told %d trials under a precision target, want -1 (unknown)", name, told)
		}
	}
}
