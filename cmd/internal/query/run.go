package query

import (
	"context"

	"odds/resolve"
	"odds/sim"
)

// Options are how Run runs the points of its queries.
type Options struct {
	Sim sim.Options
	// TrialsGiven says Sim.Trials was asked for, not a default: a
	// precision target without it gets the budget's share a point.
	TrialsGiven bool
	// MaxTrials bounds the Monte Carlo trials of one Run (points times
	// trials; exact answers cost none): odds serve's budget. 0: no bound.
	MaxTrials int64
	// Merged are the results of merged shards: Run then runs no trial
	// (odds merge).
	Merged *Merged
	// Start, if set, is told the trials the run will count on
	// Sim.Progress (-1: unknown, a precision target) before any runs.
	Start func(trials int64)
	// Check, if set, is called on each query before its points expand
	// (the CLI's --metric checks the roster's shape).
	Check func(*Query) error
}

// Begin tells Start, if set, the trials of runs runs of so: -1 under a
// precision target, where they are unknown.
func (o *Options) Begin(runs int64, so sim.Options) {
	if o.Start == nil {
		return
	}
	trials := runs * so.Trials
	if so.Precision > 0 {
		trials = -1
	}
	o.Start(trials)
}

// Run compiles every point of every query first (bad input fails before
// any trial runs), then runs them in order, points with the same dice
// once (sim.Share), and returns their results.
func Run(ctx context.Context, qs []*Query, opts Options) ([]*Result, error) {
	if opts.MaxTrials > 0 { // the server's budget, before anything compiles
		points := 0
		for _, q := range qs {
			points += q.Count(MaxStreamPoints)
		}
		if points > MaxStreamPoints {
			points = 0 // compiling refuses it, naming the flag
		}
		if err := CheckBudget(points, &sim.Options{Method: sim.Exact}, opts.MaxTrials, false); err != nil {
			return nil, err
		}
	}
	all, err := CompileChecked(ctx, qs, opts.Check)
	if err != nil {
		return nil, err
	}
	return RunCompiled(ctx, all, opts)
}

// CompileChecked is CompileAll with check called on each query first,
// in turn, as the CLI always did.
// It stops when ctx ends (checked between points) and refuses a run
// whose compiled tables outgrow MaxCompileBytes.
func CompileChecked(ctx context.Context, qs []*Query, check func(*Query) error) ([]Compiled, error) {
	mem := newCompileMemory()
	if check == nil {
		return compileAll(ctx, qs, mem)
	}
	var all []Compiled
	for _, q := range qs {
		if err := check(q); err != nil {
			return nil, err
		}
		cs, err := compileAll(ctx, []*Query{q}, mem)
		if err != nil {
			return nil, err
		}
		if len(all)+len(cs) > MaxPoints {
			return nil, errorf("", "run fewer matchups or smaller sweeps at once", "the run would have more than %d result cells", MaxPoints)
		}
		all = append(all, cs...)
	}
	return all, nil
}

// RunCompiled runs compiled points (see Run).
func RunCompiled(ctx context.Context, all []Compiled, opts Options) ([]*Result, error) {
	so := opts.Sim
	if err := CheckBudget(len(all), &so, opts.MaxTrials, opts.TrialsGiven); err != nil {
		return nil, err
	}
	if opts.Merged != nil && len(all) != opts.Merged.Points {
		return nil, errorf("", "merge shards of an unchanged command and files", "merge: the run now has %d results, its shards %d (did a file it reads change?)", len(all), opts.Merged.Points)
	}
	opts.Begin(int64(len(all)), so)
	rep := make([]*Result, len(all))
	// A sweep's results are carved from one slab (runPoints).
	err := runPoints(ctx, all, so, opts.Merged, make([]Result, len(all)), func(i int, r *Result) error {
		rep[i] = r
		return nil
	})
	if err != nil {
		return nil, err
	}
	return rep, nil
}

// runPoints runs compiled points in order, points with the same dice
// once (sim.Share), and gives each result to done as it is made, with
// its index in all. The results are carved from slab (len(all) of
// them): they read their parameters from their points' shared settings,
// and points that share a plan and its dice share a summary, so a point
// costs a few hundred bytes, not a few thousand in small pieces.
func runPoints(ctx context.Context, all []Compiled, so sim.Options, merged *Merged, slab []Result, done func(i int, r *Result) error) error {
	results := make([]*sim.Histogram, len(all))
	plans := make([]resolve.Plan, len(all))
	for i, c := range all {
		plans[i] = c.Plan
	}
	share := sim.Share(plans)
	type summaryKey struct {
		res  *sim.Histogram
		plan resolve.Plan
	}
	summaries := map[summaryKey]sim.Summary{}
	for i, c := range all {
		res, shared, err := resultShared(ctx, share, i, results, c.Plan, so, merged)
		if err != nil {
			return err
		}
		results[i] = res
		if (res.Exact || shared) && so.Progress != nil {
			so.Progress(so.Trials) // done at once
		}
		key := summaryKey{res, c.Plan}
		sum, ok := summaries[key]
		if !ok {
			sum = sim.Summarize(c.Plan.Layout(), res)
			if _, sharing := c.Plan.(resolve.Shared); sharing {
				summaries[key] = sum // others may read res through this plan
			}
		}
		r := &slab[i]
		*r = resultOf(c.Query.System.Name, c.Query.Action.Name, sum, res, so)
		r.setPoint(c.Query, c.Point, c.Plan, res)
		if shared {
			r.SharedDice, r.Elapsed = true, 0
		}
		if err := done(i, r); err != nil {
			return err
		}
	}
	return nil
}

// MaxBudgetPoints is the most results a run with a trial budget (odds
// serve's request) may have, exact or not; a variable so that tests may
// lower it.
var MaxBudgetPoints = 5_000

// CheckBudget refuses a run that could use more Monte Carlo trials than
// max allows (points times trials; exact answers cost none). A precision
// target without given trials gets max's share a point as its ceiling.
func CheckBudget(points int, opts *sim.Options, limit int64, trialsGiven bool) error {
	if limit <= 0 {
		return nil
	}
	// Exact answers run no trial but are work and output all the same:
	// a 99,372-point exact request was 169 MB of JSON with the server
	// at 1.3 GB. A budgeted run (the server's) has at most MaxBudgetPoints
	// results, whatever the method.
	if points > MaxBudgetPoints {
		return errorf("", "sweep fewer values at once",
			"%s results is more than the %s this server answers for one request", Group(int64(points)), Group(int64(MaxBudgetPoints)))
	}
	if opts.Method == sim.Exact {
		return nil
	}
	if opts.Precision > 0 && !trialsGiven {
		opts.Trials = max(1, min(opts.Trials, limit/int64(points)))
	}
	if total := int64(points) * opts.Trials; total > limit {
		return errorf("trials", "lower trials, sweep fewer values, or use method=exact",
			"%d results of %s trials is more than the %s trials this server runs for one request", points, Group(opts.Trials), Group(limit))
	}
	return nil
}

// resultShared is point i's result: run for its group of points with the
// same dice when it leads one (sim.Share), else the histogram its
// group's lead found (shared: its time is the lead's, not the point's);
// merged shards give theirs.
func resultShared(ctx context.Context, s sim.Sharing, i int, done []*sim.Histogram, plan resolve.Plan, opts sim.Options, merged *Merged) (res *sim.Histogram, shared bool, err error) {
	if merged != nil {
		res, err = merged.Result(i, plan)
		return res, false, err
	}
	if k := s.Lead[i]; k != i {
		return done[k], true, nil // read anew: the caller counts no time
	}
	res, err = sim.RunShared(ctx, plan, s.Others[i], opts)
	if err != nil {
		return nil, false, RunError(ctx, err)
	}
	return res, false, nil
}

// MaxRollRows is the most values (outcome rows) a roll may have: every
// value is a row of every format, and 100d10000's 999,901 rows were a
// 436 MB JSON document with a 2.5 GB peak, slow to stop.
const MaxRollRows = 100_000
