package roll

import (
	"context"
	"math"
	"slices"

	"odds/dice"
)

// opsPerPath converts the exact driver's path budget into multiply-adds: a
// path costs about as much as twenty of them (BenchmarkExactVsMC: ~20 ns).
const opsPerPath = 20

// dist is a distribution over lo, lo+1, …
type dist struct {
	lo int
	p  []float64
}

// Exact implements sim.Exacter: the distribution by convolution, or
// ok=false if that would take more than the budget.
func (p *Plan) Exact(ctx context.Context, budget int64) ([]float64, bool) {
	x := &exacter{ctx: ctx, budget: budget * opsPerPath}
	d, ok := x.sum(p.left)
	if ok && p.right != nil {
		var r dist
		if r, ok = x.sum(p.right); ok {
			d, ok = x.add(d, negate(r))
		}
	}
	if !ok {
		return nil, false
	}
	out := make([]float64, p.layout.Cells)
	copy(out[d.lo-p.lo:], d.p)
	return out, true
}

type exacter struct {
	ctx    context.Context // looked at on each charge: a step is one convolution
	budget int64
}

// spend charges ops to the budget and reports whether it still holds
// and the context has not ended.
func (x *exacter) spend(ops int64) bool {
	x.budget -= ops
	return x.budget >= 0 && x.ctx.Err() == nil
}

func (x *exacter) add(a, b dist) (dist, bool) {
	if !x.spend(int64(len(a.p)) * int64(len(b.p))) {
		return dist{}, false
	}
	return dist{lo: a.lo + b.lo, p: dice.Convolve(a.p, b.p)}, true
}

func negate(d dist) dist {
	p := slices.Clone(d.p)
	slices.Reverse(p)
	return dist{lo: -(d.lo + len(d.p) - 1), p: p}
}

func (x *exacter) sum(ts []term) (dist, bool) {
	acc := dist{p: []float64{1}}
	for i := range ts {
		d, ok := x.term(&ts[i])
		if !ok {
			return dist{}, false
		}
		if ts[i].sign < 0 {
			d = negate(d)
		}
		if acc, ok = x.add(acc, d); !ok {
			return dist{}, false
		}
	}
	return acc, true
}

func (x *exacter) term(t *term) (dist, bool) {
	switch {
	case t.kind == kConst:
		return dist{lo: t.value, p: []float64{1}}, true
	case t.kind == kGroup:
		d, ok := x.sum(t.group)
		if !ok || !t.cmp {
			return d, ok
		}
		in := 0.0
		for i, q := range d.p {
			in += q * float64(inRange(d.lo+i, t.lo, t.hi))
		}
		return dist{p: []float64{1 - in, in}}, true
	case t.keep > 0:
		return x.keep(t)
	case t.cmp:
		in := 0.0
		for v := t.lo; v <= t.hi; v++ {
			in += faceProb(t, v)
		}
		return dist{p: dice.Binomial(t.n, in)}, x.spend(int64(t.n))
	}
	m := t.maxFace()
	if !x.spend(int64(t.n) * int64(t.n) * int64(m) * int64(m)) {
		return dist{}, false
	}
	if t.die == nil {
		return dist{lo: t.n, p: dice.SumOfDice(t.n, t.sides)}, true
	}
	acc := []float64{1}
	for range t.n {
		acc = dice.Convolve(acc, t.die)
	}
	return dist{lo: t.n, p: acc}, true
}

// faceProb is the probability that one die of t shows v (1..maxFace).
func faceProb(t *term, v int) float64 {
	if t.die != nil {
		return t.die[v-1]
	}
	return 1 / float64(t.sides)
}

// keep computes the distribution of the sum (or count in range) of the
// kept dice. It walks the faces from the kept end (highest first for kh),
// choosing how many dice show each face; a face v shown by c of the r dice
// not yet placed has multinomial weight C(r, c) q_v^c (q_v = 1/sides for a
// plain die), and contributes the dice still within the keep quota. State:
// dice placed, running total.
func (x *exacter) keep(t *term) (dist, bool) {
	n, k, s := t.n, t.keep, t.maxFace()
	width := k*s + 1
	if !x.spend(int64(s) * int64(n+1) * int64(n+1) * int64(width)) {
		return dist{}, false
	}
	lf := make([]float64, n+1) // log factorials
	for i := 1; i <= n; i++ {
		lf[i] = lf[i-1] + math.Log(float64(i))
	}
	dp := make([]float64, (n+1)*width)
	next := make([]float64, len(dp))
	dp[0] = 1
	for f := range s {
		face := s - f // kh: highest face first
		if !t.high {
			face = f + 1
		}
		gain := face
		if t.cmp {
			gain = inRange(face, t.lo, t.hi)
		}
		q := faceProb(t, face)
		if q == 0 {
			continue // no die shows it: every state carries over as it is
		}
		logQ := math.Log(q)
		clear(next)
		for j := 0; j <= n; j++ {
			for v := range width {
				w := dp[j*width+v]
				if w == 0 {
					continue
				}
				r := n - j
				for c := 0; c <= r; c++ {
					took := min(c, max(0, k-j))
					next[(j+c)*width+v+took*gain] += w * math.Exp(lf[r]-lf[c]-lf[r-c]+float64(c)*logQ)
				}
			}
		}
		dp, next = next, dp
	}
	lo := k
	if t.cmp {
		lo = 0
	}
	last := dp[n*width:]
	hi := k * s
	if t.cmp {
		hi = k
	}
	return dist{lo: lo, p: slices.Clone(last[lo : hi+1])}, true
}
