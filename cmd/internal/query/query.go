package query

import (
	"context"
	"fmt"
	"maps"

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
}

// Point is one point of a query's sweep or roster: its cards, every
// parameter's value and where it came from ("default", "flag",
// "attacker card rifle-section", ...).
type Point struct {
	Cards   map[string]*profiles.Unit // by role
	Values  resolve.Values
	Sources map[string]string
}

// MaxPoints bounds a sweep: the points of one query, and of one run of
// several.
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

// Points resolves a query's parameters, lowest precedence first:
// defaults, then cards, then given values; several given values make a
// grid, the first parameter varying slowest (and cards slower still).
// Cards are read per point, with that point's given values (fire's
// --target chooses what a card fires).
func (q *Query) Points() ([]Point, error) {
	combos := q.cardCombos()
	grid := []resolve.Values{{}}
	for _, p := range q.Action.Params {
		vals, ok := q.Values[p.Name]
		if !ok {
			continue
		}
		if len(combos)*len(grid)*len(vals) > MaxPoints {
			return nil, errorf(p.Name, "sweep fewer values at once", "the grid would have more than %d cells", MaxPoints)
		}
		grid = crossWith(grid, p.Name, vals)
	}
	if len(combos)*len(grid) > MaxPoints {
		return nil, errorf("", "name fewer cards at once", "the roster would have more than %d cells", MaxPoints)
	}
	points := make([]Point, 0, len(combos)*len(grid))
	for _, cards := range combos {
		for _, given := range grid {
			pt := Point{Cards: cards, Values: q.Action.Defaults(), Sources: map[string]string{}}
			for k := range pt.Values {
				pt.Sources[k] = "default"
			}
			if err := q.fillCards(pt, given); err != nil {
				return nil, err
			}
			for k, v := range given {
				pt.Values[k], pt.Sources[k] = v, q.GivenBy
			}
			points = append(points, pt)
		}
	}
	return points, nil
}

// fillCards sets the values the query's cards give for one point.
func (q *Query) fillCards(pt Point, given resolve.Values) error {
	if len(pt.Cards) == 0 || q.Action.FromCards == nil {
		return nil
	}
	cards := resolve.Cards{}
	for role, u := range pt.Cards {
		card := q.System.CardArgs(u.Stats)
		cards[role] = &card
	}
	fills, err := q.Action.FromCards(cards, q.Action.Args(given, q.Env))
	if err != nil {
		return &Error{Flag: flagOf(err), Err: err}
	}
	// A given parameter of a group (fire's --hesa or --ap) sets the mode:
	// cards then fill neither.
	overridden := map[string]bool{}
	for name := range given {
		if g := q.Action.Param(name).Group; g != "" {
			overridden[g] = true
		}
	}
	for _, f := range fills {
		if overridden[q.Action.Param(f.Param).Group] {
			continue
		}
		pt.Values[f.Param] = f.Value
		pt.Sources[f.Param] = f.Role + " card " + pt.Cards[f.Role].Name
	}
	return nil
}

// Compile compiles the point's plan.
func (q *Query) Compile(pt Point) (resolve.Plan, error) {
	return q.compile(pt, nil)
}

// compile is Compile with check called after each plan a chain compiles
// (a chain compiles one a state of its target): the run's memory bound.
func (q *Query) compile(pt Point, check func() error) (resolve.Plan, error) {
	if q.Until != nil {
		return q.compileChain(pt, check)
	}
	plan, err := q.Action.Compile(q.Action.Args(pt.Values, q.Env))
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
		err = mem.points(ctx, len(points), len(all), func(i int) (resolve.Plan, error) {
			// A chain compiles one plan a state of its target: the heap
			// is measured after each.
			plan, err := q.compile(points[i], func() error { return mem.check(len(all) + 1) })
			if err == nil {
				all = append(all, Compiled{q, points[i], plan})
			}
			return plan, err
		})
		if err != nil {
			return nil, err
		}
	}
	return all, nil
}
