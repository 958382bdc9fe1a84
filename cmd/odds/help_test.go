package main

import (
	"context"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/spf13/pflag"
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
