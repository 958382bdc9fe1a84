package main

import (
	"context"
	"strings"
	"testing"
)

// --precision without --trials may run up to 10,000,000,000 trials (the
// ceiling options() sets, not --trials' default of 1,000,000): the flags'
// help says so, and the footers of a result, a sweep, a comparison and
// the page say which ceiling held and whether it stopped the run.
func TestPrecisionCeilingSaid(t *testing.T) {
	ctx := context.Background()
	_, help, _ := run(ctx, "help", "flags")
	flat := strings.Join(strings.Fields(help), " ")
	for _, want := range []string{
		"half-width is at most P, up to --trials trials (without --trials: up to 10,000,000,000)",
		"(with --precision: the most it may run, by default 10,000,000,000)",
	} {
		if !strings.Contains(flat, want) {
			t.Errorf("help lacks %q:\n%s", want, help)
		}
	}
	base := []string{"opposed", "fire", "--hesa", "3", "--def", "1", "--method", "mc", "--seed", "3"}
	for _, c := range []struct {
		args []string
		want string
	}{
		// The first round is 1,048,576 trials; at p near 1/2 its 95%
		// half-width is about 1.96*sqrt(.25/1048576) = 0.00096 < 0.01.
		{[]string{"--precision", "0.01"}, "95% half-widths at most 0.01 (--precision; --trials ceiling 10,000,000,000)"},
		// 300,000 trials give a half-width near 1.96*sqrt(.25/300000) =
		// 0.0018 > 0.001: the ceiling stops the run.
		{[]string{"--precision", "0.001", "--trials", "300000"}, "monte carlo: 300,000 trials, seed 3"},
		{[]string{"--precision", "0.001", "--trials", "300000"}, "--trials ceiling 300,000 reached before 95% half-widths of 0.001 (--precision)"},
		{[]string{"--hesa", "1..2", "--precision", "0.01"}, "95% half-widths at most 0.01 (--precision; --trials ceiling 10,000,000,000)"},
		{[]string{"--precision", "0.01", "--vs", "--smoke"}, "95% half-widths at most 0.01 (--precision; --trials ceiling 10,000,000,000)"},
		{[]string{"--trials", "1000"}, "monte carlo: 1,000 trials"},
	} {
		code, out, errs := run(ctx, append(base, c.args...)...)
		flat := strings.Join(strings.Fields(out), " ")
		if code != 0 || !strings.Contains(flat, c.want) {
			t.Errorf("%v: exit %d %s, want %q in:\n%s", c.args, code, errs, c.want, out)
		}
		if c.args[0] == "--trials" && strings.Contains(out, "ceiling") {
			t.Errorf("%v: no --precision, no ceiling in the footer:\n%s", c.args, out)
		}
	}
}
