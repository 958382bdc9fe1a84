package query

import (
	"context"
	"math"
	"slices"
	"strconv"

	"odds/profiles"
	"odds/resolve"
	"odds/sim"
)

// --sensitivity [METRIC]: what each modifier changes. At every point of
// the query each boolean flag is toggled, each numeric flag moved one
// step down and one up (within its bounds) and each choice set to each
// of its other choices, one change at a time; each change is run against
// the point on common random numbers (sim.RunPaired: the same seed for
// both sides), so its difference carries the paired 95% interval by
// Monte Carlo and is exact when both sides are. Flags that are absent
// (an optional flag not given, fire's --ap beside --hesa), dice pools,
// names from data and numeric flags written as several terms (rof's
// --rof 4+2) are not changed. A change the rules refuse at this point
// (--over-half-range with --hesa) is listed, with why, after the rest.

// Change is one flag changed at one point, and what it does to the
// metric.
type Change struct {
	Param       string
	From, To    string  // the flag's value at the point, and changed
	A, B, D     float64 // the metric at the point, changed, and B-A
	Lo, Hi      float64 // B-A's 95% interval (exact: D, D)
	Significant bool    // the interval excludes 0 (exact: D != 0)
	Skipped     string  // the rules refuse the change here: why
}

// Sensitivity is the changes at one point, the largest |B-A| first.
type Sensitivity struct {
	Base    *Result // the point's own result
	Metric  Metric
	Exact   bool  // every change exact
	Trials  int64 // Monte Carlo trials per side of each change (0 exact)
	Changes []Change
}

// changes are the one-flag changes of a point's values, in the action's
// parameter order.
func changes(act *resolve.Action, v resolve.Values) []Change {
	var out []Change
	for i := range act.Params {
		p := &act.Params[i]
		x, ok := v[p.Name]
		if !ok {
			continue
		}
		from := p.Format(x)
		switch p.Kind {
		case resolve.Bool:
			out = append(out, Change{Param: p.Name, From: from, To: strconv.FormatBool(x.N == 0)})
		case resolve.Int:
			if len(x.Terms) > 1 {
				continue
			}
			for _, n := range []int{x.N - 1, x.N + 1} {
				if n >= p.Min && n <= p.Max {
					out = append(out, Change{Param: p.Name, From: from, To: strconv.Itoa(n)})
				}
			}
		case resolve.Choice:
			for k, c := range p.Choices {
				if k != x.N {
					out = append(out, Change{Param: p.Name, From: from, To: c})
				}
			}
		}
	}
	return out
}

// fixed is q at one of its points: that point's cards, and its values
// given by flag (or matchup) as given, one each. A change given on top
// of it is read as the flag given: cards fill the rest anew (a card's
// dice can depend on --range), and a given flag overrides the card.
func (q *Query) fixed(pt Point) *Query {
	f := *q
	f.Cards = map[string][]*profiles.Unit{}
	for role, u := range pt.Cards {
		f.Cards[role] = []*profiles.Unit{u}
	}
	f.Values = map[string][]resolve.Value{}
	vals := pt.Values()
	for name := range q.Values {
		f.Values[name] = []resolve.Value{vals[name]}
	}
	return &f
}

// variant is the plan of point pt with change c given.
func (q *Query) variant(pt Point, c Change) (resolve.Plan, error) {
	v := q.fixed(pt)
	vals, err := resolve.ParseValues(q.Action.Param(c.Param), c.To)
	if err != nil {
		return nil, err
	}
	v.Values[c.Param] = vals
	pts, err := v.Points()
	if err != nil {
		return nil, err
	}
	return v.Compile(pts[0])
}

// Sensitivities answers --sensitivity at every point of q; metric ""
// is each point's headline outcome (resolve.Action.Headline).
//
// Its work is known before any runs: every point's changes, each run
// paired against the point. The points are compiled first under the
// run's memory bound (bad input fails before a trial runs); a change's
// plan is compiled only when its turn comes and dropped after its run,
// so the memory held is the points' plans and one change's, estimated
// before the first runs; ctx is looked at between changes.
func Sensitivities(ctx context.Context, q *Query, metric string, opts Options) ([]*Sensitivity, error) {
	points, err := q.Points()
	if err != nil {
		return nil, err
	}
	type job struct {
		pt   Point
		plan resolve.Plan
		m    Metric
		cs   []Change
	}
	jobs := make([]job, len(points))
	total := 0
	for i, pt := range points {
		jobs[i] = job{pt: pt, cs: changes(q.Action, pt.Values())}
		if total += len(jobs[i].cs); total > MaxPoints {
			return nil, errorf("sensitivity", "sweep fewer values at once", "the run would compare more than %d changes", MaxPoints)
		}
	}
	so := opts.Sim
	if err := CheckBudget(2*max(total, len(jobs)), &so, opts.MaxTrials, opts.TrialsGiven); err != nil {
		return nil, err
	}
	mem := newCompileMemory()
	largest := int64(0)
	err = mem.points(ctx, len(jobs), 0, func(i int) (resolve.Plan, error) {
		j := &jobs[i]
		plan, err := q.compile(j.pt, j.pt.Values(), nil, mem.expect)
		if err != nil {
			return nil, err
		}
		j.plan = plan
		if metric != "" { // else the headline, once the point's odds are known
			j.m = ParseMetric(metric)
			if err := j.m.check("sensitivity", plan.Layout()); err != nil {
				return nil, err
			}
		}
		largest = max(largest, planBytes(plan))
		return plan, nil
	})
	if err != nil {
		return nil, err
	}
	if err := mem.room(largest, len(jobs)); err != nil {
		return nil, err // no room for one change's plan beside the points'
	}
	opts.Begin(2*int64(max(total, len(jobs))), so)
	var out []*Sensitivity
	for _, j := range jobs {
		s := &Sensitivity{Exact: true}
		var base *sim.Histogram
		pick := func(res *sim.Histogram) {
			if base == nil && j.m.Name == "" {
				j.m = Metric{Name: headline(q.Action, j.plan.Layout(), res)}
			}
		}
		for k := range j.cs {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			c := &j.cs[k]
			b, err := q.variant(j.pt, *c)
			if err != nil {
				c.Skipped = err.Error()
				continue
			}
			res, err := sim.RunPaired(ctx, j.plan, b, so)
			if err != nil {
				return nil, RunError(ctx, err)
			}
			pick(res.A)
			if base == nil {
				base = res.A
			}
			if !res.Exact {
				s.Exact, s.Trials = false, res.Trials
			}
			diffs := sim.Compare(j.plan.Layout(), b.Layout(), res)
			i := slices.IndexFunc(diffs, func(d sim.Diff) bool {
				return d.Name == j.m.Name && d.Mean == j.m.Mean
			})
			if i < 0 {
				c.Skipped = "the changed action has no " + j.m.Label()
				continue
			}
			d := diffs[i]
			c.A, c.B, c.D, c.Lo, c.Hi, c.Significant = d.A, d.B, d.D, d.Lo, d.Hi, d.Significant
		}
		if base == nil { // nothing to change: the point alone
			res, err := sim.Run(ctx, j.plan, so)
			if err != nil {
				return nil, RunError(ctx, err)
			}
			pick(res)
			base = res
			s.Exact = res.Exact
		}
		s.Metric = j.m
		s.Base = PointResult(q, j.pt, j.plan, base, so)
		s.Changes = sortChanges(j.cs)
		out = append(out, s)
	}
	return out, nil
}

// headline is the action's headline outcome (resolve.Action.HeadlineOf)
// at a point whose odds are res.
func headline(act *resolve.Action, l *resolve.Layout, res *sim.Histogram) string {
	sum := sim.Summarize(l, res)
	p := make([]float64, len(sum.Outcomes))
	for i, o := range sum.Outcomes {
		p[i] = o.P
	}
	return act.HeadlineOf(l.Outcomes, p)
}

// sortChanges orders changes by |B-A|, the largest first (ties in the
// action's order), the refused ones last.
func sortChanges(cs []Change) []Change {
	slices.SortStableFunc(cs, func(x, y Change) int {
		switch {
		case (x.Skipped != "") != (y.Skipped != ""):
			if x.Skipped != "" {
				return 1
			}
			return -1
		}
		ax, ay := math.Abs(x.D), math.Abs(y.D)
		if math.Abs(ax-ay) < 1e-12 {
			return 0
		}
		if ax > ay {
			return -1
		}
		return 1
	})
	return cs
}
