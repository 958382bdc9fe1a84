package query

import (
	"context"
	"slices"

	"odds/resolve"
	"odds/sim"
)

// An engagement's exact answer: a Markov chain over the pair of the
// sides' states, round by round, each attack's transitions its plan's
// exact answer in each state.

// exact fills ea.trans with its plan's exact answer within budget.
func (ea *engageAttack) exact(ctx context.Context, budget int64) bool {
	if ea.plan == nil || ea.trans != nil {
		return true
	}
	res, err := sim.TryExact(ctx, ea.plan, sim.Options{Method: sim.Exact, MaxPaths: budget})
	if err != nil || res == nil {
		return false
	}
	by := map[engageStep]float64{}
	var keys []engageStep
	for c, q := range res.Prob {
		if q == 0 {
			continue
		}
		k := engageStep{next: ea.next[c], reach: ea.reach[c]}
		if _, ok := by[k]; !ok {
			keys = append(keys, k)
		}
		by[k] += q
	}
	ea.trans = make([]engageStep, 0, len(keys))
	for _, k := range keys {
		k.p = by[k]
		ea.trans = append(ea.trans, k)
	}
	return true
}

// Exact is the Markov chain over the pair of states: each attack's
// transition is its plan's exact answer (within budget each), a round at
// a time, the exchanges that end absorbed into their cells.
func (p *engagePlan) Exact(ctx context.Context, budget int64) ([]float64, bool) {
	for i := range p.side {
		for j := range p.side[i].attack {
			if !p.side[i].attack[j].exact(ctx, budget) {
				return nil, false
			}
		}
		for j := range p.side[i].activate {
			if !p.side[i].activate[j].exact(ctx, budget) {
				return nil, false
			}
		}
	}
	na, nb := len(p.side[0].codes), len(p.side[1].codes)
	prob := make([]float64, p.layout.Cells)
	dist := make([]float64, na*nb)
	nd := make([]float64, na*nb)
	dist[0] = 1 // both sides start in their first state
	for r := 1; r <= p.rounds; r++ {
		if ctx.Err() != nil {
			return nil, false
		}
		if p.simultaneous {
			p.exactTogether(r, dist, nd, prob)
			dist, nd = nd, dist
			continue
		}
		for turn := range 2 {
			p.exactTurn(p.first^turn, r, dist, nd, prob)
			dist, nd = nd, dist
		}
	}
	for c, m := range dist {
		prob[p.cell(0, 0, c/nb, c%nb)] += m
	}
	return prob, true
}

// exactTurn moves dist through side i's turn in round r into nd, the
// exchanges it ends into prob.
func (p *engagePlan) exactTurn(i, r int, dist, nd, prob []float64) {
	clear(nd)
	nb := len(p.side[1].codes)
	me, them := &p.side[i], &p.side[1-i]
	at := func(st [2]int) int { return st[0]*nb + st[1] }
	attack := func(st [2]int, m float64) {
		a := &me.attack[st[i]*len(them.codes)+st[1-i]]
		if a.plan == nil {
			nd[at(st)] += m
			return
		}
		for _, t := range a.trans {
			after := st
			after[1-i] = int(t.next)
			if t.reach || them.end[after[1-i]] {
				prob[p.cell(1+i, r, after[0], after[1])] += m * t.p
			} else {
				nd[at(after)] += m * t.p
			}
		}
	}
	for c, m := range dist {
		if m == 0 {
			continue
		}
		st := [2]int{c / nb, c % nb}
		act := &me.activate[st[i]]
		if act.plan == nil {
			attack(st, m)
			continue
		}
		for _, t := range act.trans {
			after := st
			after[i] = int(t.next)
			if me.end[after[i]] {
				prob[p.cell(2-i, r, after[0], after[1])] += m * t.p
			} else {
				attack(after, m*t.p)
			}
		}
	}
}

// exactTogether moves dist through a simultaneous round r into nd.
func (p *engagePlan) exactTogether(r int, dist, nd, prob []float64) {
	clear(nd)
	nb := len(p.side[1].codes)
	// The activations, one side then the other, into a distribution of
	// states before the attacks (sides out of the fight absorbed).
	mid := slices.Clone(dist)
	for i := range 2 {
		me := &p.side[i]
		next := make([]float64, len(mid))
		for c, m := range mid {
			if m == 0 {
				continue
			}
			st := [2]int{c / nb, c % nb}
			act := &me.activate[st[i]]
			if act.plan == nil {
				next[c] += m
				continue
			}
			for _, t := range act.trans {
				after := st
				after[i] = int(t.next)
				next[after[0]*nb+after[1]] += m * t.p
			}
		}
		mid = next
	}
	for c, m := range mid {
		if m == 0 {
			continue
		}
		st := [2]int{c / nb, c % nb}
		if out := [2]bool{p.side[0].end[st[0]], p.side[1].end[st[1]]}; out[0] || out[1] {
			prob[p.cell(2*resolve.B2I(out[0])+resolve.B2I(out[1]), r, st[0], st[1])] += m
			continue
		}
		var tr [2][]engageStep
		for i := range 2 {
			a := &p.side[i].attack[st[i]*len(p.side[1-i].codes)+st[1-i]]
			tr[i] = a.trans
			if a.plan == nil { // may not attack: the other stays as it is
				tr[i] = []engageStep{{next: int32(st[1-i]), p: 1}}
			}
		}
		for _, ta := range tr[0] { // A's attack: B's state after
			for _, tb := range tr[1] {
				q := m * ta.p * tb.p
				b, a := int(ta.next), int(tb.next)
				won := resolve.B2I(ta.reach || p.side[1].end[b]) + 2*resolve.B2I(tb.reach || p.side[0].end[a])
				if won != 0 {
					prob[p.cell(won, r, a, b)] += q
				} else {
					nd[a*nb+b] += q
				}
			}
		}
	}
}
