package benchmarks

import "math/bits"

// The throughput floors are the fastest way found on this machine to turn
// random bits into uniform dice: wyrand (a 64-bit counter through one
// 64x64->128 multiply; its next word does not wait on the dice of the one
// before), each word unrolled by hand into all its digits (9 d6 or 19 d10
// fit: 6^9 and 10^19 are below 2^64, and the remainder of each digit is the
// fraction the next one is read from). The CPU overlaps one word's digit
// chain with the next word's mixing, so these run well below the latency
// floors in floor.go, which draw each die after the one before it as
// dice.Stream does. Every kernel is reported against both (run.sh).
//
// The mixed-radix digits of one word are exactly uniform up to the word's
// own 2^-64 granularity, as dice.Stream's are; wyrand passes BigCrush and
// PractRand to 2^45 (its authors' figures), ample for a floor.

// Wyrand is the wyrand generator (Wang Yi's wyhash family).
type Wyrand uint64

// Uint64 returns the next word.
func (s *Wyrand) Uint64() uint64 {
	*s += 0xa0761d6478bd642f
	hi, lo := bits.Mul64(uint64(*s), uint64(*s)^0xe7037ed1a0b428db)
	return hi ^ lo
}

// d6x9 unrolls one word into its nine d6 digits (0-based) and returns
// their sum.
func d6x9(w uint64) uint64 {
	d0, f := bits.Mul64(w, 6)
	d1, f := bits.Mul64(f, 6)
	d2, f := bits.Mul64(f, 6)
	d3, f := bits.Mul64(f, 6)
	d4, f := bits.Mul64(f, 6)
	d5, f := bits.Mul64(f, 6)
	d6, f := bits.Mul64(f, 6)
	d7, f := bits.Mul64(f, 6)
	d8, _ := bits.Mul64(f, 6)
	return d0 + d1 + d2 + d3 + d4 + d5 + d6 + d7 + d8
}

// ThroughputD6 draws n d6 (9 per wyrand word, unrolled) and sums them:
// the throughput floor of one die.
func ThroughputD6(src *Wyrand, n int) uint64 {
	var sum uint64
	for ; n >= 9; n -= 9 {
		sum += d6x9(src.Uint64())
	}
	f := src.Uint64()
	for range n {
		var d uint64
		d, f = bits.Mul64(f, 6)
		sum += d
	}
	return sum
}

// ThroughputSuccesses tallies n pools of six d6 counted at 4 or more. A
// d6 shows 4+ with probability exactly 1/2, so the count is the number of
// ones among six random bits: ten pools a word, a popcount each. That is
// the fastest way found to produce this distribution at all (unrolling
// eighteen d6 digits a pool of three ran at half the engine's speed, whose
// dice.Counter counts four dice a multiply): the floor for the question,
// not for drawing its dice one by one.
func ThroughputSuccesses(src *Wyrand, n int, hist *[7]uint64) {
	for ; n >= 10; n -= 10 {
		w := src.Uint64()
		for range 10 {
			hist[bits.OnesCount64(w&63)]++
			w >>= 6
		}
	}
	w := src.Uint64()
	for range n {
		hist[bits.OnesCount64(w&63)]++
		w >>= 6
	}
}

// ThroughputOpposed draws n pairs of d10 and tallies their difference:
// nine pairs from one word's first 18 digits (10^18 < 2^64), unrolled.
func ThroughputOpposed(src *Wyrand, n int, hist *[19]uint64) {
	for ; n >= 9; n -= 9 {
		f := src.Uint64()
		for range 9 {
			var a, b uint64
			a, f = bits.Mul64(f, 10)
			b, f = bits.Mul64(f, 10)
			hist[a-b+9]++
		}
	}
	f := src.Uint64()
	for range n {
		var a, b uint64
		a, f = bits.Mul64(f, 10)
		b, f = bits.Mul64(f, 10)
		hist[a-b+9]++
	}
}
