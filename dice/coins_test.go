package dice

import (
	"fmt"
	"testing"
)

// A count is a coin exactly when half the die's faces count.
func TestCoin(t *testing.T) {
	for _, c := range []struct {
		sides, lo, hi int
		coin          bool
	}{{6, 4, 6, true}, {6, 1, 3, true}, {6, 2, 4, true}, {10, 6, 10, true}, {2, 2, 2, true}, {100, 1, 50, true},
		{6, 5, 6, false}, {6, 3, 6, false}, {6, 1, 6, false}, {1, 1, 1, false}, {3, 2, 3, false}, {10, 5, 10, false}} {
		if got := NewCounter(c.sides, c.lo, c.hi).Coin(); got != c.coin {
			t.Errorf("d%d counted at %d..%d: coin %v, want %v", c.sides, c.lo, c.hi, got, c.coin)
		}
	}
}

// Pools of fair coins counted by TallyCount are Binomial(n, 1/2) (the
// closed form, Binomial), for pools whose bytes are tallied as cells (up
// to 8 coins), counted by popcount (up to 64) and longer than a word; a d10
// counted at 6+ is a coin as a d6 at 4+ is. Fixed seed, every count
// within 5 standard errors; trial counts that leave a word part used.
func TestTallyCoins(t *testing.T) {
	const trials = 400_003
	for _, c := range []struct{ sides, lo, hi, n int }{{6, 4, 6, 1}, {6, 4, 6, 3}, {6, 4, 6, 6}, {10, 6, 10, 6}, {6, 1, 3, 8},
		{6, 4, 6, 9}, {6, 4, 6, 20}, {2, 1, 1, 64}, {6, 4, 6, 65}, {6, 4, 6, 100}} {
		ctr := NewCounter(c.sides, c.lo, c.hi)
		counts := make([]uint64, c.n+1)
		New(5, uint64(c.n)).TallyCount(trials, ctr, c.n, counts)
		want := map[int]float64{}
		for k, p := range Binomial(c.n, 0.5) {
			want[k] = p
		}
		agree(t, fmt.Sprintf("%dd%d counted at %d..%d", c.n, c.sides, c.lo, c.hi), counts, 0, want, trials)
		total := uint64(0)
		for _, x := range counts {
			total += x
		}
		if total != trials {
			t.Errorf("%dd%d: %d pools counted, want %d", c.n, c.sides, total, trials)
		}
	}
}

// TallyCount of coins is CountWith in a loop, exactly: the same pools from
// the same bits, whether the tally starts on a word CountWith began (here
// after 5 coins) and whatever the pools' size and number.
func TestTallyCoinsIsCountWith(t *testing.T) {
	ctr := NewCounter(6, 4, 6)
	for _, n := range []int{0, 1, 3, 6, 7, 8, 13, 64, 70, 128} {
		for _, trials := range []int{1, 9, 10, 11, 4096, 5001} {
			ref, s := New(4, uint64(n)), New(4, uint64(n))
			ref.CountWith(ctr, 5)
			s.CountWith(ctr, 5)
			want := make([]uint64, n+1)
			for range trials {
				want[ref.CountWith(ctr, n)]++
			}
			got := make([]uint64, n+1)
			s.TallyCount(trials, ctr, n, got)
			for i := range want {
				if got[i] != want[i] {
					t.Fatalf("%d pools of %d coins: TallyCount %v, CountWith %v", trials, n, got, want)
				}
			}
			if a, b := ref.CountWith(ctr, 40), s.CountWith(ctr, 40); a != b {
				t.Fatalf("%d pools of %d coins: the next pool %d after TallyCount, %d after CountWith", trials, n, b, a)
			}
		}
	}
}

// Coins do not take from the digits' budget: dice drawn around pools of
// coins are the dice drawn without them, while the coins' word lasts (eight
// pools of six). Enumerating, a pool of coins branches over the binomial
// count.
func TestCoinsApartFromDigits(t *testing.T) {
	ctr := NewCounter(6, 4, 6)
	ref, s := New(8, 1), New(8, 1)
	ref.CountWith(ctr, 6) // the coins' word comes first on both streams
	s.CountWith(ctr, 6)
	for i := range 45 {
		a := ref.D(6)
		if i%7 == 0 {
			s.CountWith(ctr, 6) // pools 2 to 8 of the coins' word
		}
		if b := s.D(6); a != b {
			t.Fatalf("die %d: %d beside coins, %d without", i, b, a)
		}
	}
	dist, _, paths := enumerate(10, func(s *Stream) int { return s.CountWith(ctr, 6) })
	if paths != 7 {
		t.Errorf("enumerated 6 coins in %d paths, want 7", paths)
	}
	for k, p := range Binomial(6, 0.5) {
		if !near(dist[k], p) {
			t.Errorf("enumerated P(%d) = %v, want %v", k, dist[k], p)
		}
	}
}

// TallyDiff draws the same dice whether it tallies the pairs as cells
// (a call of at least 100 trials of d10) or difference by difference
// (fewer): 9,900 trials in one call are the trials of 100 calls of 99,
// three pairs a word either way.
func TestTallyDiffCells(t *testing.T) {
	ref, s := New(9, 9), New(9, 9)
	want := make([]uint64, 19)
	for range 100 {
		ref.TallyDiff(99, 10, want)
	}
	got := make([]uint64, 19)
	s.TallyDiff(9900, 10, got)
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("TallyDiff in cells %v, difference by difference %v", got, want)
		}
	}
}
