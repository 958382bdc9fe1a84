package sim

import (
	"context"
	"errors"
	"math"
	"slices"
	"sync/atomic"

	"golang.org/x/sync/errgroup"

	"odds/dice"
	"odds/resolve"
)

// Paired is a comparison of two plans on the same trials: each side's
// result, and what the difference's interval needs. By Monte Carlo every
// trial reseeds one stream from (seed, trial) and runs it for A, then
// reseeds it alike for B (common random numbers: both see the same dice
// as far as they draw alike), and the joint outcome of each trial is
// tallied, so the interval of B-A is the paired one.
type Paired struct {
	A, B  *Histogram
	Exact bool // both sides exact: the differences are exact
	// Monte Carlo only:
	Trials int64
	Joint  []uint64  // Joint[a*len(B outcomes)+b]: trials with outcome a in A and b in B
	Stats  []string  // the numeric results both sides have, in A's order
	DiffSq []float64 // by Stats: the sum over trials of (B-A)^2
}

// Diff is one figure of a comparison: an outcome's probability or a
// numeric result's mean in A and B, and B-A with its 95% interval.
type Diff struct {
	Name        string
	Mean        bool // a numeric result's mean, not an outcome's probability
	A, B, D     float64
	Lo, Hi      float64
	Significant bool // the interval excludes zero (exact: D != 0)
}

// pairedSalt keeps the paired streams apart from the chunk streams.
const pairedSalt = 0x5bd1e9955bd1e995

// RunPaired compares plans a and b as opts say: exactly when both sides
// are (auto: when both fit the budget), else by paired Monte Carlo.
func RunPaired(ctx context.Context, a, b resolve.Plan, opts Options) (*Paired, error) {
	ra, err := TryExact(ctx, a, opts)
	if err != nil {
		return nil, err
	}
	if ra != nil {
		rb, err := TryExact(ctx, b, opts)
		switch {
		case err != nil:
			return nil, err
		case rb != nil:
			return &Paired{A: ra, B: rb, Exact: true, Stats: commonStats(a.Layout(), b.Layout())}, nil
		}
	}
	if opts.Trials <= 0 {
		return nil, errors.New("sim: trials must be positive")
	}
	p := newPaired(a.Layout(), b.Layout())
	done, next := int64(0), opts.Trials
	if opts.Precision > 0 {
		next = min(opts.Trials, 16*ChunkSize)
	}
	for {
		if err := p.run(ctx, a, b, opts, done, next); err != nil {
			return nil, err
		}
		done = next
		p.finish(a.Layout(), b.Layout(), done)
		if opts.Precision <= 0 || done >= opts.Trials {
			return p, nil
		}
		widest := 0.0
		for _, d := range Compare(a.Layout(), b.Layout(), p) {
			widest = max(widest, (d.Hi-d.Lo)/2)
		}
		if widest <= opts.Precision {
			return p, nil
		}
		// The half-width shrinks as 1/sqrt(n): ask for what that says,
		// 10% more, in whole chunks.
		need := int64(float64(done) * 1.1 * (widest / opts.Precision) * (widest / opts.Precision))
		next = min(opts.Trials, (need/ChunkSize+1)*ChunkSize)
	}
}

func newPaired(la, lb *resolve.Layout) *Paired {
	p := &Paired{A: &Histogram{How: "monte-carlo", Counts: make([]uint64, la.Cells)},
		B: &Histogram{How: "monte-carlo", Counts: make([]uint64, lb.Cells)}, Joint: make([]uint64, len(la.Outcomes)*len(lb.Outcomes))}
	p.Stats = commonStats(la, lb)
	p.DiffSq = make([]float64, len(p.Stats))
	return p
}

// commonStats are the numeric results both layouts have, in la's order.
func commonStats(la, lb *resolve.Layout) []string {
	var out []string
	for _, s := range la.Stats {
		if slices.Contains(lb.Stats, s) {
			out = append(out, s)
		}
	}
	return out
}

// finish sets the two results' probabilities after n trials.
func (p *Paired) finish(la, lb *resolve.Layout, n int64) {
	p.Trials = n
	for _, r := range []*Histogram{p.A, p.B} {
		r.Trials = n
		r.Prob = make([]float64, len(r.Counts))
		for i, c := range r.Counts {
			r.Prob[i] = float64(c) / float64(n)
		}
	}
}

// run adds trials [from, to) to p, chunk by chunk over the workers. The
// squared differences are summed per chunk and added in chunk order, so
// the result does not depend on the workers.
func (p *Paired) run(ctx context.Context, a, b resolve.Plan, opts Options, from, to int64) error {
	la, lb := a.Layout(), b.Layout()
	// Plans with the same dice (resolve.Shared: a duel and its variant
	// with other modifiers) need no reseeding a trial: the same trials are
	// both sides' exactly, run in batches on chunk streams.
	shared := sameDice(a, b)
	ia, ib := make([]int, len(p.Stats)), make([]int, len(p.Stats))
	for k, s := range p.Stats {
		ia[k], ib[k] = slices.Index(la.Stats, s), slices.Index(lb.Stats, s)
	}
	first, last := from/ChunkSize, (to+ChunkSize-1)/ChunkSize
	sq := make([][]float64, last-first)
	var next atomic.Int64
	next.Store(first)
	workers := max(1, opts.Workers)
	type hist struct{ a, b, joint []uint64 }
	hists := make([]hist, workers)
	g, ctx := errgroup.WithContext(ctx)
	for w := range workers {
		h := hist{make([]uint64, la.Cells), make([]uint64, lb.Cells), make([]uint64, len(p.Joint))}
		hists[w] = h
		nb := len(lb.Outcomes)
		g.Go(func() error {
			s := dice.New(opts.Seed, 0)
			var cells []uint64
			if shared {
				cells = make([]uint64, la.Cells)
			}
			// The common numeric results' values by cell, side by side.
			va, vb := make([][]float64, len(p.Stats)), make([][]float64, len(p.Stats))
			for x := range p.Stats {
				va[x], vb[x] = la.Values[ia[x]], lb.Values[ib[x]]
			}
			for {
				k := next.Add(1) - 1
				if k >= last {
					return nil
				}
				lo, hi := max(from, k*ChunkSize), min(to, (k+1)*ChunkSize)
				sums := make([]float64, len(p.Stats))
				if shared {
					// One batch of A's dice is B's too: read each cell
					// through both layouts.
					clear(cells)
					s.Reset(opts.Seed^pairedSalt, uint64(k))
					if err := runSlices(ctx, a, s, int(hi-lo), cells); err != nil {
						return err
					}
					readBoth(cells, la, lb, h.a, h.b, h.joint, va, vb, sums)
				} else {
					for t := lo; t < hi; t++ {
						if (t-lo)%checkEvery == 0 && ctx.Err() != nil {
							return ctx.Err()
						}
						s.ResetTrial(opts.Seed^pairedSalt, uint64(t))
						ca := a.Trial(s)
						s.ResetTrial(opts.Seed^pairedSalt, uint64(t)) // B starts from the same numbers
						cb := b.Trial(s)
						h.a[ca]++
						h.b[cb]++
						h.joint[la.Outcome[ca]*nb+lb.Outcome[cb]]++
						for x := range sums {
							d := vb[x][cb] - va[x][ca]
							sums[x] += d * d
						}
					}
				}
				sq[k-first] = sums
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
		for i, c := range h.a {
			p.A.Counts[i] += c
		}
		for i, c := range h.b {
			p.B.Counts[i] += c
		}
		for i, c := range h.joint {
			p.Joint[i] += c
		}
	}
	for _, sums := range sq {
		for x, v := range sums {
			p.DiffSq[x] += v
		}
	}
	return nil
}

// Compare lists B-A for every outcome either side has (by name, A's
// first) and every numeric result both have, with the paired 95%
// interval (normal approximation; exact answers have none).
func Compare(la, lb *resolve.Layout, p *Paired) []Diff {
	sa, sb := Summarize(la, p.A), Summarize(lb, p.B)
	names := slices.Clone(la.Outcomes)
	for _, o := range lb.Outcomes {
		if !slices.Contains(names, o) {
			names = append(names, o)
		}
	}
	prob := func(s Summary, name string) float64 {
		for _, o := range s.Outcomes {
			if o.Name == name {
				return o.P
			}
		}
		return 0
	}
	n := float64(p.Trials)
	var out []Diff
	for _, name := range names {
		d := Diff{Name: name, A: prob(sa, name), B: prob(sb, name)}
		d.D = d.B - d.A
		if p.Exact {
			d.Lo, d.Hi, d.Significant = d.D, d.D, math.Abs(d.D) > 1e-12
		} else {
			both := 0.0
			if i, j := slices.Index(la.Outcomes, name), slices.Index(lb.Outcomes, name); i >= 0 && j >= 0 {
				both = float64(p.Joint[i*len(lb.Outcomes)+j]) / n
			}
			// D is the mean of 1[B=o] - 1[A=o]: its variance from the joint.
			v := max(0, d.A+d.B-2*both-d.D*d.D)
			d.setInterval(v, n)
		}
		out = append(out, d)
	}
	for _, name := range p.Stats {
		d := Diff{Name: name, Mean: true}
		for _, s := range sa.Stats {
			if s.Name == name {
				d.A = s.Mean
			}
		}
		for _, s := range sb.Stats {
			if s.Name == name {
				d.B = s.Mean
			}
		}
		d.D = d.B - d.A
		if p.Exact {
			d.Lo, d.Hi, d.Significant = d.D, d.D, math.Abs(d.D) > 1e-12
		} else {
			k := slices.Index(p.Stats, name)
			d.setInterval(max(0, p.DiffSq[k]/n-d.D*d.D), n)
		}
		out = append(out, d)
	}
	return out
}

// setInterval sets the 95% interval of a mean difference with variance v
// per trial over n trials.
func (d *Diff) setInterval(v, n float64) {
	h := z * math.Sqrt(v/n)
	d.Lo, d.Hi = d.D-h, d.D+h
	d.Significant = d.Lo > 0 || d.Hi < 0
}
