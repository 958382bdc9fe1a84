package main

import (
	"context"
	"fmt"
	"maps"

	"odds/profiles"
	"odds/resolve"
	"odds/sim"
)

// job is one action to run: its cards by role and the values given for
// its parameters (by flag or by a matchup's set), which may sweep.
type job struct {
	sys     *resolve.System
	act     *resolve.Action
	cards   map[string][]*profiles.Unit // by role: several make a grid dimension (a roster)
	given   map[string][]resolve.Value  // by parameter
	givenBy string                      // "flag" or "matchup NAME"
	env     *resolve.Env                // profile data the action reads (dice, tables)
	matchup string
}

// cell is one grid cell of a job: its cards, every parameter's value and
// where it came from ("default", "flag", "attacker card rifle-section", …).
type cell struct {
	cards   map[string]*profiles.Unit // by role
	values  resolve.Values
	sources map[string]string
}

// cardCombos are the job's cards, one per role, in every combination: the
// first role varies slowest.
func (j *job) cardCombos() []map[string]*profiles.Unit {
	combos := []map[string]*profiles.Unit{{}}
	for _, r := range j.act.Roles {
		us := j.cards[r.Name]
		if len(us) == 0 {
			continue
		}
		combos = crossWith(combos, r.Name, us)
	}
	return combos
}

// crossWith is every map of grid with key set to each of vals in turn:
// one more dimension of a grid, varying fastest.
func crossWith[M ~map[string]V, V any](grid []M, key string, vals []V) []M {
	next := make([]M, 0, len(grid)*len(vals))
	for _, g := range grid {
		for _, v := range vals {
			m := maps.Clone(g)
			if m == nil {
				m = M{}
			}
			m[key] = v
			next = append(next, m)
		}
	}
	return next
}

// cells resolves a job's parameters, lowest precedence first: defaults,
// then cards, then given values; several given values make a grid, the
// first parameter varying slowest. Cards are read per cell, with that
// cell's given values (fire's --target chooses what a card fires).
func (j *job) cells() ([]cell, error) {
	combos := j.cardCombos()
	grid := []resolve.Values{{}}
	for _, p := range j.act.Params {
		vals, ok := j.given[p.Name]
		if !ok {
			continue
		}
		if len(combos)*len(grid)*len(vals) > maxCells {
			return nil, usagef("sweep fewer values at once", "--%s: the grid would have more than %d cells", p.Name, maxCells)
		}
		grid = crossWith(grid, p.Name, vals)
	}
	if len(combos)*len(grid) > maxCells {
		return nil, usagef("name fewer cards at once", "the roster would have more than %d cells", maxCells)
	}
	cells := make([]cell, 0, len(combos)*len(grid))
	for _, cards := range combos {
		for _, given := range grid {
			c := cell{cards: cards, values: j.act.Defaults(), sources: map[string]string{}}
			for k := range c.values {
				c.sources[k] = "default"
			}
			if err := j.fillCards(c, given); err != nil {
				return nil, err
			}
			for k, v := range given {
				c.values[k], c.sources[k] = v, j.givenBy
			}
			cells = append(cells, c)
		}
	}
	return cells, nil
}

// fillCards sets the values the job's cards give for one cell.
func (j *job) fillCards(c cell, given resolve.Values) error {
	if len(c.cards) == 0 || j.act.FromCards == nil {
		return nil
	}
	cards := resolve.Cards{}
	for role, u := range c.cards {
		card := j.sys.CardArgs(u.Stats)
		cards[role] = &card
	}
	fills, err := j.act.FromCards(cards, j.act.Args(given, j.env))
	if err != nil {
		return &usageError{err: err}
	}
	// A given parameter of a group (fire's --hesa or --ap) sets the mode:
	// cards then fill neither.
	overridden := map[string]bool{}
	for name := range given {
		if g := j.act.Param(name).Group; g != "" {
			overridden[g] = true
		}
	}
	for _, f := range fills {
		if overridden[j.act.Param(f.Param).Group] {
			continue
		}
		c.values[f.Param] = f.Value
		c.sources[f.Param] = f.Role + " card " + c.cards[f.Role].Name
	}
	return nil
}

// maxCells bounds a sweep.
const maxCells = 100_000

// runJobs compiles every cell of every job first, so bad input fails
// before any trial runs, then runs them in order and writes the output.
func (a *app) runJobs(ctx context.Context, jobs []*job) error {
	opts, err := a.options()
	if err != nil {
		return err
	}
	var all []compiledCell
	total := 0
	for _, j := range jobs {
		if a.metric != "" {
			if err := checkRoster(j, parseMetric(a.metric)); err != nil {
				return err
			}
		}
		cells, err := j.cells()
		if err != nil {
			return err
		}
		// The bound holds for the whole run, not per matchup: a file of
		// many large sweeps is as much work as one sweep of their total.
		if total += len(cells); total > maxCells {
			return usagef("run fewer matchups or smaller sweeps at once", "the run would have more than %d result cells", maxCells)
		}
		for _, c := range cells {
			plan, err := j.act.Compile(j.act.Args(c.values, j.env))
			if err != nil {
				if j.matchup != "" {
					err = fmt.Errorf("matchup %s: %w", j.matchup, err)
				}
				return &usageError{err: err}
			}
			all = append(all, compiledCell{j, c, plan})
		}
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
		plans[i] = c.plan
	}
	share := sim.Share(plans)
	for i, c := range all {
		res, shared, err := a.resultShared(ctx, share, i, results, c.plan, opts)
		if err != nil {
			bar.finish()
			return err
		}
		results[i] = res
		if res.Exact || shared {
			bar.add(opts.Trials) // done at once
		}
		r := newReport(c.j.sys.Name, c.j.act.Name, paramsOf(c.j.act, c.c), c.plan, res, opts)
		r.Matchup, r.Notes, r.SharedDice = c.j.matchup, c.j.act.Notes, shared
		for _, role := range c.j.act.Roles {
			if u := c.c.cards[role.Name]; u != nil {
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

// compiledCell is one cell of a job, compiled.
type compiledCell struct {
	j    *job
	c    cell
	plan resolve.Plan
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

// paramsOf lists the values of a cell in the action's parameter order,
// with where each came from.
func paramsOf(act *resolve.Action, c cell) []param {
	var ps []param
	for i := range act.Params {
		p := &act.Params[i]
		x, ok := c.values[p.Name]
		if !ok {
			continue
		}
		ps = append(ps, param{Name: p.Name, Value: p.Display(x), Source: c.sources[p.Name]})
	}
	return ps
}
