package roll

import (
	"errors"
	"math"
	"strconv"
	"strings"
	"testing"

	"odds/dice"
	"odds/sim/simtest"
)

func TestParseErrors(t *testing.T) {
	cases := []struct {
		src string
		col int
		msg string
	}{
		{"", 1, "empty expression"},
		{"   ", 1, "empty expression"},
		{"d", 2, "number of sides"},
		{"6d0", 3, "sides after 'd' must be 1..10000"},
		{"0d6", 1, "number of dice must be 1..1000"},
		{"1000000000d6", 1, "number of dice must be 1..1000"},
		{"6d6>=", 6, "target number"},
		{"(((", 4, "want dice"},
		{"((2d6)", 7, "want ')'"},
		{"2d6)", 4, "without a matching '('"},
		{")", 1, "without a matching '('"},
		{"2d6+", 5, "want dice"},
		{"2d6 3", 5, "unexpected"},
		{"4d6kh5", 4, "keeps 5 of only 4"},
		{"4d6k", 5, "number of dice to keep"},
		{"5>=3", 2, "not a constant"},
		{"d10 vs", 7, "want dice"},
		{"d10 vx d6", 5, "'vs'"},
		{"2d6x", 4, "unexpected"},
		{"200000", 1, "constant must be"},
		{"1000d1000+1000d1000+1000d1000", 1, "more than"},
	}
	for _, c := range cases {
		_, err := Parse(c.src)
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("Parse(%q) = %v, want a SyntaxError", c.src, err)
			continue
		}
		if se.Col != c.col || !strings.Contains(se.Msg, c.msg) {
			t.Errorf("Parse(%q): column %d %q; want column %d saying %q", c.src, se.Col, se.Msg, c.col, c.msg)
		}
		if strings.Contains(err.Error(), "\n") {
			t.Errorf("Parse(%q): error spans lines: %q", c.src, err)
		}
	}
}

// exact returns the plan's convolution answer by value.
func exact(t *testing.T, src string) (map[int]float64, *Plan) {
	t.Helper()
	e, err := Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	p := Compile(e)
	prob, ok := p.Exact(1e7)
	if !ok {
		t.Fatalf("%s: no exact answer", src)
	}
	out := map[int]float64{}
	for c, q := range prob {
		out[p.lo+c] = q
	}
	return out, p
}

func binom(n, k int) float64 {
	r := 1.0
	for i := 1; i <= k; i++ {
		r = r * float64(n-k+i) / float64(i)
	}
	return r
}

// Closed forms, each stated where it comes from.
func TestExactClosedForms(t *testing.T) {
	check := func(src string, want func(v int) float64) {
		t.Helper()
		got, _ := exact(t, src)
		total := 0.0
		for v, p := range got {
			total += p
			if w := want(v); math.Abs(p-w) > 1e-12 {
				t.Errorf("%s: P(%d) = %.12g, want %.12g", src, v, p, w)
			}
		}
		if math.Abs(total-1) > 1e-12 {
			t.Errorf("%s: probabilities sum to %.15g", src, total)
		}
	}
	// 2d6: (6-|v-7|)/36.
	check("2d6", func(v int) float64 { return float64(6-max(v-7, 7-v)) / 36 })
	// 6d6>=4: Binomial(6, 1/2) = C(6,k)/64.
	check("6d6>=4", func(k int) float64 { return binom(6, k) / 64 })
	// 3d6<=2: Binomial(3, 1/3).
	check("3d6<=2", func(k int) float64 { return binom(3, k) * math.Pow(1.0/3, float64(k)) * math.Pow(2.0/3, float64(3-k)) })
	// 2d20kh1: max of two d20, P(v) = (2v-1)/400; kl1: (41-2v)/400.
	check("2d20kh1", func(v int) float64 { return float64(2*v-1) / 400 })
	check("2d20kl1", func(v int) float64 { return float64(41-2*v) / 400 })
	// d10+3 vs d10+1: margin m = a-b+2, P = (10-|m-2|)/100.
	check("d10+3 vs d10+1", func(m int) float64 { return float64(10-max(m-2, 2-m)) / 100 })
	// (2d6+1)>=8 is 2d6 >= 7: 21/36.
	check("(2d6+1)>=8", func(v int) float64 { return []float64{15.0 / 36, 21.0 / 36}[v] })
	// d6=6 counts sixes on one die.
	check("d6=6", func(v int) float64 { return []float64{5.0 / 6, 1.0 / 6}[v] })
	// 2d6>7 counts dice over 7: impossible, always 0.
	check("2d6>7", func(v int) float64 { return []float64{1, 0, 0}[v] })
	// -d4+5: 1..4 each 1/4.
	check("-d4+5", func(v int) float64 { return 0.25 })
}

// 4d6kh3: 1296 rolls; one makes 3 (all ones), 21 make 18, and the mean is
// 15869/1296 (counted by the brute force below, a check of the DP).
func TestKeepHighest(t *testing.T) {
	got, _ := exact(t, "4d6kh3")
	counts := map[int]int{}
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			for c := 1; c <= 6; c++ {
				for d := 1; d <= 6; d++ {
					counts[a+b+c+d-min(a, b, c, d)]++
				}
			}
		}
	}
	mean := 0.0
	for v, p := range got {
		mean += float64(v) * p
		if want := float64(counts[v]) / 1296; math.Abs(p-want) > 1e-12 {
			t.Errorf("4d6kh3: P(%d) = %g, brute force %g", v, p, want)
		}
	}
	if counts[3] != 1 || counts[18] != 21 || math.Abs(mean-15869.0/1296) > 1e-12 {
		t.Errorf("4d6kh3: %d ways to 3, %d to 18, mean %g", counts[3], counts[18], mean)
	}
	got, _ = exact(t, "3d6kl1>=5")
	// The lowest of three d6 is 5 or more when all are: (2/6)^3.
	if want := 8.0 / 216; math.Abs(got[1]-want) > 1e-12 {
		t.Errorf("3d6kl1>=5: P(1) = %g, want %g", got[1], want)
	}
}

// Convolution and enumeration are independent methods over the same
// expression: they must agree.
var expressions = []string{
	"6d6>=4", "2d6+1", "3d6", "4d6kh3", "3d8kl2+2", "d10+3 vs d10+1", "(2d6+1)>=8 + d4",
	"2d6-d6", "5d10>=8", "2d10=10", "3d6<3", "(d6+d6)<=4 vs d2", "-3+2d4",
}

func TestEnumerationMatchesConvolution(t *testing.T) {
	for _, src := range expressions {
		got, p := exact(t, src)
		enum := simtest.Exact(t, p)
		for v, q := range got {
			if !simtest.Near(enum[strconv.Itoa(v)], q) {
				t.Errorf("%s: P(%d): convolution %.12g, enumeration %.12g", src, v, q, enum[strconv.Itoa(v)])
			}
		}
	}
}

func TestMonteCarloAgrees(t *testing.T) {
	for i, src := range expressions {
		got, p := exact(t, src)
		want := map[string]float64{}
		for v, q := range got {
			want[strconv.Itoa(v)] = q
		}
		simtest.AgreeMC(t, p, want, 1_000_000, uint64(i+1))
	}
}

func TestNoAllocations(t *testing.T) {
	for _, src := range expressions {
		e, _ := Parse(src)
		p := Compile(e)
		s := dice.New(1, 2)
		counts := make([]uint64, p.Layout().Cells)
		p.Run(s, 10, counts) // the keep buffer is allocated once per stream
		if a := testing.AllocsPerRun(100, func() { p.Run(s, 100, counts) }); a != 0 {
			t.Errorf("%s: %.1f allocations per Run", src, a)
		}
	}
}

// A large expression has no exact answer within a small budget.
func TestExactBudget(t *testing.T) {
	e, _ := Parse("100d100")
	if _, ok := Compile(e).Exact(1000); ok {
		t.Error("100d100 convolved within a budget of 1000 paths")
	}
	e, _ = Parse("40d10")
	if _, ok := Compile(e).Exact(100_000); !ok {
		t.Error("40d10 not convolved within the auto budget")
	}
}

// Parse never panics, and what it accepts compiles and rolls values within
// its bounds.
func FuzzParse(f *testing.F) {
	for _, s := range append(expressions, "", "(((", "6d0", "d", "1000000000d6", "2d6)", "4d6k3", "d%", "1d1") {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		e, err := Parse(src)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("multi-line error: %q", err)
			}
			return
		}
		p := Compile(e)
		s := dice.New(1, 1)
		for range 20 {
			if c := p.Trial(s); c < 0 || c >= p.Layout().Cells {
				t.Fatalf("%q: cell %d outside 0..%d", src, c, p.Layout().Cells-1)
			}
		}
	})
}
