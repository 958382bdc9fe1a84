package query

import (
	"context"
	"fmt"

	"golang.org/x/sync/errgroup"

	"odds/resolve"
	"odds/sim"
)

// A sweep of more than MaxPoints results is streamed (the command line's
// CSV and JSON): its points are made, compiled, run and written a batch
// at a time, so its memory is one batch's whatever its size, and nothing
// but the batch is held. Its cost is budgeted before it starts: points
// (MaxStreamPoints) and Monte Carlo trials (MaxStreamTrials).
const (
	// MaxStreamPoints bounds a streamed sweep: about 3 µs a point for an
	// exact opposed fire, 30 s on one core.
	MaxStreamPoints = 10_000_000
	// MaxStreamTrials bounds a streamed run's Monte Carlo trials (points
	// times trials, estimated), what a run of MaxPoints results at the
	// default million trials could count: minutes, not days.
	MaxStreamTrials int64 = 100_000_000_000
	// streamBatch is how many points are compiled, share their dice
	// (sim.Share), run and written together: an opposed sweep's
	// thousand points roll a few dozen duels, and are 1.7 MB of JSON.
	streamBatch = 1024
	// streamBatchBytes is the most compiled tables a batch holds: a batch
	// of costly points (symbol fire's tables) runs before it is full.
	streamBatchBytes = 64 << 20
	// streamProbes is how many points, spread over the sweep, are tried
	// first under the auto method to estimate its Monte Carlo trials.
	streamProbes = 8
)

// StreamAbove is the most results a run holds together: a door that
// can stream (Streams) streams a larger one. A variable so that tests
// may lower it.
var StreamAbove = MaxPoints

// Stream is a sweep whose results are made and given out one at a time
// (Each), never held together: one query, of one attack a point (no
// --until or --then chains), not merged.
type Stream struct {
	Query  *Query
	Points int
	g      *grid
	so     sim.Options
	opts   Options
}

// Streams reports whether a run of the queries with opts streams (see
// Stream) rather than being held (Run): a single query of more than
// StreamAbove points, of one attack a point, its count within
// MaxStreamPoints or not yet known to be.
func Streams(qs []*Query, opts Options) bool {
	if len(qs) != 1 || qs[0].Until != nil || qs[0].Then != nil || opts.Merged != nil || opts.MaxTrials > 0 {
		return false
	}
	return qs[0].Count(MaxStreamPoints) > StreamAbove
}

// NewStream checks a streamed sweep of q and estimates its cost before
// anything runs: its points (at most MaxStreamPoints), and under the
// auto method the share of them that Monte Carlo would answer, tried on
// a few points spread over the sweep, times their trials (at most
// MaxStreamTrials). Each then runs it.
func NewStream(ctx context.Context, q *Query, opts Options) (*Stream, error) {
	if q.Until != nil || q.Then != nil {
		return nil, errorf("", "sweep fewer values at once", "repeated attacks over more than %s results are not streamed", Group(int64(StreamAbove)))
	}
	g, err := q.newGrid(MaxStreamPoints)
	if err != nil {
		return nil, err
	}
	s := &Stream{Query: q, Points: g.points(), g: g, so: opts.Sim, opts: opts}
	if err := CheckBudget(s.Points, &s.so, opts.MaxTrials, opts.TrialsGiven); err != nil {
		return nil, err
	}
	if opts.Check != nil {
		if err := opts.Check(q); err != nil {
			return nil, err
		}
	}
	mc, err := s.probe(ctx)
	if err != nil {
		return nil, err
	}
	trials := s.so.Trials
	if est := int64(float64(s.Points) * mc); mc > 0 && est > MaxStreamTrials/trials {
		return nil, errorf("trials", "lower --trials, sweep fewer values, or use --method exact",
			"about %s results by monte carlo of %s trials each is more than the %s trials one run may count",
			Group(max(est, 1)), Group(trials), Group(MaxStreamTrials))
	}
	return s, nil
}

// probe is the share of the stream's points that Monte Carlo would
// answer: all with --method mc, none with exact, and under auto the
// share of streamProbes points spread evenly over the sweep (the first
// and the last among them) whose exact answer auto declines.
func (s *Stream) probe(ctx context.Context) (float64, error) {
	switch s.so.Method {
	case sim.MC:
		return 1, nil
	case sim.Exact:
		return 0, nil
	}
	m := min(streamProbes, s.Points)
	mc := 0
	for k := range m {
		i := 0
		if m > 1 {
			i = k * (s.Points - 1) / (m - 1)
		}
		pt, err := s.g.pointAt(i)
		if err != nil {
			return 0, err
		}
		plan, err := s.Query.compile(pt, pt.Values(), nil, nil)
		if err != nil {
			return 0, err
		}
		res, err := sim.TryExact(ctx, plan, s.so)
		if err != nil {
			return 0, RunError(ctx, err)
		}
		mc += resolve.B2I(res == nil)
	}
	return float64(mc) / float64(m), nil
}

// Each runs the stream's points in order, a batch at a time (the points
// of a batch with the same dice once, sim.Share), and calls emit with
// each result as it is made: the result is emit's only during the call
// (the next batch reuses it). It stops when ctx ends, checked between
// points, or when emit fails.
func (s *Stream) Each(ctx context.Context, emit func(*Result) error) error {
	s.opts.start(int64(s.Points), s.so)
	b := s.newBatcher()
	pts := make([]Point, 0, min(streamBatch, s.Points))
	give := func(rs []*Result) error {
		for _, r := range rs {
			if err := ctx.Err(); err != nil {
				return err // a point that shares its dice runs nothing to stop
			}
			if err := emit(r); err != nil {
				return err
			}
		}
		return nil
	}
	err := s.g.eachPoint(func(pt Point, _ int) error {
		if pts = append(pts, pt); len(pts) < cap(pts) {
			return nil
		}
		err := b.run(ctx, pts, give)
		pts = pts[:0]
		return err
	})
	if err == nil && len(pts) > 0 {
		err = b.run(ctx, pts, give)
	}
	if err != nil && ctx.Err() != nil {
		return ctx.Err()
	}
	return err
}

// Batches runs the stream's points as Each does, up to workers batches
// at once: each batch's results are given to render on the goroutine
// that ran them (worker, 0 to workers-1, names its scratch; first: the
// batch holds the stream's first point), which appends them as bytes to
// buf, and write is given each batch's bytes in order. A batch a worker
// and a batch a worker waiting to be written are in flight, their
// buffers reused, so memory stays flat.
func (s *Stream) Batches(ctx context.Context, workers int, render func(worker int, first bool, rs []*Result, buf []byte) ([]byte, error), write func([]byte) error) error {
	workers = max(1, min(workers, (s.Points+streamBatch-1)/streamBatch))
	s.opts.start(int64(s.Points), s.so)
	type job struct {
		first bool
		pts   []Point
		out   chan []byte // the batch's bytes, once rendered
	}
	g, gctx := errgroup.WithContext(ctx)
	jobs := make(chan *job)           // to the workers
	order := make(chan *job, workers) // to the writer, in order
	free := make(chan []byte, workers+1)
	g.Go(func() error { // make the points
		defer close(jobs)
		defer close(order)
		pts := make([]Point, 0, min(streamBatch, s.Points))
		first := true
		send := func() error {
			j := &job{first: first, pts: pts, out: make(chan []byte, 1)}
			first = false
			select {
			case order <- j:
			case <-gctx.Done():
				return gctx.Err()
			}
			select {
			case jobs <- j:
			case <-gctx.Done():
				return gctx.Err()
			}
			pts = make([]Point, 0, cap(pts))
			return nil
		}
		err := s.g.eachPoint(func(pt Point, _ int) error {
			if err := gctx.Err(); err != nil {
				return err
			}
			if pts = append(pts, pt); len(pts) < cap(pts) {
				return nil
			}
			return send()
		})
		if err == nil && len(pts) > 0 {
			err = send()
		}
		return err
	})
	for w := range workers {
		g.Go(func() error {
			b := s.newBatcher()
			if workers > 1 {
				b.so.Workers = 1 // the batches share the cores (the figures are the same for any workers)
			}
			for j := range jobs {
				var buf []byte
				select {
				case buf = <-free:
				default:
				}
				buf = buf[:0]
				err := b.run(gctx, j.pts, func(rs []*Result) error {
					if err := gctx.Err(); err != nil {
						return err
					}
					var err error
					buf, err = render(w, j.first, rs, buf)
					j.first = false
					return err
				})
				if err != nil {
					return err
				}
				j.out <- buf
			}
			return nil
		})
	}
	g.Go(func() error { // write the batches in order
		for j := range order {
			select {
			case buf := <-j.out:
				if err := write(buf); err != nil {
					return err
				}
				select {
				case free <- buf:
				default:
				}
			case <-gctx.Done():
				return gctx.Err()
			}
		}
		return nil
	})
	err := g.Wait()
	if err != nil && ctx.Err() != nil {
		return ctx.Err()
	}
	return err
}

// batcher compiles and runs the points of a stream's batches, one batch
// after another on one goroutine.
type batcher struct {
	s     *Stream
	so    sim.Options
	mem   *compileMemory
	vals  resolve.Values
	batch []Compiled
	slab  []Result
	rs    []*Result
}

func (s *Stream) newBatcher() *batcher {
	n := min(streamBatch, s.Points)
	return &batcher{s: s, so: s.so, mem: newCompileMemory(), vals: resolve.Values{}, batch: make([]Compiled, 0, n), slab: make([]Result, n), rs: make([]*Result, 0, n)}
}

// run compiles and runs pts, the points of a batch in order, and gives
// done their results: all at once, or a part at a time where their
// compiled tables pass streamBatchBytes. The results are done's only
// during the call.
func (b *batcher) run(ctx context.Context, pts []Point, done func([]*Result) error) error {
	held := int64(0) // the part's compiled tables (planBytes)
	flush := func() error {
		b.rs = b.rs[:0]
		err := runPoints(ctx, b.batch, b.so, nil, b.slab, func(_ int, r *Result) error {
			b.rs = append(b.rs, r)
			return nil
		})
		clear(b.batch) // hold no plan once run
		b.batch, held = b.batch[:0], 0
		if err == nil {
			err = done(b.rs)
		}
		return err
	}
	clear(b.vals)
	var prev []*Setting
	for i, pt := range pts {
		if err := ctx.Err(); err != nil {
			return err
		}
		pt.fill(b.vals, prev)
		prev = pt.Set
		plan, err := b.s.Query.compile(pt, b.vals, nil, nil)
		if err != nil {
			return err
		}
		b.batch = append(b.batch, Compiled{b.s.Query, pt, plan})
		size := planBytes(plan)
		held += size
		// The heap is measured now and then, and after every large plan:
		// what the estimate cannot see.
		if (i+1)%256 == 0 || size > 1<<20 {
			if err := b.mem.check(len(b.batch)); err != nil {
				return err
			}
		}
		if held >= streamBatchBytes {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	if len(b.batch) > 0 {
		return flush()
	}
	return nil
}

// Shape calls f with each point's result as it will be, in order,
// without running it: its inputs and its summary's shape (sim.Shape, no
// figures). A CSV's columns are the union of every result's, known only
// once each point is compiled: this pass compiles them and keeps
// nothing.
func (s *Stream) Shape(ctx context.Context, f func(*Result) error) error {
	shapes := map[*resolve.Layout]sim.Summary{}
	vals := resolve.Values{}
	var prev []*Setting
	var r Result
	return s.g.eachPoint(func(pt Point, _ int) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		pt.fill(vals, prev)
		prev = pt.Set
		plan, err := s.Query.compile(pt, vals, nil, nil)
		if err != nil {
			return err
		}
		l := plan.Layout()
		sum, ok := shapes[l]
		if !ok {
			sum = sim.Shape(l)
			if len(shapes) < 1<<12 {
				shapes[l] = sum
			}
		}
		r = Result{System: s.Query.System.Name, Action: s.Query.Action.Name, Summary: sum}
		r.setPoint(s.Query, pt, plan, nil)
		return f(&r)
	})
}

// Workers are the goroutines a stream's batches may run on: --workers.
func (s *Stream) Workers() int { return max(1, s.so.Workers) }

// String is the stream's size, for messages.
func (s *Stream) String() string { return fmt.Sprintf("%s results", Group(int64(s.Points))) }
