package symbol

import (
	"context"
	"slices"

	"odds/dice"
)

// Exact implements sim.Exacter: the distribution of the cells computed from
// the pools' tally distributions, never face by face. The attack's tally
// distribution is cancelled one defence die at a time (cancelGrid), the
// spotting roll splitting the defence; each remaining tally's critical
// hits are one pooled comparison roll (critRolls.probs) from the target's
// starting state. The work is the defence dice times their distinct faces
// times the cells of the attack's downset, plus, per number of critical
// hits, the comparison dice's tally pairs: 30 dice against 30 is about
// 1e7 steps (tens of milliseconds).
func (p *firePlan) Exact(ctx context.Context, budget int64) ([]float64, bool) {
	work := budget * 20 // a path of the enumerator costs about 20 of these
	remain, ok := p.remainDist(ctx, &work)
	if !ok {
		return nil, false
	}
	// The critical hits' one comparison roll: the distribution of the
	// attacker's strongest symbol left, by the number of critical hits.
	out := make([]float64, p.layout.Cells)
	for ri, pr := range remain {
		if pr == 0 {
			continue
		}
		if ri%1024 == 0 && ctx.Err() != nil {
			return nil, false
		}
		c := p.remains[ri].Count(crit)
		if c == 0 {
			out[p.final[ri]] += pr
			continue
		}
		cmp, ok := p.crits.probs(c, &work)
		if !ok {
			return nil, false
		}
		for sym, pc := range cmp {
			if pc > 0 {
				p.addFinal(out, int(p.critNext[sym]), ri, pr*pc)
			}
		}
	}
	return out, true
}

// remainDist is the distribution of the remaining tally (by p.remains'
// index), the spotting roll splitting the defence, or false if that takes
// more than work steps. The attack's distribution is cancelled one defence
// die at a time (cancelGrid); when a failed spotting roll only adds dice
// to the defence (as the sheet's table does), those come last, after the
// spotted defence's share is taken.
func (p *firePlan) remainDist(ctx context.Context, work *int64) ([]float64, bool) {
	g := newCancelGrid(p.attack.Tallies, p.rule)
	first, rest := p.defDice, [][]dice.Die(nil)
	ws := 1.0
	if p.spot != nil {
		ws = p.spot.p()
		extra := p.defDiceUnspotted
		if len(extra) >= len(first) && slices.EqualFunc(first, extra[:len(first)], slices.Equal) {
			rest = [][]dice.Die{extra[len(first):]} // after the spotted defence's dice
		} else {
			rest = [][]dice.Die{nil} // from the start: see below
		}
	}
	steps := g.setup() + g.work(first) + 2*g.cells()
	for _, r := range rest {
		steps += g.work(r) + g.cells()
		if r == nil {
			steps += g.work(p.defDiceUnspotted)
		}
	}
	if *work -= steps; *work < 0 {
		return nil, false
	}
	remain := make([]float64, len(p.remains))
	emit := func(w float64) {
		if w == 0 {
			return
		}
		g.each(func(t dice.Tally, q float64) {
			remain[p.index[p.dense(t+p.autoX)]] += w * q
		})
	}
	g.load(p.attack.Tallies, p.attack.Probs)
	for _, d := range first {
		if ctx.Err() != nil {
			return nil, false
		}
		g.cancel(d)
	}
	emit(ws)
	for _, r := range rest {
		if r == nil {
			g.load(p.attack.Tallies, p.attack.Probs)
			r = p.defDiceUnspotted
		}
		for _, d := range r {
			if ctx.Err() != nil {
				return nil, false
			}
			g.cancel(d)
		}
		emit(1 - ws)
	}
	return remain, true
}
