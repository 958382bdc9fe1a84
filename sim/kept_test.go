package sim

import (
	"context"
	"slices"
	"sync/atomic"
	"testing"

	"odds/dice"
	"odds/resolve"
)

// TestKept: a plan run again with its exact result kept is answered from
// it, enumerating nothing, with the same distribution, paths and method,
// exact or auto; Monte Carlo runs anew; nothing is kept without Kept.
func TestKept(t *testing.T) {
	var trials atomic.Int64
	layout := resolve.NewLayout([]string{"low", "high"}, nil, 6, func(c int, _ []float64) int { return c / 3 })
	plan := resolve.NewPlan(layout, func(s *dice.Stream) int { trials.Add(1); return s.D(6) - 1 })
	ctx := context.Background()
	kept := &Kept{}
	run := func(m Method, k *Kept) (*Histogram, int64) {
		t.Helper()
		trials.Store(0)
		res, err := RunShared(ctx, plan, nil, Options{Method: m, Trials: 600, Seed: 1, Kept: k})
		if err != nil {
			t.Fatal(err)
		}
		return res, trials.Load()
	}
	first, n := run(Exact, kept)
	if n != 6 || !first.Exact || first.Trials != 6 {
		t.Fatalf("first run: %d trials, %+v; want the 6 paths enumerated", n, first)
	}
	for _, m := range []Method{Exact, Auto} {
		again, n := run(m, kept)
		if n != 0 || !again.Exact || again.How != first.How || again.Trials != first.Trials || !slices.Equal(again.Prob, first.Prob) || again.Leftover != first.Leftover {
			t.Errorf("%v again: %d trials, %+v; want %+v from the kept result", m, n, again, first)
		}
	}
	if mc, n := run(MC, kept); n != 600 || mc.Exact {
		t.Errorf("mc: %d trials, exact %v; want 600 run anew", n, mc.Exact)
	}
	if _, n := run(Exact, nil); n != 6 {
		t.Errorf("without Kept: %d trials, want 6", n)
	}
}
