package benchmarks

import (
	"math/bits"
	"math/rand/v2"
)

// The floors draw dice exactly as dice.Stream does (mixed-radix digits of a
// PCG word, as many per word as dice.MaxProduct allows) but with the word
// schedule unrolled by hand and no rules at all: just the tally.

// FloorOpposed draws n pairs of d10 (7 d10 per word, so 3 pairs per word
// plus a spare die carried over) and tallies their difference.
func FloorOpposed(src *rand.PCG, n int, hist *[19]uint64) {
	var frac uint64
	left := 0 // d10s left in frac
	for range n {
		if left < 2 {
			frac, left = src.Uint64(), 7
		}
		a, f := bits.Mul64(frac, 10)
		b, f := bits.Mul64(f, 10)
		frac, left = f, left-2
		hist[a-b+9]++
	}
}

// FloorSuccesses draws n pools of six d6 (9 d6 per word) and tallies the
// count of dice showing 4 or more, branch-free: a 0-based die d (0..5)
// shows 4 or more when d >= 3, and (d+3)/6 is then 1, else 0.
func FloorSuccesses(src *rand.PCG, n int, hist *[7]uint64) {
	var frac uint64
	left := 0
	for range n {
		c := uint64(0)
		for range 6 {
			if left == 0 {
				frac, left = src.Uint64(), 9
			}
			var d uint64
			d, frac = bits.Mul64(frac, 6)
			left--
			c += (d + 3) / 6
		}
		hist[c]++
	}
}

// FloorD6 draws n d6 (9 per word) and sums them: the cost of one die, the
// unit in which BenchmarkActions reads every action.
func FloorD6(src *rand.PCG, n int) uint64 {
	var frac, sum uint64
	left := 0
	for range n {
		if left == 0 {
			frac, left = src.Uint64(), 9
		}
		var d uint64
		d, frac = bits.Mul64(frac, 6)
		left--
		sum += d
	}
	return sum
}
