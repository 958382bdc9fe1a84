package dice

import (
	"math"
	"testing"
)

// enumerate runs trial on every path and returns the probability of each
// value it returns, the probability left unexplored and the path count.
func enumerate(depthCap int, trial func(*Stream) int) (dist map[int]float64, leftover float64, paths int) {
	dist = map[int]float64{}
	e := NewEnumerator(depthCap)
	for {
		v := trial(e.Stream())
		if e.Truncated() {
			leftover += e.Weight()
		} else {
			dist[v] += e.Weight()
		}
		paths++
		if !e.Next() {
			return dist, leftover, paths
		}
	}
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-12 }

// Two d6: the triangle (6-|s-7|)/36, over 36 paths.
func TestEnumerateTwoD6(t *testing.T) {
	dist, left, paths := enumerate(100, func(s *Stream) int { return s.D(6) + s.D(6) })
	if paths != 36 || left != 0 {
		t.Fatalf("paths = %d, leftover = %g; want 36 and 0", paths, left)
	}
	for sum := 2; sum <= 12; sum++ {
		want := float64(6-abs(sum-7)) / 36
		if !near(dist[sum], want) {
			t.Errorf("P(2d6 = %d) = %g, want %g", sum, dist[sum], want)
		}
	}
}

func abs(x int) int { return max(x, -x) }

// The composite kernels branch over their distribution in one step; they
// must give what enumerating each die gives.
func TestEnumerateKernelsMatchDice(t *testing.T) {
	type kernel struct {
		name      string
		composite func(*Stream) int
		perDie    func(*Stream) int
	}
	kernels := []kernel{
		{"Count(4,6,4,6)", func(s *Stream) int { return s.Count(4, 6, 4, 6) }, func(s *Stream) int {
			c := 0
			for range 4 {
				if s.D(6) >= 4 {
					c++
				}
			}
			return c
		}},
		{"Count(3,10,2,3)", func(s *Stream) int { return s.Count(3, 10, 2, 3) }, func(s *Stream) int {
			c := 0
			for range 3 {
				if d := s.D(10); d >= 2 && d <= 3 {
					c++
				}
			}
			return c
		}},
		{"Sum(3,6)", func(s *Stream) int { return s.Sum(3, 6) }, func(s *Stream) int { return s.D(6) + s.D(6) + s.D(6) }},
		{"Highest(3,6)", func(s *Stream) int { return s.Highest(3, 6) }, func(s *Stream) int { return max(s.D(6), s.D(6), s.D(6)) }},
		{"Lowest(2,10)", func(s *Stream) int { return s.Lowest(2, 10) }, func(s *Stream) int { return min(s.D(10), s.D(10)) }},
		{"Two(6)", func(s *Stream) int { a, b := s.Two(6); return 10*a + b }, func(s *Stream) int { a := s.D(6); return 10*a + s.D(6) }},
	}
	for _, k := range kernels {
		got, _, paths := enumerate(100, k.composite)
		want, _, _ := enumerate(100, k.perDie)
		for v, p := range want {
			if !near(got[v], p) {
				t.Errorf("%s: P(%d) = %g, per-die enumeration gives %g", k.name, v, got[v], p)
			}
		}
		if len(got) != len(want) {
			t.Errorf("%s: %d values, per-die enumeration gives %d", k.name, len(got), len(want))
		}
		t.Logf("%s: %d paths", k.name, paths)
	}
}

// Closed forms: Binomial(6, 1/2) is C(6,k)/64; 3d6 has 27 ways to make 10
// and 1 way to make 3 out of 216.
func TestTables(t *testing.T) {
	b := Binomial(6, 0.5)
	for k, c := range []float64{1, 6, 15, 20, 15, 6, 1} {
		if !near(b[k], c/64) {
			t.Errorf("Binomial(6, .5)[%d] = %g, want %g/64", k, b[k], c)
		}
	}
	if b := Binomial(3, 0); b[0] != 1 {
		t.Errorf("Binomial(3, 0) = %v", b)
	}
	if b := Binomial(3, 1); b[3] != 1 {
		t.Errorf("Binomial(3, 1) = %v", b)
	}
	s := SumOfDice(3, 6) // index 0 is a total of 3
	if !near(s[0], 1.0/216) || !near(s[7], 27.0/216) || len(s) != 16 {
		t.Errorf("SumOfDice(3, 6): P(3) = %g, P(10) = %g, len %d", s[0], s[7], len(s))
	}
}

// "Roll a d6 until it shows 6" has no bound. With a depth cap of 20 the
// mass left unexplored is (5/6)^20 and the rest is exact. The roll is
// written as a count (six or not): branching on every face would
// distinguish 5^20 histories that the answer does not need.
func TestTruncation(t *testing.T) {
	dist, left, paths := enumerate(20, func(s *Stream) int {
		n := 1
		for s.Count(1, 6, 6, 6) == 0 && !s.Truncated() {
			n++
		}
		return n
	})
	if paths != 21 {
		t.Errorf("paths = %d, want 20 stopping paths and 1 truncated", paths)
	}
	if want := math.Pow(5.0/6, 20); !near(left, want) {
		t.Errorf("leftover = %g, want (5/6)^20 = %g", left, want)
	}
	for n := 1; n <= 20; n++ {
		if want := math.Pow(5.0/6, float64(n-1)) / 6; !near(dist[n], want) {
			t.Errorf("P(first 6 on roll %d) = %g, want %g", n, dist[n], want)
		}
	}
}

// Zero-probability branches are skipped: a count that cannot succeed is
// one path, not n+1.
func TestZeroBranchesSkipped(t *testing.T) {
	_, _, paths := enumerate(10, func(s *Stream) int { return s.Count(5, 6, 7, 9) })
	if paths != 1 {
		t.Errorf("Count with no successful face: %d paths, want 1", paths)
	}
}

// A kernel whose distribution would take too long to compute stops the
// enumeration instead of hanging it.
func TestOverflow(t *testing.T) {
	e := NewEnumerator(10)
	e.Stream().Sum(1000, 1000)
	if !e.Overflow() || !e.Truncated() {
		t.Error("Sum(1000, 1000) did not overflow the table budget")
	}
}

// Knuth's estimate is exact for a tree of uniform depth: 3d6 die by die has
// 216 paths; a count over 10 dice branches 11 ways once.
func TestEstimate(t *testing.T) {
	e := NewEnumerator(100)
	if got := e.Estimate(50, func(s *Stream) { s.D(6); s.D(6); s.D(6) }); got != 216 {
		t.Errorf("estimate for 3d6 = %g, want 216", got)
	}
	if got := e.Estimate(50, func(s *Stream) { s.Count(10, 6, 4, 6) }); got != 11 {
		t.Errorf("estimate for a count of 10 dice = %g, want 11", got)
	}
	// The same enumerator then enumerates from its first path.
	paths, total := 0, 0.0
	for {
		e.Stream().D(6)
		paths++
		total += e.Weight()
		if !e.Next() {
			break
		}
	}
	if paths != 6 || !near(total, 1) {
		t.Errorf("after an estimate: %d paths of total weight %g, want 6 and 1", paths, total)
	}
}
