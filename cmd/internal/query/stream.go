package query

import (
	"context"

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

// Stream is a sweep whose results are made and given out a batch at a
// time (Each, Batches; Shapes without running them), never held
// together: one query, of one attack a point (no --until or --then
// chains), not merged.
type Stream struct {
	Query  *Query
	Points int
	g      *grid
	so     sim.Options
	opts   Options
}

// Streams reports whether a run of the queries with opts streams (see
// Stream) rather than being held (Run): a single query of more than
// StreamAbove points, of one attack a point, on a door without a trial
// budget (the server's). Past MaxStreamPoints it streams too: NewStream
// refuses it, naming the flag.
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
		plan, err := s.Query.compile(pt, pt.Values(), nil, onePlan)
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
// points, or when emit fails. It is Batches on one worker, a result at
// a time.
func (s *Stream) Each(ctx context.Context, emit func(*Result) error) error {
	s.opts.Begin(int64(s.Points), s.so)
	return eachBatch(ctx, s, 1, false, func(_ int, _ bool, rs []*Result, _ struct{}) (struct{}, error) {
		for _, r := range rs {
			if err := ctx.Err(); err != nil {
				return struct{}{}, err // a point that shares its dice runs nothing to stop
			}
			if err := emit(r); err != nil {
				return struct{}{}, err
			}
		}
		return struct{}{}, nil
	}, func(struct{}) error { return nil })
}

// Workers are the goroutines a stream's batches may run on: --workers.
func (s *Stream) Workers() int { return max(1, s.so.Workers) }
