package main

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"testing"

	"odds/cmd/internal/render"
)

// TestFormatsRegistry: --format's choices are the registry's names, and
// every registered format renders a listing and a profile, and every
// kind of question's answer (each kind's Writers), so a format added to
// the registry is a whole format.
func TestFormatsRegistry(t *testing.T) {
	code, _, errs := run(context.Background(), "systems", "--format", "nosuch")
	if code != exitUsage || !strings.Contains(errs, strings.Join(render.Names(), ", ")) {
		t.Errorf("--format nosuch: exit %d, %q; want the registry's names %v", code, errs, render.Names())
	}
	seen := map[string]bool{}
	for _, f := range render.Formats {
		if seen[f.Name] || f.Listing == nil || f.Profiles == nil || render.ResultWriters[f.Name] == nil ||
			render.CompareWriters[f.Name] == nil || render.FindWriters[f.Name] == nil || render.SensitivityWriters[f.Name] == nil {
			t.Errorf("format %q: duplicate or incomplete", f.Name)
		}
		seen[f.Name] = true
		for _, args := range [][]string{
			{"opposed", "fire", "--hesa", "3", "--def", "1", "--seed", "1"},
			{"opposed", "fire", "--hesa", "3", "--def", "1", "--seed", "1", "--vs", "--smoke"},
			{"opposed", "fire", "--def", "1", "--find", "out-of-action>=0.5", "--vary", "hesa"},
			{"opposed", "fire", "--hesa", "3", "--def", "1", "--sensitivity"},
			{"opposed", "fire", "--hesa", "3", "--def", "1", "--until", "out-of-action"},
			{"systems"},
			{"profiles", "show", "medium-tank"},
		} {
			code, out, errs := run(context.Background(), append(slices.Clone(args), "--format", f.Name)...)
			if code != 0 || len(bytes.TrimSpace([]byte(out))) == 0 {
				t.Errorf("%v --format %s: exit %d, %q", args, f.Name, code, errs)
			}
		}
	}
}
