package dice

import (
	"math/bits"
	"math/rand/v2"
)

// MaxProduct bounds the product of the sides of all dice taken from one
// 64-bit word.
//
// The dice d1..dk (sides n1..nk, product P) drawn from one uniform word x are
// the mixed-radix digits of floor(x*P / 2^64). Each of the P joint outcomes
// is hit by either floor(2^64/P) or ceil(2^64/P) words, so its probability
// differs from 1/P by less than 2^-64 absolutely, and by less than
// P/2^64 <= 2^24/2^64 = 2^-40 (about 9.1e-13) relatively. That bound holds
// for any single die and for any event built from dice of one word. In
// practice it allows 9 d6, 7 d10 or 5 d20 per word.
const MaxProduct = 1 << 24

// MaxSides is the largest die a Stream rolls. Larger dice would break the
// MaxProduct bound on their own.
const MaxSides = 1 << 16

// Stream is a source of dice for one goroutine. The zero value is not
// usable: make one with New or NewEnumerating.
type Stream struct {
	src  rand.PCG
	frac uint64 // the unused fraction of the current word
	used uint64 // product of the sides already taken from frac

	enum *Enumerator // nil in Monte Carlo mode
	buf  []int       // scratch for kernels that need to sort dice
}

// New returns a Monte Carlo stream for chunk k of a run with the given seed.
func New(seed, chunk uint64) *Stream {
	s := &Stream{}
	s.Reset(seed, chunk)
	return s
}

// Reset reseeds s for chunk k of a run with the given seed. Streams for
// different chunks are independent: both halves of the PCG state are
// derived from (seed, chunk) through a SplitMix64 finaliser, so neighbouring
// chunks start far apart in state space.
func (s *Stream) Reset(seed, chunk uint64) {
	hi := mix(seed ^ mix(chunk+0x9e3779b97f4a7c15))
	lo := mix(hi ^ mix(chunk^0xbf58476d1ce4e5b9) ^ seed)
	s.src.Seed(hi, lo)
	s.used = MaxProduct + 1 // forces a fresh word on the first draw
}

// mix is the SplitMix64 finaliser (Steele, Lea and Flood 2014).
func mix(z uint64) uint64 {
	z += 0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// Uint64 returns a raw word from the generator (Monte Carlo mode only). It
// exists for the benchmark floor and for tests of the generator.
func (s *Stream) Uint64() uint64 { return s.src.Uint64() }

// D rolls one die with the given number of sides (1..MaxSides) and returns
// 1..sides.
func (s *Stream) D(sides int) int {
	if s.enum != nil {
		return s.enum.uniform(sides) + 1
	}
	return s.draw(uint64(sides)) + 1
}

// draw returns a uniform value in [0, n) taken from the current word.
func (s *Stream) draw(n uint64) int {
	if s.used*n > MaxProduct {
		s.refill()
	}
	s.used *= n
	hi, lo := bits.Mul64(s.frac, n)
	s.frac = lo
	return int(hi)
}

func (s *Stream) refill() {
	s.frac = s.src.Uint64()
	s.used = 1
}

// Successes rolls n dice with the given sides and counts those showing at
// least target.
func (s *Stream) Successes(n, sides, target int) int {
	return s.Count(n, sides, target, sides)
}

// Count rolls n dice with the given sides and counts those showing lo..hi.
// Enumerating, it branches once over the binomial count instead of once per
// die.
func (s *Stream) Count(n, sides, lo, hi int) int {
	if s.enum != nil {
		return s.enum.count(n, sides, lo, hi)
	}
	c := 0
	base, span := uint(lo-1), uint(hi-lo)
	for range n {
		if uint(s.draw(uint64(sides)))-base <= span {
			c++
		}
	}
	return c
}

// Sum rolls n dice with the given sides and returns their total.
// Enumerating, it branches once over the total.
func (s *Stream) Sum(n, sides int) int {
	if s.enum != nil {
		return s.enum.sum(n, sides)
	}
	t := n
	for range n {
		t += s.draw(uint64(sides))
	}
	return t
}

// Highest rolls n dice and returns the highest (n >= 1).
func (s *Stream) Highest(n, sides int) int {
	if s.enum != nil {
		return s.enum.extreme(n, sides, true)
	}
	m := 0
	for range n {
		m = max(m, s.draw(uint64(sides)))
	}
	return m + 1
}

// Lowest rolls n dice and returns the lowest (n >= 1).
func (s *Stream) Lowest(n, sides int) int {
	if s.enum != nil {
		return s.enum.extreme(n, sides, false)
	}
	m := sides
	for range n {
		m = min(m, s.draw(uint64(sides)))
	}
	return m + 1
}

// Buffer returns scratch space of length n owned by the stream. It
// allocates only when n exceeds every earlier request, so a kernel that
// asks for the same size every trial allocates once per stream.
func (s *Stream) Buffer(n int) []int {
	if cap(s.buf) < n {
		s.buf = make([]int, n)
	}
	return s.buf[:n]
}

// Truncated reports whether an enumerating stream has reached its depth cap
// on the current path. Rules code with unbounded rounds ends its loop when
// it is true; the exact driver then books the path as unexplored mass. A
// Monte Carlo stream is never truncated.
func (s *Stream) Truncated() bool {
	return s.enum != nil && s.enum.truncated
}
