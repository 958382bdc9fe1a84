package query

import (
	"context"
	"math"
	"testing"

	"odds/sim"
)

// TestRunExact runs a typed query exactly: opposed fire with --hesa 3,4
// and --def 1, no other modifier, has margin (d10 + HESA) - (d10 + 1). Over
// the 100 joint faces the dice difference has mean 0 and variance
// 2 x (10^2 - 1)/12 = 16.5, so the margin's mean is HESA - 1 (2, then 3)
// and its SD sqrt(16.5) in both points. The second point rolls the same
// dice as the first, so it reads the first's histogram (SharedDice).
func TestRunExact(t *testing.T) {
	q := fire(t, map[string]string{"hesa": "3,4", "def": "1"})
	rep, err := Run(context.Background(), []*Query{q}, Options{Sim: sim.Options{Method: sim.Exact, Seed: 1, Trials: 1000}})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Results) != 2 {
		t.Fatalf("%d results, want 2", len(rep.Results))
	}
	for i, want := range []float64{2, 3} {
		r := rep.Results[i]
		if !r.Exact || len(r.Summary.Stats) == 0 || r.Summary.Stats[0].Name != "margin" {
			t.Fatalf("result %d: exact %v, stats %v", i, r.Exact, r.Summary.Stats)
		}
		m := r.Summary.Stats[0]
		if math.Abs(m.Mean-want) > 1e-12 || math.Abs(m.SD-math.Sqrt(16.5)) > 1e-9 {
			t.Errorf("result %d: margin mean %v sd %v, want %v and %v", i, m.Mean, m.SD, want, math.Sqrt(16.5))
		}
		if r.SharedDice != (i == 1) {
			t.Errorf("result %d: shared dice %v", i, r.SharedDice)
		}
		if r.Params[0].Name != "hesa" || r.Params[0].Source != "flag" {
			t.Errorf("result %d: first input %+v", i, r.Params[0])
		}
	}
}

// TestBudgetIsTyped: a run past the server's trial budget fails with an
// Error naming --trials, text and all, before any trial runs.
func TestBudgetIsTyped(t *testing.T) {
	q := fire(t, map[string]string{"hesa": "1..4", "def": "1"})
	_, err := Run(context.Background(), []*Query{q}, Options{Sim: sim.Options{Method: sim.MC, Seed: 1, Trials: 1_000_000}, MaxTrials: 3_000_000})
	qe, ok := err.(*Error)
	if !ok || qe.Flag != "trials" {
		t.Fatalf("err %v (%T), want a *query.Error for trials", err, err)
	}
	if want := "--trials: 4 results of 1,000,000 trials is more than the 3,000,000 trials this server runs for one request"; qe.Error() != want {
		t.Errorf("text %q, want %q", qe.Error(), want)
	}
}
