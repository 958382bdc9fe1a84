package benchmarks

import (
	"math"
	"testing"
)

// The throughput floors must draw fair dice, or their speed means
// nothing. Expected figures are exact: six d6 at 4+ succeed Binomial(6,
// 1/2) (C(6,k)/64); the difference of two d10 is (10-|k|)/100. Fixed seed,
// bounds 5 standard errors of each cell.
func TestThroughputFloorsFair(t *testing.T) {
	const n = 1_000_001 // not a multiple of 3 or 9: the tails run too
	src := Wyrand(7)
	var s [7]uint64
	ThroughputSuccesses(&src, n, &s)
	binom := []float64{1, 6, 15, 20, 15, 6, 1}
	for k, c := range s {
		checkCell(t, "successes", k, c, binom[k]/64, n)
	}
	var o [19]uint64
	ThroughputOpposed(&src, n, &o)
	for k, c := range o {
		checkCell(t, "opposed", k-9, c, float64(10-abs(k-9))/100, n)
	}
	// Sum of n d6 (0-based): mean 2.5 a die, variance 35/12 a die.
	sum := ThroughputD6(&src, n)
	if d := float64(sum)/n - 2.5; math.Abs(d) > 5*math.Sqrt(35.0/12/n) {
		t.Errorf("d6 mean off by %g", d)
	}
}

func checkCell(t *testing.T, what string, k int, c uint64, p float64, n int) {
	t.Helper()
	se := math.Sqrt(p * (1 - p) / float64(n))
	if got := float64(c) / float64(n); math.Abs(got-p) > 5*se {
		t.Errorf("%s %d: %.5f, want %.5f ± %.5f", what, k, got, p, 5*se)
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
