package dice

import (
	"fmt"
	"math"
	"testing"
)

// explodeDist is an exploding die's distribution from the rule alone:
// k explosions (probability S^-k) then a face r that stands, r < S unless
// k is the cap; value k*S + r.
func explodeDist(sides, cap int) map[int]float64 {
	d := map[int]float64{}
	p := 1.0
	for k := 0; k <= cap; k++ {
		p /= float64(sides)
		top := sides - 1
		if k == cap {
			top = sides
		}
		for r := 1; r <= top; r++ {
			d[k*sides+r] = p
		}
	}
	return d
}

// agree checks a tally of trials against want, each value within 5
// standard errors (fixed seed) plus two counts (a cell of 1e-8 may show
// once in 4e5 trials), and that nothing fell outside want.
func agree(t *testing.T, name string, counts []uint64, off int, want map[int]float64, trials int) {
	t.Helper()
	for c, n := range counts {
		p := want[c-off]
		se := math.Sqrt(max(p*(1-p), 1e-12) / float64(trials))
		if got := float64(n) / float64(trials); math.Abs(got-p) > 5*se+2/float64(trials) || (p == 0 && n > 0) {
			t.Errorf("%s: P(%d) = %.3g, want %.3g ± %.3g", name, c-off, got, p, 5*se)
		}
	}
}

// Exploding dice drawn a block of rolls at a time have the rule's
// distribution, for every block size (d2's eight rolls a block to d20's
// one) and caps that fall within a block.
func TestExploder(t *testing.T) {
	const trials = 400_000
	for _, c := range []struct{ sides, cap int }{{2, 9}, {3, 9}, {4, 9}, {6, 9}, {6, 2}, {6, 1}, {2, 3}, {10, 9}, {20, 9}, {4, 5}} {
		e, ok := NewExploder(c.sides, c.cap)
		if !ok {
			t.Fatalf("d%d cap %d: no exploder", c.sides, c.cap)
		}
		want := explodeDist(c.sides, c.cap)
		top := (c.cap + 1) * c.sides
		s := New(3, uint64(c.sides*100+c.cap))
		counts := make([]uint64, top+1)
		s.TallyExplode(trials, 1, e, 0, counts)
		agree(t, fmt.Sprintf("TallyExplode d%d cap %d", c.sides, c.cap), counts, 0, want, trials)
		// Four and five dice a trial (a fresh word each trial, three
		// blocks a word, the last word's one or two): the rule's
		// distribution convolved.
		sum := map[int]float64{0: 1}
		for n := 1; n <= 5; n++ {
			next := map[int]float64{}
			for a, p := range sum {
				for v, q := range want {
					next[a+v] += p * q
				}
			}
			sum = next
			if n >= 4 {
				counts = make([]uint64, n*top+1)
				s.TallyExplode(trials, n, e, 0, counts)
				agree(t, fmt.Sprintf("TallyExplode of %d d%d cap %d", n, c.sides, c.cap), counts, 0, sum, trials)
			}
		}
		counts = make([]uint64, top+1)
		for range trials {
			counts[s.Explode(e)]++
		}
		agree(t, "Explode", counts, 0, want, trials)
	}
}

// A die re-rolled once on r or less: P(v) = [v > r]/S + r/S^2.
func TestRerolled(t *testing.T) {
	const trials = 400_000
	for _, c := range []struct{ sides, r int }{{6, 1}, {6, 2}, {10, 3}, {20, 1}, {4, 3}} {
		d, _ := NewRerolled(c.sides, c.r)
		want := map[int]float64{}
		for v := 1; v <= c.sides; v++ {
			want[v] = float64(c.r) / float64(c.sides*c.sides)
			if v > c.r {
				want[v] += 1 / float64(c.sides)
			}
		}
		s := New(5, uint64(c.sides))
		counts := make([]uint64, c.sides+1)
		for range trials {
			counts[s.RerollSum(d, 1)]++
		}
		agree(t, "RerollSum", counts, 0, want, trials)
		counts = make([]uint64, c.sides+1)
		for range trials {
			counts[s.Reroll(d)]++
		}
		agree(t, "Reroll", counts, 0, want, trials)
		// Three dice a trial: a group drawn as one digit (two d6, three
		// d4r3) and the rest; the sum's distribution is the rule's
		// convolved.
		if c.sides <= 6 && d.sum.size < 2 {
			t.Errorf("d%dr%d: one die a digit", c.sides, c.r)
		}
		sum3 := map[int]float64{0: 1}
		for range 3 {
			next := map[int]float64{}
			for a, p := range sum3 {
				for v, q := range want {
					next[a+v] += p * q
				}
			}
			sum3 = next
		}
		counts = make([]uint64, 3*c.sides+1)
		for range trials {
			counts[s.RerollSum(d, 3)]++
		}
		agree(t, "RerollSum of three dice", counts, 0, sum3, trials)
		// Three dice counted at (sides+1)/2 or more: Binomial(3, q), q the
		// rule's chance of such a value.
		lo, q := (c.sides+1)/2, 0.0
		for v := lo; v <= c.sides; v++ {
			q += want[v]
		}
		binom := map[int]float64{0: (1 - q) * (1 - q) * (1 - q), 1: 3 * q * (1 - q) * (1 - q), 2: 3 * q * q * (1 - q), 3: q * q * q}
		counts = make([]uint64, 5)
		rc := d.Counter(lo, c.sides)
		for range trials {
			counts[s.RerollCountWith(rc, 3)+1]++
		}
		agree(t, "RerollCountWith of three dice", counts, 1, binom, trials)
	}
}

// A re-rolled die is a digit of as few outcomes as its odds allow, and as
// many dice a digit as GroupTable allows: d6r1 keeps its 36 pairs (face 1
// in 1, the others in 7), two a digit; d6r2 is 18 (faces 1 and 2 in 1
// each, 3..6 in 4), two a digit; d6r1 counted at 4 or more is 12 (7
// counting: 21 of the 36 pairs), three a digit of 1,728; d10r3 counted at
// 10 is 100 (13 counting), one a digit.
func TestRerolledReduced(t *testing.T) {
	count := func(face []int32, v int32) int {
		k := 0
		for _, f := range face {
			if f == v {
				k++
			}
		}
		return k
	}
	d61, _ := NewRerolled(6, 1)
	d62, _ := NewRerolled(6, 2)
	d103, _ := NewRerolled(10, 3)
	for _, c := range []struct {
		name  string
		d     *Rerolled
		m     uint64
		per   []int // outcomes of each face
		group int
	}{{"d6r1", d61, 36, []int{1, 7, 7, 7, 7, 7}, 2}, {"d6r2", d62, 18, []int{1, 1, 4, 4, 4, 4}, 2}} {
		if c.d.m != c.m || c.d.sum.size != c.group {
			t.Errorf("%s: %d outcomes, %d dice a digit; want %d, %d", c.name, c.d.m, c.d.sum.size, c.m, c.group)
		}
		for f, want := range c.per {
			if got := count(c.d.face, int32(f)); got != want {
				t.Errorf("%s: face %d in %d outcomes, want %d", c.name, f+1, got, want)
			}
		}
	}
	for _, c := range []struct {
		name          string
		rc            *RerollCount
		m, hits, size int
	}{{"d6r1 at 4+", d61.Counter(4, 6), 12, 7, 3}, {"d10r3 at 10", d103.Counter(10, 10), 100, 13, 1}} {
		one := c.rc.tables[1]
		hits := 0
		for _, h := range one {
			hits += int(h)
		}
		if len(one) != c.m || hits != c.hits || c.rc.size != c.size {
			t.Errorf("%s: a digit of %d (%d counting), %d a digit; want %d (%d), %d", c.name, len(one), hits, c.rc.size, c.m, c.hits, c.size)
		}
	}
}

// Enumerating, both roll die by die: the exact weights of the rule.
func TestModifiedEnumerated(t *testing.T) {
	e, _ := NewExploder(6, 9)
	got := map[int]float64{}
	en := NewEnumerator(64)
	for {
		got[en.Stream().Explode(e)] += en.Weight()
		if !en.Next() {
			break
		}
	}
	for v, p := range explodeDist(6, 9) {
		if math.Abs(got[v]-p) > 1e-15 {
			t.Errorf("enumerated d6!: P(%d) = %g, want %g", v, got[v], p)
		}
	}
}

// MeanDraws follows the dice's own odds: three dice are three draws; a
// d6 rolled again on a 6 is 1 + 1/6 draws on average (fixed seed, 5
// standard errors: sd sqrt(5/36) over 60,000 descents). The enumerator
// then enumerates from its first path as before.
func TestMeanDraws(t *testing.T) {
	e := NewEnumerator(64)
	if d := e.MeanDraws(100, func(s *Stream) { s.D(6); s.D(6); s.D(10) }); d != 3 {
		t.Errorf("three dice: %g draws, want 3", d)
	}
	const n = 60_000
	d := e.MeanDraws(n, func(s *Stream) {
		if s.D(6) == 6 {
			s.D(6)
		}
	})
	if se := math.Sqrt(5.0 / 36 / n); math.Abs(d-7.0/6) > 5*se {
		t.Errorf("d6 again on a 6: %g draws, want %g ± %g", d, 7.0/6, 5*se)
	}
	paths := 0
	for {
		e.Stream().D(6)
		paths++
		if !e.Next() {
			break
		}
	}
	if paths != 6 {
		t.Errorf("after MeanDraws: %d paths of a d6, want 6", paths)
	}
}

// Re-rolled dice counted by value (NewRerolledFaces: two d6r1 a digit
// of 1296 outcomes, then one alone): the count of sixes among three d6r1
// is Binomial(3, 7/36) (a six: 1/6 + 1/36), by Monte Carlo (fixed seed,
// 5 standard errors) and enumerating (exactly).
func TestRerolledFaces(t *testing.T) {
	d, _ := NewRerolled(6, 1)
	c, ok := NewRerolledFaces(d, 3)
	if !ok {
		t.Fatal("no face counter for 3d6r1")
	}
	q := 7.0 / 36
	binom := map[int]float64{0: (1 - q) * (1 - q) * (1 - q), 1: 3 * q * (1 - q) * (1 - q), 2: 3 * q * q * (1 - q), 3: q * q * q}
	sixes := func(packed uint64) int { return int(packed >> (5 * c.Width()) & (1<<c.Width() - 1)) }
	const trials = 400_000
	s := New(3, 9)
	counts := make([]uint64, 4)
	for range trials {
		counts[sixes(s.FacesWith(c))]++
	}
	agree(t, "FacesWith of three d6r1", counts, 0, binom, trials)
	got := map[int]float64{}
	e := NewEnumerator(10)
	for {
		got[sixes(e.Stream().FacesWith(c))] += e.Weight()
		if !e.Next() {
			break
		}
	}
	for k, p := range binom {
		if math.Abs(got[k]-p) > 1e-12 {
			t.Errorf("enumerating: P(%d sixes) = %.12f, want %.12f", k, got[k], p)
		}
	}
}
