package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Shards run as separate processes and merged give byte for byte the
// document of one run with the same seed (timings apart): whole cells of
// a sweep, chunk ranges of one big cell, and a run file.
func TestShardMerge(t *testing.T) {
	dir := t.TempDir()
	exe := filepath.Join(dir, "odds")
	if out, err := exec.Command("go", "build", "-o", exe, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for name, c := range map[string]struct {
		args []string
		n    int
	}{
		"cells":  {[]string{"opposed", "fire", "--hesa", "1..4", "--def", "0..2", "--method", "mc", "--trials", "150000"}, 4},
		"chunks": {[]string{"symbol", "close-combat", "--attacker", "rifle-squad", "--defender", "mg-team", "--method", "mc", "--trials", "300000"}, 3},
		"auto":   {[]string{"rof", "fire", "--rof", "2..5", "--target-teams", "2"}, 2},
		"run":    {[]string{"run", "../../profiles/builtin/symbol.yaml", "--trials", "100000"}, 2},
	} {
		base := append(c.args, "--seed", "17", "--format", "json")
		var shards []string
		for i := 1; i <= c.n; i++ {
			path := filepath.Join(dir, name+string(rune('0'+i))+".json")
			args := append(append([]string{}, c.args...), "--seed", "17", "--shard", string(rune('0'+i))+"/"+string(rune('0'+c.n)), "--out", path)
			if out, err := exec.Command(exe, args...).CombinedOutput(); err != nil {
				t.Fatalf("%s: shard %d: %v\n%s", name, i, err, out)
			}
			shards = append(shards, path)
		}
		merged, err := exec.Command(exe, append([]string{"merge", "--format", "json"}, shards...)...).Output()
		if err != nil {
			t.Fatalf("%s: merge: %v", name, err)
		}
		whole, err := exec.Command(exe, base...).Output()
		if err != nil {
			t.Fatalf("%s: whole run: %v", name, err)
		}
		// Timings apart, and whether a cell read an earlier cell's dice
		// (shards run their cells apart; the numbers are the same).
		m, w := normalize(string(merged)), sharedDice.ReplaceAllString(normalize(string(whole)), "")
		if m != w {
			t.Errorf("%s: merged shards differ from the whole run:\n%s\n---\n%s", name, m[:min(len(m), 600)], w[:min(len(w), 600)])
		}
	}
}

var sharedDice = regexp.MustCompile(`,\s*"shared_dice": true`)

// Bad shard input is exit 2 with one line.
func TestShardErrors(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.json"), filepath.Join(dir, "b.json")
	if code, _, errs := run(context.Background(), "opposed", "fire", "--hesa", "1,2", "--def", "1", "--seed", "1", "--shard", "1/2", "--out", a); code != 0 {
		t.Fatal(errs)
	}
	if code, _, errs := run(context.Background(), "opposed", "fire", "--hesa", "1,2", "--def", "2", "--seed", "1", "--shard", "2/2", "--out", b); code != 0 {
		t.Fatal(errs)
	}
	notShard := filepath.Join(dir, "c.json")
	if err := os.WriteFile(notShard, []byte(`{"results": []}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"opposed", "fire", "--hesa", "3", "--def", "1", "--seed", "1", "--shard", "3/2"}, "--shard: want i/n with 1 <= i <= n"},
		{[]string{"opposed", "fire", "--hesa", "3", "--def", "1", "--shard", "1/2"}, "--shard: give --seed"},
		{[]string{"opposed", "fire", "--hesa", "3", "--def", "1", "--seed", "1", "--precision", "0.01", "--shard", "1/2"}, "--shard: a precision target"},
		{[]string{"opposed", "fire", "--hesa", "3", "--def", "1", "--seed", "1", "--vs", "--smoke", "--shard", "1/2"}, "--shard: not with --vs"},
		{[]string{"merge", a, b}, "are shards of different runs"},
		{[]string{"merge", a}, "shard 2/2 is missing"},
		{[]string{"merge", a, a}, "are both shard 1/2"},
		{[]string{"merge", notShard}, "not a shard document"},
		{[]string{"merge"}, "merge: want the shard documents"},
	} {
		code, out, errs := run(context.Background(), c.args...)
		if code != 2 || out != "" || !strings.Contains(errs, c.want) || strings.Count(errs, "error:") != 1 {
			t.Errorf("odds %v: exit %d, stdout %q, stderr %q; want 2 and %q", c.args, code, out, errs, c.want)
		}
	}
}
