package query

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"sync"

	"odds/profiles"
	"odds/resolve"
)

// Query is one action to run: its cards by role and the values given
// for its parameters (by flag, URL value, JSON or a matchup's set),
// several of which make a sweep.
type Query struct {
	System  *resolve.System
	Action  *resolve.Action
	Cards   map[string][]*profiles.Unit // by role: several make a roster dimension
	Values  map[string][]resolve.Value  // by parameter: several make a sweep dimension
	GivenBy string                      // the source of Values: "flag" or "matchup NAME"
	Env     *resolve.Env                // profile data the action reads (dice, tables)
	Matchup string                      // the matchup's name, if the query is one
	Until   *Until                      // repeated attacks on one target (chain.go), or nil
	Then    *Sequence                   // a sequence of attacks on one target (sequence.go), or nil
}

// Point is one point of a query's sweep or roster: its cards and each
// parameter's setting (value and source), in the action's parameter
// order. Points share what they can: the points of one card combination
// share its Cards, and a sweep's points share its settings, one per value
// of each dimension and one per default, so a point holds no map and no
// value of its own (Values builds a map for whoever wants one).
type Point struct {
	Cards map[string]*profiles.Unit // by role
	Set   []*Setting                // by the action's parameter index; nil: not set
	act   *resolve.Action
}

// Setting is one parameter's value at a point and where it came from
// ("default", "flag", "attacker card rifle-section", "matchup NAME").
type Setting struct {
	Value  resolve.Value
	Source string
	shown  any // the value as results show it (resolve.Param.Display)
}

func newSetting(p *resolve.Param, v resolve.Value, source string) *Setting {
	return &Setting{Value: v, Source: source, shown: p.Display(v)}
}

// Values are the point's parameter values by name.
func (pt Point) Values() resolve.Values {
	v := make(resolve.Values, len(pt.Set))
	for i, s := range pt.Set {
		if s != nil {
			v[pt.act.Params[i].Name] = s.Value
		}
	}
	return v
}

// Source is where the point's value of parameter name came from; "" if
// it has none.
func (pt Point) Source(name string) string {
	for i, s := range pt.Set {
		if s != nil && pt.act.Params[i].Name == name {
			return s.Source
		}
	}
	return ""
}

// fill sets vals to the point's values, given that it holds those of
// prev (nil: nothing yet): a sweep's next point changes a few.
func (pt Point) fill(vals resolve.Values, prev []*Setting) {
	for i, s := range pt.Set {
		switch {
		case prev != nil && prev[i] == s:
		case s == nil:
			delete(vals, pt.act.Params[i].Name)
		default:
			vals[pt.act.Params[i].Name] = s.Value
		}
	}
}

// defaults holds each action's default settings (defaultSettings): they
// depend on the action alone, and points only read settings, so every
// query of an action shares one set rather than making a dozen a
// request. Actions are the systems' own, made once; the bound keeps a
// caller that makes actions afresh from growing it without end.
var defaults struct {
	sync.Mutex
	of map[*resolve.Action][]*Setting
}

const maxDefaultSets = 1024

// defaultSettings are act's default settings, by parameter index (nil:
// an optional parameter, which has none). The slice is shared: read it.
func defaultSettings(act *resolve.Action) []*Setting {
	defaults.Lock()
	defer defaults.Unlock()
	if set, ok := defaults.of[act]; ok {
		return set
	}
	slab := make([]Setting, len(act.Params))
	set := make([]*Setting, len(act.Params))
	for i := range act.Params {
		if p := &act.Params[i]; !p.Optional {
			v := resolve.Value{N: p.Default}
			slab[i] = Setting{Value: v, Source: "default", shown: p.Display(v)}
			set[i] = &slab[i]
		}
	}
	if defaults.of == nil {
		defaults.of = map[*resolve.Action][]*Setting{}
	}
	if len(defaults.of) < maxDefaultSets {
		defaults.of[act] = set
	}
	return set
}

// MaxPoints bounds a sweep whose results are held together: the points
// of one query, and of one run of several (a table, a plot, a compare,
// the server's and the page's answers). A sweep written as CSV or JSON
// on the command line streams instead, up to MaxStreamPoints
// (stream.go).
const MaxPoints = 100_000

// cardCombos are the query's cards, one per role, in every combination:
// the first role varies slowest.
func (q *Query) cardCombos() []map[string]*profiles.Unit {
	combos := []map[string]*profiles.Unit{{}}
	for _, r := range q.Action.Roles {
		us := q.Cards[r.Name]
		if len(us) == 0 {
			continue
		}
		next := make([]map[string]*profiles.Unit, 0, len(combos)*len(us))
		for _, g := range combos {
			for _, u := range us {
				m := maps.Clone(g)
				m[r.Name] = u
				next = append(next, m)
			}
		}
		combos = next
	}
	return combos
}

// Points resolves a query's parameters, lowest precedence first:
// defaults, then cards, then given values; several given values make a
// grid, the first parameter varying slowest (and cards slower still).
// Cards are read per point, with that point's given values (fire's
// --target chooses what a card fires).
func (q *Query) Points() ([]Point, error) {
	var points []Point
	err := q.eachPoint(func(pt Point, n int) error {
		if points == nil {
			points = make([]Point, 0, n)
		}
		points = append(points, pt)
		return nil
	})
	return points, err
}

// cardArgs are the cards' stats as the action reads them; nil without
// cards, or when the action takes nothing from cards.
func (q *Query) cardArgs(cards map[string]*profiles.Unit) resolve.Cards {
	if len(cards) == 0 || q.Action.FromCards == nil {
		return nil
	}
	out := resolve.Cards{}
	for role, u := range cards {
		card := q.System.CardArgs(u.Stats)
		out[role] = &card
	}
	return out
}

// fillCards sets the values the query's cards give for one point, whose
// given values are given.
func (q *Query) fillCards(pt Point, cards resolve.Cards, given resolve.Values, overridden map[string]bool) error {
	fills, err := q.Action.FromCards(cards, q.Action.Args(given, q.Env))
	if err != nil {
		return &Error{Flag: flagOf(err), Err: err}
	}
	for _, f := range fills {
		if overridden[q.Action.Param(f.Param).Group] {
			continue
		}
		i := slices.IndexFunc(q.Action.Params, func(p resolve.Param) bool { return p.Name == f.Param })
		if i < 0 {
			continue // not the action's: nothing reads it
		}
		pt.Set[i] = newSetting(&q.Action.Params[i], f.Value, f.Role+" card "+pt.Cards[f.Role].Name)
	}
	return nil
}

// Compile compiles the point's plan.
func (q *Query) Compile(pt Point) (resolve.Plan, error) {
	return q.compile(pt, pt.Values(), nil, nil)
}

// compile is Compile of the point whose values are vals, with check
// called after each plan a chain compiles (a chain compiles one a state
// of its target): the run's memory bound; and, if the action estimates
// its plan's size from its arguments (resolve.Action.Bytes), expect
// with that estimate before the plan is compiled.
func (q *Query) compile(pt Point, vals resolve.Values, check func() error, expect func(bytes int64) error) (resolve.Plan, error) {
	if q.Then != nil {
		return q.compileSequence(pt, check)
	}
	if q.Until != nil {
		return q.compileChain(pt, check)
	}
	args := q.Action.Args(vals, q.Env)
	if q.Action.Bytes != nil && expect != nil {
		if err := expect(q.Action.Bytes(args)); err != nil {
			return nil, err // the run's memory bound, before the tables are made
		}
	}
	plan, err := q.Action.Compile(args)
	if err != nil {
		if q.Matchup != "" {
			err = fmt.Errorf("matchup %s: %w", q.Matchup, err)
		}
		return nil, &Error{Flag: flagOf(err), Err: err}
	}
	return plan, nil
}

// Compiled is one point of a query, compiled.
type Compiled struct {
	Query *Query
	Point Point
	Plan  resolve.Plan
}

// CompileAll expands and compiles every point of every query first, so
// bad input fails before any trial runs. The MaxPoints bound holds for
// the whole run, not per query: a file of many large sweeps is as much
// work as one sweep of their total.
func CompileAll(qs []*Query) ([]Compiled, error) {
	return compileAll(context.Background(), qs, newCompileMemory())
}

// valuesPool keeps compileAll's map of a point's values between runs:
// an action of twenty parameters makes a map of a few kilobytes, the
// most a small exact answer allocated. Compiling never keeps the map
// (compileAll changes it for the next point as it is), so one is put
// back, emptied, when a query's points are compiled.
var valuesPool = sync.Pool{New: func() any { return resolve.Values{} }}

func compileAll(ctx context.Context, qs []*Query, mem *compileMemory) ([]Compiled, error) {
	var all []Compiled
	total := 0
	for _, q := range qs {
		points, err := q.Points()
		if err != nil {
			return nil, err
		}
		if total += len(points); total > MaxPoints {
			return nil, errorf("", "run fewer matchups or smaller sweeps at once", "the run would have more than %d result cells", MaxPoints)
		}
		if all == nil {
			all = make([]Compiled, 0, len(points))
		}
		vals := valuesPool.Get().(resolve.Values) // each point's values in turn: no map a point
		var prev []*Setting
		err = mem.points(ctx, len(points), len(all), func(i int) (resolve.Plan, error) {
			pt := points[i]
			pt.fill(vals, prev)
			prev = pt.Set
			// A chain compiles one plan a state of its target: the heap
			// is measured after each.
			plan, err := q.compile(pt, vals, func() error { return mem.check(len(all) + 1) }, mem.expect)
			if err == nil {
				all = append(all, Compiled{q, pt, plan})
			}
			return plan, err
		})
		clear(vals)
		valuesPool.Put(vals)
		if err != nil {
			return nil, err
		}
	}
	return all, nil
}
