package symbol

import (
	"context"
	"slices"

	"odds/dice"
	"odds/resolve"
)

// ExactMethod says that Exact is a Markov chain, not a convolution.
func (p *ccPlan) ExactMethod() string { return "markov-chain" }

// Exact implements sim.Exacter for close combat without walking faces
// round by round: a Markov chain over the two units' states. Each round,
// each side's next state depends only on its own state, the pools in
// force (which the round and the two states choose) and the comparison
// rolls; the chain carries the joint distribution of the states still
// fighting from round to round and drops each finished fight into its
// cell, up to the round cap (whose mass is the both-remain outcome).
func (p *ccPlan) Exact(ctx context.Context, budget int64) ([]float64, bool) {
	c := &chain{p: p, work: budget * 20} // a path of the enumerator costs about 20 of these
	c.sides[0].t, c.sides[1].t = p.a, p.d
	cells := make([]float64, p.layout.Cells)
	cur := &joint{}
	cur.add(c.sides[0].index(p.aStart), c.sides[1].index(p.dStart), 1)
	for round := 1; round <= p.maxRounds && len(cur.keys) > 0; round++ {
		ini := resolve.B2I(round == 1)
		nxt := &joint{}
		// No withdraw check can end this round: a fight goes on unless a
		// side is gone.
		quiet := round < p.maxRounds && p.withdraw == [2]policy{never, never}
		for i, key := range cur.keys {
			if i%256 == 0 && ctx.Err() != nil {
				return nil, false
			}
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
			sa, sd := &c.sides[0], &c.sides[1]
			for _, na := range toA {
				ca, ha := sa.code[na.s], sa.hits[na.s]
				for _, nd := range toD {
					pr := q * na.p * nd.p
					cd := sd.code[nd.s]
					switch {
					case ca|cd != 0: // a side is gone: the end check decides
						o := gone[ca][cd]
						cells[((o*p.maxRounds+round-1)*p.nA+ha)*p.nD+sd.hits[nd.s]] += pr
					case quiet:
						nxt.add(na.s, nd.s, pr) // both fight on
					default:
						a2, d2 := sa.states[na.s], sd.states[nd.s]
						if o, end := p.ends(round, a2, d2); end {
							cells[p.cell(o, round, a2, d2)] += pr
						} else {
							nxt.add(na.s, nd.s, pr)
						}
					}
				}
			}
		}
		cur = nxt
	}
	return cells, true
}

// joint is a distribution over pairs of state indices, in the order the
// pairs were first reached (so sums are made in a fixed order).
type joint struct {
	keys [][2]int
	pos  [][]int32 // pos[a][d]: 1 + the pair's place in keys; 0 if absent
	p    []float64
}

func (j *joint) add(a, d int, p float64) {
	for len(j.pos) <= a {
		j.pos = append(j.pos, nil)
	}
	for len(j.pos[a]) <= d {
		j.pos[a] = append(j.pos[a], 0)
	}
	i := j.pos[a][d] - 1
	if i < 0 {
		i = int32(len(j.keys))
		j.pos[a][d] = i + 1
		j.keys = append(j.keys, [2]int{a, d})
		j.p = append(j.p, 0)
	}
	j.p[i] += p
}

// effectsByDice is the distribution of what an attack leaves after the
// defence cancels (rule), over a dense grid of (critical hits, damage
// points, any suppression), or false if that takes more than work steps.
// The attack's tally distribution is cancelled one defence die at a time
// (cancelGrid); a defence with re-rolls is not a sum of independent dice
// and cancels as one roll of its tally distribution.
func effectsByDice(ad *tallyDist, def *roll, rule int, work *int64) ([]effect, bool) {
	g := newCancelGrid(ad.tallies, rule)
	var steps int64
	var whole *tallyDist
	if def.rerolls == 0 {
		steps = g.work(def.dice)
	} else {
		if whole = def.charged(work); whole == nil {
			return nil, false
		}
		steps = int64(len(whole.tallies)+1) * g.cells()
	}
	if *work -= g.setup() + steps + 2*g.cells(); *work < 0 {
		return nil, false
	}
	g.load(ad.tallies, ad.probs)
	if whole != nil {
		g.cancelBy(faceSet{whole.tallies, whole.probs})
	} else {
		for _, d := range def.dice {
			g.cancel(d)
		}
	}
	nc, nd := g.b.shape[crit], g.b.shape[damage]
	grid := make([]float64, nc*nd*2)
	g.each(func(r dice.Tally, q float64) {
		grid[(r.Count(crit)*nd+r.Count(damage))*2+resolve.B2I(r.Count(supp)+r.Count(xsupp) > 0)] += q
	})
	var out []effect
	for i, p := range grid {
		if p > 0 {
			out = append(out, effect{i / 2 / nd, i / 2 % nd, i%2 == 1, p})
		}
	}
	return out, true
}

// effectsOf is the distribution of what an attack leaves after the
// defence cancels (rule), over a dense grid of (critical hits, damage
// points, any suppression): the work is the product of the two tally
// counts (the support actions' small pools; close combat's oracle in
// the tests).
func effectsOf(ad, dd *tallyDist, rule int) []effect {
	nc, nd := 1, 1
	for _, a := range ad.tallies {
		nc, nd = max(nc, a.Count(crit)+1), max(nd, a.Count(damage)+1)
	}
	grid := make([]float64, nc*nd*2)
	for i, a := range ad.tallies {
		pa := ad.probs[i]
		for j, d := range dd.tallies {
			r := leftAfter(a, d, rule)
			grid[(r.Count(crit)*nd+r.Count(damage))*2+resolve.B2I(r.Count(supp)+r.Count(xsupp) > 0)] += pa * dd.probs[j]
		}
	}
	var out []effect
	for i, p := range grid {
		if p > 0 {
			out = append(out, effect{i / 2 / nd, i / 2 % nd, i%2 == 1, p})
		}
	}
	return out
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
	code   []int // by state: 0 fighting, 1 fell back, 2 eliminated
	hits   []int // by state: damage points, at most the layout's
	memo   map[transKey][]step
}

// gone[a][d] is the end check's outcome when the sides' codes are a and
// d and one is gone (ccPlan.ends).
var gone = [3][3]int{
	{-1, attackerHolds, attackerHolds},
	{defenderHolds, bothLeave, bothLeave},
	{defenderHolds, bothLeave, bothEliminated},
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
	code := 0
	switch {
	case s.eliminated:
		code = 2
	case s.fallback:
		code = 1
	}
	ss.code = append(ss.code, code)
	ss.hits = append(ss.hits, min(s.hits, 2*ss.t.capacity))
	return len(ss.states) - 1
}

// chain holds the memoised pieces of the Markov chain.
type chain struct {
	p     *ccPlan
	work  int64
	sides [2]sideStates
	effs  map[[2]*roll][]effect
}

// effects is the distribution of what att leaves after def cancels.
func (c *chain) effects(att, def *roll) ([]effect, bool) {
	if e, ok := c.effs[[2]*roll{att, def}]; ok {
		return e, true
	}
	ad := att.charged(&c.work)
	if ad == nil {
		return nil, false
	}
	out, ok := effectsByDice(ad, def, c.p.rule, &c.work)
	if !ok {
		return nil, false
	}
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
	for _, e := range effs {
		cmp, ok := c.p.crits.of(e, &c.work)
		if !ok {
			return nil, false
		}
		for _, x := range ss.t.afterAttack(ss.states[si], e, cmp) {
			i := ss.index(x.s)
			if j := slices.IndexFunc(out, func(y step) bool { return y.s == i }); j >= 0 {
				out[j].p += e.p * x.p
			} else {
				out = append(out, step{i, e.p * x.p})
			}
		}
	}
	if ss.memo == nil {
		ss.memo = map[transKey][]step{}
	}
	ss.memo[k] = out
	return out, true
}
