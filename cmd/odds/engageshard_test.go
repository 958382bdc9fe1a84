package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// pointsCards are opposed cards with points, for engagements' points
// lost and traded (and their per-100-points metrics).
const pointsCards = `units:
  - {name: grenadiers, system: opposed, element: inf, hesa: 4, def: 2, points: 60}
  - {name: militia, system: opposed, element: inf, hesa: 2, def: 1, points: 25}
  - {name: gunners, system: opposed, element: csw, hesa: 3, def: 1, quality: 1, points: 40}
`

// TestEngageShardMerge: an engagement's --shard i/n and odds merge give
// the single run's document byte for byte, timings apart: a sweep of
// engagements in whole results (Monte Carlo and exact), one engagement's
// trials split over more shards than results, a roster of cards with
// points (merged without the profile file: the shards hold the cards),
// and an engagement matchup of odds run.
func TestEngageShardMerge(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("ODDS_PROFILES", writeEngageFile(t, pointsCards)) // merge reads no profile: the shards hold the cards
	matchups := writeEngageFile(t, engageFile)
	for _, c := range []struct {
		name string
		pre  []string // words before the command
		args []string
		n    int
	}{
		{"sweep-mc", nil, []string{"engage", "opposed fire --hesa 2..4 --def 1", "opposed fire --hesa 2 --def 1,2", "--rounds", "5", "--method", "mc", "--trials", "20000"}, 3},
		{"sweep-exact", nil, []string{"engage", "opposed fire --hesa 2..4 --def 1", "opposed fire --hesa 2 --def 1,2", "--first", "b"}, 4},
		{"chunks", nil, []string{"engage", "opposed fire --hesa 3 --def 1", "opposed fire --hesa 2 --def 2", "--method", "mc", "--trials", "300000"}, 3},
		{"roster", nil, []string{"engage", "opposed fire --within-4", "opposed fire --within-4", "--a", "grenadiers,militia", "--b", "gunners,militia", "--metric", "points-traded", "--method", "mc", "--trials", "10000"}, 3},
		{"rof-ends", nil, []string{"engage", "rof fire --rof 3 --rally-quality 4", "rof fire --rof 2 --cover hard --rally-quality 4", "--first", "b", "--rounds", "4", "--ends", "target-team-suppressed"}, 2},
		{"matchup", nil, []string{"run", matchups, "--matchup", "issue-32-in-3", "--method", "mc", "--trials", "50000"}, 2},
	} {
		var shards []string
		for i := 1; i <= c.n; i++ {
			path := filepath.Join(dir, fmt.Sprintf("%s-%d.json", c.name, i))
			args := append(append(append([]string{}, c.pre...), c.args...), "--seed", "17", "--shard", fmt.Sprintf("%d/%d", i, c.n), "--out", path)
			if code, _, errs := run(context.Background(), args...); code != 0 {
				t.Fatalf("%s: shard %d: exit %d: %s", c.name, i, code, errs)
			}
			shards = append(shards, path)
		}
		for _, format := range []string{"json", "csv", "table"} {
			code, merged, errs := run(context.Background(), append([]string{"merge", "--format", format}, shards...)...)
			if code != 0 {
				t.Fatalf("%s: merge: exit %d: %s", c.name, code, errs)
			}
			code, whole, errs := run(context.Background(), append(append(append([]string{}, c.pre...), c.args...), "--seed", "17", "--format", format)...)
			if code != 0 {
				t.Fatalf("%s: whole run: exit %d: %s", c.name, code, errs)
			}
			if normalizeEngage(merged) != normalizeEngage(whole) {
				t.Errorf("%s %s: merged shards differ from the whole run:\n%.600s\n---\n%.600s", c.name, format, merged, whole)
			}
		}
	}
	// A shard missing is named; --allow-missing is refused for an
	// engagement (its output has no partial mark).
	one := filepath.Join(dir, "sweep-mc-1.json")
	code, _, errs := run(context.Background(), "merge", one)
	if code != 2 || !strings.Contains(errs, "2 of the 3 shards are missing: 2, 3") {
		t.Errorf("a shard missing: exit %d, %q", code, errs)
	}
	code, _, errs = run(context.Background(), "merge", "--allow-missing", filepath.Join(dir, "chunks-1.json"))
	if code != 2 || !strings.Contains(errs, "an engagement's shards merge only whole") {
		t.Errorf("--allow-missing: exit %d, %q", code, errs)
	}
	// A shard is input, not trusted: its engagement is checked as it is
	// rebuilt (the same change in every shard, so that they are one run).
	for _, c := range []struct{ from, to, want string }{
		{`"first":0`, `"first":5`, "first 5 is not 0 (A) or 1 (B)"},
		{`"rounds":20`, `"rounds":1000`, "--rounds: want 1..100, got 1000"},
		{`"points":60`, `"points":-3`, "card grenadiers: points -3 is not 0..1000000"},
		{`"system":"opposed","action":"fire"`, `"system":"opposed","action":"rally"`, "--within-4: rally takes no such parameter"},
	} {
		var tampered []string
		for i := 1; i <= 3; i++ {
			name := "roster"
			if c.from == `"rounds":20` || c.from == `"first":0` {
				name = "chunks"
			}
			data, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("%s-%d.json", name, i)))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(data), c.from) {
				t.Fatalf("%s: no %s in %s", c.want, c.from, data)
			}
			path := filepath.Join(dir, fmt.Sprintf("tampered-%d.json", i))
			if err := os.WriteFile(path, []byte(strings.ReplaceAll(string(data), c.from, c.to)), 0o644); err != nil {
				t.Fatal(err)
			}
			tampered = append(tampered, path)
		}
		code, _, errs := run(context.Background(), append([]string{"merge"}, tampered...)...)
		if code != 2 || !strings.Contains(strings.Split(errs, "\n")[0], c.want) {
			t.Errorf("%s: exit %d, %q", c.to, code, errs)
		}
	}
	// A shard needs --seed, as any.
	code, _, errs = run(context.Background(), "engage", "opposed fire --hesa 3 --def 1", "opposed fire --hesa 2 --def 2", "--shard", "1/2")
	if code != 2 || !strings.HasPrefix(errs, "odds: error: --shard: give --seed") {
		t.Errorf("no seed: exit %d, %q", code, errs)
	}
}

var engageRate = regexp.MustCompile(`[0-9.]+ [kMG]? ?engagements/s`)

// normalizeEngage is normalize, and an engagement's rate apart (its
// footer wraps where the rate's digits end, so words are compared).
func normalizeEngage(s string) string {
	return strings.Join(strings.Fields(engageRate.ReplaceAllString(normalize(s), "R engagements/s")), " ")
}
