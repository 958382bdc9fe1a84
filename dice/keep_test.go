package dice

import (
	"fmt"
	"math"
	"slices"
	"testing"
)

// Over every joint outcome of a pool (Joint walks each once), the state a
// Keeper leaves keeps exactly the highest (or lowest) faces of the
// outcome's dice, sorted best first: pools with no later dice, later
// groups of one and of several dice, a last group with fewer, keep-lowest.
func TestKeeperKeepsTheBest(t *testing.T) {
	for _, c := range []struct {
		sides, n, keep int
		high           bool
	}{{6, 4, 3, true}, {6, 7, 3, false}, {10, 5, 3, true}, {10, 6, 2, false}, {6, 3, 3, true}, {2, 12, 1, true}, {20, 3, 1, false}, {4, 9, 4, true}, {1, 5, 2, true}} {
		k, ok := NewKeeper(c.sides, c.n, c.keep, c.high)
		if !ok {
			t.Fatalf("%+v refused", c)
		}
		product := 1
		for range c.n {
			product *= c.sides
		}
		states, ok := Joint(product, func(s *Stream) int { return s.KeepWith(k) })
		if !ok {
			t.Fatalf("%+v: KeepWith did not draw one digit of %d", c, product)
		}
		for x, st := range states {
			dice := make([]int, c.n)
			for i, r := c.n-1, x; i >= 0; i, r = i-1, r/c.sides {
				dice[i] = r%c.sides + 1
			}
			slices.Sort(dice)
			if c.high {
				slices.Reverse(dice)
			}
			if got := k.Kept(int(st)); !slices.Equal(got, dice[:c.keep]) {
				t.Fatalf("%+v: dice %v kept %v", c, dice, got)
			}
		}
	}
}

// Enumerating, KeepWith branches once per group, and the states' weights
// are the counts of their outcomes: 5d6 keep-highest 2 of 6, 6, .. is
// 1 - (5/6)^5 - 5(1/6)(5/6)^4 likely to keep two sixes.
func TestKeeperEnumerates(t *testing.T) {
	k, _ := NewKeeper(6, 5, 2, true)
	dist, leftover, paths := enumerate(10, func(s *Stream) int { return s.KeepWith(k) })
	if leftover != 0 || paths != 6*6*6*6*6 {
		t.Fatalf("%d paths, leftover %g", paths, leftover)
	}
	want := 1 - 3125.0/7776 - 5*625.0/7776
	for st, p := range dist {
		if slices.Equal(k.Kept(st), []int{6, 6}) && !near(p, want) {
			t.Errorf("P(6, 6) = %g, want %g", p, want)
		}
	}
}

// Keepers whose tables would not fit are refused, and the group sizes
// follow KeepTable: two d10 a group after three kept, three d6.
func TestKeeperBounds(t *testing.T) {
	for _, c := range [][4]int{{20, 10, 3, 1}, {10, 10, 4, 1}, {100, 5, 3, 1}, {6, 3, 4, 1}, {6, 3, 0, 1}} {
		if _, ok := NewKeeper(c[0], c[1], c[2], c[3] == 1); ok {
			t.Errorf("keeper of %v accepted", c)
		}
	}
	for _, c := range [][4]int{{10, 10, 3, 2}, {6, 20, 3, 3}, {6, 5, 3, 2}, {100, 4, 1, 1}} {
		if k, ok := NewKeeper(c[0], c[1], c[2], true); !ok || k.size != c[3] {
			t.Errorf("keeper of %v: ok %v, groups of %d, want %d", c, ok, k.size, c[3])
		}
	}
}

// TallyKeep (a fresh word each trial, the groups laid on words the same
// way every trial) has the distribution KeepWith enumerates: keeping the
// highest three of five d10 (a first group of three, then a pair), the
// lowest two of five d6; and the highest of seven d20 (a word break
// inside each trial: 20 x 400^3 outcomes), whose face v shows with
// probability (v^7 - (v-1)^7) / 20^7. Fixed seed, each value within 5
// standard errors.
func TestTallyKeep(t *testing.T) {
	const trials = 400_000
	for i, c := range []struct {
		sides, n, keep int
		high           bool
	}{{10, 5, 3, true}, {6, 5, 2, false}, {20, 7, 1, true}} {
		k, ok := NewKeeper(c.sides, c.n, c.keep, c.high)
		if !ok {
			t.Fatalf("no keeper for %+v", c)
		}
		// Each state counts as the sum of its kept faces.
		kept := make([]int32, k.States())
		for st := range kept {
			for _, f := range k.Kept(st) {
				kept[st] += int32(f)
			}
		}
		want := map[int]float64{}
		if c.keep == 1 {
			for v := 1; v <= c.sides; v++ {
				want[v] = (math.Pow(float64(v), 7) - math.Pow(float64(v-1), 7)) / math.Pow(20, 7)
			}
		} else {
			e := NewEnumerator(100)
			for {
				want[int(kept[e.Stream().KeepWith(k)])] += e.Weight()
				if !e.Next() {
					break
				}
			}
		}
		s := New(11, uint64(i))
		counts := make([]uint64, c.keep*c.sides+3)
		s.TallyKeep(trials, k, kept, 2, counts)
		agree(t, fmt.Sprintf("TallyKeep %+v", c), counts, 2, want, trials)
	}
}
