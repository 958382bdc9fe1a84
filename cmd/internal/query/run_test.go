package query

import (
	"context"
	"math"
	"slices"
	"testing"

	"odds/resolve"
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
	if len(rep) != 2 {
		t.Fatalf("%d results, want 2", len(rep))
	}
	for i, want := range []float64{2, 3} {
		r := rep[i]
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
		if r.Params()[0].Name != "hesa" || r.Params()[0].Source != "flag" {
			t.Errorf("result %d: first input %+v", i, r.Params()[0])
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

// TestSweepSharesPlans: opposed fire at HESA 3, 4 against Def 1, 2 is
// four duels with modifiers +2, +1, +3 and +2; the two at +2 are one plan
// and one summary. No effect at +2 is a margin of 0 or less: the target's
// d10 beats the firer's by 2 or more, 8+7+...+1 = 36 of the 100 face
// pairs; at +1, 9+8+...+1 = 45.
func TestSweepSharesPlans(t *testing.T) {
	q := fire(t, map[string]string{"hesa": "3,4", "def": "1,2"})
	all, err := CompileAll([]*Query{q})
	if err != nil {
		t.Fatal(err)
	}
	if all[0].Plan != all[3].Plan || all[0].Plan == all[1].Plan || all[0].Plan == all[2].Plan {
		t.Errorf("plans of the +2 duels shared: %v, of others: %v %v", all[0].Plan == all[3].Plan, all[0].Plan == all[1].Plan, all[0].Plan == all[2].Plan)
	}
	rep, err := RunCompiled(context.Background(), all, Options{Sim: sim.Options{Method: sim.Exact, Seed: 1, Trials: 1000}})
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []float64{0.36, 0.45, 0.28, 0.36} {
		r := rep[i]
		if got := r.Summary.Outcomes[0]; got.Name != "no-effect" || math.Abs(got.P-want) > 1e-12 {
			t.Errorf("result %d: %s %v, want no-effect %v", i, got.Name, got.P, want)
		}
	}
	if &rep[0].Summary.Outcomes[0] != &rep[3].Summary.Outcomes[0] {
		t.Error("the +2 duels' results do not share their summary")
	}
	if h, ok := rep[3].Param("hesa"); !ok || h.Value != 4 || h.Source != "flag" {
		t.Errorf("result 3's hesa: %+v, %v", h, ok)
	}
	if c, ok := rep[3].Param("cover"); !ok || c.Value != "none" || c.Source != "default" {
		t.Errorf("result 3's cover: %+v, %v", c, ok)
	}
}

// TestPointsShareSettings: a sweep's points hold one setting per value of
// each swept flag and one per default, shared, not copies.
func TestPointsShareSettings(t *testing.T) {
	q := fire(t, map[string]string{"hesa": "1..3", "def": "0,1"})
	pts, err := q.Points()
	if err != nil {
		t.Fatal(err)
	}
	at := func(name string) int {
		return slices.IndexFunc(q.Action.Params, func(p resolve.Param) bool { return p.Name == name })
	}
	hesa, def, cover := at("hesa"), at("def"), at("cover")
	if pts[0].Set[hesa] != pts[1].Set[hesa] || pts[0].Set[hesa] == pts[2].Set[hesa] {
		t.Error("hesa 1's setting not shared by points 0 and 1, or shared with hesa 2")
	}
	if pts[0].Set[def] != pts[2].Set[def] || pts[0].Set[cover] != pts[5].Set[cover] {
		t.Error("def 0's or the default cover's setting not shared")
	}
	if pts[0].Set[at("ap")] != nil {
		t.Error("ap set, though neither given nor defaulted")
	}
}
