package query

import (
	"odds/profiles"
	"odds/resolve"
)

// dim is one given parameter of a sweep: its index in the action's
// parameters and a setting for each of its values.
type dim struct {
	param int
	set   []*Setting
}

// grid is a query's points before they are made: its card combinations
// and given dimensions, from which any point can be made by its indices
// (point) or all in turn (eachPoint).
type grid struct {
	q          *Query
	combos     []map[string]*profiles.Unit
	cardArgs   []resolve.Cards // by combination, made when first needed
	dims       []dim
	cells      int // points a card combination: the product of the dimensions
	defaults   []*Setting
	overridden map[string]bool // groups a given parameter sets the mode of
	given      resolve.Values  // the given values of a point, for its cards
}

// newGrid lays out q's points, refusing more than limit of them.
func (q *Query) newGrid(limit int) (*grid, error) {
	act := q.Action
	g := &grid{q: q, combos: q.cardCombos(), cells: 1, defaults: defaultSettings(act),
		overridden: map[string]bool{}, given: resolve.Values{}}
	for i := range act.Params {
		p := &act.Params[i]
		vals, ok := q.Values[p.Name]
		if !ok {
			continue
		}
		if len(g.combos)*g.cells*len(vals) > limit {
			return nil, errorf(p.Name, "sweep fewer values at once", "the grid would have more than %d cells", limit)
		}
		g.cells *= len(vals)
		d := dim{param: i}
		for _, v := range vals {
			d.set = append(d.set, newSetting(p, v, q.GivenBy))
		}
		g.dims = append(g.dims, d)
	}
	if g.points() > limit {
		return nil, errorf("", "name fewer cards at once", "the roster would have more than %d cells", limit)
	}
	// A given parameter of a group (fire's --hesa or --ap) sets the mode:
	// cards then fill neither.
	for _, d := range g.dims {
		if grp := act.Params[d.param].Group; grp != "" {
			g.overridden[grp] = true
		}
	}
	g.cardArgs = make([]resolve.Cards, len(g.combos))
	return g, nil
}

// points is how many points the grid has.
func (g *grid) points() int { return len(g.combos) * g.cells }

// Count is how many points q has (its sweep's and roster's cells),
// counted without making them (nor allocating): limit+1 if more than
// limit.
func (q *Query) Count(limit int) int {
	n := 1
	for _, r := range q.Action.Roles {
		if us := len(q.Cards[r.Name]); us > 0 {
			n = min(n*us, limit+1)
		}
	}
	for i := range q.Action.Params {
		if vals, ok := q.Values[q.Action.Params[i].Name]; ok {
			n = min(n*len(vals), limit+1)
		}
	}
	return n
}

// point makes the point of card combination c whose dimension k has its
// at[k]th value, its settings carved from set (len: the action's
// parameters).
func (g *grid) point(c int, at []int, set []*Setting) (Point, error) {
	act := g.q.Action
	pt := Point{Cards: g.combos[c], Set: set, act: act}
	copy(pt.Set, g.defaults)
	if g.cardArgs[c] == nil && len(g.combos[c]) > 0 {
		g.cardArgs[c] = g.q.cardArgs(g.combos[c])
	}
	if cardArgs := g.cardArgs[c]; cardArgs != nil {
		for k, d := range g.dims {
			g.given[act.Params[d.param].Name] = d.set[at[k]].Value
		}
		if err := g.q.fillCards(pt, cardArgs, g.given, g.overridden); err != nil {
			return Point{}, err
		}
	}
	for k, d := range g.dims {
		pt.Set[d.param] = d.set[at[k]]
	}
	return pt, nil
}

// pointAt makes the ith point, in the order eachPoint makes them.
func (g *grid) pointAt(i int) (Point, error) {
	at := make([]int, len(g.dims))
	c, rest := i/g.cells, i%g.cells
	for k := len(g.dims) - 1; k >= 0; k-- { // the last dimension fastest
		n := len(g.dims[k].set)
		at[k], rest = rest%n, rest/n
	}
	return g.point(c, at, make([]*Setting, len(g.q.Action.Params)))
}

// eachPoint calls f with each point of the grid in turn (see Points),
// and with how many there are.
func (g *grid) eachPoint(f func(pt Point, n int) error) error {
	np := len(g.q.Action.Params)
	n := g.points()
	at := make([]int, len(g.dims))
	// The points' settings are carved from one slab a batch at a time.
	var slab []*Setting
	for c := range g.combos {
		for range g.cells {
			if len(slab) < np {
				slab = make([]*Setting, np*min(n, 4096))
			}
			pt, err := g.point(c, at, slab[:np:np])
			if err != nil {
				return err
			}
			slab = slab[np:]
			if err := f(pt, n); err != nil {
				return err
			}
			for k := len(at) - 1; k >= 0; k-- { // the last dimension fastest
				if at[k]++; at[k] < len(g.dims[k].set) {
					break
				}
				at[k] = 0
			}
		}
	}
	return nil
}

// eachPoint calls f with each point of the query in turn (see Points),
// and with how many there are: at most MaxPoints.
func (q *Query) eachPoint(f func(pt Point, n int) error) error {
	g, err := q.newGrid(MaxPoints)
	if err != nil {
		return err
	}
	return g.eachPoint(f)
}
