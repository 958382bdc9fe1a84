package main

import (
	"context"
	"regexp"
	"strings"
	"testing"
)

// A result's tables say each figure once: an event that is a count's
// "≥ 1" row, a roll's 0/1 value that is its outcome row "1", a constant
// (cohesion's --uphill DRM, 1 in every path) read as a 0/1 event, and a
// result named "result" under the header "result" each showed twice.
func TestTablesSayOnce(t *testing.T) {
	t.Setenv("COLUMNS", "80")
	for _, c := range []struct {
		args []string
		once []string // each a row's name, in one row only
		not  []string
	}{
		// teams-killed is a count of at most 1 here: P(≥ 1) 57.19% (exact).
		{[]string{"rof", "fire", "--attacker", "at-gun", "--defender", "medium-tank"}, []string{"teams-killed"}, []string{"│ event"}},
		{[]string{"symbol", "barrage", "--defender", "rifle-squad", "--terrain", "light-forest"}, []string{"crater"}, []string{"│ event"}},
		{[]string{"roll", "(2d6+1)>=8"}, nil, []string{"│ event", "│ value"}},
		{[]string{"roll", "(2d6+1)>=8", "--method", "mc", "--trials", "20000"}, nil, []string{"│ event", "│ value"}},
		{[]string{"cohesion", "assault", "--attacker-cohesion", "8", "--defender-cohesion", "6", "--uphill"}, []string{"result"}, []string{"│ drm", "│ result │ mean"}},
	} {
		code, out, errs := run(context.Background(), append(c.args, "--seed", "1")...)
		if code != 0 {
			t.Fatalf("odds %v: exit %d: %s", c.args, code, errs)
		}
		for _, name := range c.once {
			if n := len(regexp.MustCompile(`(?m)^│ `+regexp.QuoteMeta(name)+`\b`).FindAllString(out, -1)); n != 1 {
				t.Errorf("odds %v: %d rows of %s, want 1:\n%s", c.args, n, name, out)
			}
		}
		for _, bad := range c.not {
			if strings.Contains(out, bad) {
				t.Errorf("odds %v shows %q:\n%s", c.args, bad, out)
			}
		}
	}
}
