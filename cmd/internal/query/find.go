package query

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	"odds/resolve"
)

// --find 'OUTCOME>=P' --vary FLAG: the value of one numeric flag at
// which a condition starts to hold. Find runs the query with FLAG swept
// over all its bounds (one sweep: the points share their dice where the
// plans can, as any sweep's do) and reads the answer off the scan at
// each point of the rest of the query: no monotonicity is assumed, the
// whole bounded range is scanned, and whether the figure is monotone is
// reported, not relied on.
//
// The answer is the first value at which the condition holds, walking
// the range from the end where it is furthest from holding: for >= from
// the end with the lower figure, for <= from the end with the higher. For
// a figure that grows with the flag that is the smallest value for >= and
// the largest for <= (the reading); for one that falls with it
// (--vary def) the largest for >= and the smallest for <=, the value a
// reader asks for ("what Def makes this 50/50?"). By Monte Carlo a value
// holds only when its 95% interval is wholly on the holding side; a
// neighbour whose interval straddles the threshold makes the answer not
// sure (Found.Sure false), and is shown, never hidden.

// FindSpec is a find question: the condition and the flag to vary.
type FindSpec struct {
	Cond Condition
	Vary string
}

// ParseFind checks --find and --vary against the query's action and its
// given values: vary must be an integer flag of the action, not given
// (a sweep or one value: --vary scans it itself).
func ParseFind(q *Query, find, vary string) (FindSpec, error) {
	var fs FindSpec
	if strings.TrimSpace(vary) == "" {
		return fs, errorf("vary", "for example --find 'out-of-action>=0.5' --vary hesa", "--find needs --vary FLAG: the numeric flag to scan")
	}
	c, err := ParseCondition(find)
	if err != nil {
		return fs, err
	}
	act := q.Action
	p := act.Param(vary)
	if p == nil {
		return fs, errorf("vary", fmt.Sprintf("'odds %s %s --help' lists the flags", q.System.Name, act.Name), "%s %s has no flag --%s", q.System.Name, act.Name, vary)
	}
	if p.Kind != resolve.Int {
		return fs, errorf("vary", "vary a numeric flag; a boolean or choice is a sweep (--"+vary+"=both) or --sensitivity", "--%s is not numeric", vary)
	}
	if vals := q.Values[vary]; len(vals) > 0 {
		how := "given"
		if len(vals) > 1 {
			how = "given as a sweep"
		}
		return fs, errorf("vary", "drop --"+vary+": --vary scans it over its bounds", "--%s is also %s", vary, how)
	}
	return FindSpec{Cond: c, Vary: vary}, nil
}

// Scan is one value of the varied flag: its result and the condition's
// verdict there, or why it does not apply (the value does not compile at
// this point).
type Scan struct {
	Value     int
	X, Lo, Hi float64 // the metric and its 95% interval
	Verdict   Verdict
	Result    *Result
	Skipped   string // the value does not apply here: the error
}

// Found is the answer at one point of the rest of the query.
type Found struct {
	Spec   FindSpec
	Cards  []Input // the point's cards and parameters, the varied flag left out
	Params []Input
	Scan   []Scan // every value of the flag's bounds, in increasing order
	At     int    // index into Scan of the answer; -1: none in range
	Before int    // the value walked just before At (failing, or unsure); -1 if At is the walk's first
	Sure   bool   // no value walked before At is unsure (always, exact)
	Rising bool   // the walk goes from low values to high
	// Monotone: the figures never turn back over the scanned values (exact:
	// verified; Monte Carlo: no two steps whose 95% intervals part go
	// opposite ways). Holding lists where the condition holds.
	Monotone bool
	Holding  []int
	Exact    bool
	Trials   int64 // Monte Carlo trials per value (0 exact)
	Seed     uint64
}

// Find answers fs at every point of q (see the top of this file).
func Find(ctx context.Context, q *Query, fs FindSpec, opts Options) ([]*Found, error) {
	p := q.Action.Param(fs.Vary)
	vals, err := resolve.ParseValues(p, fmt.Sprintf("%d..%d", p.Min, p.Max))
	if err != nil {
		return nil, errorf("vary", "", "%v", err)
	}
	scan := *q
	scan.Values = maps.Clone(q.Values)
	scan.Values[fs.Vary] = vals
	points, err := scan.Points()
	if err != nil {
		return nil, err
	}
	// Group the points by everything but the varied flag, in the order
	// the groups first appear; within a group the values rise.
	type group struct {
		idx    []int
		skip   map[int]string
		sample Point
	}
	var groups []*group
	byKey := map[string]*group{}
	var compiled []Compiled
	where := make([]int, len(points)) // index into compiled, or -1
	var firstErr error
	// Compiled in turn under the run's memory bound, stopping on ctx, as
	// Run compiles: a point the rules refuse is a skipped value.
	err = newCompileMemory().points(ctx, len(points), 0, func(i int) (resolve.Plan, error) {
		pt := points[i]
		key := pointKey(q.Action, pt, fs.Vary)
		g := byKey[key]
		if g == nil {
			g = &group{skip: map[int]string{}, sample: pt}
			byKey[key] = g
			groups = append(groups, g)
		}
		g.idx = append(g.idx, i)
		plan, err := q.Compile(pt)
		if err != nil {
			where[i] = -1
			g.skip[i] = err.Error()
			if firstErr == nil {
				firstErr = err
			}
			return nil, nil // holds nothing
		}
		where[i] = len(compiled)
		compiled = append(compiled, Compiled{&scan, pt, plan})
		return plan, nil
	})
	if err != nil {
		return nil, err
	}
	for _, g := range groups {
		if len(g.skip) == len(g.idx) {
			return nil, firstErr // no value of the flag applies here
		}
	}
	if err := fs.Cond.Metric.check("find", compiled[0].Plan.Layout()); err != nil {
		return nil, err
	}
	rep, err := RunCompiled(ctx, compiled, opts)
	if err != nil {
		return nil, err
	}
	var out []*Found
	for _, g := range groups {
		f := &Found{Spec: fs, At: -1, Before: -1, Seed: opts.Sim.Seed, Exact: true}
		seen := false // the point's inputs taken from a result
		for _, i := range g.idx {
			s := Scan{Value: points[i].Values()[fs.Vary].N}
			if where[i] < 0 {
				s.Skipped = g.skip[i]
			} else {
				r := rep[where[i]]
				s.Result = r
				s.X, s.Lo, s.Hi = fs.Cond.Metric.Of(r)
				s.Verdict = fs.Cond.verdict(s.X, s.Lo, s.Hi, r.Exact)
				if !r.Exact {
					f.Exact, f.Trials = false, max(f.Trials, r.Trials)
				}
				if !seen {
					seen = true
					f.Cards = r.Cards
					for in := range r.EachParam() {
						if in.Name != fs.Vary {
							f.Params = append(f.Params, in)
						}
					}
				}
			}
			f.Scan = append(f.Scan, s)
		}
		f.answer()
		out = append(out, f)
	}
	return out, nil
}

// pointKey is a point's cards and values but the varied flag's.
func pointKey(act *resolve.Action, pt Point, vary string) string {
	var b strings.Builder
	for _, r := range act.Roles {
		if u := pt.Cards[r.Name]; u != nil {
			b.WriteString(r.Name + "=" + u.Name + ";")
		}
	}
	for i := range act.Params {
		p := &act.Params[i]
		if s := pt.Set[i]; s != nil && p.Name != vary {
			b.WriteString(p.Name + "=" + p.Format(s.Value) + ";")
		}
	}
	return b.String()
}

// answer walks the scan (see the top of this file) and sets At, Before,
// Sure, Rising, Monotone and Holding.
func (f *Found) answer() {
	var live []int // the scanned values that apply
	for i, s := range f.Scan {
		if s.Skipped == "" {
			live = append(live, i)
		}
	}
	first, last := f.Scan[live[0]].X, f.Scan[live[len(live)-1]].X
	// >= walks up from the lower end, <= from the higher; a level figure
	// walks as a rising one does (>= up, <= down).
	falling := last < first-1e-12
	f.Rising = falling == f.Spec.Cond.AtMost
	// A step turns the figure up or down; by Monte Carlo only where the
	// two values' 95% intervals part (noise on a level stretch is no turn).
	up, down := false, false
	for k := 1; k < len(live); k++ {
		a, b := f.Scan[live[k-1]], f.Scan[live[k]]
		if f.Exact {
			up = up || b.X > a.X+1e-12
			down = down || b.X < a.X-1e-12
		} else {
			up = up || b.Lo > a.Hi
			down = down || b.Hi < a.Lo
		}
	}
	f.Monotone = !(up && down)
	f.Sure = true
	walk := live
	if !f.Rising {
		walk = slices.Clone(live)
		slices.Reverse(walk)
	}
	for k, i := range walk {
		switch f.Scan[i].Verdict {
		case Holds:
			if f.At < 0 {
				f.At = i
				if k > 0 {
					f.Before = walk[k-1]
				}
			}
		case Unsure:
			if f.At < 0 {
				f.Sure = false
			}
		}
	}
	for _, i := range live {
		if f.Scan[i].Verdict == Holds {
			f.Holding = append(f.Holding, f.Scan[i].Value)
		}
	}
}
