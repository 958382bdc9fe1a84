package dice

import (
	"fmt"
	"slices"
	"testing"
)

// Two d4 exploding at most once, the higher kept, counted by hand: one
// die shows 1, 2, 3 with 4/16 each and 5..8 (a 4, then a roll that
// stands) with 1/16 each, so P(die <= v) x 16 is 4, 8, 12, 13, 14, 15, 16
// at v = 1, 2, 3, 5, 6, 7, 8, and P(max = v) its square's step over 256.
// The lower kept: P(min >= v) is the square of P(die >= v).
func TestKeepExplodedByHand(t *testing.T) {
	const trials = 400_001
	e, _ := NewExploder(4, 1)
	for _, c := range []struct {
		high bool
		want map[int]float64
	}{
		{true, map[int]float64{1: 16. / 256, 2: 48. / 256, 3: 80. / 256, 5: 25. / 256, 6: 27. / 256, 7: 29. / 256, 8: 31. / 256}},
		// P(die >= v) x 16: 16, 12, 8, 4, 3, 2, 1 at 1, 2, 3, 5..8.
		{false, map[int]float64{1: (256 - 144) / 256., 2: (144 - 64) / 256., 3: (64 - 16) / 256., 5: 7 / 256., 6: 5 / 256., 7: 3 / 256., 8: 1 / 256.}},
	} {
		k, ok := NewKeepExploded(e, 2, 1, c.high, nil)
		if !ok {
			t.Fatal("2d4! keep 1: no kernel")
		}
		counts := make([]uint64, 9)
		New(5, 1).TallyKeepExploded(trials, k, 0, counts)
		agree(t, fmt.Sprintf("2d4! cap 1 keep 1 high %v", c.high), counts, 0, c.want, trials)
	}
}

// keepDist is the distribution of the worth of the keep dice kept of n,
// each with distribution die, by every n-tuple of values (the rule
// alone: sort, take the top or bottom, add their worth).
func keepDist(die map[int]float64, n, keep int, high bool, worth func(int) int) map[int]float64 {
	vals := make([]int, 0, len(die))
	for v := range die {
		vals = append(vals, v)
	}
	out := map[int]float64{}
	idx := make([]int, n)
	for {
		p, dice := 1.0, make([]int, n)
		for i, j := range idx {
			dice[i] = vals[j]
			p *= die[vals[j]]
		}
		slices.Sort(dice)
		kept := dice[:keep]
		if high {
			kept = dice[n-keep:]
		}
		s := 0
		for _, d := range kept {
			s += worth(d)
		}
		out[s] += p
		i := 0
		for ; i < n; i++ {
			if idx[i]++; idx[i] < len(vals) {
				break
			}
			idx[i] = 0
		}
		if i == n {
			return out
		}
	}
}

// Keeps of exploding dice against every tuple of the rule's dice: the
// highest or lowest, the kept or the dropped side tracked, one die
// tracked or several, one word a trial or more (the last one, two or
// three blocks), blocks of one roll (d4 cap 1: a quarter of the dice go
// on die by die) or three (d6), and a success test's worth.
func TestKeepExploded(t *testing.T) {
	const trials = 300_001
	for i, c := range []struct {
		sides, cap, n, keep int
		high                bool
		lo                  int // a kept die is worth 1 if it shows lo or more; 0: its total
	}{
		{4, 1, 4, 3, true, 0}, {4, 1, 4, 3, false, 0}, {4, 1, 3, 1, true, 0}, {4, 1, 5, 2, false, 0},
		{6, 2, 4, 3, true, 0}, {6, 2, 4, 1, false, 0}, {6, 2, 3, 2, true, 3}, {6, 9, 2, 1, true, 0},
		{3, 2, 6, 3, true, 0}, {3, 2, 6, 2, false, 0}, {2, 3, 7, 4, true, 0}, {2, 3, 7, 5, false, 4},
		{6, 1, 4, 3, true, 8}, {3, 2, 6, 4, false, 0}, {4, 1, 7, 5, true, 0},
		{3, 2, 7, 6, true, 0}, {4, 1, 7, 1, false, 0}, {6, 2, 5, 4, false, 0},
		{2, 1, 3, 2, true, 0}, {2, 1, 4, 3, true, 0}, {2, 2, 4, 3, true, 0},
	} {
		e, _ := NewExploder(c.sides, c.cap)
		worth := func(x int) int { return x }
		var w []int32
		if c.lo > 0 {
			worth = func(x int) int {
				if x >= c.lo {
					return 1
				}
				return 0
			}
			w = make([]int32, (c.cap+1)*c.sides+1)
			for x := range w {
				w[x] = int32(worth(x))
			}
		}
		k, ok := NewKeepExploded(e, c.n, c.keep, c.high, w)
		if !ok {
			t.Fatalf("%+v: no kernel", c)
		}
		want := keepDist(explodeDist(c.sides, c.cap), c.n, c.keep, c.high, worth)
		counts := make([]uint64, c.n*(c.cap+1)*c.sides+1)
		New(7, uint64(i)).TallyKeepExploded(trials, k, 0, counts)
		agree(t, fmt.Sprintf("%dd%d! cap %d keep %d high %v worth from %d", c.n, c.sides, c.cap, c.keep, c.high, c.lo), counts, 0, want, trials)
	}
}

// A keep tracking more than MaxKeepTracked dice, or keeping none or all,
// has no kernel.
func TestKeepExplodedBounds(t *testing.T) {
	e, _ := NewExploder(6, 9)
	for _, c := range []struct{ n, keep int }{{20, 10}, {2, 0}, {3, 3}} {
		if _, ok := NewKeepExploded(e, c.n, c.keep, true, nil); ok {
			t.Errorf("%d dice keep %d: a kernel", c.n, c.keep)
		}
	}
	if _, ok := NewKeepExploded(e, 20, 12, true, nil); !ok {
		t.Error("20 dice keep 12 (8 dropped): no kernel")
	}
}
