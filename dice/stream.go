package dice

import "math/bits"

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
	src  wyrand
	frac uint64 // the unused fraction of the current word
	used uint64 // product of the sides already taken from frac

	coinBits uint64 // unused fair coins (coins.go), lowest bit next
	coinLeft uint   // how many coins are left in coinBits

	enum *Enumerator // nil in Monte Carlo mode
	buf  []int       // scratch for kernels that need to sort dice

	// Streams of different workers are written constantly; padding to 128
	// bytes keeps two of them out of one prefetched pair of cache lines.
	_ [64]byte
}

// New returns a Monte Carlo stream for chunk k of a run with the given seed.
func New(seed, chunk uint64) *Stream {
	s := &Stream{}
	s.Reset(seed, chunk)
	return s
}

// Reset reseeds s for chunk k of a run with the given seed. Streams for
// different chunks are independent: the generator's state is derived from
// (seed, chunk) through two SplitMix64 finalisers, so neighbouring chunks
// start far apart on the generator's cycle (two chunks of a 1e9-trial run
// overlap with probability under 2^-17: chunks^2 x words a chunk / 2^64).
func (s *Stream) Reset(seed, chunk uint64) {
	s.src = wyrand(mix(seed ^ mix(chunk+0x9e3779b97f4a7c15)))
	s.used = MaxProduct + 1 // forces a fresh word on the first draw
	s.coinLeft = 0          // and on the first coin
}

// ResetTrial reseeds s for one trial of a paired run (sim.RunPaired):
// the state is derived from (seed, trial) by one SplitMix64 finaliser, half
// of Reset's work, since it runs twice a trial.
func (s *Stream) ResetTrial(seed, trial uint64) {
	s.src = wyrand(mix(seed + trial*0x9e3779b97f4a7c15))
	s.used, s.coinLeft = MaxProduct+1, 0
}

// wyrand is the Monte Carlo generator: wyrand (Wang Yi's wyhash family), a
// 64-bit Weyl counter through one 64x64->128 multiply. The next word does
// not wait on the one before (the state only adds a constant), so a kernel
// that unrolls a word into its dice overlaps one word's digits with the
// next word's mixing: the throughput floor in benchmarks/ uses the same
// generator. It passes BigCrush and PractRand to 2^45 (its authors'
// figures); a trial needs far fewer words than that.
type wyrand uint64

// wyInc is wyrand's Weyl increment.
const wyInc = 0xa0761d6478bd642f

// Uint64 returns the next word.
func (s *wyrand) Uint64() uint64 {
	*s += wyInc
	return wymix(uint64(*s))
}

// wymix is wyrand's output of state x. Kernels that keep the state in a
// register add wyInc themselves and call this.
func wymix(x uint64) uint64 {
	hi, lo := bits.Mul64(x, x^0xe7037ed1a0b428db)
	return hi ^ lo
}

// mix is the SplitMix64 finaliser (Steele, Lea and Flood 2014).
func mix(z uint64) uint64 {
	z += 0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// D rolls one die with the given number of sides (1..MaxSides) and returns
// 1..sides.
func (s *Stream) D(sides int) int {
	return s.draw(uint64(sides)) + 1
}

// draw returns a uniform value in [0, n): the next mixed-radix digit of the
// current word. This fast path is small enough to inline into every kernel;
// a fresh word, and enumeration, go through next. In enumerating mode used
// stays above MaxProduct, so the mode costs the hot path nothing.
func (s *Stream) draw(n uint64) int {
	u := s.used * n
	if u > MaxProduct {
		return s.next(n)
	}
	s.used = u
	hi, lo := bits.Mul64(s.frac, n)
	s.frac = lo
	return int(hi)
}

// next is draw's slow path: the enumerator's choice, or the first digit of
// a fresh word.
func (s *Stream) next(n uint64) int {
	if s.enum != nil {
		return s.enum.uniform(int(n))
	}
	hi, lo := bits.Mul64(s.src.Uint64(), n)
	s.frac, s.used = lo, n
	return int(hi)
}

// Count rolls n dice with the given sides and counts those showing lo..hi
// (1 <= lo <= hi <= sides), die by die, with nothing to build first.
// Enumerating, it branches once over the binomial count instead of once
// per die. Plans count with a Counter built when they compile
// (CountWith), a group of dice per multiply; Count is the reference the
// grouped kernels are tested against.
func (s *Stream) Count(n, sides, lo, hi int) int {
	if s.enum != nil {
		return s.enum.count(n, sides, lo, hi)
	}
	m := uint64(sides)
	base, span := uint64(lo-1), uint64(hi-lo)
	// The word and its budget live in registers for the whole pool: going
	// through s on every die would put a store and a load on the critical
	// path of each extraction. Sum and the other kernels repeat this loop
	// body on purpose: a shared helper would either keep the word in
	// memory or cost a call per die (benchmarks/: 2.6x the floor vs 1.0x).
	src, frac, used := s.src, s.frac, s.used
	c := 0
	for range n {
		used *= m
		if used > MaxProduct {
			frac, used = src.Uint64(), m
		}
		d, f := bits.Mul64(frac, m)
		frac = f
		c += hit(d, base, span)
	}
	s.src, s.frac, s.used = src, frac, used
	return c
}

// TallyDiff runs trials opposed rolls of two dice with the given sides and
// adds one to counts[a-b+sides-1] for each: the Monte Carlo kernel of an
// opposed roll. A word gives the pairs of as many trials as fit its
// budget (three of d10s), each trial's two dice drawn from one word, so
// no die checks the budget. A pair is one digit of sides^2 (whose digits
// are the two dice: the same dice as two draws), and where the pairs fit
// maxJointPairs cells the pairs themselves are tallied and folded into
// the differences at the end, so that neighbouring trials rarely wait on
// one cell's store. counts must have at least 2*sides-1 entries. Monte
// Carlo mode only.
func (s *Stream) TallyDiff(trials, sides int, counts []uint64) {
	m := uint64(sides)
	counts = counts[:2*sides-1]
	src := s.src
	if m*m > MaxProduct { // a die a word
		for range trials {
			src += wyInc
			a, _ := bits.Mul64(wymix(uint64(src)), m)
			src += wyInc
			b, _ := bits.Mul64(wymix(uint64(src)), m)
			counts[a-b+m-1]++
		}
		s.src, s.used = src, MaxProduct+1
		return
	}
	mm := m * m
	k := digitsPerWord(mm)
	if mm <= maxJointPairs && uint64(trials) >= mm {
		var cells [maxJointPairs]uint64
		for ; trials >= k; trials -= k {
			src += wyInc
			f := wymix(uint64(src))
			for range k {
				x, f1 := bits.Mul64(f, mm)
				f = f1
				cells[x]++
			}
		}
		for x, c := range cells[:mm] {
			counts[uint64(x)/m+m-1-uint64(x)%m] += c
		}
	}
	for trials > 0 {
		n := min(k, trials)
		trials -= n
		src += wyInc
		f := wymix(uint64(src))
		for range n {
			a, f1 := bits.Mul64(f, m)
			b, f2 := bits.Mul64(f1, m)
			f = f2
			counts[a-b+m-1]++
		}
	}
	s.src, s.used = src, MaxProduct+1
}

// maxJointPairs bounds the pairs TallyDiff tallies as cells: two d16.
const maxJointPairs = 256

// digitsPerWord is the digits of m outcomes (1 <= m <= MaxProduct) one
// word gives: the most k with m^k at most MaxProduct, and at most 64 (a
// digit of one outcome takes nothing from the word: d1 vs d1).
func digitsPerWord(m uint64) int {
	k, p := 1, m
	for k < 64 && p*m <= MaxProduct {
		p *= m
		k++
	}
	return k
}

// hit is 1 if base <= d <= base+span, else 0, without a branch: a success
// test at p = 1/2 would mispredict every other die. The borrow of
// span-(d-base) is set exactly when d-base > span (unsigned).
func hit(d, base, span uint64) int {
	_, borrow := bits.Sub64(span, d-base, 0)
	return int(1 - borrow)
}

// Sum rolls n dice with the given sides and returns their total.
// Enumerating, it branches once over the total.
func (s *Stream) Sum(n, sides int) int {
	if s.enum != nil {
		return s.enum.sum(n, sides)
	}
	m := uint64(sides)
	src, frac, used := s.src, s.frac, s.used
	t := uint64(n)
	for range n {
		used *= m
		if used > MaxProduct {
			frac, used = src.Uint64(), m
		}
		d, f := bits.Mul64(frac, m)
		frac = f
		t += d
	}
	s.src, s.frac, s.used = src, frac, used
	return int(t)
}

// FacesWidth is the bits a face's count takes in Faces' word: 4 bits for
// pools of up to 15 dice (16 faces fit), else 8 (8 faces, 255 dice).
func FacesWidth(n int) uint {
	if n < 16 {
		return 4
	}
	return 8
}

// Faces rolls n dice with the given sides and returns how many show each
// face, packed: face f's count in FacesWidth(n) bits from bit
// FacesWidth(n)*(f-1). sides*FacesWidth(n) must be at most 64 and n at
// most 255. Counting into a word keeps the tally in a register, where a
// histogram in memory would chain every die through a store and a load.
// Enumerating, it rolls die by die. Plans count a group of dice per
// multiply with a FaceCounter (FacesWith), tested against Faces.
func (s *Stream) Faces(n, sides int) uint64 {
	w := FacesWidth(n)
	var packed uint64
	if s.enum != nil {
		for range n {
			packed += 1 << (w * uint(s.D(sides)-1))
		}
		return packed
	}
	m := uint64(sides)
	src, frac, used := s.src, s.frac, s.used
	for range n {
		used *= m
		if used > MaxProduct {
			frac, used = src.Uint64(), m
		}
		d, f := bits.Mul64(frac, m)
		frac = f
		packed += 1 << (w * uint(d))
	}
	s.src, s.frac, s.used = src, frac, used
	return packed
}

// Two rolls two dice with the same sides, as an opposed roll does: one
// budget check for both.
func (s *Stream) Two(sides int) (a, b int) {
	m := uint64(sides)
	u := s.used * m * m
	if u > MaxProduct {
		a = s.D(sides)
		return a, s.D(sides)
	}
	s.used = u
	x, f := bits.Mul64(s.frac, m)
	y, f := bits.Mul64(f, m)
	s.frac = f
	return int(x) + 1, int(y) + 1
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
