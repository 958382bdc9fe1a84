package main

import (
	"context"

	"odds/cmd/internal/query"
	"odds/resolve"
	"odds/sim"
)

// runJobs compiles every point of every query first (query.CompileAll),
// so bad input fails before any trial runs, then runs them in order and
// writes the output.
func (a *app) runJobs(ctx context.Context, qs []*query.Query) error {
	opts, err := a.options()
	if err != nil {
		return err
	}
	if a.metric != "" {
		for _, q := range qs {
			if err := checkRoster(q, parseMetric(a.metric)); err != nil {
				return err
			}
		}
	}
	all, err := query.CompileAll(qs)
	if err != nil {
		return err
	}
	if err := a.checkBudget(len(all), &opts); err != nil {
		return err
	}
	switch {
	case a.shard.set:
		return a.runShard(ctx, all, opts)
	case a.merged != nil && len(all) != a.mergedCells:
		return usagef("merge shards of an unchanged command and files", "merge: the run now has %d results, its shards %d (did a file it reads change?)", len(all), a.mergedCells)
	}
	trials := int64(len(all)) * opts.Trials
	if opts.Precision > 0 {
		trials = -1
	}
	bar := a.newProgress(trials)
	opts.Progress = bar.add
	reports := make([]*report, len(all))
	results := make([]*sim.Result, len(all))
	plans := make([]resolve.Plan, len(all))
	for i, c := range all {
		plans[i] = c.Plan
	}
	share := sim.Share(plans)
	for i, c := range all {
		res, shared, err := a.resultShared(ctx, share, i, results, c.Plan, opts)
		if err != nil {
			bar.finish()
			return err
		}
		results[i] = res
		if res.Exact || shared {
			bar.add(opts.Trials) // done at once
		}
		q := c.Query
		r := newReport(q.System.Name, q.Action.Name, paramsOf(q.Action, c.Point), c.Plan, res, opts)
		r.Matchup, r.Notes, r.SharedDice = q.Matchup, q.Action.Notes, shared
		for _, role := range q.Action.Roles {
			if u := c.Point.Cards[role.Name]; u != nil {
				r.Cards = append(r.Cards, param{Name: role.Name, Value: u.Name})
			}
		}
		reports[i] = r
	}
	bar.finish()
	if a.plot == "" {
		return a.write(ctx, reports)
	}
	img, err := plotReports(reports, a.metric, a.plot)
	if err != nil {
		return err
	}
	if err := a.write(ctx, reports); err != nil {
		return err
	}
	return a.writePlot(img)
}

// checkBudget refuses a request of odds serve that could run more Monte
// Carlo trials than the server allows (cells times --trials; exact
// answers cost none). A precision target without trials gets the
// server's share a cell as its ceiling, not precisionCeiling, which no
// server allows (the request failed naming a --trials it never gave).
func (a *app) checkBudget(cells int, opts *sim.Options) error {
	if a.maxTrials <= 0 || opts.Method == sim.Exact {
		return nil
	}
	if opts.Precision > 0 && !a.trials.set {
		opts.Trials = max(1, min(opts.Trials, a.maxTrials/int64(cells)))
	}
	if total := int64(cells) * opts.Trials; total > a.maxTrials {
		return usagef("lower trials, sweep fewer values, or use method=exact",
			"--trials: %d results of %s trials is more than the %s trials this server runs for one request", cells, group(opts.Trials), group(a.maxTrials))
	}
	return nil
}

// mergedResult is cell i's result taken from merged shards.
func (a *app) mergedResult(i int, plan resolve.Plan) (*sim.Result, error) {
	res, ok := a.merged[i]
	if !ok {
		return nil, usagef("", "merge: no shard holds result %d", i+1)
	}
	if cells := plan.Layout().Cells; len(res.Prob) < cells && !res.Exact {
		res.Counts = append(res.Counts, make([]uint64, cells-len(res.Counts))...)
		res = sim.MCResult(res.Counts, res.Trials)
		res.Elapsed = a.merged[i].Elapsed
	}
	return res, nil
}

// paramsOf lists the values of a point in the action's parameter order,
// with where each came from.
func paramsOf(act *resolve.Action, c query.Point) []param {
	var ps []param
	for i := range act.Params {
		p := &act.Params[i]
		x, ok := c.Values[p.Name]
		if !ok {
			continue
		}
		ps = append(ps, param{Name: p.Name, Value: p.Display(x), Source: c.Sources[p.Name]})
	}
	return ps
}
