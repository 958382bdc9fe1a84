package dice

import (
	"fmt"
	"math"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"
)

// chiSquareP returns the p-value of the chi-square goodness-of-fit test of
// counts against expected probabilities.
func chiSquareP(t *testing.T, counts []int, probs []float64) float64 {
	t.Helper()
	n := 0
	for _, c := range counts {
		n += c
	}
	x2 := 0.0
	for i, c := range counts {
		e := probs[i] * float64(n)
		x2 += (float64(c) - e) * (float64(c) - e) / e
	}
	return distuv.ChiSquared{K: float64(len(counts) - 1)}.Survival(x2)
}

func uniform(n int) []float64 {
	p := make([]float64, n)
	for i := range p {
		p[i] = 1 / float64(n)
	}
	return p
}

// The seeds are fixed, so these tests are deterministic; the threshold
// p > 1e-6 says the generator would have to be badly wrong to fail.
const minP = 1e-6

func TestDChiSquare(t *testing.T) {
	for _, sides := range []int{2, 4, 6, 8, 10, 12, 20, 100} {
		s := New(42, uint64(sides))
		counts := make([]int, sides)
		for range 200_000 {
			d := s.D(sides)
			if d < 1 || d > sides {
				t.Fatalf("d%d rolled %d", sides, d)
			}
			counts[d-1]++
		}
		if p := chiSquareP(t, counts, uniform(sides)); p < minP {
			t.Errorf("d%d: chi-square p = %.3g", sides, p)
		}
	}
}

// Several dice from one word: the joint distribution of consecutive dice
// must be uniform too (this is where a naive extraction would show bias).
func TestJointChiSquare(t *testing.T) {
	cases := []struct{ sides, k int }{{10, 2}, {6, 3}, {10, 7}, {6, 9}}
	for _, c := range cases {
		s := New(7, 1)
		cells := int(math.Pow(float64(c.sides), float64(c.k)))
		if cells > 1e5 {
			// Too many cells for a joint test: test pairs at every offset
			// within a word instead.
			cells = c.sides * c.sides
		}
		counts := make([]int, cells)
		for range 400_000 {
			idx := 0
			for range c.k {
				idx = (idx*c.sides + s.D(c.sides) - 1) % cells
			}
			counts[idx]++
		}
		if p := chiSquareP(t, counts, uniform(cells)); p < minP {
			t.Errorf("%d d%d per word: chi-square p = %.3g", c.k, c.sides, p)
		}
	}
	s := New(9, 9)
	counts := make([]int, 100)
	for range 400_000 {
		a, b := s.Two(10)
		counts[(a-1)*10+b-1]++
	}
	if p := chiSquareP(t, counts, uniform(100)); p < minP {
		t.Errorf("Two(10): chi-square p = %.3g", p)
	}
}

// Streams of neighbouring chunks must not be correlated: the correlation of
// the k-th draw of chunk c with the k-th draw of chunk c+1, over many
// chunks and draws, must be within 5 standard errors of zero.
func TestChunksUncorrelated(t *testing.T) {
	const chunks, draws = 2000, 200
	sum, n := 0.0, 0
	for c := range uint64(chunks) {
		a, b := New(123, c), New(123, c+1)
		for range draws {
			x := float64(a.D(6)) - 3.5
			y := float64(b.D(6)) - 3.5
			sum += x * y
			n++
		}
	}
	variance := 35.0 / 12 // of one d6
	r := sum / float64(n) / variance
	if se := 1 / math.Sqrt(float64(n)); math.Abs(r) > 5*se {
		t.Errorf("correlation of neighbouring chunks = %.4f, more than 5 SE (%.4f)", r, 5*se)
	}
}

func TestResetReproduces(t *testing.T) {
	a, b := New(1, 5), New(99, 0)
	b.Reset(1, 5)
	for i := range 1000 {
		if x, y := a.D(10), b.D(10); x != y {
			t.Fatalf("draw %d: %d != %d after Reset to the same (seed, chunk)", i, x, y)
		}
	}
	c := New(1, 6)
	same := 0
	a.Reset(1, 5)
	for range 1000 {
		if a.D(10) == c.D(10) {
			same++
		}
	}
	if same > 200 { // expected 100, sd 9.5
		t.Errorf("chunks 5 and 6 agree on %d of 1000 d10", same)
	}
}

// The pool kernels must draw exactly the dice D would draw: each is checked
// against D on a stream reset to the same state.
func TestKernelsMatchD(t *testing.T) {
	for _, sides := range []int{6, 10, 20} {
		for _, n := range []int{1, 3, 6, 13} {
			ref, s := New(5, 5), New(5, 5)
			for range 500 {
				count, sum, hi, lo := 0, 0, 0, sides+1
				for range n {
					d := ref.D(sides)
					if d >= 3 && d <= 5 {
						count++
					}
				}
				for range n {
					sum += ref.D(sides)
				}
				for range n {
					hi = max(hi, ref.D(sides))
				}
				for range n {
					lo = min(lo, ref.D(sides))
				}
				if got := s.Count(n, sides, 3, 5); got != count {
					t.Fatalf("Count(%d, d%d, 3..5) = %d, D gives %d", n, sides, got, count)
				}
				if got := s.Sum(n, sides); got != sum {
					t.Fatalf("Sum(%d, d%d) = %d, D gives %d", n, sides, got, sum)
				}
				if got := s.Highest(n, sides); got != hi {
					t.Fatalf("Highest(%d, d%d) = %d, D gives %d", n, sides, got, hi)
				}
				if got := s.Lowest(n, sides); got != lo {
					t.Fatalf("Lowest(%d, d%d) = %d, D gives %d", n, sides, got, lo)
				}
			}
		}
	}
	ref, s := New(3, 3), New(3, 3)
	for range 1000 {
		a, b := ref.D(10), ref.D(10)
		if x, y := s.Two(10); x != a || y != b {
			t.Fatalf("Two(10) = %d, %d; D gives %d, %d", x, y, a, b)
		}
	}
	ctr := NewCounter(6, 4, 6)
	for _, n := range []int{3, 6, 8} { // a part group, a group and a part, two groups
		ref, s = New(4, 4), New(4, 4)
		want := make([]uint64, n+1)
		for range 5000 {
			want[ref.CountWith(ctr, n)]++
		}
		got := make([]uint64, n+1)
		s.TallyCount(5000, ctr, n, got)
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("TallyCount of %dd6 differs from CountWith: %v vs %v", n, got, want)
			}
		}
	}
}

func TestNoAllocations(t *testing.T) {
	s := New(1, 1)
	counts := make([]uint64, 7)
	s.Buffer(8)
	ctr := NewCounter(6, 4, 6)
	odds, _ := NewOdds(1, 2, 3)
	faces, _ := NewFaceCounter(10, 10)
	kernels := map[string]func(){
		"D":          func() { s.D(6) },
		"Two":        func() { s.Two(10) },
		"Count":      func() { s.Count(6, 6, 4, 6) },
		"CountWith":  func() { s.CountWith(ctr, 20) },
		"Pick":       func() { s.Pick(odds) },
		"FacesWith":  func() { s.FacesWith(faces) },
		"Sum":        func() { s.Sum(3, 6) },
		"Highest":    func() { s.Highest(2, 6) },
		"Lowest":     func() { s.Lowest(2, 6) },
		"TallyCount": func() { s.TallyCount(100, ctr, 6, counts) },
		"TallyDiff":  func() { s.TallyDiff(100, 4, counts) },
		"Buffer":     func() { s.Buffer(8) },
		"Reset":      func() { s.Reset(2, 3) },
	}
	for name, f := range kernels {
		if a := testing.AllocsPerRun(1000, f); a != 0 {
			t.Errorf("%s allocates %.1f times per call", name, a)
		}
	}
}

// Joint's table holds every joint outcome of the dice once: for 2d6 then
// a d10, each (a, b, c) exactly once, in mixed-radix order; a trial whose
// dice do not multiply to the product given is refused.
func TestJoint(t *testing.T) {
	table, ok := Joint(360, func(s *Stream) int {
		a, b := s.Two(6)
		return ((a-1)*6+b-1)*10 + s.D(10) - 1
	})
	if !ok {
		t.Fatal("refused 2d6+d10 with product 360")
	}
	for c, v := range table {
		if int(v) != c {
			t.Fatalf("outcome %d rolled %d", c, v)
		}
	}
	sum, ok := Joint(216, func(s *Stream) int { return s.Sum(3, 6) + s.Count(0, 6, 1, 6) })
	if !ok {
		t.Fatal("refused 3d6 (Sum) with product 216")
	}
	hist := map[int32]int{}
	for _, v := range sum {
		hist[v]++
	}
	if hist[3] != 1 || hist[10] != 27 || hist[18] != 1 {
		t.Errorf("3d6 by Joint: %d ways to 3, %d to 10, %d to 18; want 1, 27, 1", hist[3], hist[10], hist[18])
	}
	if _, ok := Joint(36, func(s *Stream) int { return s.D(6) }); ok {
		t.Error("one d6 accepted as a product of 36")
	}
}

// TallyTable draws outcomes uniformly: 2d6 tabled by their total.
func TestTallyTable(t *testing.T) {
	table, _ := Joint(36, func(s *Stream) int { return s.Sum(2, 6) - 2 })
	s := New(1, 0)
	counts := make([]uint64, 11)
	const n = 1_000_000
	s.TallyTable(n, table, counts)
	for v, c := range counts {
		ways := min(v+1, 11-v)
		p := float64(ways) / 36
		if se := math.Sqrt(p * (1 - p) / n); math.Abs(float64(c)/n-p) > 5*se {
			t.Errorf("total %d: %d of %d, want %.4f ± %.4f", v+2, c, n, p, 5*se)
		}
	}
}

// Faces counts each face: the counts add up to the dice, and enumerated
// 3d4 gives each multiset its multinomial weight.
func TestFaces(t *testing.T) {
	s := New(3, 0)
	for _, c := range []struct{ n, sides int }{{10, 10}, {15, 16}, {40, 8}, {255, 6}} {
		w := FacesWidth(c.n)
		packed := s.Faces(c.n, c.sides)
		total := 0
		for f := range c.sides {
			total += int(packed>>(w*uint(f))) & (1<<w - 1)
		}
		if total != c.n {
			t.Errorf("%dd%d: faces count %d dice", c.n, c.sides, total)
		}
	}
	e := NewEnumerator(100)
	weights := map[uint64]float64{}
	for more := true; more; more = e.Next() {
		weights[e.Stream().Faces(3, 4)] += e.Weight()
	}
	// three 1s: 1/64; a 1, a 2 and a 3: 6/64.
	if w := weights[3]; math.Abs(w-1.0/64) > 1e-12 {
		t.Errorf("three ones: %g, want 1/64", w)
	}
	if w := weights[1+1<<4+1<<8]; math.Abs(w-6.0/64) > 1e-12 {
		t.Errorf("1, 2 and 3: %g, want 6/64", w)
	}
}

// TallyDiff (the pairs of several trials from one word; a die a word
// past 4,096 sides) has the opposed roll's distribution: a-b = d in
// sides-|d| of the sides^2 pairs. Fixed seed, each value within 5
// standard errors; trial counts that leave a word part used.
func TestTallyDiff(t *testing.T) {
	for _, c := range []struct{ sides, trials int }{{10, 400_001}, {6, 400_002}, {2, 99_999}, {5000, 400_000}, {1, 1000}} {
		want := map[int]float64{}
		for d := 1 - c.sides; d < c.sides; d++ {
			want[d] = float64(c.sides-max(d, -d)) / float64(c.sides*c.sides)
		}
		counts := make([]uint64, 2*c.sides-1)
		New(6, uint64(c.sides)).TallyDiff(c.trials, c.sides, counts)
		agree(t, fmt.Sprintf("TallyDiff d%d", c.sides), counts, c.sides-1, want, c.trials)
		total := uint64(0)
		for _, n := range counts {
			total += n
		}
		if total != uint64(c.trials) {
			t.Errorf("TallyDiff d%d: %d trials counted, want %d", c.sides, total, c.trials)
		}
	}
}
