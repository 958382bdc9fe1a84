package main

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// complete runs cobra's hidden __complete command: the names offered and
// the directive (whether the shell may offer files).
func complete(t *testing.T, args ...string) ([]string, cobra.ShellCompDirective) {
	t.Helper()
	code, out, errs := run(context.Background(), append([]string{"__complete"}, args...)...)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	last := lines[len(lines)-1]
	d, err := strconv.Atoi(strings.TrimPrefix(last, ":"))
	if code != 0 || !strings.HasPrefix(last, ":") || err != nil {
		t.Fatalf("__complete %q: exit %d, %q (stderr %q)", args, code, out, errs)
	}
	var names []string
	for _, l := range lines[:len(lines)-1] {
		names = append(names, strings.SplitN(l, "\t", 2)[0])
	}
	return names, cobra.ShellCompDirective(d)
}

// Completion offers the names a command or flag takes, from the built-ins
// and the files of --profiles and ODDS_PROFILES, and files only where
// files are taken.
func TestCompletionNames(t *testing.T) {
	const example = "../../profiles/examples/my-cards.yaml"
	noFiles := cobra.ShellCompDirectiveNoFileComp
	cases := []struct {
		args      []string
		want      []string // all offered (nil: none)
		directive cobra.ShellCompDirective
	}{
		// a card, a die, a table and a matchup, built-in
		{[]string{"profiles", "show", "mg-t"}, []string{"mg-team"}, noFiles},
		{[]string{"profiles", "show", "blue-a"}, []string{"blue-attack"}, noFiles},
		{[]string{"profiles", "show", "tas-acc"}, []string{"tas-accuracy"}, noFiles},
		{[]string{"profiles", "show", "tank-overruns"}, []string{"tank-overruns-mg"}, noFiles},
		{[]string{"profiles", "show", "mg-team", ""}, nil, noFiles}, // show takes one name
		{[]string{"--profiles", example, "profiles", "show", "para"}, []string{"para-section", "paras-hunt-the-stug"}, noFiles},
		{[]string{"profiles", "export", "mg-team", "mg-t"}, nil, noFiles}, // not offered twice
		{[]string{"profiles", "export", "mg-team", "mg-s"}, []string{"mg-section"}, noFiles},
		{[]string{"--profiles", example, "profiles", "export", "st"}, []string{"stug"}, noFiles},
		{[]string{"run", "--matchup", "tank-d"}, []string{"tank-duel"}, noFiles},
		{[]string{"run", example, "--matchup", ""}, []string{"paras-hunt-the-stug", "bren-on-two-teams"}, noFiles},
		{[]string{"run", ""}, []string{"yaml", "yml"}, cobra.ShellCompDirectiveFilterFileExt},
		{[]string{"run", example, ""}, nil, noFiles},
		{[]string{"--profiles", example, "opposed", "fire", "--attacker", "para"}, []string{"para-section"}, noFiles},
		{[]string{"opposed", "rally", "--unit", "rifle-s"}, []string{"rifle-section"}, noFiles},
		{[]string{"opposed", "fire", "--cover", ""}, []string{"none", "soft", "hard", "all"}, noFiles},
		{[]string{"profiles", "list", "--system", ""}, []string{"opposed", "rof", "symbol", "cohesion"}, noFiles},
		// no files where none are taken
		{[]string{"roll", ""}, nil, noFiles},
		{[]string{"roll", "2d6", ""}, nil, noFiles},
		{[]string{"opposed", "fire", ""}, nil, noFiles},
		{[]string{"opposed", "fire", "--hesa", ""}, nil, noFiles},
		{[]string{"systems", ""}, []string{"opposed", "rof", "symbol", "cohesion"}, noFiles},
		{[]string{"systems", "rof", ""}, nil, noFiles},
		{[]string{"roll", "2d6", "--trials", ""}, nil, noFiles},
		{[]string{"serve", "--addr", ""}, nil, noFiles},
		// files where they are
		{[]string{"roll", "2d6", "--out", ""}, nil, cobra.ShellCompDirectiveDefault},
		{[]string{"opposed", "fire", "--plot", ""}, nil, cobra.ShellCompDirectiveDefault},
		{[]string{"--profiles", ""}, nil, cobra.ShellCompDirectiveDefault},
		{[]string{"merge", ""}, []string{"json"}, cobra.ShellCompDirectiveFilterFileExt},
		{[]string{"profiles", "validate", ""}, []string{"yaml", "yml"}, cobra.ShellCompDirectiveFilterFileExt},
		{[]string{"man", ""}, nil, cobra.ShellCompDirectiveFilterDirs},
	}
	for _, c := range cases {
		names, d := complete(t, c.args...)
		if !slices.Equal(names, c.want) || d != c.directive {
			t.Errorf("__complete %q: %q, directive %d; want %q, %d", c.args, names, d, c.want, c.directive)
		}
	}
	t.Setenv("ODDS_PROFILES", example)
	if names, _ := complete(t, "profiles", "show", "st"); !slices.Equal(names, []string{"stug"}) {
		t.Errorf("ODDS_PROFILES: profiles show st offers %q, want stug", names)
	}
}

// odds run completes --vary with the numeric flags and --sensitivity
// with the metrics of the action of the matchup it would ask of: FILE's
// one matchup, or --matchup NAME (in FILE, or among those in force). A
// FILE of several matchups without --matchup (the run refuses to ask of
// them), and a missing or bad file or name, offer nothing and print
// nothing.
func TestCompletionRunMatchupAction(t *testing.T) {
	const example = "../../profiles/examples/my-cards.yaml" // two matchups: opposed tank-hunt, rof fire
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	one := write("one.yaml", "matchups:\n  - name: mg-at-the-rifles\n    system: opposed\n    action: fire\n    attacker: mg-team\n    defender: rifle-section\n")
	broken := write("broken.yaml", "matchups: [\n")
	unknownCard := write("unknown.yaml", "matchups:\n  - name: ghost\n    system: opposed\n    action: fire\n    attacker: no-such-card\n")
	fireFlags := []string{"hesa", "ap", "def", "firer-quality", "target-quality"}
	fireMetrics := []string{"no-effect", "fall-back", "suppressed", "out-of-action", "mean:margin"}
	cases := []struct {
		args []string
		want []string
	}{
		{[]string{"run", one, "--vary", ""}, fireFlags},
		{[]string{"run", one, "--vary", "h"}, []string{"hesa"}},
		{[]string{"run", one, "--sensitivity="}, fireMetrics},
		{[]string{"run", "--matchup", "tank-duel", "--vary", ""}, fireFlags},
		{[]string{"run", "--matchup", "tank-duel", "--sensitivity=out"}, []string{"out-of-action"}},
		{[]string{"run", example, "--matchup", "bren-on-two-teams", "--sensitivity=mean"}, metricsOf(t, "rof", "fire")},
		{[]string{"--profiles", example, "run", "--matchup", "paras-hunt-the-stug", "--vary", ""}, varyOf(t, "opposed", "tank-hunt")},
		{[]string{"run", example, "--vary", ""}, nil},                           // two matchups, none picked
		{[]string{"run", example, "--matchup", "tank-duel", "--vary", ""}, nil}, // not in FILE: the run refuses it
		{[]string{"run", "--matchup", "no-such", "--vary", ""}, nil},
		{[]string{"run", filepath.Join(dir, "missing.yaml"), "--vary", ""}, nil},
		{[]string{"run", broken, "--sensitivity="}, nil},
		{[]string{"run", unknownCard, "--vary", ""}, nil},
		{[]string{"run", dir, "--vary", ""}, nil},
	}
	for _, c := range cases {
		names, d := complete(t, c.args...)
		if !slices.Equal(names, c.want) || d != cobra.ShellCompDirectiveNoFileComp {
			t.Errorf("__complete %q: %q, directive %d; want %q", c.args, names, d, c.want)
		}
		_, _, errs := run(context.Background(), append([]string{"__complete"}, c.args...)...)
		for _, l := range strings.Split(strings.TrimSpace(errs), "\n") {
			if !strings.HasPrefix(l, "Completion ended with directive:") {
				t.Errorf("__complete %q printed %q", c.args, l)
			}
		}
	}
}

// varyOf and metricsOf are the names an action command itself completes
// for --vary and --sensitivity.
func varyOf(t *testing.T, system, action string) []string {
	t.Helper()
	names, _ := complete(t, system, action, "--vary", "")
	return names
}

// (the action command leaves the prefix to the shell: these take the
// mean:RESULT ones)
func metricsOf(t *testing.T, system, action string) []string {
	t.Helper()
	names, _ := complete(t, system, action, "--sensitivity=mean")
	return slices.DeleteFunc(names, func(n string) bool { return !strings.HasPrefix(n, "mean:") })
}
