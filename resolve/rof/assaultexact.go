package rof

import (
	"context"
	"odds/dice"
)

// enemy resolves the k assaulting teams that touch one enemy team, in
// order: its final state and how many of those teams were lost.
func (p *assaultPlan) enemy(s *dice.Stream, k int) (state, lost int) {
	for range k {
		if p.suppressed && s.D(6) < p.quality {
			lost++
			continue
		}
		if state == enemyDestroyed || s.D(6) < p.tn {
			continue
		}
		state = max(state, p.hit(s))
	}
	return state, lost
}

// Exact implements sim.Exacter: the enemy teams are independent, each
// touched by one or two assaulting teams (closest to closest), so the
// answer is a convolution over the enemies of each one's (state, teams
// lost) distribution, enumerated once for one and for two teams.
func (p *assaultPlan) Exact(ctx context.Context, budget int64) ([]float64, bool) {
	var per [3][]float64 // per[k][state*3+lost]
	for k := range 3 {
		d, ok := enumerate(func(s *dice.Stream) int {
			st, lost := p.enemy(s, k)
			return st*3 + lost
		}, 9, budget)
		if !ok {
			return nil, false
		}
		per[k] = d
	}
	// DP over the enemies: (the first enemy's state, enemies destroyed,
	// teams lost).
	nD, nL := p.enemies+1, p.teams+1
	at := func(st, d, l int) int { return (st*nD+d)*nL + l }
	cur, next := make([]float64, 3*nD*nL), make([]float64, 3*nD*nL)
	cur[at(unharmed, 0, 0)] = 1
	for e := range p.enemies {
		if ctx.Err() != nil {
			return nil, false
		}
		k := p.teams / p.enemies
		if e < p.teams%p.enemies {
			k++
		}
		clear(next)
		for st := range 3 {
			for d := range e + 1 {
				for l := range nL {
					w := cur[at(st, d, l)]
					if w == 0 {
						continue
					}
					for x, q := range per[k] {
						if q == 0 {
							continue
						}
						st2, lost := x/3, x%3
						first := st
						if e == 0 {
							first = st2
						}
						dead := d
						if st2 == enemyDestroyed {
							dead++
						}
						next[at(first, dead, l+lost)] += w * q
					}
				}
			}
		}
		cur, next = next, cur
	}
	out := make([]float64, p.layout.Cells)
	for st := range 3 {
		for d := range nD {
			for l := range nL {
				if w := cur[at(st, d, l)]; w > 0 {
					out[p.grid.Cell(2-st, d, l)] += w
				}
			}
		}
	}
	return out, true
}
