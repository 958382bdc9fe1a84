package benchmarks

import (
	"math/bits"
	"math/rand/v2"
)

// The latency floors draw dice as dice.Stream once did, one after the
// other from PCG words (mixed-radix digits, as many per word as
// dice.MaxProduct allows), each die's multiply waiting on the one before:
// bound by multiply latency, two to four times the throughput floors
// (throughput.go). No rules at all: just the tally.

// The dice a PCG word gives, within dice.MaxProduct (throughput_test.go).
const (
	latencyD6PerWord    = 9 // 6^9 <= 2^24
	latencyPairsPerWord = 3 // 10^6 <= 2^24: the seventh d10 is left unused
)

// FloorOpposed draws n pairs of d10 (three pairs a word) and tallies their
// difference.
func FloorOpposed(src *rand.PCG, n int, hist *[19]uint64) {
	var frac uint64
	left := 0 // pairs left in frac
	for range n {
		if left == 0 {
			frac, left = src.Uint64(), latencyPairsPerWord
		}
		a, f := bits.Mul64(frac, 10)
		b, f := bits.Mul64(f, 10)
		frac, left = f, left-1
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
				frac, left = src.Uint64(), latencyD6PerWord
			}
			var d uint64
			d, frac = bits.Mul64(frac, 6)
			left--
			c += (d + 3) / 6
		}
		hist[c]++
	}
}

// FloorD6 draws n d6 (9 per word) and sums them: the latency floor of one
// die.
func FloorD6(src *rand.PCG, n int) uint64 {
	var frac, sum uint64
	left := 0
	for range n {
		if left == 0 {
			frac, left = src.Uint64(), latencyD6PerWord
		}
		var d uint64
		d, frac = bits.Mul64(frac, 6)
		left--
		sum += d
	}
	return sum
}
