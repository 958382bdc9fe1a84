package dice

import (
	"math"
	"math/rand/v2"
)

// Enumerator walks every outcome of a trial's dice. The trial is replayed
// once per path: each draw is a branch point whose choice comes from a
// stack, and after the path ends the stack advances like an odometer. A
// trial must therefore be deterministic given its draws, which rules code
// is by construction.
//
//	e := dice.NewEnumerator(depthCap)
//	for s := e.Stream(); ; {
//		cell := trial(s)
//		... book e.Weight() to cell, or to the leftover if e.Truncated() ...
//		if !e.Next() { break }
//	}
type Enumerator struct {
	stream   Stream
	stack    []frame
	depth    int // draws made on the current path
	maxDepth int
	weight   float64

	truncated bool
	overflow  bool

	probe    *rand.PCG // set while Estimate descends at random
	weighted bool      // the probe follows the dice's own odds (MeanDraws)
	branches float64   // product of branching factors on the probe's path
	tables   map[tableKey][]float64
}

// MaxTableWork bounds the multiply-adds spent computing one kernel's
// distribution (Sum of many large dice, say).
const MaxTableWork = 50_000_000

// Overflow reports whether a kernel's distribution was too costly to
// compute (see MaxTableWork); the path was then truncated and the
// enumeration as a whole should be abandoned.
func (e *Enumerator) Overflow() bool { return e.overflow }

type frame struct {
	choice int
	n      int
	probs  []float64 // nil: uniform over n
}

type tableKey struct {
	kind, n, sides, lo, hi int
}

const (
	kindCount = iota
	kindSum
	kindHighest
	kindLowest
)

// NewEnumerator returns an enumerator whose paths hold at most depthCap
// draws; deeper draws truncate the path (see Stream.Truncated).
func NewEnumerator(depthCap int) *Enumerator {
	e := &Enumerator{maxDepth: depthCap, weight: 1, tables: map[tableKey][]float64{}}
	e.stream.enum = e
	e.stream.used = MaxProduct + 1 // every draw takes Stream.next
	return e
}

// Stream returns the enumerating stream. Pass it to the trial once per path.
func (e *Enumerator) Stream() *Stream { return &e.stream }

// Weight returns the probability of the path just replayed.
func (e *Enumerator) Weight() float64 { return e.weight }

// Truncated reports whether the path just replayed hit the depth cap.
func (e *Enumerator) Truncated() bool { return e.truncated }

// Next moves to the next path and reports whether there is one.
func (e *Enumerator) Next() bool {
	for len(e.stack) > 0 {
		f := &e.stack[len(e.stack)-1]
		f.choice = nextChoice(f.probs, f.choice+1, f.n)
		if f.choice < f.n {
			break
		}
		e.stack = e.stack[:len(e.stack)-1]
	}
	e.depth, e.weight, e.truncated = 0, 1, false
	return len(e.stack) > 0
}

// nextChoice returns the first choice >= c with a non-zero probability, or n.
func nextChoice(probs []float64, c, n int) int {
	for probs != nil && c < n && probs[c] == 0 {
		c++
	}
	return c
}

// branch returns the choice for the current draw among n options.
func (e *Enumerator) branch(n int, probs []float64) int {
	if e.depth >= e.maxDepth {
		e.truncated = true
		return nextChoice(probs, 0, n)
	}
	if e.probe != nil {
		return e.randomBranch(n, probs)
	}
	if e.depth == len(e.stack) {
		e.stack = append(e.stack, frame{choice: nextChoice(probs, 0, n), n: n, probs: probs})
	}
	f := &e.stack[e.depth]
	e.depth++
	if probs == nil {
		e.weight /= float64(n)
	} else {
		e.weight *= probs[f.choice]
	}
	return f.choice
}

// uniform returns a 0-based face.
// randomBranch picks one of the options with a non-zero probability at
// random, for Estimate.
func (e *Enumerator) randomBranch(n int, probs []float64) int {
	e.depth++
	if e.weighted {
		if probs == nil {
			return int(e.probe.Uint64() % uint64(n))
		}
		u := float64(e.probe.Uint64()>>11) / (1 << 53)
		for i, p := range probs {
			if u -= p; u < 0 {
				return i
			}
		}
		for i := len(probs) - 1; i > 0; i-- { // rounding: the last live one
			if probs[i] > 0 {
				return i
			}
		}
		return 0
	}
	if probs == nil {
		e.branches *= float64(n)
		return int(e.probe.Uint64() % uint64(n))
	}
	live := 0
	for _, p := range probs {
		if p > 0 {
			live++
		}
	}
	e.branches *= float64(live)
	k := int(e.probe.Uint64() % uint64(live))
	for i, p := range probs {
		if p > 0 {
			if k == 0 {
				return i
			}
			k--
		}
	}
	return 0
}

// Estimate returns Knuth's (1975) unbiased estimate of the number of paths
// trial has: the mean, over random descents, of the product of the
// branching factors met on the way. It lets a caller refuse an enumeration
// that would blow its budget before starting it. The enumerator is left
// ready to enumerate from its first path.
func (e *Enumerator) Estimate(descents int, trial func(*Stream)) float64 {
	e.probe = rand.NewPCG(1, 2)
	sum := 0.0
	for range descents {
		e.depth, e.weight, e.truncated, e.branches = 0, 1, false, 1
		trial(&e.stream)
		sum += e.branches
	}
	e.probe = nil
	e.stack = e.stack[:0]
	e.depth, e.weight, e.truncated, e.overflow = 0, 1, false, false
	return sum / float64(descents)
}

// MeanDraws returns the mean number of draws (branch points: a die, or a
// kernel's whole distribution drawn at once) on trial's paths, over
// random descents that follow the dice's own odds with a fixed seed: a
// deterministic measure of a trial's work, from which sim models what a
// Monte Carlo trial costs. The enumerator is left ready to enumerate.
func (e *Enumerator) MeanDraws(descents int, trial func(*Stream)) float64 {
	e.probe, e.weighted = rand.NewPCG(3, 4), true
	sum := 0
	for range descents {
		e.depth, e.weight, e.truncated, e.branches = 0, 1, false, 1
		trial(&e.stream)
		sum += e.depth
	}
	e.probe, e.weighted = nil, false
	e.stack = e.stack[:0]
	e.depth, e.weight, e.truncated, e.overflow = 0, 1, false, false
	return float64(sum) / float64(descents)
}

func (e *Enumerator) uniform(sides int) int {
	if e.truncated {
		return 0
	}
	return e.branch(sides, nil)
}

func (e *Enumerator) count(n, sides, lo, hi int) int {
	return e.pick(tableKey{kindCount, n, sides, lo, hi})
}

func (e *Enumerator) sum(n, sides int) int {
	return e.pick(tableKey{kindSum, n, sides, 0, 0}) + n
}

func (e *Enumerator) extreme(n, sides int, highest bool) int {
	k := tableKey{kindLowest, n, sides, 0, 0}
	if highest {
		k.kind = kindHighest
	}
	return e.pick(k) + 1
}

// choose branches over a distribution the caller owns (a pool's tallies).
func (e *Enumerator) choose(probs []float64) int {
	if e.truncated {
		return nextChoice(probs, 0, len(probs))
	}
	return e.branch(len(probs), probs)
}

// pick branches over a cached distribution.
func (e *Enumerator) pick(k tableKey) int {
	t, ok := e.tables[k]
	if !ok {
		if k.kind == kindSum && k.n*k.n*k.sides*k.sides/2 > MaxTableWork {
			e.overflow, e.truncated = true, true
			return 0
		}
		t = table(k)
		e.tables[k] = t
	}
	if e.truncated {
		return nextChoice(t, 0, len(t))
	}
	return e.branch(len(t), t)
}

// table computes the distribution a composite kernel branches over.
func table(k tableKey) []float64 {
	switch k.kind {
	case kindCount:
		faces := min(k.hi, k.sides) - max(k.lo, 1) + 1
		return Binomial(k.n, float64(max(0, faces))/float64(k.sides))
	case kindSum:
		return SumOfDice(k.n, k.sides)
	default:
		// P(max <= v) = (v/s)^n; P(min >= v) = ((s-v+1)/s)^n.
		t := make([]float64, k.sides)
		s := float64(k.sides)
		for v := 1; v <= k.sides; v++ {
			if k.kind == kindHighest {
				t[v-1] = math.Pow(float64(v)/s, float64(k.n)) - math.Pow(float64(v-1)/s, float64(k.n))
			} else {
				t[v-1] = math.Pow(float64(k.sides-v+1)/s, float64(k.n)) - math.Pow(float64(k.sides-v)/s, float64(k.n))
			}
		}
		return t
	}
}

// Binomial returns P(X = k) for k = 0..n, X ~ Binomial(n, p), computed in
// log space so that large n neither overflows nor underflows early.
func Binomial(n int, p float64) []float64 {
	t := make([]float64, n+1)
	switch {
	case p <= 0:
		t[0] = 1
		return t
	case p >= 1:
		t[n] = 1
		return t
	}
	lp, lq := math.Log(p), math.Log1p(-p)
	lnf, _ := math.Lgamma(float64(n + 1))
	for k := 0; k <= n; k++ {
		a, _ := math.Lgamma(float64(k + 1))
		b, _ := math.Lgamma(float64(n - k + 1))
		t[k] = math.Exp(lnf - a - b + float64(k)*lp + float64(n-k)*lq)
	}
	return t
}

// SumOfDice returns the distribution of the total of n dice with the given
// sides, shifted so that index 0 is the total n. Direct convolution, one die
// at a time: O(n^2 * sides^2), no subtraction, so tails stay accurate.
func SumOfDice(n, sides int) []float64 {
	die := make([]float64, sides)
	for i := range die {
		die[i] = 1 / float64(sides)
	}
	t := []float64{1}
	for range n {
		t = Convolve(t, die)
	}
	return t
}

// Convolve returns the distribution of X+Y for independent X and Y given as
// distributions over 0..len-1.
func Convolve(x, y []float64) []float64 {
	out := make([]float64, len(x)+len(y)-1)
	for i, a := range x {
		if a == 0 {
			continue
		}
		for j, b := range y {
			out[i+j] += a * b
		}
	}
	return out
}
