package main

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// A Monte Carlo sweep over a duel's modifiers rolls its dice once: every
// cell reads the first cell's histogram, and so gives what it gives run
// alone with the same seed. A cell read through the wrong layout, or run
// on other dice, differs from its lone run.
func TestSharedDice(t *testing.T) {
	args := []string{"opposed", "fire", "--def", "1", "--method", "mc", "--trials", "200001", "--seed", "3", "--format", "csv"}
	code, sweep, errs := run(context.Background(), append(args, "--hesa", "2..5", "--cover", "none,soft")...)
	if code != 0 {
		t.Fatalf("sweep: exit %d: %s", code, errs)
	}
	rows := strings.Split(strings.TrimSpace(sweep), "\n")[1:]
	if len(rows) != 8 {
		t.Fatalf("sweep: %d rows, want 8", len(rows))
	}
	for _, row := range rows {
		f := strings.Split(row, ",")
		code, alone, errs := run(context.Background(), append(args, "--hesa", f[2], "--cover", f[8])...)
		if code != 0 {
			t.Fatalf("hesa %s cover %s: exit %d: %s", f[2], f[8], code, errs)
		}
		if got := strings.Split(strings.TrimSpace(alone), "\n")[1]; got != row {
			t.Errorf("hesa %s cover %s: alone\n%s\nin the sweep\n%s", f[2], f[8], got, row)
		}
	}

	code, out, errs := run(context.Background(), "opposed", "fire", "--def", "1", "--hesa", "2..5", "--method", "mc", "--trials", "1000", "--seed", "3", "--format", "json")
	if code != 0 {
		t.Fatalf("json: exit %d: %s", code, errs)
	}
	var doc struct {
		Results []struct {
			SharedDice bool `json:"shared_dice"`
		} `json:"results"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	for i, r := range doc.Results {
		if r.SharedDice != (i > 0) {
			t.Errorf("result %d: shared_dice %v", i+1, r.SharedDice)
		}
	}
}
