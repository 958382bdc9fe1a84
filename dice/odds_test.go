package dice

import (
	"math"
	"testing"
)

// Pick comes up outcome i on exactly weights[i] of the total digits: Joint
// walks every digit once.
func TestPickExact(t *testing.T) {
	weights := []uint64{5, 0, 24, 7, 100}
	o, ok := NewOdds(weights...)
	if !ok {
		t.Fatal("odds of 136 refused")
	}
	table, ok := Joint(136, func(s *Stream) int { return s.Pick(o) })
	if !ok {
		t.Fatal("Pick did not draw one digit of 136")
	}
	got := make([]uint64, len(weights))
	for _, v := range table {
		got[v]++
	}
	for i := range weights {
		if got[i] != weights[i] {
			t.Fatalf("outcome %d on %d digits, want %d (all: %v)", i, got[i], weights[i], got)
		}
	}
	for _, bad := range [][]uint64{{0, 0}, {MaxProduct, 1}, nil, {1 << 63, 1 << 63}} {
		if _, ok := NewOdds(bad...); ok {
			t.Errorf("odds %v accepted", bad)
		}
	}
}

// A group of g dice counted in one look-up has the same distribution as
// the same dice counted one by one (Count): over every joint outcome, each
// count comes up equally often, for every group of d6, d10, d2, d100 and
// d1 (255 of them in a group: the counts are bytes). Counts of fair coins
// are drawn as bits instead (coins_test.go).
func TestCounterMatchesDice(t *testing.T) {
	for _, c := range []struct{ sides, lo, hi int }{{6, 5, 6}, {6, 1, 2}, {10, 3, 3}, {3, 2, 3}, {6, 1, 6}, {100, 1, 37}, {1, 1, 1}} {
		ctr := NewCounter(c.sides, c.lo, c.hi)
		if ctr.Coin() {
			t.Fatalf("d%d counted at %d..%d taken for a coin", c.sides, c.lo, c.hi)
		}
		for g := 1; g <= ctr.size; g++ {
			product := int(ctr.products[g])
			grouped, ok := Joint(product, func(s *Stream) int { return s.CountWith(ctr, g) })
			if !ok {
				t.Fatalf("d%d x%d: CountWith did not draw one digit of %d", c.sides, g, product)
			}
			byDie, _ := Joint(product, func(s *Stream) int { return s.Count(g, c.sides, c.lo, c.hi) })
			for i := range byDie {
				if grouped[i] != byDie[i] {
					t.Fatalf("%dd%d counting %d..%d, outcome %d: %d by group, %d die by die", g, c.sides, c.lo, c.hi, i, grouped[i], byDie[i])
				}
			}
		}
	}
	for sides, want := range map[int]int{6: 4, 10: 3, 2: 12, 100: 1, 1: 255} {
		if g := NewCounter(sides, 1, 1).size; g != want {
			t.Errorf("d%d in groups of %d, want %d", sides, g, want)
		}
	}
}

// Pools longer than a group add the groups' counts: 20d6 showing 5+ (five
// groups of 4) against the binomial, within 5 standard
// errors; enumerating, CountWith branches over the binomial count.
func TestCountWithPools(t *testing.T) {
	ctr := NewCounter(6, 5, 6)
	want := Binomial(20, 1.0/3)
	s := New(7, 0)
	const n = 400_000
	got := make([]int, 21)
	for range n {
		got[s.CountWith(ctr, 20)]++
	}
	for k, p := range want {
		if se := math.Sqrt(p * (1 - p) / n); math.Abs(float64(got[k])/n-p) > 5*se+1e-9 {
			t.Errorf("%d of 20: %d of %d, want %.5f ± %.5f", k, got[k], n, p, 5*se)
		}
	}
	dist, _, paths := enumerate(10, func(s *Stream) int { return s.CountWith(ctr, 20) })
	if paths != 21 {
		t.Errorf("enumerated 20d6 count in %d paths, want 21", paths)
	}
	for k, p := range want {
		if !near(dist[k], p) {
			t.Errorf("enumerated P(%d) = %v, want %v", k, dist[k], p)
		}
	}
}

// Enumerating, Pick branches once over its outcomes with their weights.
func TestPickEnumerates(t *testing.T) {
	o, _ := NewOdds(1, 2, 3)
	dist, _, paths := enumerate(10, func(s *Stream) int { return s.Pick(o) })
	if paths != 3 || !near(dist[0], 1.0/6) || !near(dist[2], 0.5) {
		t.Errorf("enumerated odds 1:2:3 as %v in %d paths", dist, paths)
	}
}

// FacesWith packs the same face counts as Faces for every joint outcome
// of a group (pools that fit one group of d10, d6 and d16), and a pool of
// several groups still counts n dice with each face about n/sides times.
func TestFaceCounter(t *testing.T) {
	for _, c := range []struct{ sides, n int }{{10, 3}, {10, 2}, {6, 4}, {6, 1}, {16, 2}} {
		fc, ok := NewFaceCounter(c.sides, c.n)
		if !ok || fc.size != c.n {
			t.Fatalf("%dd%d: ok %v, groups of %d", c.n, c.sides, ok, fc.size)
		}
		product := int(fc.products[c.n])
		byGroup, ok := Joint(product, func(s *Stream) int { return int(s.FacesWith(fc)) })
		if !ok {
			t.Fatalf("%dd%d: FacesWith did not draw one digit of %d", c.n, c.sides, product)
		}
		byDie, _ := Joint(product, func(s *Stream) int { return int(s.Faces(c.n, c.sides)) })
		for i := range byDie {
			if byGroup[i] != byDie[i] {
				t.Fatalf("%dd%d outcome %d: %x by group, %x die by die", c.n, c.sides, i, byGroup[i], byDie[i])
			}
		}
	}
	fc, _ := NewFaceCounter(10, 10) // groups of 3, 3, 3 and 1
	s := New(9, 0)
	const trials = 100_000
	var total [10]int
	for range trials {
		w := fc.Width()
		word := s.FacesWith(fc)
		n := 0
		for f := range 10 {
			k := int(word >> (w * uint(f)) & 15)
			total[f] += k
			n += k
		}
		if n != 10 {
			t.Fatalf("10d10 counted %d dice", n)
		}
	}
	for f, c := range total {
		// Each face's count over the trials is Binomial(1e6, 1/10).
		if se := math.Sqrt(trials * 10 * 0.1 * 0.9); math.Abs(float64(c)-trials) > 5*se {
			t.Errorf("face %d shown %d times in %d dice, want %d ± %.0f", f+1, c, trials*10, trials, 5*se)
		}
	}
	if _, ok := NewFaceCounter(20, 16); ok {
		t.Error("20 faces of 8-bit counts accepted in one word")
	}
}
