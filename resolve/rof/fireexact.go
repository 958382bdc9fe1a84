package rof

import (
	"context"
	"math"

	"odds/dice"
	"odds/resolve"
)

// Exact implements sim.Exacter for fire by dynamic programming, never
// walking the to-hit dice: the hits are binomial; given the hits, each
// team's share is fixed and the teams resolve independently, so the
// distribution of (target's outcome, RFPs, teams killed) is a convolution
// over the teams of each team's (outcome, RFPs) distribution, which is
// found by enumerating that team's few ping, pen and check dice. RoF 10 x
// 3 firing teams at 6 armoured teams (1.3e11 dice paths) takes well under
// a millisecond.
func (p *firePlan) Exact(ctx context.Context, budget int64) ([]float64, bool) {
	q := float64(7-p.toHit) / 6
	maxRFP := p.maxRFP
	out := make([]float64, p.layout.Cells)
	teams := map[int][]teamResult{} // by hits allocated to a team
	work := int64(0)
	// The DP's states, dense: the target's outcome (or none yet), the RFPs
	// and the teams killed so far.
	nO, nR, nD := len(fireOutcomes)+1, maxRFP+1, p.teams+1
	cur, next := make([]float64, nO*nR*nD), make([]float64, nO*nR*nD)
	at := func(o, r, d int) int { return (o*nR+r)*nD + d }
	for hits := 0; hits <= p.dice; hits++ {
		if ctx.Err() != nil {
			return nil, false
		}
		ph := binomialPMF(p.dice, hits, q)
		if ph == 0 {
			continue
		}
		clear(cur)
		cur[at(len(fireOutcomes), 0, 0)] = ph // the target's outcome not yet known
		top := 0                              // the most RFPs so far
		each, extra := hits/p.teams, hits%p.teams
		for i := range p.teams {
			n := each + resolve.B2I(i < extra)
			if !p.armoured {
				n = resolve.B2I(i < hits)
			}
			dist, ok := teams[n]
			if !ok {
				if dist, ok = p.teamDist(n, budget-work); !ok {
					return nil, false
				}
				teams[n] = dist
				work += int64(len(dist))
			}
			clear(next)
			most := 0
			for _, t := range dist {
				most = max(most, t.rfps)
			}
			for o := range nO {
				for r := range min(top+1, nR) {
					for d := range i + 1 {
						w := cur[at(o, r, d)]
						if w == 0 {
							continue
						}
						for _, t := range dist {
							o2 := o
							if i == p.targetAt {
								o2 = t.outcome
							}
							next[at(o2, min(r+t.rfps, maxRFP), d+resolve.B2I(t.outcome <= 1))] += w * t.p
						}
					}
				}
			}
			cur, next = next, cur
			top += most
		}
		for o := range len(fireOutcomes) {
			for r := range nR {
				for d := range nD {
					if w := cur[at(o, r, d)]; w > 0 {
						out[p.grid.Cell(o, hits, r, d)] += w
					}
				}
			}
		}
	}
	return out, true
}

// teamResult is one outcome of a team with its RFPs and probability.
type teamResult struct {
	outcome, rfps int
	p             float64
}

// teamDist enumerates one team's dice for the hits it takes.
func (p *firePlan) teamDist(hits int, budget int64) ([]teamResult, bool) {
	n := p.maxRFP + 1
	dist, ok := enumerate(func(s *dice.Stream) int {
		o, r := p.team(s, hits)
		return o*n + r
	}, len(fireOutcomes)*n, budget)
	if !ok {
		return nil, false
	}
	var out []teamResult
	for x, q := range dist {
		if q > 0 {
			out = append(out, teamResult{x / n, x % n, q})
		}
	}
	return out, true
}

// binomialPMF is P(k successes in n trials of chance q).
func binomialPMF(n, k int, q float64) float64 {
	lg := func(x int) float64 { v, _ := math.Lgamma(float64(x + 1)); return v }
	if q == 0 {
		return float64(resolve.B2I(k == 0))
	}
	if q == 1 {
		return float64(resolve.B2I(k == n))
	}
	return math.Exp(lg(n) - lg(k) - lg(n-k) + float64(k)*math.Log(q) + float64(n-k)*math.Log1p(-q))
}
