package query

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"

	"odds/sim"
)

// Opposed fire by hand (sheet 004): the firer's d10+F against the
// target's d10+T; out of action when the margin (F-T plus the dice
// difference D = a-b) is 5 or more, no effect when it is 0 or less. D
// is k with probability (10-|k|)/100, so P(D >= k) = (10-k)(11-k)/200
// for k >= 1, and 1 - P(D >= 1-k) for k <= 0.
//
//	hesa 5, def 1: out of action iff D >= 1: 45/100
//	hesa 6, def 1: out of action iff D >= 0: 55/100
//	hesa 7, def 1: D >= -1: 1 - 72/200 = 0.64
func exactOpts() Options {
	return Options{Sim: sim.Options{Trials: 1, Seed: 1, Workers: 1, Method: sim.Exact}}
}

func mcOpts(trials int64) Options {
	return Options{Sim: sim.Options{Trials: trials, Seed: 7, Workers: 2, Method: sim.MC}}
}

func find(t *testing.T, q *Query, cond, vary string, opts Options) []*Found {
	t.Helper()
	fs, err := ParseFind(q, cond, vary)
	if err != nil {
		t.Fatal(err)
	}
	out, err := Find(context.Background(), q, fs, opts)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-12 }

// TestFindHesa is the done-when: --def 1 --find
// 'out-of-action>=0.5' --vary hesa answers hesa 6 (55%), with 45% at 5.
func TestFindHesa(t *testing.T) {
	fs := find(t, fire(t, map[string]string{"def": "1"}), "out-of-action>=0.5", "hesa", exactOpts())
	if len(fs) != 1 {
		t.Fatalf("%d answers, want 1", len(fs))
	}
	f := fs[0]
	if f.At < 0 || f.Scan[f.At].Value != 6 || !near(f.Scan[f.At].X, 0.55) {
		t.Fatalf("answer %+v, want hesa 6 at 55%%", f)
	}
	if f.Before < 0 || f.Scan[f.Before].Value != 5 || !near(f.Scan[f.Before].X, 0.45) {
		t.Errorf("before: %+v, want hesa 5 at 45%%", f.Scan[f.Before])
	}
	if !f.Sure || !f.Exact || !f.Rising || !f.Monotone || len(f.Scan) != 13 {
		t.Errorf("sure %v exact %v rising %v monotone %v, %d values scanned; want all true and 13", f.Sure, f.Exact, f.Rising, f.Monotone, len(f.Scan))
	}
	for _, p := range f.Params {
		if p.Name == "hesa" {
			t.Errorf("the varied flag is among the answer's inputs: %v", f.Params)
		}
	}
}

// TestFindDirections: a figure that falls with the flag walks the other
// way. At hesa 3, out of action needs D >= 2+def: def 2 gives 6*7/200 =
// 21%, def 3 5*6/200 = 15%: the smallest def with <= 20% is 3. At hesa 6
// it needs D >= def-1: def 1 55%, def 2 45%: the largest def with >= 50%
// is 1. And mean:margin (hesa - def exactly) >= 3 at def 1 is hesa 4.
func TestFindDirections(t *testing.T) {
	cases := []struct {
		given        map[string]string
		cond, vary   string
		at, before   int
		atX, beforeX float64
		rising       bool
	}{
		{map[string]string{"hesa": "3"}, "out-of-action<=0.2", "def", 3, 2, 0.15, 0.21, true},
		{map[string]string{"hesa": "6"}, "out-of-action>=50%", "def", 1, 2, 0.55, 0.45, false},
		{map[string]string{"def": "1"}, "mean:margin>=3", "hesa", 4, 3, 3, 2, true},
		{map[string]string{"def": "1"}, "mean:margin<=-1", "hesa", 0, 1, -1, 0, false},
	}
	for _, c := range cases {
		f := find(t, fire(t, c.given), c.cond, c.vary, exactOpts())[0]
		if f.At < 0 || f.Scan[f.At].Value != c.at || !near(f.Scan[f.At].X, c.atX) || f.Rising != c.rising {
			t.Errorf("%s --vary %s: at %+v rising %v, want %s %d at %v rising %v", c.cond, c.vary, f.Scan[max(f.At, 0)], f.Rising, c.vary, c.at, c.atX, c.rising)
			continue
		}
		switch {
		case c.before < 0 && f.Before >= 0:
			t.Errorf("%s: before %+v, want none (the answer is the walk's first value)", c.cond, f.Scan[f.Before])
		case c.before >= 0 && (f.Before < 0 || f.Scan[f.Before].Value != c.before || !near(f.Scan[f.Before].X, c.beforeX)):
			t.Errorf("%s: before %d, want %d at %v", c.cond, f.Before, c.before, c.beforeX)
		}
	}
}

// TestFindNoneInRange: at def 1 the best is hesa 12, D >= -6: 1 - 3*4/200
// = 94%: 99% is none in range, an answer and no error.
func TestFindNoneInRange(t *testing.T) {
	f := find(t, fire(t, map[string]string{"def": "1"}), "out-of-action>=0.99", "hesa", exactOpts())[0]
	if f.At != -1 || len(f.Holding) != 0 || !near(f.Scan[12].X, 0.94) {
		t.Errorf("at %d holding %v, hesa 12 %v: want none in range, 94%% at 12", f.At, f.Holding, f.Scan[12].X)
	}
}

// TestFindSweep: one answer per point of the rest of the query; each
// def d needs hesa d+5 (D >= 0).
func TestFindSweep(t *testing.T) {
	fs := find(t, fire(t, map[string]string{"def": "0..2"}), "out-of-action>=0.5", "hesa", exactOpts())
	if len(fs) != 3 {
		t.Fatalf("%d answers, want 3", len(fs))
	}
	for d, f := range fs {
		if f.At < 0 || f.Scan[f.At].Value != d+5 || f.Params[0].Name != "def" || f.Params[0].Value != d {
			t.Errorf("def %d: %v at %d, want hesa %d", d, f.Params, f.At, d+5)
		}
	}
}

// TestFindMonteCarloStraddle: 55% at hesa 6 is exactly the threshold.
// Exactly, hesa 6 holds; by Monte Carlo its interval straddles 55%, so
// the answer is hesa 7 (64%, surely) and not sure, with hesa 6 unsure.
// A threshold far from any figure is found sure by Monte Carlo.
func TestFindMonteCarloStraddle(t *testing.T) {
	q := fire(t, map[string]string{"def": "1"})
	if f := find(t, q, "out-of-action>=0.55", "hesa", exactOpts())[0]; f.Scan[f.At].Value != 6 {
		t.Errorf("exact: hesa %d, want 6", f.Scan[f.At].Value)
	}
	f := find(t, q, "out-of-action>=0.55", "hesa", mcOpts(20_000))[0]
	if f.Exact || f.At < 0 || f.Scan[f.At].Value != 7 || f.Sure || f.Scan[f.Before].Verdict != Unsure {
		t.Errorf("monte carlo: exact %v, at %d sure %v, before %+v: want hesa 7, not sure, 6 unsure", f.Exact, f.Scan[max(f.At, 0)].Value, f.Sure, f.Scan[f.Before])
	}
	f = find(t, q, "out-of-action>=0.5", "hesa", mcOpts(20_000))[0]
	if f.Scan[f.At].Value != 6 || !f.Sure || f.Trials != 20_000 {
		t.Errorf("monte carlo: hesa %d sure %v trials %d, want 6, sure, 20000", f.Scan[f.At].Value, f.Sure, f.Trials)
	}
}

// TestFindErrors: bad --find text, an unknown or non-numeric --vary flag,
// --vary of a given flag and an outcome the action has not are one-line
// errors naming the flag.
func TestFindErrors(t *testing.T) {
	cases := []struct {
		given      map[string]string
		cond, vary string
		flag, msg  string
	}{
		{map[string]string{"def": "1"}, "out-of-action=0.5", "hesa", "find", "want OUTCOME>=P"},
		{map[string]string{"def": "1"}, "out-of-action>=x", "hesa", "find", "want a number"},
		{map[string]string{"def": "1"}, "out-of-action>=1.5", "hesa", "find", "0..1"},
		{map[string]string{"def": "1"}, "out-of-action>=0.5", "", "vary", "needs --vary"},
		{map[string]string{"def": "1"}, "out-of-action>=0.5", "nope", "vary", "no flag --nope"},
		{map[string]string{"def": "1"}, "out-of-action>=0.5", "smoke", "vary", "not numeric"},
		{map[string]string{"def": "1", "hesa": "1..3"}, "out-of-action>=0.5", "hesa", "vary", "given as a sweep"},
		{map[string]string{"def": "1"}, "routed>=0.5", "hesa", "find", `no outcome "routed"`},
		{map[string]string{"def": "1"}, "mean:hits>=1", "hesa", "find", `no numeric result "hits"`},
	}
	for _, c := range cases {
		q := fire(t, c.given)
		fs, err := ParseFind(q, c.cond, c.vary)
		if err == nil {
			_, err = Find(context.Background(), q, fs, exactOpts())
		}
		var qe *Error
		if !errors.As(err, &qe) || qe.Flag != c.flag || !strings.Contains(err.Error(), c.msg) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s --vary %q: %v, want a one-line error naming --%s with %q", c.cond, c.vary, err, c.flag, c.msg)
		}
	}
}

// TestFindMonotone: by Monte Carlo a level stretch's noise is no turn
// (the intervals overlap); a dip whose intervals part is one. Exact
// figures turn on any change.
func TestFindMonotone(t *testing.T) {
	scan := func(exact bool, xs ...float64) *Found {
		f := &Found{Spec: FindSpec{Cond: Condition{Metric: Metric{Name: "x"}, X: 0.5}}, At: -1, Before: -1, Exact: exact}
		for i, x := range xs {
			s := Scan{Value: i, X: x, Lo: x - 0.01, Hi: x + 0.01}
			s.Verdict = f.Spec.Cond.verdict(s.X, s.Lo, s.Hi, exact)
			f.Scan = append(f.Scan, s)
		}
		f.answer()
		return f
	}
	for _, c := range []struct {
		exact    bool
		xs       []float64
		monotone bool
		at       int
	}{
		{false, []float64{0.30, 0.295, 0.31, 0.6}, true, 3},  // noise on the level
		{false, []float64{0.30, 0.70, 0.30, 0.70}, false, 1}, // a real dip: the first that holds
		{true, []float64{0.30, 0.295, 0.31, 0.6}, false, 3},
		{true, []float64{0.5, 0.5, 0.5}, true, 0}, // level: >= walks up, holds at once
	} {
		f := scan(c.exact, c.xs...)
		if f.Monotone != c.monotone || f.At != c.at {
			t.Errorf("exact %v %v: monotone %v at %d, want %v at %d", c.exact, c.xs, f.Monotone, f.At, c.monotone, c.at)
		}
	}
}
