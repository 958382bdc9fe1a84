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

// Footers and JSON say what an answer did: an exact answer rolls no dice
// (no seed in its footer) and counts paths or states, not trials; close
// combat's exact answer is a Markov chain; a parenthesis is not broken
// across lines; a --vs row writes every minus sign alike.
func TestFootersSayWhatWasDone(t *testing.T) {
	t.Setenv("COLUMNS", "80")
	ctx := context.Background()
	for _, c := range []struct {
		args []string
		want string // the footer, timings blanked
	}{
		{[]string{"opposed", "fire", "--hesa", "3", "--def", "1"}, "exact: 100 dice paths enumerated, T"},
		{[]string{"roll", "2d6"}, "exact: by convolution, T"},
		{[]string{"symbol", "close-combat", "--attacker", "rifle-squad", "--defender", "mg-team"}, "exact: by a Markov chain over the units' states, T"},
		{[]string{"opposed", "fire", "--hesa", "3", "--def", "1", "--until", "out-of-action", "--attacks", "4"}, "exact: a Markov chain over 2 target states, T"},
		{[]string{"run", "../../profiles/builtin/opposed.yaml", "--matchup", "tank-duel"}, "exact: all 2 results, T in all"},
	} {
		_, out, errs := run(ctx, append(c.args, "--seed", "1")...)
		lines := strings.Split(strings.TrimRight(normalize(out), "\n"), "\n")
		if got := lines[len(lines)-1]; got != c.want {
			t.Errorf("odds %v: footer %q, want %q (%s)", c.args, got, c.want, errs)
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"opposed", "fire", "--hesa", "3", "--def", "1"}, `"trials": 0, "paths": 100, "seed": 1, "exact": true, "how": "enumeration"`},
		{[]string{"roll", "2d6"}, `"trials": 0, "seed": 1, "exact": true, "how": "convolution"`},
		{[]string{"symbol", "close-combat", "--attacker", "rifle-squad", "--defender", "mg-team"}, `"trials": 0, "seed": 1, "exact": true, "how": "markov-chain"`},
		{[]string{"opposed", "fire", "--hesa", "3", "--def", "1", "--until", "out-of-action"}, `"trials": 0, "states": 2, "seed": 1, "exact": true, "how": "markov-chain"`},
		{[]string{"opposed", "fire", "--hesa", "3", "--def", "1", "--method", "mc", "--trials", "1000"}, `"trials": 1000, "seed": 1, "exact": false, "how": "monte-carlo"`},
	} {
		_, out, _ := run(ctx, append(c.args, "--seed", "1", "--format", "json")...)
		if flat := strings.Join(strings.Fields(out), " "); !strings.Contains(flat, c.want) {
			t.Errorf("odds %v --format json: want %s in\n%s", c.args, c.want, out)
		}
	}
	_, out, _ := run(ctx, "opposed", "fire", "--hesa", "3", "--def", "1", "--until", "out-of-action", "--attacks", "4")
	if !strings.Contains(out, "\n  (E[T | T <= 4]): ") && !strings.Contains(out, " (E[T | T <= 4]): ") {
		t.Errorf("--until: the conditional mean's parenthesis is broken:\n%s", out)
	}
	_, out, _ = run(ctx, "opposed", "fire", "--hesa", "3", "--def", "1", "--vs", "--def 5")
	row := regexp.MustCompile(`(?m)^│ mean margin.*$`).FindString(out)
	if !strings.Contains(row, "−2") || !strings.Contains(row, "−4") || strings.Contains(row, "-") {
		t.Errorf("--vs: the mean margin row mixes minus signs or lacks them: %q", row)
	}
}
