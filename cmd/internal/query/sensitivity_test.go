package query

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"
)

// TestSensitivityFire is the done-when: at hesa 3, def 1 every
// modifier of opposed fire with its exact change in P(no-effect) (the
// first outcome). By hand (sheet 004, see find_test.go): no effect iff
// the margin 2+D is 0 or less, D <= -2: P(D >= 2) = 8*9/200 = 36%. One
// more for the firer makes it D <= -3: 7*8/200 = 28% (-8%); one less
// D <= -1: 9*10/200 = 45% (+9%); the same with the target's side
// swapped; +2 to the target (hard cover, smoke or hull-down) D <= 0:
// 55% (+19%). --firer-suppressed without --within-4 changes nothing;
// --over-half-range is AP fire's only, refused with --hesa.
func TestSensitivityFire(t *testing.T) {
	ss, err := Sensitivities(context.Background(), fire(t, map[string]string{"hesa": "3", "def": "1"}), "no-effect", exactOpts())
	if err != nil {
		t.Fatal(err)
	}
	if len(ss) != 1 {
		t.Fatalf("%d points, want 1", len(ss))
	}
	s := ss[0]
	want := map[string]float64{
		"hesa 2": 0.09, "hesa 4": -0.08, "def 0": -0.08, "def 2": 0.09,
		"within-4 true": -0.08, "firer-suppressed true": 0, "not-front true": -0.08,
		"firer-quality -1": 0.09, "firer-quality 1": -0.08,
		"cover soft": 0.09, "cover hard": 0.19, "smoke true": 0.19, "hull-down true": 0.19,
		"firer-moved true": 0.09, "target-quality -1": -0.08, "target-quality 1": 0.09,
	}
	if s.Metric.Name != "no-effect" || !s.Exact || len(s.Changes) != len(want)+1 {
		t.Fatalf("metric %v exact %v, %d changes: want no-effect, exact, %d", s.Metric, s.Exact, len(s.Changes), len(want)+1)
	}
	prev := math.Inf(1)
	for i, c := range s.Changes {
		key := c.Param + " " + c.To
		if c.Skipped != "" {
			if key != "over-half-range true" || i != len(s.Changes)-1 || !strings.Contains(c.Skipped, "AP fire only") {
				t.Errorf("%s refused (%s), at %d", key, c.Skipped, i)
			}
			continue
		}
		d, ok := want[key]
		if !ok || !near(c.D, d) || !near(c.A, 0.36) || !near(c.B, 0.36+d) {
			t.Errorf("%s: %v -> %v (%+v), want %+v", key, c.A, c.B, c.D, d)
		}
		if math.Abs(c.D) > prev+1e-12 {
			t.Errorf("%s: |%v| after a smaller change", key, c.D)
		}
		prev = math.Abs(c.D)
	}
}

// TestSensitivityHeadline: without a metric, sensitivity reads the
// action's headline outcome, fire's out-of-action (0.28 at --hesa 3
// --def 1: the margin d10+3 - (d10+1) of 5 or more, 28 of the 100 dice
// pairs), not its first outcome (no-effect); at a point where out of
// action cannot happen (--hesa 0 --def 5: the margin is at most 10-1-5
// = 4, and out of action needs 5) the next most severe, suppressed (a
// margin of 3 or 4).
func TestSensitivityHeadline(t *testing.T) {
	ss, err := Sensitivities(context.Background(), fire(t, map[string]string{"hesa": "3", "def": "1"}), "", exactOpts())
	if err != nil {
		t.Fatal(err)
	}
	if m := ss[0].Metric; m.Name != "out-of-action" || m.Mean || !near(ss[0].Changes[0].A, 0.28) {
		t.Fatalf("default metric %v (A %v), want out-of-action at 0.28", m, ss[0].Changes[0].A)
	}
	ss, err = Sensitivities(context.Background(), fire(t, map[string]string{"hesa": "0", "def": "5"}), "", exactOpts())
	if err != nil {
		t.Fatal(err)
	}
	if m := ss[0].Metric; m.Name != "suppressed" {
		t.Fatalf("default metric %v where out-of-action cannot happen, want suppressed", m)
	}
}

// TestSensitivityMonteCarlo: paired Monte Carlo agrees with the exact
// changes within 5 standard errors (the paired interval is 1.96 of
// them), and the base is the point's own result.
func TestSensitivityMonteCarlo(t *testing.T) {
	q := fire(t, map[string]string{"hesa": "3", "def": "1"})
	for _, metric := range []string{"", "mean:margin"} {
		ex, err := Sensitivities(context.Background(), q, metric, exactOpts())
		if err != nil {
			t.Fatal(err)
		}
		mc, err := Sensitivities(context.Background(), q, metric, mcOpts(40_000))
		if err != nil {
			t.Fatal(err)
		}
		if mc[0].Exact || mc[0].Trials != 40_000 || mc[0].Base.Exact {
			t.Fatalf("monte carlo: exact %v, %d trials", mc[0].Exact, mc[0].Trials)
		}
		exact := map[string]float64{}
		for _, c := range ex[0].Changes {
			exact[c.Param+" "+c.To] = c.D
		}
		for _, c := range mc[0].Changes {
			if c.Skipped != "" {
				continue
			}
			// The mean margin moves by the modifier exactly on common
			// dice: its paired interval is the point, and D is exact.
			se := (c.Hi - c.Lo) / 2 / 1.96
			if d := exact[c.Param+" "+c.To]; math.Abs(c.D-d) > 5*se+1e-9 {
				t.Errorf("%q %s %s: %v ± %v, exact %v", metric, c.Param, c.To, c.D, se, d)
			}
		}
	}
}

// TestSensitivityErrors: a metric the action has not is an error naming
// --sensitivity.
func TestSensitivityErrors(t *testing.T) {
	_, err := Sensitivities(context.Background(), fire(t, map[string]string{"hesa": "3", "def": "1"}), "routed", exactOpts())
	var qe *Error
	if !errors.As(err, &qe) || qe.Flag != "sensitivity" || !strings.Contains(err.Error(), `no outcome "routed"`) {
		t.Errorf("got %v, want an error naming --sensitivity", err)
	}
}
