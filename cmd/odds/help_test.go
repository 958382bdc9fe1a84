package main

import (
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/spf13/pflag"

	"odds/cmd/internal/render"
	"odds/resolve/all"
)

// An action's help fits a terminal: opposed fire's in under 80 lines of
// at most 80 columns, its flags in the sheet's sections, the global flags
// by name only with 'odds help flags' describing each of them.
func TestHelpShort(t *testing.T) {
	t.Setenv("COLUMNS", "80")
	ctx := context.Background()
	code, out, errs := run(ctx, "opposed", "fire", "--help")
	if code != 0 {
		t.Fatalf("opposed fire --help: exit %d: %s", code, errs)
	}
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	if len(lines) >= 80 {
		t.Errorf("opposed fire --help is %d lines at 80 columns, want under 80:\n%s", len(lines), out)
	}
	for _, line := range lines {
		if n := utf8.RuneCountInString(line); n > 80 {
			t.Errorf("a line of %d columns: %q", n, line)
		}
	}
	// The sections of sheet 004 (resolve/opposed: InSection), in order.
	last := -1
	for _, want := range []string{"\nFirer:\n  --hesa N ", "\nTarget:\n  --def N ", "\nUnit cards", "\nBeyond one roll:\n  --vs ", "\nGlobal flags (all of them: odds help flags):\n  --trials N"} {
		i := strings.Index(out, want)
		if i < 0 || i < last {
			t.Errorf("opposed fire --help: %q missing or out of order:\n%s", want, out)
		}
		last = i
	}
	for _, bad := range []string{sensitivityFirst, "--attacks int", "--workers", "--max-paths"} {
		if strings.Contains(out, bad) {
			t.Errorf("opposed fire --help shows %q:\n%s", bad, out)
		}
	}
	if !strings.Contains(out, "--sensitivity [METRIC]") || !strings.Contains(out, "--attacks N ") {
		t.Errorf("opposed fire --help: want --sensitivity [METRIC] and --attacks N described:\n%s", out)
	}

	code, topic, errs := run(ctx, "help", "flags")
	if code != 0 {
		t.Fatalf("odds help flags: exit %d: %s", code, errs)
	}
	root := (&app{stdout: new(strings.Builder), stderr: new(strings.Builder)}).rootCommand()
	root.PersistentFlags().VisitAll(func(f *pflag.Flag) {
		if !strings.Contains(topic, "\n  --"+f.Name+" ") {
			t.Errorf("odds help flags does not describe --%s:\n%s", f.Name, topic)
		}
	})
}

// odds systems is one line per action at 80 columns; odds systems NAME
// gives one system's actions in full; an unknown NAME is refused (exit
// 2) with the nearest name.
func TestSystemsNamed(t *testing.T) {
	t.Setenv("COLUMNS", "80")
	ctx := context.Background()
	_, out, _ := run(ctx, "systems")
	actions := 0
	for _, s := range all.Systems() {
		actions += len(s.Actions)
		for _, act := range s.Actions {
			if !regexp.MustCompile(`(?m)^` + s.Name + ` +` + act.Name + ` `).MatchString(out) {
				t.Errorf("odds systems: no line for %s %s:\n%s", s.Name, act.Name, out)
			}
		}
	}
	if table, _, _ := strings.Cut(out, "\n\n"); strings.Count(table, "\n") != actions+1 { // the header, the actions, roll
		t.Errorf("odds systems: want one line per action (%d) with a header and roll:\n%s", actions, out)
	}
	code, out, errs := run(ctx, "systems", "rof")
	if code != 0 || errs != "" {
		t.Fatalf("odds systems rof: exit %d: %s", code, errs)
	}
	for _, want := range []string{"rof: d6 rate of fire", "\nassault: ", "odds rof assault --help", "on one target with --until OUTCOME: target-team-destroyed,"} {
		if !strings.Contains(out, want) {
			t.Errorf("odds systems rof lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "opposed") {
		t.Errorf("odds systems rof shows another system:\n%s", out)
	}
	_, js, _ := run(ctx, "systems", "opposed", "--format", "json")
	var doc struct{ Systems []render.SystemDoc }
	if err := json.Unmarshal([]byte(js), &doc); err != nil || len(doc.Systems) != 1 || doc.Systems[0].Name != "opposed" {
		t.Errorf("odds systems opposed --format json: %v, %+v", err, doc)
	}
	code, out, errs = run(ctx, "systems", "opossed")
	if code != 2 || out != "" || errs != "odds: error: systems: unknown system \"opossed\": want one of opposed, rof, symbol, cohesion\nodds: hint: did you mean opposed?\n" {
		t.Errorf("odds systems opossed: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}
