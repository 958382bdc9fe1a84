package benchmarks

import (
	"math"
	"testing"

	"odds/dice"
)

// The floors must draw fair dice, or their speed means nothing. Expected
// figures are exact: six d6 at 4+ succeed Binomial(6, 1/2) (C(6,k)/64);
// the difference of two d10 is (10-|k|)/100. Fixed seed, bounds 5
// standard errors of each cell.
func TestThroughputFloorsFair(t *testing.T) {
	const n = 1_000_001 // not a multiple of 3, 9 or 10: the tails run too
	src := Wyrand(7)
	var s [7]uint64
	ThroughputCoins(&src, n, &s)
	binom := []float64{1, 6, 15, 20, 15, 6, 1}
	for k, c := range s {
		checkCell(t, "coins", k, c, binom[k]/64, n)
	}
	var o [19]uint64
	ThroughputPairs(&src, n, &o)
	for k, c := range o {
		checkCell(t, "pairs", k-9, c, float64(10-abs(k-9))/100, n)
	}
	// Sum of n d6 (0-based): mean 2.5 a die, variance 35/12 a die.
	sum := ThroughputD6(&src, n)
	if d := float64(sum)/n - 2.5; math.Abs(d) > 5*math.Sqrt(35.0/12/n) {
		t.Errorf("d6 mean off by %g", d)
	}
	// Nine d6 a word, as a digit of 6^6 and a digit of 6^3: the tables
	// hold each group's sum (six 5s: 30).
	if len(sums6) != 46656 || sums6[46655] != 30 || len(sums3) != 216 || sums3[215] != 15 || sums3[6*6*1+6*2+3] != 1+2+3 {
		t.Errorf("sum tables wrong: %d cells, top %d; %d cells, top %d", len(sums6), sums6[len(sums6)-1], len(sums3), sums3[len(sums3)-1])
	}
}

// Every floor takes from a word what dice.Stream may take (dice.MaxProduct,
// 2^24, the engine's bias bound), and as much as it may: one more die
// would break the bound. Coins are bits, so their only bound is the word.
func TestFloorsObeyBiasBound(t *testing.T) {
	for _, c := range []struct {
		what        string
		sides, dice int
	}{{"throughput d6 (6^6 and 6^3)", 6, d6PerWord}, {"latency d6", 6, latencyD6PerWord},
		{"pair floor", 10, 2 * pairsPerWord}, {"latency pairs", 10, 2 * latencyPairsPerWord}} {
		p := math.Pow(float64(c.sides), float64(c.dice))
		if p > dice.MaxProduct {
			t.Errorf("%s: %d d%d a word, %g outcomes, over dice.MaxProduct", c.what, c.dice, c.sides, p)
		}
		if p*float64(c.sides) <= dice.MaxProduct && c.sides == 6 {
			t.Errorf("%s: %d d%d a word, where %d fit", c.what, c.dice, c.sides, c.dice+1)
		}
		if p*float64(c.sides*c.sides) <= dice.MaxProduct && c.sides == 10 {
			t.Errorf("%s: %d pairs of d%d a word, where one more fits", c.what, c.dice/2, c.sides)
		}
	}
	if math.Pow(6, d6PerWord) != 46656*216 {
		t.Errorf("the d6 floor's two digits are not %d dice", d6PerWord)
	}
	if 8*poolsPerWord > 64 || coinsPerPool > 8 {
		t.Errorf("%d pools of %d coins do not fit a word a byte each", poolsPerWord, coinsPerPool)
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
