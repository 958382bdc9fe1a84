package main

// Tests of what a reader meets: help and examples at 80 columns, the
// README's commands, completion, version and man pages, typo hints.

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"odds/resolve/all"
)

// At 80 columns, help, listings and results fit: every line of every
// action's help, the listings, and a wide Monte Carlo roll.
func TestWidth80(t *testing.T) {
	t.Setenv("COLUMNS", "80")
	cmds := [][]string{{"--help"}, {"systems"}, {"systems", "symbol"}, {"help", "flags"}, {"merge", "--help"}, {"profiles", "list"}, {"roll", "--help"}, {"profiles", "--help"},
		{"roll", "3d6!", "--method", "mc", "--trials", "20000", "--seed", "1"},
		{"rof", "fire", "--attacker", "mg-team", "--defender", "rifle-team", "--target-teams", "3", "--method", "mc", "--trials", "20000"},
		{"opposed", "rally", "--unit", "rifle-section", "--commander=both", "--elements-lost", "0..2"}}
	for _, f := range []string{"opposed", "rof", "symbol", "cohesion"} { // sweeps of many columns: headers wrap, then split
		cmds = append(cmds, []string{"run", filepath.Join("..", "..", "profiles", "builtin", f+".yaml")})
	}
	cmds = append(cmds, []string{"engage", "--help"},
		[]string{"engage", "opposed fire --within-4", "opposed fire --within-4", "--a", "rifle-section,mg-team,company-hq", "--b", "rifle-section,mg-team,engineer-section"},
		[]string{"engage", "rof fire --rof 3 --rally-quality 4", "rof fire --rof 2 --rally-quality 4", "--rounds", "3"})
	for _, s := range all.Systems() {
		cmds = append(cmds, []string{s.Name, "--help"})
		for _, act := range s.Actions {
			cmds = append(cmds, []string{s.Name, act.Name, "--help"})
		}
	}
	for _, args := range cmds {
		code, out, errs := run(context.Background(), args...)
		if code != 0 {
			t.Errorf("odds %v: exit %d: %s", args, code, errs)
		}
		for _, line := range strings.Split(out, "\n") {
			if n := utf8.RuneCountInString(line); n > 80 {
				t.Errorf("odds %v: a line of %d columns: %q", args, n, line)
			}
		}
	}
}

// Shell completion offers systems, actions, flag values and card names;
// --version answers; man writes a page per command.
func TestCompletionVersionMan(t *testing.T) {
	cases := []struct {
		args []string
		want []string
	}{
		{[]string{"__complete", "op"}, []string{"opposed"}},
		{[]string{"__complete", "opposed", "ta"}, []string{"tank-hunt"}},
		{[]string{"__complete", "opposed", "fire", "--cover", ""}, []string{"none", "soft", "hard"}},
		{[]string{"__complete", "opposed", "fire", "--smoke="}, []string{"both"}},
		{[]string{"__complete", "rof", "fire", "--attacker", "mg"}, []string{"mg-team"}},
		{[]string{"__complete", "roll", "2d6", "--format", ""}, []string{"json", "csv"}},
		{[]string{"completion", "bash"}, []string{"bash completion"}},
		{[]string{"--version"}, []string{"odds version "}},
		{[]string{"version"}, []string{"odds version "}},
	}
	for _, c := range cases {
		code, out, errs := run(context.Background(), c.args...)
		for _, w := range c.want {
			if code != 0 || !strings.Contains(out, w) {
				t.Errorf("odds %q: exit %d, %q (stderr %q); want %q", c.args, code, out, errs, w)
			}
		}
	}
	dir := filepath.Join(t.TempDir(), "man", "man1") // made by odds man, as its help's examples need
	if code, _, errs := run(context.Background(), "man", dir); code != 0 {
		t.Fatalf("odds man: exit %d: %s", code, errs)
	}
	page, err := os.ReadFile(filepath.Join(dir, "odds-opposed-fire.1"))
	if err != nil || !strings.HasPrefix(string(page), `.TH "ODDS-OPPOSED-FIRE" "1"`) || !strings.Contains(string(page), `\fB\-\-hesa\fP \fIN\fP`) {
		t.Errorf("odds-opposed-fire.1: %v, %d bytes without its title or --hesa", err, len(page))
	}
	// Every page is roff whose requests are the man macros written: no
	// line of help text starts a request of its own.
	pages, _ := filepath.Glob(filepath.Join(dir, "*.1"))
	if len(pages) < 30 {
		t.Errorf("odds man wrote %d pages", len(pages))
	}
	for _, p := range pages {
		b, _ := os.ReadFile(p)
		for _, l := range strings.Split(string(b), "\n") {
			if (strings.HasPrefix(l, ".") || strings.HasPrefix(l, "'")) && !slices.Contains([]string{".TH", ".SH", ".B", ".TP", ".nf", ".fi"}, strings.Fields(l)[0]) {
				t.Errorf("%s: line %q is not a man macro", filepath.Base(p), l)
			}
		}
	}
}

// Every action's sheet reference reads whole in odds systems: none ends
// on a word that wants the rest of a sentence (cohesion's once ended
// "DRM if the vehicle is", a sheet heading copied without its rows).
func TestSheetReferencesWhole(t *testing.T) {
	dangling := []string{"is", "the", "if", "and", "or", "of", "to", "a", "an", "with", "by", "for", "in", "on"}
	for _, s := range all.Systems() {
		for _, act := range s.Actions {
			words := strings.Fields(act.Sheet)
			last := strings.ToLower(words[len(words)-1])
			if slices.Contains(dangling, last) || strings.HasSuffix(last, ",") || strings.HasSuffix(last, ";") {
				t.Errorf("%s %s: sheet %q ends mid-sentence", s.Name, act.Name, act.Sheet)
			}
		}
	}
}

// Every action has examples in its help, and every example runs.
func TestActionExamples(t *testing.T) {
	for _, s := range all.Systems() {
		for _, act := range s.Actions {
			if len(act.Examples) == 0 {
				t.Errorf("%s %s has no examples", s.Name, act.Name)
			}
			for _, ex := range act.Examples {
				args := append(shellWords(strings.ReplaceAll(ex, "\\\n", " "))[1:], "--trials", "20000", "--seed", "1", "--format", "csv")
				if code, _, errs := run(context.Background(), args...); code != 0 {
					t.Errorf("%s: exit %d: %s", ex, code, errs)
				}
			}
		}
	}
	_, out, _ := run(context.Background(), "rof", "fire", "--help")
	if !strings.Contains(out, "Examples:\n  odds rof fire --rof 4") {
		t.Errorf("rof fire --help has no examples:\n%s", out)
	}
}

// Every odds command in the sh blocks of the README and of the guides it
// points to runs (with few trials): a new user can paste them. A trailing
// comment and a redirection are cut. (docs/scale.md's commands run in
// scale_test.go, as its scheduler would run them.)
func TestReadmeCommands(t *testing.T) {
	for _, c := range []struct {
		file string
		min  int // the sh blocks hold at least this many
	}{{"README.md", 20}, {"docs/systems.md", 45}, {"docs/questions.md", 15}, {"docs/page.md", 1}} {
		t.Run(filepath.Base(c.file), func(t *testing.T) {
			if ran := runDocCommands(t, filepath.Join("..", "..", c.file)); ran < c.min {
				t.Errorf("ran %d commands of %s; its sh blocks hold more", ran, c.file)
			}
		})
	}
}

// runDocCommands runs the odds commands of the sh blocks of a markdown
// file and returns how many ran.
func runDocCommands(t *testing.T, path string) int {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	inSh, ran := false, 0
	var cmd string
	dir := t.TempDir()
	for _, line := range strings.Split(string(data), "\n") {
		switch {
		case strings.HasPrefix(line, "```sh"):
			inSh = true
			continue
		case strings.HasPrefix(line, "```"):
			inSh = false
			continue
		case !inSh:
			continue
		}
		cmd += strings.TrimSpace(line)
		if strings.HasSuffix(cmd, "\\") {
			cmd = strings.TrimSuffix(cmd, "\\") + " "
			continue
		}
		line, cmd = cmd, ""
		if !strings.HasPrefix(line, "odds ") || strings.HasPrefix(line, "odds serve") { // serve runs until stopped: TestServe* cover it
			continue
		}
		if i := strings.Index(line, " #"); i >= 0 {
			line = line[:i]
		}
		if i := strings.Index(line, " > "); i >= 0 {
			line = line[:i]
		}
		args := append(shellWords(line)[1:], "--trials", "20000", "--format", "csv")
		if args[0] == "profiles" || args[0] == "man" || args[0] == "page" {
			args = args[:len(args)-4]
		}
		if args[0] == "page" {
			args[1] = filepath.Join(dir, args[1]) // the folder it writes
		}
		for i, a := range args {
			switch {
			case strings.HasPrefix(a, "profiles/"):
				args[i] = "../../" + a
			case i > 0 && (args[i-1] == "--plot" || args[i-1] == "--out"), args[0] == "merge" && strings.HasSuffix(a, ".json"):
				args[i] = filepath.Join(dir, filepath.Base(a)) // files the commands write and read (docs/plot-*.png too)
			}
		}
		if code, _, errs := run(context.Background(), args...); code != 0 {
			t.Errorf("%s: %s: exit %d: %s", path, line, code, errs)
		}
		ran++
	}
	return ran
}

// shellWords splits a command line at spaces, keeping '…' together.
func shellWords(s string) []string {
	var words []string
	var cur strings.Builder
	quoted, any := false, false
	for _, r := range s {
		switch {
		case r == '\'':
			quoted, any = !quoted, true
		case r == ' ' && !quoted:
			if any {
				words = append(words, cur.String())
			}
			cur.Reset()
			any = false
		default:
			cur.WriteRune(r)
			any = true
		}
	}
	if any {
		words = append(words, cur.String())
	}
	return words
}

// A mistyped flag's suggestions name each flag once.
func TestFlagHintOnce(t *testing.T) {
	_, _, errs := run(context.Background(), "rof", "assault", "--assault", "4", "--ar", "3")
	if strings.Count(errs, "--shard") > 1 || !strings.Contains(errs, "did you mean --at") {
		t.Errorf("hint: %q", errs)
	}
}
