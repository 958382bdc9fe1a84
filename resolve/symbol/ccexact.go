package symbol

import (
	"cmp"
	"slices"

	"odds/dice"
	"odds/resolve"
)

// Exact implements sim.Exacter for close combat without walking faces
// round by round: a Markov chain over the two units' states. Each round,
// each side's next state depends only on its own state, the pools in
// force (which the round and the two states choose) and the comparison
// rolls; the chain carries the joint distribution of the states still
// fighting from round to round and drops each finished fight into its
// cell, up to the round cap (whose mass is the both-remain outcome).
func (p *ccPlan) Exact(budget int64) ([]float64, bool) {
	c := &chain{p: p, work: budget * 20} // a path of the enumerator costs about 20 of these
	for _, sym := range p.cmpSym {
		c.cmp[sym] += 1 / float64(p.cmpFaces)
	}
	c.sides[0].t, c.sides[1].t = p.a, p.d
	out := make([]float64, p.layout.Cells)
	cur := &joint{}
	cur.add([2]int{c.sides[0].index(p.aStart), c.sides[1].index(p.dStart)}, 1)
	for round := 1; round <= p.maxRounds && len(cur.keys) > 0; round++ {
		ini := resolve.B2I(round == 1)
		nxt := &joint{}
		for i, key := range cur.keys {
			q := cur.p[i]
			a, d := c.sides[0].states[key[0]], c.sides[1].states[key[1]]
			toA, ok := c.next(0, key[0], p.dAtt[ini][resolve.B2I(d.half)], p.aDef[ini])
			if !ok {
				return nil, false
			}
			toD, ok := c.next(1, key[1], p.aAtt[ini][resolve.B2I(a.half)][resolve.B2I(d.immobilized)], p.dDef[ini])
			if !ok {
				return nil, false
			}
			for _, na := range toA {
				a2 := c.sides[0].states[na.s]
				for _, nd := range toD {
					d2 := c.sides[1].states[nd.s]
					pr := q * na.p * nd.p
					if o, end := p.ends(round, a2, d2); end {
						out[p.cell(o, round, a2, d2)] += pr
					} else {
						nxt.add([2]int{na.s, nd.s}, pr)
					}
				}
			}
		}
		cur = nxt
	}
	return out, true
}

// joint is a distribution over pairs of state indices, in the order the
// pairs were first reached (so sums are made in a fixed order).
type joint struct {
	keys [][2]int
	idx  map[[2]int]int
	p    []float64
}

func (j *joint) add(k [2]int, p float64) {
	if j.idx == nil {
		j.idx = map[[2]int]int{}
	}
	i, ok := j.idx[k]
	if !ok {
		i = len(j.keys)
		j.idx[k] = i
		j.keys = append(j.keys, k)
		j.p = append(j.p, 0)
	}
	j.p[i] += p
}

// effect is what a roll leaves that the target's state depends on.
type effect struct {
	crits, damage int
	supp          bool
	p             float64
}

type step struct {
	s int // next state's index
	p float64
}

type sideStates struct {
	t      target
	states []state
	memo   map[transKey][]step
}

type transKey struct {
	s        int
	att, def *roll
}

func (ss *sideStates) index(s state) int {
	if i := slices.Index(ss.states, s); i >= 0 {
		return i
	}
	ss.states = append(ss.states, s)
	return len(ss.states) - 1
}

// chain holds the memoised pieces of the Markov chain.
type chain struct {
	p     *ccPlan
	work  int64
	cmp   [kinds + 1]float64
	sides [2]sideStates
	effs  map[[2]*roll][]effect
}

// effects is the distribution of what att leaves after def cancels.
func (c *chain) effects(att, def *roll) ([]effect, bool) {
	if e, ok := c.effs[[2]*roll{att, def}]; ok {
		return e, true
	}
	ad, dd := att.distribution(c.work), def.distribution(c.work)
	if ad == nil || dd == nil {
		return nil, false
	}
	c.work -= int64(len(ad.tallies)) * int64(len(dd.tallies))
	if c.work < 0 {
		return nil, false
	}
	type key struct {
		crits, damage int
		supp          bool
	}
	m := map[key]float64{}
	for i, a := range ad.tallies {
		for j, d := range dd.tallies {
			r := c.p.remaining(a, d)
			m[key{r.Count(crit), r.Count(damage), r.Count(supp)+r.Count(xsupp) > 0}] += ad.probs[i] * dd.probs[j]
		}
	}
	var out []effect
	for k, p := range m {
		out = append(out, effect{k.crits, k.damage, k.supp, p})
	}
	slices.SortFunc(out, func(x, y effect) int {
		if d := cmp.Compare(x.crits, y.crits); d != 0 {
			return d
		}
		if d := cmp.Compare(x.damage, y.damage); d != 0 {
			return d
		}
		return cmp.Compare(resolve.B2I(x.supp), resolve.B2I(y.supp))
	})
	if c.effs == nil {
		c.effs = map[[2]*roll][]effect{}
	}
	c.effs[[2]*roll{att, def}] = out
	return out, true
}

// next is the distribution of side's next state from state si when att
// is rolled against its def.
func (c *chain) next(side, si int, att, def *roll) ([]step, bool) {
	ss := &c.sides[side]
	k := transKey{si, att, def}
	if st, ok := ss.memo[k]; ok {
		return st, true
	}
	effs, ok := c.effects(att, def)
	if !ok {
		return nil, false
	}
	var out []step
	addTo := func(s state, p float64) {
		i := ss.index(s)
		for j := range out {
			if out[j].s == i {
				out[j].p += p
				return
			}
		}
		out = append(out, step{i, p})
	}
	for _, e := range effs {
		// The comparison rolls of the critical hits, one after another.
		cur := []step{{si, 1}}
		for range e.crits {
			var nx []step
			for _, x := range cur {
				for sym, pc := range c.cmp {
					if pc == 0 {
						continue
					}
					j := ss.index(ss.t.critEffect(ss.states[x.s], sym))
					if i := slices.IndexFunc(nx, func(y step) bool { return y.s == j }); i >= 0 {
						nx[i].p += x.p * pc
					} else {
						nx = append(nx, step{j, x.p * pc})
					}
				}
			}
			cur = nx
		}
		r := dice.Tally(0).With(damage, e.damage).With(supp, resolve.B2I(e.supp))
		for _, x := range cur {
			addTo(ss.t.afterCrits(ss.states[x.s], r), e.p*x.p)
		}
	}
	if ss.memo == nil {
		ss.memo = map[transKey][]step{}
	}
	ss.memo[k] = out
	return out, true
}
