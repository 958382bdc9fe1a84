package sim

import (
	"context"
	"math"
	"testing"

	"odds/dice"
	"odds/resolve"
)

// highestPlan is the highest of n d10, rolled die by die: 10^n paths.
func highestPlan(n int) resolve.Plan {
	return resolve.NewPlan(outcomesOnly(10), func(s *dice.Stream) int {
		best := 0
		for range n {
			best = max(best, s.D(10))
		}
		return best - 1
	})
}

// costly is a plan whose Monte Carlo trial is modelled at ns.
type costly struct {
	resolve.Plan
	ns float64
}

func (c costly) TrialCost() float64 { return c.ns }

// Auto chooses by modelled time. The highest of six d10 has 1e6 paths,
// ten times AutoPaths: the old path budget sent it to Monte Carlo, though
// its 1e6 paths (40 ms modelled) cost less than 1e6 trials of six draws
// (74 ms modelled). Exact, its figures are the hand-counted
// P(highest = k) = (k^6 - (k-1)^6) / 10^6. Eight d10 (1e8 paths) stay
// Monte Carlo, and so does the six at 1e4 trials (under a millisecond of
// Monte Carlo) or a trial modelled at 1 ns.
func TestAutoByTime(t *testing.T) {
	res, err := Run(context.Background(), highestPlan(6), Options{Method: Auto, Trials: 1_000_000, Seed: 1, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Exact {
		t.Fatalf("highest of 6d10, 1e6 trials: auto chose %s, want exact", res.How)
	}
	for k := 1; k <= 10; k++ {
		want := (math.Pow(float64(k), 6) - math.Pow(float64(k-1), 6)) / 1e6
		if math.Abs(res.Prob[k-1]-want) > 1e-9 { // a sum of 1e6 path weights
			t.Errorf("P(highest = %d) = %.12f, want %.12f", k, res.Prob[k-1], want)
		}
	}
	for _, c := range []struct {
		name string
		plan resolve.Plan
		opts Options
	}{
		{"highest of 8d10", highestPlan(8), Options{Trials: 1_000_000}},
		{"highest of 6d10, 1e4 trials", highestPlan(6), Options{Trials: 10_000}},
		{"highest of 6d10 at 1 ns a trial", costly{highestPlan(6), 1}, Options{Trials: 1_000_000}},
		{"highest of 6d10, precision 0.01 (9604 trials)", highestPlan(6), Options{Trials: 1_000_000, Precision: 0.01}},
	} {
		c.opts.Seed, c.opts.Method = 1, Auto
		res, err := Run(context.Background(), c.plan, c.opts)
		if err != nil {
			t.Fatal(err)
		}
		if res.Exact {
			t.Errorf("%s: auto chose exact, want monte carlo", c.name)
		}
	}
	// A trial modelled at 1 µs: 1 s of Monte Carlo, 75e6 paths of budget.
	if b := AutoBudget(costly{highestPlan(6), 1000}, Options{Trials: 1_000_000}); b != 75_000_000 {
		t.Errorf("budget at 1 µs a trial = %d, want 3 x 1e6 x 1000 / 40 = 75,000,000", b)
	}
	// The worker count does not move the choice: the same seed gives the
	// same numbers for any --workers, exact or not.
	if b := AutoBudget(costly{highestPlan(6), 1000}, Options{Trials: 1_000_000, Workers: 2}); b != 75_000_000 {
		t.Errorf("budget with 2 workers = %d, want 75,000,000 as with one", b)
	}
}
