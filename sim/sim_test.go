package sim

import (
	"context"
	"errors"
	"math"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"odds/dice"
	"odds/resolve"
)

// newSumPlan is 3d6+d10 rolled die by die: 2160 paths, 25 cells (totals
// 4..28).
func newSumPlan() resolve.Plan {
	layout := resolve.NewLayout(resolve.IntNames(4, 28), []string{"total"}, 25, func(c int, v []float64) int {
		v[0] = float64(c + 4)
		return c
	})
	return resolve.NewPlan(layout, func(s *dice.Stream) int { return s.D(6) + s.D(6) + s.D(6) + s.D(10) - 4 })
}

// outcomesOnly is a layout of n cells, each its own outcome.
func outcomesOnly(n int) *resolve.Layout {
	return resolve.NewLayout(resolve.IntNames(0, n-1), nil, n, func(c int, _ []float64) int { return c })
}

// Same seed, same counts, whatever the worker count; the trial count is not
// a multiple of the chunk size, so the last chunk is partial.
func TestWorkersReproduce(t *testing.T) {
	plan := newSumPlan()
	var first []uint64
	for _, w := range []int{1, 2, 7} {
		res, err := Run(context.Background(), plan, Options{Method: MC, Trials: 3*ChunkSize + 12345, Seed: 99, Workers: w})
		if err != nil {
			t.Fatal(err)
		}
		if first == nil {
			first = res.Counts
		} else if !slices.Equal(first, res.Counts) {
			t.Fatalf("workers %d: counts differ from workers 1", w)
		}
	}
	res, _ := Run(context.Background(), plan, Options{Method: MC, Trials: 3*ChunkSize + 12345, Seed: 100, Workers: 2})
	if slices.Equal(first, res.Counts) {
		t.Error("seeds 99 and 100 gave identical counts")
	}
}

// The enumeration driver against the closed form of 3d6+d10, and Monte
// Carlo against both.
func TestExactDriver(t *testing.T) {
	plan := newSumPlan()
	res, err := Run(context.Background(), plan, Options{Method: Exact})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Exact || res.Trials != 6*6*6*10 {
		t.Fatalf("exact = %v over %d paths, want true over 2160", res.Exact, res.Trials)
	}
	three := dice.SumOfDice(3, 6) // totals 3..18
	for c, p := range res.Prob {
		want := 0.0
		for d := 1; d <= 10; d++ {
			if i := c + 4 - d - 3; i >= 0 && i < len(three) {
				want += three[i] / 10
			}
		}
		if math.Abs(p-want) > 1e-12 {
			t.Errorf("P(total %d) = %g, want %g", c+4, p, want)
		}
	}
	s := Summarize(plan.Layout(), res)
	if got := s.Stats[0].Mean; math.Abs(got-16) > 1e-12 { // 3*3.5 + 5.5
		t.Errorf("mean = %g, want 16", got)
	}
}

// Ten d10 die by die is 1e10 paths: exact refuses fast, auto falls back.
func TestBudget(t *testing.T) {
	plan := resolve.NewPlan(outcomesOnly(91), func(s *dice.Stream) int {
		t := 0
		for range 10 {
			t += s.D(10)
		}
		return t - 10
	})
	_, err := Run(context.Background(), plan, Options{Method: Exact, MaxPaths: 100_000})
	if !errors.Is(err, ErrTooLarge) {
		t.Fatalf("exact over budget: err = %v, want ErrTooLarge", err)
	}
	res, err := Run(context.Background(), plan, Options{Method: Auto, Trials: 1000, Seed: 1, Workers: 1})
	if err != nil || res.Exact || res.Trials != 1000 {
		t.Fatalf("auto over budget: exact = %v, trials = %d, err = %v; want Monte Carlo", res.Exact, res.Trials, err)
	}
}

// A procedure deeper than the depth cap leaves mass unexplored; exact
// refuses when that mass exceeds MaxLeftover.
func TestDepthCap(t *testing.T) {
	plan := resolve.NewPlan(outcomesOnly(10), func(s *dice.Stream) int { // coin flips until heads, 9+ lumped
		n := 0
		for s.Count(1, 2, 2, 2) == 0 && !s.Truncated() {
			n++
		}
		return min(n, 9)
	})
	res, err := Run(context.Background(), plan, Options{Method: Exact, DepthCap: 40})
	if err != nil {
		t.Fatal(err)
	}
	if want := math.Pow(0.5, 40); math.Abs(res.Leftover-want) > 1e-20 {
		t.Errorf("leftover = %g, want 2^-40", res.Leftover)
	}
	if _, err := Run(context.Background(), plan, Options{Method: Exact, DepthCap: 20}); !errors.Is(err, ErrTooLarge) {
		t.Errorf("leftover 2^-20 > 1e-9: err = %v, want ErrTooLarge", err)
	}
}

func TestPrecision(t *testing.T) {
	plan := newSumPlan()
	const h = 0.002
	res, err := Run(context.Background(), plan, Options{Method: MC, Trials: 1e9, Precision: h, Seed: 5, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range Summarize(plan.Layout(), res).Outcomes {
		if o.Hi-o.P > h || o.P-o.Lo > h {
			t.Errorf("%s: interval [%g, %g] around %g is wider than ±%g", o.Name, o.Lo, o.Hi, o.P, h)
		}
	}
	if res.Trials >= 1e9 {
		t.Errorf("ran to the ceiling (%d trials)", res.Trials)
	}
	again, _ := Run(context.Background(), plan, Options{Method: MC, Trials: 1e9, Precision: h, Seed: 5, Workers: 1})
	if again.Trials != res.Trials || !slices.Equal(again.Counts, res.Counts) {
		t.Error("a precision run is not reproducible across worker counts")
	}
}

// A shared run holds the precision for every layout: halves (total up to
// 16 or over, near a half each) needs more trials than the sum's own 25
// outcomes (each under a tenth).
func TestPrecisionShared(t *testing.T) {
	plan := newSumPlan()
	halves := resolve.NewLayout([]string{"low", "high"}, nil, 25, func(c int, _ []float64) int { return resolve.B2I(c+4 > 16) })
	const h = 0.0005
	opts := Options{Method: MC, Trials: 1e9, Precision: h, Seed: 5, Workers: 2}
	alone, err := Run(context.Background(), plan, opts)
	if err != nil {
		t.Fatal(err)
	}
	res, err := RunShared(context.Background(), plan, []*resolve.Layout{halves}, opts)
	if err != nil {
		t.Fatal(err)
	}
	if res.Trials <= alone.Trials {
		t.Errorf("shared run: %d trials, no more than the sum alone (%d)", res.Trials, alone.Trials)
	}
	for _, l := range []*resolve.Layout{plan.Layout(), halves} {
		for _, o := range Summarize(l, res).Outcomes {
			if o.Hi-o.P > h || o.P-o.Lo > h {
				t.Errorf("%s: interval [%g, %g] around %g is wider than ±%g", o.Name, o.Lo, o.Hi, o.P, h)
			}
		}
	}
}

// A cancelled run stops and says so. 1e12 trials would take hours, so
// any return at all shows the workers heard the cancel; the bound is wide
// enough that no loaded machine reaches it. How soon they hear it is
// BenchmarkCancel's figure.
func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	go func() { time.Sleep(20 * time.Millisecond); cancel() }()
	start := time.Now()
	_, err := Run(ctx, newSumPlan(), Options{Method: MC, Trials: 1e12, Seed: 1, Workers: 2})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if d := time.Since(start); d > 30*time.Second {
		t.Errorf("cancellation took %v", d)
	}
}

// BenchmarkCancel is the time from cancelling a running Monte Carlo run
// (its first chunk done) to Run's return, as cancel-ns/op.
func BenchmarkCancel(b *testing.B) {
	plan := newSumPlan()
	var total time.Duration
	for b.Loop() {
		ctx, cancel := context.WithCancel(context.Background())
		var once sync.Once
		var at time.Time
		_, err := Run(ctx, plan, Options{Method: MC, Trials: 1e12, Seed: 1, Workers: 2, Progress: func(int64) {
			once.Do(func() { at = time.Now(); cancel() })
		}})
		total += time.Since(at)
		if !errors.Is(err, context.Canceled) {
			b.Fatalf("err = %v, want context.Canceled", err)
		}
	}
	b.ReportMetric(float64(total.Nanoseconds())/float64(b.N), "cancel-ns/op")
}

// Wilson intervals against values computed by hand from Wilson (1927):
// 0 of 10 gives [0, 0.2775]; 50 of 100 gives [0.4038, 0.5962].
func TestWilson(t *testing.T) {
	cases := []struct {
		k      uint64
		n      int64
		lo, hi float64
	}{{0, 10, 0, 0.27753}, {50, 100, 0.40383, 0.59617}, {10, 10, 0.72247, 1}}
	for _, c := range cases {
		w := WilsonInterval(c.k, c.n)
		if math.Abs(w.Lo-c.lo) > 1e-5 || math.Abs(w.Hi-c.hi) > 1e-5 {
			t.Errorf("Wilson(%d/%d) = [%.5f, %.5f], want [%.5f, %.5f]", c.k, c.n, w.Lo, w.Hi, c.lo, c.hi)
		}
	}
}

func TestNoAllocationsPerTrial(t *testing.T) {
	plan := newSumPlan()
	s := dice.New(1, 1)
	counts := make([]uint64, 25)
	if a := testing.AllocsPerRun(100, func() { plan.Run(s, 1000, counts) }); a != 0 {
		t.Errorf("Run allocates %.1f times per call", a)
	}
}

// Cumulative views, against counts of the 2160 paths of 3d6+d10 (totals
// 4..28): P(total <= 4) = 1/2160, P(total >= 28) = 1/2160, and
// P(total >= 5) = 1 - 1/2160. A count of 0..2 (two d2 showing 2) gives
// P(at least 1) = 3/4, P(at least 2) = 1/4.
func TestCumulative(t *testing.T) {
	plan := newSumPlan()
	res, err := Run(context.Background(), plan, Options{Method: Exact})
	if err != nil {
		t.Fatal(err)
	}
	s := Summarize(plan.Layout(), res)
	if !s.Numeric {
		t.Fatal("integer outcomes not numeric")
	}
	first, last := s.Outcomes[0], s.Outcomes[len(s.Outcomes)-1]
	for name, got := range map[string][2]float64{
		"P(<=4)":  {first.AtMost.P, 1.0 / 2160},
		"P(>=4)":  {first.AtLeast.P, 1},
		"P(>=28)": {last.AtLeast.P, 1.0 / 2160},
		"P(<=28)": {last.AtMost.P, 1},
		"P(>=5)":  {s.Outcomes[1].AtLeast.P, 1 - 1.0/2160},
	} {
		if math.Abs(got[0]-got[1]) > 1e-12 {
			t.Errorf("%s = %.12g, want %.12g", name, got[0], got[1])
		}
	}
	layout := resolve.NewLayout([]string{"any"}, []string{"twos"}, 3, func(c int, v []float64) int {
		v[0] = float64(c)
		return 0
	})
	layout.Counts = []string{"twos"}
	count := resolve.NewPlan(layout, func(s *dice.Stream) int { return s.Count(2, 2, 2, 2) })
	res, err = Run(context.Background(), count, Options{Method: Exact})
	if err != nil {
		t.Fatal(err)
	}
	s = Summarize(layout, res)
	if got := s.Stats[0].AtLeast; len(got) != 2 || math.Abs(got[0].P-.75) > 1e-12 || math.Abs(got[1].P-.25) > 1e-12 {
		t.Errorf("P(at least k twos) = %+v, want 3/4, 1/4", got)
	}
	if s.Numeric {
		t.Error("outcome \"any\" taken for a number")
	}
	// Monte Carlo: the interval of P(at least 1) holds 3/4.
	res, _ = Run(context.Background(), count, Options{Method: MC, Trials: 100_000, Seed: 5, Workers: 2})
	if iv := Summarize(layout, res).Stats[0].AtLeast[0]; iv.Lo > .75 || iv.Hi < .75 || iv.Lo == iv.Hi {
		t.Errorf("MC P(at least 1) interval %+v misses 3/4", iv)
	}
}

// Progress hears of every Monte Carlo trial, once, from any worker.
func TestProgress(t *testing.T) {
	var total atomic.Int64
	calls := atomic.Int64{}
	opts := Options{Method: MC, Trials: 5*ChunkSize + 7, Seed: 1, Workers: 3, Progress: func(n int64) {
		total.Add(n)
		calls.Add(1)
	}}
	if _, err := Run(context.Background(), newSumPlan(), opts); err != nil {
		t.Fatal(err)
	}
	if total.Load() != opts.Trials || calls.Load() != 6 {
		t.Errorf("progress told of %d trials in %d calls, want %d in 6", total.Load(), calls.Load(), opts.Trials)
	}
}

// keyed is a plan with a dice key.
type keyed struct {
	resolve.Plan
	key string
}

func (k keyed) DiceKey() string { return k.key }

func TestShare(t *testing.T) {
	a, b, c, d := keyed{newSumPlan(), "x"}, newSumPlan(), keyed{newSumPlan(), "x"}, keyed{newSumPlan(), "y"}
	s := Share([]resolve.Plan{a, b, c, d})
	if want := []int{0, 1, 0, 3}; !slices.Equal(s.Lead, want) {
		t.Errorf("leads %v, want %v", s.Lead, want)
	}
	if len(s.Others[0]) != 1 || s.Others[0][0] != c.Layout() || len(s.Others[3]) != 0 {
		t.Errorf("others %v", s.Others)
	}
}

// TestShareListsLayoutsOnce: plans that share their layout (a sweep's
// points sharing a plan) list it once among their lead's others, and
// not at all when it is the lead's own.
func TestShareListsLayoutsOnce(t *testing.T) {
	a, b := keyed{newSumPlan(), "x"}, keyed{newSumPlan(), "x"}
	s := Share([]resolve.Plan{a, b, a, b, b})
	if want := []int{0, 0, 0, 0, 0}; !slices.Equal(s.Lead, want) {
		t.Errorf("leads %v, want %v", s.Lead, want)
	}
	if len(s.Others[0]) != 1 || s.Others[0][0] != b.Layout() {
		t.Errorf("others %v, want b's layout once", s.Others[0])
	}
}
