package roll

import (
	"context"
	"math"
	"slices"

	"odds/dice"
	"odds/resolve"
)

// opsPerPath converts the exact driver's path budget into multiply-adds: a
// path costs about as much as twenty of them (BenchmarkExactVsMC: ~20 ns).
const opsPerPath = 20

// dist is a distribution over lo, lo+1, …
type dist struct {
	lo int
	p  []float64
}

// Exact implements resolve.Exacter: the distribution by convolution, or
// ok=false if that would take more than the budget or more memory than
// resolve.MaxExactBytes, or once ctx has ended (looked at every
// checkWork multiply-adds).
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

// ExactBytes implements resolve.ExactSizer: about the most Exact's
// tables hold, read from the terms before any is computed. A keep of n
// dice holds two tables of n+1 rows by the kept total's span (1000d100kl999:
// 1,001 × 99,901 float64s each, 1.6 GB), a sum its distribution and the
// next one.
func (p *Plan) ExactBytes() int64 { return 8 * (tableFloats(p.left) + tableFloats(p.right)) }

// tableFloats is the float64s the exact tables of ts hold at most.
func tableFloats(ts []term) int64 {
	var n int64
	for i := range ts {
		t := &ts[i]
		switch {
		case t.kind == kConst:
		case t.kind == kGroup:
			n += tableFloats(t.group)
		case t.keep > 0:
			n += 2 * int64(t.n+1) * int64(t.keep*t.maxFace()+1)
		case t.cmp:
			n += int64(t.n + 1)
		default:
			n += 2 * int64(t.n*t.maxFace()+1)
		}
	}
	return n
}

// exacter computes a distribution within a budget of multiply-adds. Its
// steps return ok=false when the budget would be passed, when tables
// would pass resolve.MaxExactBytes, or once ctx has ended (the caller
// reads ctx.Err()).
type exacter struct {
	ctx    context.Context
	budget int64
	work   int64 // multiply-adds since ctx was last looked at
}

// checkWork is the multiply-adds between looks at the context: about a
// millisecond's work.
const checkWork = 1 << 20

// spend charges ops to the budget and reports whether it still holds
// and the context has not ended.
func (x *exacter) spend(ops int64) bool {
	x.budget -= ops
	return x.budget >= 0 && x.ctx.Err() == nil
}

// tick counts ops multiply-adds done and, every checkWork of them,
// looks at the context: false once it has ended.
func (x *exacter) tick(ops int64) bool {
	if x.work += ops; x.work < checkWork {
		return true
	}
	x.work = 0
	return x.ctx.Err() == nil
}

// hold reports whether tables of n float64s fit in
// resolve.MaxExactBytes (the driver refuses larger plans first, by
// ExactBytes: this keeps Exact within the bound when called directly).
func hold(n int64) bool { return 8*n <= resolve.MaxExactBytes }

// convolve is dice.Convolve (the same sums in the same order), checking
// the context as it goes.
func (x *exacter) convolve(a, b []float64) ([]float64, bool) {
	if !hold(int64(len(a) + len(b) - 1)) {
		return nil, false
	}
	out := make([]float64, len(a)+len(b)-1)
	for i, p := range a {
		if p == 0 {
			continue
		}
		for j, q := range b {
			out[i+j] += p * q
		}
		if !x.tick(int64(len(b))) {
			return nil, false
		}
	}
	return out, true
}

func (x *exacter) add(a, b dist) (dist, bool) {
	if !x.spend(int64(len(a.p)) * int64(len(b.p))) {
		return dist{}, false
	}
	p, ok := x.convolve(a.p, b.p)
	return dist{lo: a.lo + b.lo, p: p}, ok
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
	die := t.die
	if die == nil { // as dice.SumOfDice
		die = make([]float64, t.sides)
		for i := range die {
			die[i] = 1 / float64(t.sides)
		}
	}
	acc := []float64{1}
	for range t.n {
		var ok bool
		if acc, ok = x.convolve(acc, die); !ok {
			return dist{}, false
		}
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
	if !x.spend(int64(s)*int64(n+1)*int64(n+1)*int64(width)) || !hold(2*int64(n+1)*int64(width)) {
		return dist{}, false
	}
	lf := make([]float64, n+1) // log factorials
	for i := 1; i <= n; i++ {
		lf[i] = lf[i-1] + math.Log(float64(i))
	}
	dp := make([]float64, (n+1)*width)
	next := make([]float64, len(dp))
	weight := make([]float64, n+1)
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
			r := n - j
			for c := 0; c <= r; c++ { // C(r, c) q^c, the same for every total
				weight[c] = math.Exp(lf[r] - lf[c] - lf[r-c] + float64(c)*logQ)
			}
			for v := range width {
				w := dp[j*width+v]
				if w == 0 {
					continue
				}
				for c := 0; c <= r; c++ {
					took := min(c, max(0, k-j))
					next[(j+c)*width+v+took*gain] += w * weight[c]
				}
				if !x.tick(int64(r + 1)) {
					return dist{}, false
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
