package symbol

import (
	"math/bits"

	"odds/dice"
)

// Exact implements sim.Exacter: the distribution of the cells computed from
// the pools' tally distributions, never face by face. The spotting roll
// splits the defence; each (attack, defence) pair of tallies gives a
// remaining tally; each remaining tally's critical hits are one pooled
// comparison roll (critRolls.probs) from the target's starting state. The
// work is the product of the two pools' tally counts plus, per number of
// critical hits, the comparison dice's tally pairs: 10 dice against 10
// dice take well under a millisecond.
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
	remain := make([]float64, len(p.remains))
	for _, d := range defs {
		if d.w == 0 {
			continue
		}
		if !p.remainDist(d.pool, d.w, remain, budget*20) { // a path of the enumerator costs about 20 of these
			return nil, false
		}
	}
	// The critical hits' one comparison roll: the distribution of the
	// attacker's strongest symbol left, by the number of critical hits.
	work := budget * 20
	out := make([]float64, p.layout.Cells)
	for ri, pr := range remain {
		if pr == 0 {
			continue
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

// remainDist adds w times the distribution of the remaining tally against
// def to remain, or reports false if that takes more than work steps.
//
// Same-kind cancellation leaves r_k = max(0, a_k - d_k): given the attack
// tally a, r has r_k > 0 exactly when d_k = a_k - r_k, and r_k = 0 when
// d_k >= a_k. So P(r | a) is a box query on the defence's tally
// distribution, a point in some counts and a tail in the others, answered
// in one look-up from the suffix sums of that distribution over each set
// of counts (16 tables). The work is the number of (a, r) pairs, not
// attack tallies times defence tallies. Other rules take every pair.
func (p *firePlan) remainDist(def *dice.Pool, w float64, remain []float64, work int64) bool {
	if p.rule != sameKind {
		if int64(len(p.attack.Tallies))*int64(len(def.Tallies)) > work {
			return false
		}
		for i, a := range p.attack.Tallies {
			pa := p.attack.Probs[i] * w
			for j, t := range def.Tallies {
				remain[p.index[p.dense(p.remaining(a, t))]] += pa * def.Probs[j]
			}
		}
		return true
	}
	var shape [kinds]int
	for _, d := range def.Tallies {
		for k := range kinds {
			shape[k] = max(shape[k], d.Count(k)+1)
		}
	}
	size := shape[0] * shape[1] * shape[2] * shape[3]
	pairs := int64(16 * size)
	for _, a := range p.attack.Tallies {
		pairs += int64((a.Count(0) + 1) * (a.Count(1) + 1) * (a.Count(2) + 1) * (a.Count(3) + 1))
	}
	if pairs > work {
		return false
	}
	at := func(x [kinds]int) int { return ((x[0]*shape[1]+x[1])*shape[2]+x[2])*shape[3] + x[3] }
	stride := [kinds]int{shape[1] * shape[2] * shape[3], shape[2] * shape[3], shape[3], 1}
	var tail [1 << kinds][]float64 // tail[m]: sums over d_k >= x_k for k in m
	all := make([]float64, (1<<kinds)*size)
	for m := range tail {
		tail[m] = all[m*size : (m+1)*size]
	}
	for j, d := range def.Tallies {
		tail[0][at([kinds]int{d.Count(0), d.Count(1), d.Count(2), d.Count(3)})] += def.Probs[j]
	}
	for m := 1; m < 1<<kinds; m++ {
		k := bits.TrailingZeros(uint(m))
		t := tail[m]
		copy(t, tail[m&^(1<<k)])
		// Suffix sums along count k, line by line from the top down.
		step, block := stride[k], stride[k]*shape[k]
		for base := 0; base < size; base += block {
			for lo := base; lo < base+step; lo++ {
				for i := lo + (shape[k]-2)*step; i >= lo; i -= step {
					t[i] += t[i+step]
				}
			}
		}
	}
	// For every attack tally a, every r with 0 <= r_k <= a_k, in nested
	// loops that carry the mask, the table offset and the remain index.
	pd := p.grid.shape // the dense grid of remaining tallies (with the recruit's X)
	ax := [kinds]int{p.autoX.Count(0), p.autoX.Count(1), p.autoX.Count(2), p.autoX.Count(3)}
	// look returns the tail mask bit and table coordinate of count k.
	look := func(a, r int) (bit, x int) {
		if r == 0 {
			return 1, a
		}
		return 0, a - r
	}
	for i, a := range p.attack.Tallies {
		pa := p.attack.Probs[i] * w
		a0, a1, a2, a3 := a.Count(0), a.Count(1), a.Count(2), a.Count(3)
		for r0 := 0; r0 <= a0; r0++ {
			b0, x0 := look(a0, r0)
			if x0 >= shape[0] {
				continue
			}
			for r1 := 0; r1 <= a1; r1++ {
				b1, x1 := look(a1, r1)
				if x1 >= shape[1] {
					continue
				}
				o1, d1 := (x0*shape[1]+x1)*shape[2], ((r0+ax[0])*pd[1]+r1+ax[1])*pd[2]
				for r2 := 0; r2 <= a2; r2++ {
					b2, x2 := look(a2, r2)
					if x2 >= shape[2] {
						continue
					}
					o2, d2 := (o1+x2)*shape[3], (d1+r2+ax[2])*pd[3]
					m3 := b0 | b1<<1 | b2<<2
					for r3 := 0; r3 <= a3; r3++ {
						b3, x3 := look(a3, r3)
						if x3 >= shape[3] {
							continue
						}
						if q := tail[m3|b3<<3][o2+x3]; q > 0 {
							remain[p.index[d2+r3+ax[3]]] += pa * q
						}
					}
				}
			}
		}
	}
	return true
}
