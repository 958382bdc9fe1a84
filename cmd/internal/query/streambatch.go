package query

import (
	"context"

	"golang.org/x/sync/errgroup"

	"odds/resolve"
	"odds/sim"
)

// Batches runs the stream's points as Each does, up to workers batches
// at once: each batch's results are given to render on the goroutine
// that ran them (worker, 0 to workers-1, names its scratch; first: the
// batch holds the stream's first point), which appends them as bytes to
// buf, and write is given each batch's bytes in order. A batch a worker
// and a batch a worker waiting to be written are in flight, their
// buffers reused, so memory stays flat.
func (s *Stream) Batches(ctx context.Context, workers int, render func(worker int, first bool, rs []*Result, buf []byte) ([]byte, error), write func([]byte) error) error {
	s.opts.Begin(int64(s.Points), s.so)
	return eachBatch(ctx, s, workers, false, func(worker int, first bool, rs []*Result, buf []byte) ([]byte, error) {
		return render(worker, first, rs, buf[:0])
	}, write)
}

// Shapes gives, as Batches does, each batch's results as they will be,
// without running them: their inputs and their summaries' shapes
// (sim.Shape, no figures). A CSV's columns are the union of every
// result's, known only once each point is compiled: this pass compiles
// them, on workers goroutines, and keeps nothing. render's acc is
// its last batch's, once written, or the zero T.
func Shapes[T any](ctx context.Context, s *Stream, workers int, render func(worker int, rs []*Result, acc T) (T, error), write func(T) error) error {
	return eachBatch(ctx, s, workers, true, func(worker int, _ bool, rs []*Result, acc T) (T, error) {
		return render(worker, rs, acc)
	}, write)
}

// eachBatch is Batches (dry: Shapes) of values of any type.
func eachBatch[T any](ctx context.Context, s *Stream, workers int, dry bool, render func(worker int, first bool, rs []*Result, acc T) (T, error), write func(T) error) error {
	workers = max(1, min(workers, (s.Points+streamBatch-1)/streamBatch))
	type job struct {
		first bool
		pts   []Point
		out   chan T // the batch's rendering
	}
	g, gctx := errgroup.WithContext(ctx)
	jobs := make(chan *job)           // to the workers
	order := make(chan *job, workers) // to the writer, in order
	free := make(chan T, workers+1)
	g.Go(func() error { // make the points
		defer close(jobs)
		defer close(order)
		pts := make([]Point, 0, min(streamBatch, s.Points))
		first := true
		send := func() error {
			j := &job{first: first, pts: pts, out: make(chan T, 1)}
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
			b.dry = dry
			if workers > 1 {
				b.so.Workers = 1 // the batches share the cores (the figures are the same for any workers)
			}
			for j := range jobs {
				var buf T
				select {
				case buf = <-free:
				default:
				}
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
	s      *Stream
	so     sim.Options
	dry    bool // compile only: the results' shapes (Shapes)
	shapes map[*resolve.Layout]sim.Summary
	mem    *compileMemory
	vals   resolve.Values
	batch  []Compiled
	slab   []Result
	rs     []*Result
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
	b.rs = b.rs[:0]
	var prev []*Setting
	for i, pt := range pts {
		if err := ctx.Err(); err != nil {
			return err
		}
		pt.fill(b.vals, prev)
		prev = pt.Set
		plan, err := b.s.Query.compile(pt, b.vals, nil, onePlan)
		if err != nil {
			return err
		}
		if b.dry {
			b.rs = append(b.rs, b.shape(pt, plan, &b.slab[len(b.rs)]))
			continue
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
	if b.dry {
		return done(b.rs)
	}
	if len(b.batch) > 0 {
		return flush()
	}
	return nil
}

// shape makes r the result of pt's plan as it will be, without figures.
func (b *batcher) shape(pt Point, plan resolve.Plan, r *Result) *Result {
	l := plan.Layout()
	sum, ok := b.shapes[l]
	if !ok {
		sum = sim.Shape(l)
		if b.shapes == nil {
			b.shapes = map[*resolve.Layout]sim.Summary{}
		}
		if len(b.shapes) < 1<<12 {
			b.shapes[l] = sum
		}
	}
	*r = Result{System: b.s.Query.System.Name, Action: b.s.Query.Action.Name, Summary: sum}
	r.setPoint(b.s.Query, pt, plan, nil)
	return r
}

// onePlan refuses, before it compiles, a streamed point whose tables
// (resolve.Action.Bytes) would pass MaxCompileBytes alone: a batch runs
// before its tables pass streamBatchBytes, so only a single point can.
func onePlan(bytes int64) error {
	if bytes > MaxCompileBytes {
		return errorf("", "sweep fewer values or roll smaller pools at once",
			"a point would hold about %s MB of compiled tables, more than the %s MB one run may use", Group(bytes>>20), Group(MaxCompileBytes>>20))
	}
	return nil
}
