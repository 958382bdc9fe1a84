package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"odds/cmd/internal/query"
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
		{[]string{"merge", a}, "merge: 1 of the 2 shards is missing: 2"},
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

// tamper writes a copy of the shard at src, changed by f, to dir/name.
func tamper(t *testing.T, src, dst string, f func(d *query.ShardDoc)) {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	d := &query.ShardDoc{}
	if err := json.Unmarshal(data, d); err != nil {
		t.Fatal(err)
	}
	f(d)
	if data, err = json.Marshal(d); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// A shard document is input, not trusted (issue 24): a tampered count,
// range, index or probability, a command that is not a computation or
// that names a file, a file that is not a regular one or too big, and an
// --out that is one of the inputs are each refused with exit 2 and one
// line naming the shard file. Before, the tampered counts merged with
// exit 0 (+50000 on one count gave p 0.58 for 0.08, "to": 10 a p of
// 838.7), a prob array one too long panicked, ["serve", ...] started a
// server and an appended --out wrote that file.
func TestShardTampered(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	mc := []string{"opposed", "fire", "--hesa", "3", "--def", "1", "--method", "mc", "--trials", "100000", "--seed", "1"}
	ex := []string{"opposed", "fire", "--hesa", "1,2", "--def", "1", "--method", "exact", "--seed", "1"}
	var m, e [3]string
	for i := 1; i <= 2; i++ {
		m[i], e[i] = filepath.Join(dir, fmt.Sprintf("m%d.json", i)), filepath.Join(dir, fmt.Sprintf("e%d.json", i))
		for _, c := range []struct {
			args []string
			path string
		}{{mc, m[i]}, {ex, e[i]}} {
			if code, _, errs := run(ctx, append(c.args, "--shard", fmt.Sprintf("%d/2", i), "--out", c.path)...); code != 0 {
				t.Fatal(errs)
			}
		}
	}
	// The untampered shards merge.
	for _, s := range [][2]string{{m[1], m[2]}, {e[1], e[2]}} {
		if code, _, errs := run(ctx, "merge", s[0], s[1]); code != 0 {
			t.Fatalf("merge %v: %s", s, errs)
		}
	}
	bad := filepath.Join(dir, "bad.json")
	outFile := filepath.Join(dir, "written.txt")
	for _, c := range []struct {
		name  string
		base  [3]string
		f     func(d *query.ShardDoc)
		want  string
		extra []string
	}{
		{"count+50000", m, func(d *query.ShardDoc) { d.Results[0].Counts[0][1] += 50000 }, "bad.json: result 1's counts sum to", nil},
		{"to=10", m, func(d *query.ShardDoc) { d.Results[0].To = 10 }, "bad.json: result 1 counts", nil},
		{"negative range", m, func(d *query.ShardDoc) { d.Results[0].From, d.Results[0].To = d.Results[0].To, d.Results[0].From }, "bad.json: result 1's trials", nil},
		{"gap", m, func(d *query.ShardDoc) {
			r := &d.Results[0]
			r.From++
			r.Counts[len(r.Counts)-1][1]--
			if r.Counts[len(r.Counts)-1][1] == 0 {
				r.Counts = r.Counts[:len(r.Counts)-1]
			}
		}, "do not follow on", nil},
		{"duplicate cell", m, func(d *query.ShardDoc) {
			r := &d.Results[0]
			r.Counts = append(r.Counts, [2]uint64{r.Counts[0][0], 0})
		}, "bad.json: result 1 counts cell", nil},
		{"cell 3e9", m, func(d *query.ShardDoc) { d.Results[0].Counts[0][0] = 3e9 }, "past any layout", nil},
		{"cell past layout", m, func(d *query.ShardDoc) {
			r := &d.Results[0]
			r.Counts[len(r.Counts)-1][1]--
			r.Counts = append(r.Counts, [2]uint64{100, 1})
		}, "bad.json: result 1 counts cell 100, the run's layout has", nil},
		{"prob too long", e, func(d *query.ShardDoc) { d.Results[0].Prob = append(d.Results[0].Prob, 0) }, "bad.json: result 1 has", nil},
		{"prob sum", e, func(d *query.ShardDoc) { d.Results[0].Prob[0] += 0.5 }, "bad.json: result 1's probabilities sum to", nil},
		{"prob negative", e, func(d *query.ShardDoc) { d.Results[0].Prob[0] = -0.1 }, "bad.json: result 1 has probability -0.1", nil},
		{"serve", m, func(d *query.ShardDoc) { d.Args = []string{"serve", "--addr", "127.0.0.1:0"} }, `bad.json: "serve" is not a command that computes odds`, nil},
		{"man", m, func(d *query.ShardDoc) { d.Args = []string{"man", dir} }, `bad.json: "man" is not a command`, nil},
		{"out", m, func(d *query.ShardDoc) { d.Args = append(d.Args, "--out", outFile) }, "bad.json: the command's --out is not merge's", nil},
		{"out=", m, func(d *query.ShardDoc) { d.Args = append(d.Args, "--out="+outFile) }, "the command's --out is not merge's", nil},
		{"plot", m, func(d *query.ShardDoc) { d.Args = append(d.Args, "--plot", outFile+".svg") }, "the command's --plot is not merge's", nil},
		{"profiles", m, func(d *query.ShardDoc) { d.Args = append(d.Args, "--profiles", outFile) }, "the command's --profiles is not merge's", nil},
		{"own input", m, func(d *query.ShardDoc) {}, "--out " + bad + ": that is one of merge's inputs", []string{"--out", bad}},
	} {
		// The tampered copy replaces shard 1 of its run, and must agree
		// with shard 2 on everything CheckShards compares.
		tamper(t, c.base[1], bad, c.f)
		other, err := os.ReadFile(c.base[2])
		if err != nil {
			t.Fatal(err)
		}
		if c.name == "serve" || c.name == "man" || c.name == "out" || c.name == "out=" || c.name == "plot" || c.name == "profiles" {
			// shard 2 says the same command, so the runs agree
			var d query.ShardDoc
			tamper(t, bad, filepath.Join(dir, "probe.json"), func(x *query.ShardDoc) { d = *x })
			tamper(t, c.base[2], filepath.Join(dir, "other.json"), func(x *query.ShardDoc) { x.Args = d.Args })
		} else if err := os.WriteFile(filepath.Join(dir, "other.json"), other, 0o644); err != nil {
			t.Fatal(err)
		}
		args := append([]string{"merge", bad, filepath.Join(dir, "other.json")}, c.extra...)
		code, out, errs := run(ctx, args...)
		if code != 2 || out != "" || !strings.Contains(errs, c.want) || strings.Count(errs, "error:") != 1 {
			t.Errorf("%s: exit %d, stdout %.80q, stderr %q; want 2 and %q", c.name, code, out, errs, c.want)
		}
		if _, err := os.Stat(outFile); err == nil {
			t.Fatalf("%s: merge wrote %s, a file the shard named", c.name, outFile)
		}
	}
}

// Merge bounds what it reads: a file over the cap is refused by its size
// before reading, and /dev/zero (endless) as not a regular file. Before,
// both were read to the end (out of memory).
func TestShardBounded(t *testing.T) {
	big := filepath.Join(t.TempDir(), "big.json")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(query.MaxShardBytes + 1); err != nil { // sparse
		t.Fatal(err)
	}
	f.Close()
	cases := map[string]string{big: "big.json: 67108865 bytes is more than a shard's 67108864"}
	if _, err := os.Stat("/dev/zero"); err == nil {
		cases["/dev/zero"] = "/dev/zero: not a regular file"
	}
	for path, want := range cases {
		code, out, errs := run(context.Background(), "merge", path)
		if code != 2 || out != "" || !strings.Contains(errs, want) || strings.Count(errs, "error:") != 1 {
			t.Errorf("merge %s: exit %d, stdout %.80q, stderr %q; want 2 and %q", path, code, out, errs, want)
		}
	}
}

// TestMergeTyped: merge rebuilds the run from the typed query its shards
// record, never from their command line: the shards of odds run FILE
// merge after FILE is gone (the cards' stats and the matchups are in the
// shards), a roll merges from its expression, each exactly the whole
// run's output, timings apart. Before, merge ran the shard's args again
// and failed on the missing file. A tampered typed query is refused with
// one line naming the shard and the flag, and a shard document without
// one (an older odds's) is refused, saying to re-run the shards.
func TestMergeTyped(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	data, err := os.ReadFile("../../profiles/builtin/symbol.yaml")
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "mine.yaml")
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	cases := map[string][]string{
		"run":  {"run", file, "--trials", "40000", "--seed", "3"},
		"roll": {"roll", "d6!+2d6kh1", "--method", "mc", "--trials", "60000", "--seed", "5"},
		"card": {"symbol", "fire", "--attacker", "mg-team", "--defender", "rifle-squad", "--range", "close", "--method", "mc", "--trials", "30000", "--seed", "9", "--intervals"},
	}
	wholes := map[string]string{}
	shards := map[string][]string{}
	for name, args := range cases {
		code, out, errs := run(ctx, append(args, "--format", "json")...)
		if code != 0 {
			t.Fatalf("%s: %s", name, errs)
		}
		wholes[name] = out
		for i := 1; i <= 2; i++ {
			p := filepath.Join(dir, fmt.Sprintf("%s%d.json", name, i))
			if code, _, errs := run(ctx, append(args, "--shard", fmt.Sprintf("%d/2", i), "--out", p)...); code != 0 {
				t.Fatalf("%s: shard %d: %s", name, i, errs)
			}
			shards[name] = append(shards[name], p)
		}
	}
	if err := os.Remove(file); err != nil {
		t.Fatal(err)
	}
	for name, ps := range shards {
		code, out, errs := run(ctx, append([]string{"merge", "--format", "json"}, ps...)...)
		if code != 0 {
			t.Fatalf("%s: merge: exit %d: %s", name, code, errs)
		}
		if m, w := normalize(out), sharedDice.ReplaceAllString(normalize(wholes[name]), ""); m != w {
			t.Errorf("%s: merged shards differ from the whole run:\n%.600s\n---\n%.600s", name, m, w)
		}
	}
	bad := filepath.Join(dir, "bad.json")
	for what, c := range map[string]struct {
		src  string
		f    func(*query.ShardDoc)
		want string
	}{
		"value":  {shards["card"][0], func(d *query.ShardDoc) { d.Run.Queries[0].Values["range"] = []string{"far-away"} }, "bad.json: --range: "},
		"system": {shards["card"][0], func(d *query.ShardDoc) { d.Run.Queries[0].System = "chess" }, `bad.json: no system "chess"`},
		"role": {shards["card"][0], func(d *query.ShardDoc) {
			d.Run.Queries[0].Cards["umpire"] = d.Run.Queries[0].Cards["attacker"]
		}, `bad.json: symbol fire has no card role "umpire"`},
		"stat": {shards["card"][0], func(d *query.ShardDoc) {
			for k := range d.Run.Queries[0].Cards["attacker"][0].Stats {
				d.Run.Queries[0].Cards["attacker"][0].Stats[k] = "1..9"
			}
		}, "bad.json: card mg-team: "},
		"field": {shards["card"][0], func(d *query.ShardDoc) { d.Run.Queries[0].Cards["attacker"][0].Stats["x"] = "1" }, `bad.json: card mg-team: symbol cards have no field "x"`},
		// Before the profile data was checked, this die panicked in the rules.
		"die": {shards["run"][0], func(d *query.ShardDoc) {
			for _, q := range d.Run.Queries {
				for i := range q.Env.Dice {
					q.Env.Dice[i].Faces = [][]string{{"zap"}, {"zap"}}
				}
			}
		}, `symbol "zap" is not one of symbol's`},
		"table": {shards["run"][0], func(d *query.ShardDoc) {
			for _, q := range d.Run.Queries {
				for _, t := range q.Env.Tables {
					for _, row := range t.Rows {
						for col := range row {
							row[col] = "x"
						}
					}
				}
			}
		}, `want one value, got "x"`},
		"roll":  {shards["roll"][0], func(d *query.ShardDoc) { d.Run.Roll = "d6+" }, "bad.json: "},
		"empty": {shards["roll"][0], func(d *query.ShardDoc) { d.Run.Roll = "" }, "bad.json: want a roll's expression or the run's queries"},
		"old":   {shards["roll"][0], func(d *query.ShardDoc) { d.Run = nil }, "bad.json: the shard records no typed query (written by an older odds)"},
	} {
		other := filepath.Join(dir, "other.json")
		tamper(t, c.src, bad, c.f)
		// The other shard records the same run, so the documents agree.
		tamper(t, strings.Replace(c.src, "1.json", "2.json", 1), other, c.f)
		code, out, errs := run(ctx, "merge", bad, other)
		if code != 2 || out != "" || !strings.Contains(errs, c.want) || strings.Count(errs, "error:") != 1 {
			t.Errorf("%s: exit %d, stdout %.80q, stderr %q; want 2 and %q", what, code, out, errs, c.want)
		}
	}
}
