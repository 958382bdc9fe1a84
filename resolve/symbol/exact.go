package symbol

import (
	"odds/dice"
)

// Exact implements sim.Exacter: the distribution of the cells computed from
// the pools' tally distributions, never face by face. The spotting roll
// splits the defence; each (attack, defence) pair of tallies gives a
// remaining tally; each remaining tally's critical hits are a chain of
// comparison rolls over the target's states. The work is the product of
// the two pools' tally counts plus, per remaining tally, a few states per
// critical hit: 10 dice against 10 dice take well under a millisecond.
func (p *firePlan) Exact(budget int64) ([]float64, bool) {
	type weighted struct {
		pool *dice.Pool
		w    float64
	}
	defs := []weighted{{p.defence, 1}}
	if p.spotNeed >= 0 {
		spotted := 0.0
		for d := 1; d <= 6; d++ {
			if d-p.spotMinus >= p.spotNeed {
				spotted += 1.0 / 6
			}
		}
		defs = []weighted{{p.defence, spotted}, {p.defenceUnspotted, 1 - spotted}}
	}
	work := int64(0)
	for _, d := range defs {
		work += int64(len(p.attack.Tallies)) * int64(len(d.pool.Tallies))
	}
	if work > budget*20 { // a path of the enumerator costs about 20 of these
		return nil, false
	}
	remain := make([]float64, len(p.remains))
	for _, d := range defs {
		if d.w == 0 {
			continue
		}
		for i, a := range p.attack.Tallies {
			pa := p.attack.Probs[i] * d.w
			for j, t := range d.pool.Tallies {
				remain[p.index[p.dense(p.remaining(a, t))]] += pa * d.pool.Probs[j]
			}
		}
	}
	// One comparison roll: the attacker's strongest symbol left.
	var cmp [kinds + 1]float64
	for i, a := range p.cmpAttack.Tallies {
		for j, d := range p.cmpDefence.Tallies {
			cmp[strongest(cancel(a, d, p.rule))] += p.cmpAttack.Probs[i] * p.cmpDefence.Probs[j]
		}
	}
	out := make([]float64, p.layout.Cells)
	for ri, pr := range remain {
		if pr == 0 {
			continue
		}
		r := p.remains[ri]
		states := weights{{p.start, 1}}
		for range r.Count(crit) {
			var next weights
			for _, sq := range states {
				for sym, pc := range cmp {
					if pc > 0 {
						next = next.add(p.tgt.critEffect(sq.s, sym), sq.q*pc)
					}
				}
			}
			states = next
		}
		for _, sq := range states {
			out[p.cell(p.tgt.afterCrits(sq.s, r), r)] += pr * sq.q
		}
	}
	return out, true
}

// weights is a distribution over the few states a chain of critical hits
// reaches, in the order first reached (a slice, not a map, so that the sums
// run in the same order every time).
type weights []struct {
	s state
	q float64
}

func (w weights) add(s state, q float64) weights {
	for i := range w {
		if w[i].s == s {
			w[i].q += q
			return w
		}
	}
	return append(w, struct {
		s state
		q float64
	}{s, q})
}
