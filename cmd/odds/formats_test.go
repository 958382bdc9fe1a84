package main

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"testing"
)

// TestFormatsRegistry: --format's choices are the registry's names, and
// every registered format renders a result, a comparison, a listing and
// a profile, so a format added to the registry is a whole format.
func TestFormatsRegistry(t *testing.T) {
	code, _, errs := run(context.Background(), "systems", "--format", "nosuch")
	if code != exitUsage || !strings.Contains(errs, strings.Join(formatNames(), ", ")) {
		t.Errorf("--format nosuch: exit %d, %q; want the registry's names %v", code, errs, formatNames())
	}
	seen := map[string]bool{}
	for _, f := range formats {
		if seen[f.name] || f.results == nil || f.compare == nil || f.listing == nil || f.profiles == nil {
			t.Errorf("format %q: duplicate or incomplete", f.name)
		}
		seen[f.name] = true
		for _, args := range [][]string{
			{"opposed", "fire", "--hesa", "3", "--def", "1", "--seed", "1"},
			{"opposed", "fire", "--hesa", "3", "--def", "1", "--seed", "1", "--vs", "--smoke"},
			{"systems"},
			{"profiles", "show", "medium-tank"},
		} {
			code, out, errs := run(context.Background(), append(slices.Clone(args), "--format", f.name)...)
			if code != 0 || len(bytes.TrimSpace([]byte(out))) == 0 {
				t.Errorf("%v --format %s: exit %d, %q", args, f.name, code, errs)
			}
		}
	}
}

// TestWriteJSONValue: the fast path writes what marshal writes.
func TestWriteJSONValue(t *testing.T) {
	for _, v := range []any{"", "rifle-squad", `a"b`, `a\b`, "d10 > 3 < 4 & é", "tab\t", 0, -3, 1 << 40, true, false, 2.5, nil, []int{1, 2}} {
		var b bytes.Buffer
		if err := writeJSONValue(&b, v); err != nil {
			t.Fatal(err)
		}
		want, _ := marshal(v)
		if b.String() != string(want) {
			t.Errorf("%#v: %s, marshal %s", v, b.String(), want)
		}
	}
}
