// Package simtest holds checks shared by the tests of every rule system:
// exact outcome probabilities through the enumeration driver, and Monte
// Carlo agreement with them within a stated number of standard errors.
package simtest

import (
	"context"
	"math"
	"testing"

	"odds/resolve"
	"odds/sim"
)

// Exact returns the probability of each outcome of plan, by name,
// enumerating its Trial (never a plan's own convolution).
func Exact(t testing.TB, plan resolve.Plan) map[string]float64 {
	t.Helper()
	res, err := sim.Run(context.Background(), enumOnly{plan}, sim.Options{Method: sim.Exact})
	if err != nil {
		t.Fatalf("exact: %v", err)
	}
	out := map[string]float64{}
	for _, o := range sim.Summarize(plan.Layout(), res).Outcomes {
		out[o.Name] = o.P
	}
	return out
}

// enumOnly hides a plan's Exact method so the enumeration driver runs.
type enumOnly struct{ resolve.Plan }

// AgreeMC runs trials of Monte Carlo at a fixed seed and fails if any
// outcome's estimate lies more than 5 standard errors from want.
func AgreeMC(t testing.TB, plan resolve.Plan, want map[string]float64, trials int64, seed uint64) {
	t.Helper()
	res, err := sim.Run(context.Background(), plan, sim.Options{Method: sim.MC, Trials: trials, Seed: seed, Workers: 2})
	if err != nil {
		t.Fatalf("monte carlo: %v", err)
	}
	for _, o := range sim.Summarize(plan.Layout(), res).Outcomes {
		p := want[o.Name]
		se := math.Sqrt(max(p*(1-p), 1/float64(trials)) / float64(trials))
		if math.Abs(o.P-p) > 5*se {
			t.Errorf("%s: monte carlo %.6f, exact %.6f: %.1f standard errors apart", o.Name, o.P, p, math.Abs(o.P-p)/se)
		}
	}
}

// Near reports whether a and b agree to 1e-12.
func Near(a, b float64) bool { return math.Abs(a-b) < 1e-12 }

// Args reads flag-like settings ("attack": "red:1", "cohesion": "6") as a
// command line would, over the action's defaults, with env.
func Args(t testing.TB, act *resolve.Action, set map[string]string, env *resolve.Env) resolve.Args {
	t.Helper()
	v := act.Defaults()
	for k, s := range set {
		p := act.Param(k)
		if p == nil {
			t.Fatalf("%s has no parameter %q", act.Name, k)
		}
		vals, err := resolve.ParseValues(p, s)
		if err != nil || len(vals) != 1 {
			t.Fatalf("--%s %s: want one value: %v", k, s, err)
		}
		v[k] = vals[0]
	}
	return act.Args(v, env)
}
