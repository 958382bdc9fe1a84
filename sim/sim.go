package sim

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync/atomic"
	"time"

	"golang.org/x/sync/errgroup"

	"odds/dice"
	"odds/resolve"
)

// ChunkSize is the number of trials in one chunk. Chunk k always holds
// trials [k*ChunkSize, (k+1)*ChunkSize) on the stream seeded from (seed, k),
// so results do not depend on how chunks are spread over workers. A chunk
// takes well under a millisecond, so cancellation is prompt.
const ChunkSize = 1 << 16

// Method chooses how a plan is run.
type Method int

const (
	Auto  Method = iota // exact when it costs at most a few Monte Carlo runs (auto.go), else Monte Carlo
	Exact               // exact or an error
	MC                  // Monte Carlo
)

// Methods are the names of the methods, indexed by Method.
var Methods = []string{"auto", "exact", "mc"}

func (m Method) String() string { return Methods[m] }

// Defaults for Options.
const (
	// AutoPaths is the enumeration budget of the auto method. Set from
	// BenchmarkExactVsMC (README): the slowest action enumerates 1e5 paths
	// in about the time Monte Carlo takes for 1e6 trials.
	AutoPaths = 100_000
	// MaxPaths is the default enumeration budget of the exact method.
	MaxPaths = 10_000_000
	// DepthCap bounds the draws on one enumerated path.
	DepthCap = 4096
	// MaxLeftover is the probability mass that exact may leave unexplored.
	MaxLeftover = 1e-9
)

// Options configure a run.
type Options struct {
	Trials    int64   // Monte Carlo trials; with Precision, the ceiling
	Seed      uint64  // base seed of the chunk streams
	Workers   int     // goroutines; <= 0 means 1
	Method    Method  // auto, exact or mc
	Precision float64 // if > 0: run until every 95% half-width is at most this
	MaxPaths  int64   // enumeration budget for Exact; 0 means MaxPaths
	DepthCap  int     // draws on one enumerated path; 0 means DepthCap
	// Progress, if set, is told of Monte Carlo trials as they finish, a
	// chunk at a time, from the workers: it must be safe for concurrent
	// use. The engine never prints.
	Progress func(trials int64)
	// Kept, if set, keeps the exact results of the plans run, and gives
	// them back when the same plans are run again (not by Monte Carlo).
	Kept *Kept
}

// Histogram is a finished run: the counts (or probabilities) of the plan's
// cells.
type Histogram struct {
	Exact    bool
	How      string    // "monte-carlo", "enumeration", "convolution" or resolve.ExactMethod's
	Trials   int64     // Monte Carlo trials, or enumerated paths (0 by convolution)
	Counts   []uint64  // Monte Carlo counts per cell (nil when Exact)
	Prob     []float64 // probability per cell (estimated when not Exact)
	Leftover float64   // exact: probability mass left unexplored
	Elapsed  time.Duration
}

// estimateDescents is the number of random descents behind the path-count
// estimate made before enumerating.
const estimateDescents = 256

// estimateAfter is the path count at which the estimate is made: trees
// smaller than this are enumerated before an estimate could pay off.
const estimateAfter = 4096

// checkEvery is how many enumerated paths, or Monte Carlo trials of a
// chunk, run between two looks at the context: well under a millisecond
// of work for cheap trials, so Ctrl-C is prompt even when one trial is
// costly (a roll of thousands of dice).
const checkEvery = 256

// ErrTooLarge is returned (wrapped) when exact enumeration exceeds its budget.
var ErrTooLarge = errors.New("too many dice paths to enumerate")

// Exacter is resolve.Exacter, beside Plan in resolve (kept here for the
// engine's callers).
type Exacter = resolve.Exacter

// Run runs plan as opts say.
func Run(ctx context.Context, plan resolve.Plan, opts Options) (*Histogram, error) {
	return RunShared(ctx, plan, nil, opts)
}

// RunShared runs plan as opts say, for plan's layout and the others given:
// those of plans with plan's DiceKey (resolve.Shared), whose histogram is
// the same. With a precision, Monte Carlo runs until every layout's
// outcomes have it, so each reads the one histogram with the precision
// asked for.
func RunShared(ctx context.Context, plan resolve.Plan, others []*resolve.Layout, opts Options) (*Histogram, error) {
	if err := ctx.Err(); err != nil {
		return nil, err // a grid of small cells stops between cells
	}
	start := time.Now()
	if opts.Method != MC { // Monte Carlo runs anew: it looks nothing up
		if kept := opts.Kept.load(plan); kept != nil {
			res := *kept
			res.Elapsed = time.Since(start)
			return &res, nil
		}
	}
	var (
		res *Histogram
		err error
	)
	res, err = TryExact(ctx, plan, opts)
	if res == nil && err == nil { // mc, or auto beyond its budget
		res, err = runMC(ctx, plan, append([]*resolve.Layout{plan.Layout()}, others...), opts)
	}
	if err != nil {
		return nil, err
	}
	res.Elapsed = time.Since(start)
	opts.Kept.keep(plan, res)
	return res, nil
}

// depthOr is Options.DepthCap as the enumerator takes it: DepthCap where
// it is 0 (or less).
func depthOr(depthCap int) int {
	if depthCap <= 0 {
		return DepthCap
	}
	return depthCap
}

// runExact enumerates every dice path of plan's Trial, or uses the plan's
// own exact method if it has one.
func runExact(ctx context.Context, plan resolve.Plan, budget int64, depthCap int) (*Histogram, error) {
	depthCap = depthOr(depthCap)
	cells := plan.Layout().Cells
	if ex, ok := plan.(Exacter); ok {
		// A plan that can compute its own distribution knows best: if it
		// refuses, enumerating its paths would cost more still.
		if sz, ok := plan.(resolve.ExactSizer); ok {
			if b := sz.ExactBytes(); b > resolve.MaxExactBytes {
				return nil, &resolve.MemoryError{Bytes: b, Limit: resolve.MaxExactBytes}
			}
		}
		p, ok := ex.Exact(ctx, budget)
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if !ok {
			return nil, fmt.Errorf("%w (more than %d paths' work)", ErrTooLarge, budget)
		}
		how := "convolution"
		if m, ok := plan.(resolve.ExactMethod); ok {
			how = m.ExactMethod()
		}
		return &Histogram{Exact: true, How: how, Prob: p}, nil
	}
	prob := make([]float64, cells)
	e := dice.NewEnumerator(depthCap)
	s := e.Stream()
	var paths int64
	leftover := 0.0
	for {
		cell := plan.Trial(s)
		if e.Overflow() {
			return nil, fmt.Errorf("%w (a dice kernel's distribution is too large)", ErrTooLarge)
		}
		if e.Truncated() {
			leftover += e.Weight()
		} else {
			prob[cell] += e.Weight()
		}
		paths++
		if paths%checkEvery == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		// Past a few thousand paths, estimate the whole tree (on a
		// separate enumerator) and refuse at once what is far beyond the
		// budget, rather than after enumerating the budget's worth.
		if paths == estimateAfter {
			est := dice.NewEnumerator(depthCap).Estimate(estimateDescents, func(s *dice.Stream) { plan.Trial(s) })
			if est > 4*float64(budget) {
				return nil, fmt.Errorf("%w (about %.2g paths, more than %d)", ErrTooLarge, est, budget)
			}
		}
		if !e.Next() {
			break
		}
		if paths >= budget {
			return nil, fmt.Errorf("%w (more than %d)", ErrTooLarge, budget)
		}
	}
	if leftover > MaxLeftover {
		return nil, fmt.Errorf("%w: %.3g of the probability lies deeper than %d draws", ErrTooLarge, leftover, depthCap)
	}
	return &Histogram{Exact: true, How: "enumeration", Trials: paths, Prob: prob, Leftover: leftover}, nil
}

// runMC runs Monte Carlo trials, in rounds when a precision is asked for:
// until the outcomes of every layout have it.
func runMC(ctx context.Context, plan resolve.Plan, layouts []*resolve.Layout, opts Options) (*Histogram, error) {
	if opts.Trials <= 0 {
		return nil, errors.New("sim: trials must be positive")
	}
	counts := make([]uint64, plan.Layout().Cells)
	if opts.Precision <= 0 {
		if err := runChunks(ctx, plan, opts, counts, 0, opts.Trials); err != nil {
			return nil, err
		}
		return mcResult(counts, opts.Trials), nil
	}
	// Precision: a first round, then as many more trials as the worst
	// outcome's variance says are needed, until the ceiling. Round sizes
	// depend only on the counts, so the run stays reproducible.
	done := int64(0)
	next := min(opts.Trials, 16*ChunkSize)
	for {
		if err := runChunks(ctx, plan, opts, counts, done, next); err != nil {
			return nil, err
		}
		done = next
		need := int64(0)
		for _, l := range layouts {
			need = max(need, trialsFor(OutcomeCounts(l, counts), done, opts.Precision))
		}
		if need <= done || done >= opts.Trials {
			return mcResult(counts, done), nil
		}
		// Round up to whole chunks, so that rounds start on chunk
		// boundaries: done is one, and need > done.
		next = min(opts.Trials, (need/ChunkSize+1)*ChunkSize)
	}
}

// trialsFor estimates the trials at which the widest 95% interval of an
// outcome is at most half-width h, from the counts so far; it asks for
// 10% more than the normal approximation to allow for the estimate.
func trialsFor(counts []uint64, n int64, h float64) int64 {
	need := int64(0)
	for _, w := range Wilson(counts, n) {
		if w.Hi-w.Lo <= 2*h {
			continue
		}
		p := max(w.P, 1/float64(n))
		need = max(need, int64(1.1*z*z*p*(1-p)/(h*h))+1)
	}
	return need
}

func mcResult(counts []uint64, n int64) *Histogram {
	prob := make([]float64, len(counts))
	for i, c := range counts {
		prob[i] = float64(c) / float64(n)
	}
	return &Histogram{How: "monte-carlo", Trials: n, Counts: counts, Prob: prob}
}

// runChunks runs trials [from, to) into counts.
func runChunks(ctx context.Context, plan resolve.Plan, opts Options, counts []uint64, from, to int64) error {
	first := from / ChunkSize
	last := (to + ChunkSize - 1) / ChunkSize
	var next atomic.Int64
	next.Store(first)
	workers := max(1, opts.Workers)
	hists := make([][]uint64, workers)
	g, ctx := errgroup.WithContext(ctx)
	for w := range workers {
		// Padding on each side: workers increment their histograms on every
		// trial, and two small histograms in one cache line, or in the
		// 128-byte pair of lines the prefetcher moves together, would
		// serialise the workers (false sharing).
		const pad = 128 / 8
		hist := make([]uint64, len(counts)+2*pad)[pad : pad+len(counts)]
		hists[w] = hist
		g.Go(func() error {
			s := dice.New(opts.Seed, 0)
			for {
				k := next.Add(1) - 1
				if k >= last {
					return nil
				}
				if err := ctx.Err(); err != nil {
					return err
				}
				lo, hi := max(from, k*ChunkSize), min(to, (k+1)*ChunkSize)
				s.Reset(opts.Seed, uint64(k))
				if err := runSlices(ctx, plan, s, int(hi-lo), hist); err != nil {
					return err
				}
				if opts.Progress != nil {
					opts.Progress(hi - lo)
				}
			}
		})
	}
	if err := g.Wait(); err != nil {
		return err
	}
	for _, h := range hists {
		for i, c := range h {
			counts[i] += c
		}
	}
	return nil
}

// ctxSlice is the trials run between two looks at the context within a
// chunk: a sixteenth of a chunk.
const ctxSlice = ChunkSize / 16

// runSlices runs n trials of plan on s into hist in slices, one stream
// throughout (the same numbers as one Run), with a look at ctx between
// slices.
func runSlices(ctx context.Context, plan resolve.Plan, s *dice.Stream, n int, hist []uint64) error {
	for ; n > 0; n -= ctxSlice {
		if err := ctx.Err(); err != nil {
			return err
		}
		plan.Run(s, min(n, ctxSlice), hist)
	}
	return nil
}

// z is the two-sided 95% normal quantile.
const z = 1.959963984540054

// Interval is a probability with its 95% interval.
type Interval struct{ P, Lo, Hi float64 }

// Wilson returns the 95% Wilson score interval of each count out of n.
func Wilson(counts []uint64, n int64) []Interval {
	out := make([]Interval, len(counts))
	for i, c := range counts {
		out[i] = WilsonInterval(c, n)
	}
	return out
}

// WilsonInterval returns the 95% Wilson score interval of k successes in n.
func WilsonInterval(k uint64, n int64) Interval {
	nf := float64(n)
	p := float64(k) / nf
	d := 1 + z*z/nf
	c := (p + z*z/(2*nf)) / d
	h := z / d * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf))
	return Interval{P: p, Lo: max(0, c-h), Hi: min(1, c+h)}
}

// RunRange runs Monte Carlo trials [from, to) of plan and returns their
// counts per cell: the same numbers those trials give within a whole run
// of the same seed, since chunk streams depend only on (seed, chunk).
// from must be a multiple of ChunkSize. A shard of a run is a range.
func RunRange(ctx context.Context, plan resolve.Plan, opts Options, from, to int64) ([]uint64, error) {
	if from%ChunkSize != 0 || from < 0 || to < from {
		return nil, fmt.Errorf("sim: range [%d, %d) does not start on a chunk", from, to)
	}
	counts := make([]uint64, plan.Layout().Cells)
	return counts, runChunks(ctx, plan, opts, counts, from, to)
}

// MCResult is the result of n Monte Carlo trials with the given counts
// (shards merged).
func MCResult(counts []uint64, n int64) *Histogram { return mcResult(counts, n) }

// TryExact is the exact answer as opts.Method says (auto: when it costs
// at most a few Monte Carlo runs, auto.go), or nil if Monte Carlo must answer (auto over budget, or
// mc).
func TryExact(ctx context.Context, plan resolve.Plan, opts Options) (*Histogram, error) {
	switch opts.Method {
	case MC:
		return nil, nil
	case Exact:
		budget := opts.MaxPaths
		if budget <= 0 {
			budget = MaxPaths
		}
		return runExact(ctx, plan, budget, opts.DepthCap)
	}
	return tryAuto(ctx, plan, opts) // auto.go: by modelled time
}
