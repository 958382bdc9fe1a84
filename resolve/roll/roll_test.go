package roll

import (
	"context"
	"errors"
	"math"
	"strconv"
	"strings"
	"testing"
	"time"

	"odds/dice"
	"odds/resolve"
	"odds/sim"
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
		{strings.Repeat("(", 20) + "d6", 17, "nested more than 16 deep"},
		{strings.Repeat("(", 100000) + "d6", 1001, "longer than 1000 characters"},
		{strings.Repeat("d6+", 150) + "1", 301, "more than 100 terms"},
		{strings.Repeat("1000d6+", 11) + "1", 71, "more than 10000 dice"},
		{"d20+5>=15", 6, `group it: "(d20+5)>=15"`},
		{"2 + d6 + 3 > 4", 11, `group it: "(2 + d6 + 3)> 4"`},
		{"d1!", 3, "cannot explode"},
		{"d6r6", 3, "re-rolls every face"},
		{"d6r0", 4, "re-roll"},
		{"d6!r1", 4, "one of '!'"},
		{"d6r1!", 5, "one of '!'"},
		{"+0=\n", 3, "needs dice or a group"}, // a sign is not a sum: no grouping hint (found by fuzzing)
	}
	for _, c := range cases {
		_, err := Parse(c.src)
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("Parse(%q) = %v, want a SyntaxError", c.src, err)
			continue
		}
		if se.Col != c.col || !strings.Contains(se.Msg, c.msg) {
			t.Errorf("Parse(%.40q): column %d %q; want column %d saying %q", c.src, se.Col, se.Msg, c.col, c.msg)
		}
		if len(err.Error()) > 300 {
			t.Errorf("Parse(%.40q): error of %d characters", c.src, len(err.Error()))
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
	prob, ok := p.Exact(context.Background(), 1e7)
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
	"2d6!", "3d6r1", "4d6r2kh3", "3d4!>=4", "2d4!kl1", "-1d6",
	// The Monte Carlo fast paths: an opposed pair, sums, kept dice by face.
	"d6-2 vs d6+1", "2d6-d4+1 vs d8", "d1 vs d1", "5d10kl2", "4d6kh3>=4", "6d6kh2+1", "-2d6",
	// Success pools of re-rolled or exploding dice: not the plain pool's.
	"3d6r1>=4", "4d6!>=8",
	// Modified dice alone (dice.TallyExplode; re-rolled dice a dice.Program): blocks of rolls.
	"d6!+2", "3d10!-1", "d2!", "2d20r3+1", "d4r3",
	// One-sided dice: a pool of d1s counts every die.
	"300d1>=1",
	// Modified dice beside other terms: exploding, re-rolled, counted.
	"2d6!+d4", "3d6r1+d4-1", "3d6r2>=4+d8", "4d6r1kh3+1",
	// Several terms in one dice.Program (programmed, below).
	programmed[0], programmed[1], programmed[2], programmed[3], programmed[4], programmed[5], programmed[6], programmed[7],
	programmed[8], programmed[9], programmed[12], programmed[13], programmed[14], programmed[15],
}

// Expressions Run rolls as one keep of exploding dice
// (dice.KeepExploded): the lowest dropped, the highest kept, several
// dropped, the lowest kept, the highest dropped, a success test on the
// kept dice, a constant added. Too many paths to enumerate: Monte Carlo
// must agree with convolution.
var keptExploded = []string{
	"4d6!kh3", "2d20!kh1", "7d4!kh5+2", "5d6!kl2-3", "4d6!kh3>=8", "3d10!kh2>=12", "6d3!kl4", "5d6!kl4", "7d6!kh6",
}

// Each keep of exploding dice takes the kernel; one tracking more than
// dice.MaxKeepTracked does not (and the agreement above covers it too).
func TestKeptExploded(t *testing.T) {
	for _, src := range append(keptExploded, "2d4!kl1") {
		e, err := Parse(src)
		if err != nil {
			t.Fatal(err)
		}
		if p := Compile(e); p.xkeep == nil {
			t.Errorf("%s: no dice.KeepExploded", src)
		}
	}
	e, _ := Parse("20d6!kh10")
	if p := Compile(e); p.xkeep != nil {
		t.Error("20d6!kh10: a dice.KeepExploded tracking 10 dice")
	}
}

// Expressions Run rolls as one dice.Program: plain dice folded across
// terms, exploding beside plain, re-rolled counted beside plain counted,
// keeps of re-rolled dice (alone, beside others, keep lowest), two keeps,
// opposed sums with modified dice.
var programmed = []string{
	"2d6+d6+2d8-d4+2", "2d6!+d4", "3d6r1>=4+2d6>=5", "4d6r2kh3", "4d6r1kh3+d6-1",
	"3d6kh2+4d8kl1", "2d6!+1 vs d10r1", "5d4r1kl2-d4!",
	// One term of re-rolled dice, summed or counted; exploding dice
	// counted, alone and beside others.
	"3d6r2", "2d10r1>=8", "4d6!>=8", "3d4!>=4", "2d6!>=5+d4",
	// Pools counted at half their faces beside other terms: coins, a d2
	// counted at 2 each (twelve a digit), added and taken away.
	"6d6>=4+1", "20d6>=4+d6", "3d6>=4-2d10>=6",
}

// Each programmed expression compiles to a dice.Program, so the Monte
// Carlo agreement above tests that kernel.
func TestProgrammed(t *testing.T) {
	for _, src := range programmed {
		e, err := Parse(src)
		if err != nil {
			t.Fatal(err)
		}
		if p := Compile(e); p.prog == nil {
			t.Errorf("%s: not compiled to one dice.Program", src)
		}
	}
}

// Pools too large to enumerate die by die, kept through a Keeper's states
// (groups of several dice after the first kept ones, a last smaller group;
// re-rolled dice over two words, a chain of states: dice.tallyChain):
// Monte Carlo must agree with convolution.
var largePools = []string{"10d10kh3", "9d6kl4>=3", "20d6kh3+2", "7d20kh1", "13d4kl2 vs 2d6", "5d100kh1", "6d6r1kh3+2"}

// Exploding and re-rolled dice, by hand. d6!: 1..5 at 1/6; 7..11 at 1/36
// (a 6, then 1..5); a 6 never stands before the tenth roll. d6r1: a 1 only
// when rolled twice, 1/36; 2..6 at 1/6 + 1/36 = 7/36. 2d6r1kh1: P(max <= v)
// = F(v)^2 with F the d6r1 CDF: F(1) = 1/36, F(2) = 8/36.
func TestModifiedDice(t *testing.T) {
	got, _ := exact(t, "d6!")
	for v, want := range map[int]float64{1: 1.0 / 6, 5: 1.0 / 6, 6: 0, 7: 1.0 / 36, 11: 1.0 / 36, 12: 0, 13: 1.0 / 216, 60: math.Pow(6, -10)} {
		if !simtest.Near(got[v], want) {
			t.Errorf("d6!: P(%d) = %.12g, want %.12g", v, got[v], want)
		}
	}
	got, _ = exact(t, "d6r1")
	for v, want := range map[int]float64{1: 1.0 / 36, 2: 7.0 / 36, 6: 7.0 / 36} {
		if !simtest.Near(got[v], want) {
			t.Errorf("d6r1: P(%d) = %.12g, want %.12g", v, got[v], want)
		}
	}
	got, _ = exact(t, "2d6r1kh1")
	if want := math.Pow(8.0/36, 2) - math.Pow(1.0/36, 2); !simtest.Near(got[2], want) {
		t.Errorf("2d6r1kh1: P(2) = %.12g, want %.12g", got[2], want)
	}
	// d6!>=7: the die exploded at least once: 1/6.
	got, _ = exact(t, "d6!>=7")
	if !simtest.Near(got[1], 1.0/6) {
		t.Errorf("d6!>=7: P(1) = %.12g, want 1/6", got[1])
	}
	// -1d6: a leading minus negates the term.
	got, _ = exact(t, "-1d6")
	if !simtest.Near(got[-6], 1.0/6) || got[1] != 0 {
		t.Errorf("-1d6: P(-6) = %g, P(1) = %g", got[-6], got[1])
	}
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
	for i, src := range append(append(largePools, expressions...), keptExploded...) {
		got, p := exact(t, src)
		want := map[string]float64{}
		for v, q := range got {
			want[strconv.Itoa(v)] = q
		}
		simtest.AgreeMC(t, p, want, 1_000_000, uint64(i+1))
	}
}

func TestNoAllocations(t *testing.T) {
	for _, src := range append(append(largePools, expressions...), keptExploded...) {
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
	if _, ok := Compile(e).Exact(context.Background(), 1000); ok {
		t.Error("100d100 convolved within a budget of 1000 paths")
	}
	e, _ = Parse("40d10")
	if _, ok := Compile(e).Exact(context.Background(), 100_000); !ok {
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

// Few plain dice roll by table (one draw a trial); dice whose count varies
// or whose outcomes are too many do not.
func TestTabled(t *testing.T) {
	for src, want := range map[string]bool{"4d6kh3": true, "3d6+2": true, "(2d6+1)>=8 + d4": true, "5d6": true, "2d6 vs 3d6": true, "2d6 vs 4d6": false,
		"3d6r1": false, "2d6!": false, "5d10kl2": false, "6d6>=4": false, "d10+3 vs d10+1": false} {
		e, _ := Parse(src)
		if got := Compile(e).table != nil; got != want {
			t.Errorf("%s: tabled %v, want %v", src, got, want)
		}
	}
}

// Keeping all but the lowest of more than 255 dice, counted by face with
// a face shown more than 255 times, is their sum less one (unless all 600
// show 2, at 2^-600): Monte Carlo of 600d2kh599 agrees with the exact
// 600d2-1.
func TestKeepManyDice(t *testing.T) {
	sum, _ := exact(t, "600d2-1")
	want := map[string]float64{}
	for v, q := range sum {
		want[strconv.Itoa(v)] = q
	}
	e, _ := Parse("600d2kh599")
	p := Compile(e)
	if p.sums != nil || p.table != nil {
		t.Fatal("600d2kh599 compiled as a sum or a table: the test reads no kept dice")
	}
	simtest.AgreeMC(t, p, want, 200_000, 5)
}

// The exact answer of many kept dice stops when its context ends, in the
// middle of its one keep: before, the context was looked at between
// convolutions only, and keeping 300 of 600 d20 (58 MB of tables, well
// over ten seconds of work) ran to the end after its context ended, as
// 1000d100kl999 did for hours in 1.6 GB.
func TestExactStops(t *testing.T) {
	for _, src := range []string{"600d20kl300", "1000d1000"} {
		e, _ := Parse(src)
		p := Compile(e)
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		done := make(chan bool, 1)
		go func() {
			_, ok := p.Exact(ctx, math.MaxInt64/opsPerPath)
			done <- ok
		}()
		select {
		case ok := <-done:
			if ok {
				t.Errorf("%s: answered, want stopped at 100 ms", src)
			}
		case <-time.After(10 * time.Second): // generous: a millisecond's work between looks
			t.Fatalf("%s: still computing 10 s after its context ended", src)
		}
		cancel()
	}
}

// Tables over resolve.MaxExactBytes are refused before they are
// allocated, with a *resolve.MemoryError: the exact method reports it,
// the auto method answers by Monte Carlo instead. Keeping 999 of 1,000
// d100 takes two tables of 1,001 × 99,901 float64s (1.6 GB, over the 1
// GiB bound); 200d100kl100 two of 201 × 10,001 (32 MB, over a bound
// lowered to 1 MB).
func TestExactMemory(t *testing.T) {
	e, _ := Parse("1000d100kl999")
	if b := Compile(e).ExactBytes(); b != 2*1001*99901*8 {
		t.Errorf("1000d100kl999: ExactBytes %d, want %d", b, 2*1001*99901*8)
	}
	opts := sim.Options{Method: sim.Exact, Trials: 1e9, Seed: 1, Workers: 1, MaxPaths: 1e12}
	var me *resolve.MemoryError
	if _, err := sim.TryExact(context.Background(), Compile(e), opts); !errors.As(err, &me) || me.Limit != 1<<30 ||
		err.Error() != "the exact answer would hold about 1525 MB of tables, more than the 1024 MB one run may use" {
		t.Errorf("1000d100kl999 exact: err %v, want a MemoryError", err)
	}
	defer func(old int64) { resolve.MaxExactBytes = old }(resolve.MaxExactBytes)
	resolve.MaxExactBytes = 1 << 20
	e, _ = Parse("200d100kl100")
	p := Compile(e)
	opts.MaxPaths = 1e15
	if _, err := sim.TryExact(context.Background(), p, opts); !errors.As(err, &me) {
		t.Errorf("200d100kl100 exact: err %v, want a MemoryError", err)
	}
	opts.Method = sim.Auto
	if res, err := sim.TryExact(context.Background(), p, opts); res != nil || err != nil {
		t.Errorf("200d100kl100 auto: %v, %v; want Monte Carlo (nil, nil)", res, err)
	}
	if _, ok := p.Exact(context.Background(), math.MaxInt64/opsPerPath); ok {
		t.Error("200d100kl100: Exact answered past the memory bound")
	}
}
