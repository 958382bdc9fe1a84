package cohesion

// Fire in closed form (sim.Exacter). The highest result of independent
// dice has the distribution of a product of per-die CDFs: P(highest <= x)
// is the product over the dice of P(d10 + DRM <= x). What else a fire
// reads is kept beside it in the same product: whether a mortar rolled a
// 10 that counts (a second factor per mortar die, "and not a 10"), and at
// a vehicle whether a die giving the highest result rolled a 10 (a factor
// "and not (a 10 giving exactly x)"). So any number of DRM rolls and any
// stack costs a few hundred multiplications, not 10^dice paths; the path
// enumeration (Trial under dice.Enumerator) remains the reference it is
// tested against (fireexact_test.go).

import (
	"context"

	"odds/resolve"
)

// xLo and xHi bound a modified roll: d10 (1..10) plus a DRM (-9..12).
const (
	xLo = 1 - 9
	xHi = 10 + 12
)

// Exact returns the probability of each cell. It never refuses: the cost
// is linear in the dice (about a microsecond), too little to look at ctx.
func (p *firePlan) Exact(context.Context, int64) ([]float64, bool) {
	prob := make([]float64, p.layout.Cells)
	if p.vehicle {
		p.exactVehicle(prob)
	} else {
		p.exactUnit(prob)
	}
	return prob, true
}

// atMost is P(d10 + d <= x), counted over the ten faces.
func atMost(d, x int) float64 { return float64(min(10, max(0, x-d))) / 10 }

// volleyDist is the joint distribution of a unit's volley: pNone[h] is the
// chance that no die counts toward the highest (all are mortars sparing a
// rider) with mortar hit h; at[x-xLo][h] the chance the highest is x with
// mortar hit h.
func (p *firePlan) volleyDist() (none [2]float64, at [xHi - xLo + 1][2]float64) {
	// F(x) = P(highest <= x); G(x) = P(highest <= x and no counting
	// mortar 10). Below every die both are the chance that nothing is in
	// the highest, i.e. 0 unless no die counts.
	var F, G [xHi - xLo + 2]float64 // index x-xLo+1; [0] is "no die counts"
	for i := range F {
		x := xLo - 1 + i
		f, g := 1.0, 1.0
		for _, d := range p.sa {
			f *= atMost(d, x)
			g *= atMost(d, x)
		}
		for _, d := range p.mortar {
			if p.mortarSpares { // rolled only for its 10
				if p.mortar10 {
					g *= 0.9
				}
				continue
			}
			f *= atMost(d, x)
			if p.mortar10 {
				g *= atMost(d, x) - b2f(10+d <= x)/10 // and not a 10
			} else {
				g *= atMost(d, x)
			}
		}
		F[i], G[i] = f, g
	}
	if len(p.sa) == 0 && (len(p.mortar) == 0 || p.mortarSpares) {
		// No die in the highest: F is 1 everywhere, G the chance of no 10.
		none = [2]float64{G[0], F[0] - G[0]}
		return
	}
	for i := 1; i < len(F); i++ {
		noHit := G[i] - G[i-1]
		at[i-1] = [2]float64{noHit, F[i] - F[i-1] - noHit}
	}
	return
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// exactUnit spreads the volley over the target units (equally likely when
// the priority ties) and their outcomes, as Trial does.
func (p *firePlan) exactUnit(prob []float64) {
	none, at := p.volleyDist()
	w := 1 / float64(len(p.units))
	for _, u := range p.units {
		for h := range 2 {
			if q := none[h] * w; q > 0 {
				p.unitCells(prob, u, -100, h == 1, q)
			}
			for i := range at {
				if q := at[i][h] * w; q > 0 {
					p.unitCells(prob, u, xLo+i, h == 1, q)
				}
			}
		}
	}
}

// unitCells adds q to the cells of a volley whose highest is best, with or
// without a counting mortar 10, at unit u (Trial's switch, with the
// cohesion check's d10 spread out).
func (p *firePlan) unitCells(prob []float64, u unit, best int, hit bool, q float64) {
	out, unload, checks := u.effect(best, hit)
	h := resolve.B2I(hit)
	if checks {
		fail := float64(10-u.cohesion) / 10 // d10 > Cohesion
		prob[p.grid.Cell(out, 1, unload, h, 0)] += q * fail
		prob[p.grid.Cell(out, 0, unload, h, 0)] += q * (1 - fail)
		return
	}
	prob[p.grid.Cell(out, 0, unload, h, 0)] += q
}

// exactVehicle is atVehicle in closed form. An anti-tank die's value is
// r + d for r >= 3 and "ignored" (below everything) for r <= 2. With
// A(x) = P(every die <= x) and B(x) = P(every die <= x, and none rolled a
// 10 giving exactly x), the highest is x with probability A(x) - A(x-1),
// and is x with no 10 among the dice giving it with B(x) - A(x-1). The
// mortar's 10 is independent of the anti-tank dice: 1 - 0.9^mortars.
func (p *firePlan) exactVehicle(prob []float64) {
	mortarHit := 0.0
	if p.mortar10 {
		mortarHit = 1 - pow09(len(p.mortar))
	}
	ignored := 1.0 // A below every die: all rolled 2 or less
	for range p.at {
		ignored *= 0.2
	}
	add := func(best int, roll10 bool, q float64) {
		if q <= 0 {
			return
		}
		roll10 = roll10 && best >= p.armour-2
		for m := range 2 {
			qm := q * []float64{1 - mortarHit, mortarHit}[m]
			if qm <= 0 {
				continue
			}
			hit := m == 1
			atKills, mortarKills := best > p.armour, hit && !p.afv
			out, collateral := noEffect, mortarKills || (atKills && p.collateralATV)
			switch {
			case atKills || mortarKills:
				out = destroyed
			case p.afv && (best == p.armour || roll10 || hit):
				out = shocked
			}
			unload := resolve.B2I(out != noEffect || hit)
			prob[p.grid.Cell(out, 0, unload, resolve.B2I(hit), resolve.B2I(collateral))] += qm
		}
	}
	add(-100, false, ignored)
	prev := ignored
	for x := xLo; x <= xHi; x++ {
		a, b := 1.0, 1.0
		for _, d := range p.at {
			// P(value <= x): the ignored faces 1..2, and 3..10 with r+d <= x.
			le := 0.2 + float64(max(0, min(10, x-d)-2))/10
			a *= le
			if 10+d == x {
				le -= 0.1
			}
			b *= le
		}
		add(x, false, b-prev)
		add(x, true, a-b)
		prev = a
	}
}

func pow09(n int) float64 {
	q := 1.0
	for range n {
		q *= 0.9
	}
	return q
}
