package main

// Tests of docs/scale.md: its xargs -P example and its Kubernetes Jobs
// run as written (trials cut down), --shard takes its index from a
// scheduler, and merge names missing shards or merges a partial run.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	yaml "go.yaml.in/yaml/v3"
)

// scaleDoc is docs/scale.md.
func scaleDoc(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "docs", "scale.md"))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// fewTrials cuts a documented run's trials to what a test affords.
var fewTrials = regexp.MustCompile(`--trials(,|) ?1e[0-9]+`)

// The xargs -P example of docs/scale.md, run by sh as written (odds the
// binary built here, 20,000 trials): eight shards as separate processes,
// four at a time, merged into the CSV that one run of the command gives.
func TestScaleDocXargs(t *testing.T) {
	for _, tool := range []string{"sh", "seq", "xargs"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not found: %v", tool, err)
		}
	}
	doc := scaleDoc(t)
	start := strings.Index(doc, "seq 1 8 | xargs -P 4")
	if start < 0 {
		t.Fatal("docs/scale.md has no 'seq 1 8 | xargs -P 4' example")
	}
	block, _, _ := strings.Cut(doc[start:], "\n\n")
	script := fewTrials.ReplaceAllString(strings.ReplaceAll(block, "\\\n", ""), "--trials 20000")
	lines := strings.Split(script, "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[1], "odds merge shard-*.json --format csv --out ") {
		t.Fatalf("the example is not the shards then the merge:\n%s", script)
	}
	dir := t.TempDir()
	exe := filepath.Join(dir, "odds")
	if out, err := exec.Command("go", "build", "-o", exe, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	sh := exec.Command("sh", "-c", "set -e\n"+script)
	sh.Dir = dir
	sh.Env = append(os.Environ(), "PATH="+dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	if out, err := sh.CombinedOutput(); err != nil {
		t.Fatalf("%s\n%v\n%s", script, err, out)
	}
	shards, _ := filepath.Glob(filepath.Join(dir, "shard-*.json"))
	if len(shards) != 8 {
		t.Errorf("%d shard files, want 8", len(shards))
	}
	merged, err := os.ReadFile(filepath.Join(dir, strings.Fields(lines[1])[len(strings.Fields(lines[1]))-1]))
	if err != nil {
		t.Fatal(err)
	}
	// The whole run: the shards' command without --shard and --out.
	words := strings.Fields(strings.TrimPrefix(lines[0], "seq 1 8 | xargs -P 4 -I{} odds "))
	var whole []string
	for i := 0; i < len(words); i++ {
		if words[i] == "--shard" || words[i] == "--out" {
			i++
			continue
		}
		whole = append(whole, words[i])
	}
	want, err := exec.Command(exe, append(whole, "--format", "csv")...).Output()
	if err != nil {
		t.Fatalf("odds %v: %v", whole, err)
	}
	if !bytes.Equal(merged, want) {
		t.Errorf("the merged shards differ from the whole run:\n%.600s\n---\n%.600s", merged, want)
	}
}

// The Kubernetes Jobs of docs/scale.md run without a shell: each pod's
// args with JOB_COMPLETION_INDEX set (and $(JOB_COMPLETION_INDEX)
// expanded, as Kubernetes does), then the merge Job's args over the
// folder; the merged CSV is the whole run's.
func TestScaleDocKubernetes(t *testing.T) {
	doc := scaleDoc(t)
	start := strings.Index(doc, "```yaml\n")
	end := strings.Index(doc[start+8:], "```")
	if start < 0 || end < 0 {
		t.Fatal("docs/scale.md has no yaml block")
	}
	type job struct {
		Kind     string
		Metadata struct{ Name string }
		Spec     struct {
			CompletionMode string `yaml:"completionMode"`
			Completions    int
			Template       struct {
				Spec struct {
					Containers []struct {
						Command []string
						Args    []yaml.Node
					}
				}
			}
		}
	}
	jobs := map[string]job{}
	dec := yaml.NewDecoder(strings.NewReader(doc[start+8 : start+8+end]))
	for {
		var j job
		if err := dec.Decode(&j); err != nil {
			break
		}
		if j.Kind == "Job" {
			jobs[j.Metadata.Name] = j
		}
	}
	sweep, merge := jobs["odds-sweep"], jobs["odds-merge"]
	if sweep.Spec.CompletionMode != "Indexed" || len(sweep.Spec.Template.Spec.Containers) != 1 || len(merge.Spec.Template.Spec.Containers) != 1 {
		t.Fatalf("docs/scale.md: want the Jobs odds-sweep (Indexed) and odds-merge, one container each: %+v", jobs)
	}
	c, m := sweep.Spec.Template.Spec.Containers[0], merge.Spec.Template.Spec.Containers[0]
	if len(c.Command) > 0 || len(m.Command) > 0 {
		t.Errorf("the Jobs run a command (%q, %q): want the image's odds with args only, no shell", c.Command, m.Command)
	}
	// Kubernetes takes args as strings: 1e9 or 7 unquoted is a number.
	strs := func(ns []yaml.Node) []string {
		var out []string
		for _, n := range ns {
			if n.Tag != "!!str" {
				t.Errorf("a Job's arg %s is %s, not a string: quote it", n.Value, n.Tag)
			}
			out = append(out, n.Value)
		}
		return out
	}
	sweepArgs, mergeArgs := strs(c.Args), strs(m.Args)
	dir := t.TempDir()
	results := func(args []string, index string) []string {
		out := make([]string, len(args))
		for i, a := range args {
			a = strings.ReplaceAll(a, "$(JOB_COMPLETION_INDEX)", index)
			out[i] = strings.Replace(a, "/results", dir, 1)
			if i > 0 && args[i-1] == "--trials" {
				out[i] = "2000"
			}
		}
		return out
	}
	ctx := context.Background()
	for k := range sweep.Spec.Completions {
		t.Setenv("JOB_COMPLETION_INDEX", fmt.Sprint(k))
		if code, _, errs := run(ctx, results(sweepArgs, fmt.Sprint(k))...); code != 0 {
			t.Fatalf("pod %d: odds %q: exit %d: %s", k, results(sweepArgs, fmt.Sprint(k)), code, errs)
		}
	}
	if code, _, errs := run(ctx, results(mergeArgs, "")...); code != 0 {
		t.Fatalf("merge: odds %q: exit %d: %s", results(mergeArgs, ""), code, errs)
	}
	merged, err := os.ReadFile(filepath.Join(dir, "sweep.csv"))
	if err != nil {
		t.Fatal(err)
	}
	var whole []string
	args := results(sweepArgs, "")
	for i := 0; i < len(args); i++ {
		if args[i] == "--shard" || args[i] == "--out" {
			i++
			continue
		}
		whole = append(whole, args[i])
	}
	_, want, errs := run(ctx, append(whole, "--format", "csv")...)
	if string(merged) != want {
		t.Errorf("the Jobs' merged CSV differs from the whole run (%s):\n%.500s\n---\n%.500s", errs, merged, want)
	}
}

// --shard auto/n past n is refused naming the shard it read
// (flagval.ShardIndex is tested in flagval).
func TestShardAutoRange(t *testing.T) {
	t.Setenv("JOB_COMPLETION_INDEX", "4")
	if code, _, errs := run(context.Background(), "opposed", "fire", "--hesa", "3", "--def", "1", "--seed", "1", "--shard", "auto/4"); code != 2 || !strings.Contains(errs, `--shard: want i/n with 1 <= i <= n (shard i of n), got "auto/4" (shard 5 of 4)`) {
		t.Errorf("--shard auto/4 at index 4: exit %d, %q", code, errs)
	}
}

// merge lists every missing shard and refuses (exit 2); --allow-missing
// merges a result spread over all the shards as a partial Monte Carlo
// run, marked so, with the trials of the shards given; a result held
// whole by a missing shard is refused.
func TestMergeMissing(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	shard := func(name string, i, n int, args ...string) string {
		path := filepath.Join(dir, fmt.Sprintf("%s-%d.json", name, i))
		args = append(args, "--seed", "5", "--shard", fmt.Sprintf("%d/%d", i, n), "--out", path)
		if code, _, errs := run(ctx, args...); code != 0 {
			t.Fatalf("odds %v: exit %d: %s", args, code, errs)
		}
		return path
	}
	// One result of 300,000 trials: 5 chunks of 65,536 (the last 37,856)
	// over 5 shards, a chunk each (sim.ChunkRange).
	cc := []string{"opposed", "fire", "--hesa", "3", "--def", "1", "--method", "mc", "--trials", "300000"}
	var given []string
	for _, i := range []int{1, 3, 5} {
		given = append(given, shard("cc", i, 5, cc...))
	}
	code, out, errs := run(ctx, append([]string{"merge"}, given...)...)
	if code != 2 || out != "" || errs != "odds: error: merge: 2 of the 5 shards are missing: 2, 4\n"+
		"odds: hint: run the missing shards, or merge with --allow-missing for a partial Monte Carlo run\n" {
		t.Errorf("merge with shards 2 and 4 missing: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	code, out, errs = run(ctx, append([]string{"merge", "--allow-missing", "--format", "json"}, given...)...)
	if code != 0 {
		t.Fatalf("merge --allow-missing: exit %d: %s", code, errs)
	}
	var doc struct {
		Results []struct {
			Trials   int64
			Note     string
			Outcomes []struct{ P float64 }
		}
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil || len(doc.Results) != 1 {
		t.Fatalf("merge --allow-missing: %v\n%s", err, out)
	}
	r := doc.Results[0]
	const mergedTrials = 65536 + 65536 + 37856 // shards 1, 3 and 5
	note := "a partial run: shards 2, 4 of 5 missing (odds merge --allow-missing); each result has the Monte Carlo trials of the 3 shards merged"
	if r.Trials != mergedTrials || r.Note != note || !strings.Contains(errs, "odds: warning: "+note) {
		t.Errorf("merge --allow-missing: trials %d (want %d), note %q, stderr %q", r.Trials, mergedTrials, r.Note, errs)
	}
	// The outcomes of opposed fire hesa 3 def 1 are 36/19/17/28 in 100
	// (counted over the 100 pairs of d10s): within 5 standard errors.
	for i, want := range []float64{0.36, 0.19, 0.17, 0.28} {
		if se := 5 * math.Sqrt(want*(1-want)/mergedTrials); math.Abs(r.Outcomes[i].P-want) > se {
			t.Errorf("outcome %d: %v, want %v ± %v", i, r.Outcomes[i].P, want, se)
		}
	}
	_, table, _ := run(ctx, append([]string{"merge", "--allow-missing"}, given...)...)
	if !strings.Contains(strings.Join(strings.Fields(table), " "), note) || !strings.Contains(table, "monte carlo: 168,928 trials") {
		t.Errorf("the partial merge's table is not marked:\n%s", table)
	}
	// A sweep of 4 results over 2 shards: each shard holds whole results.
	sweep := []string{"opposed", "fire", "--hesa", "1..4", "--def", "1", "--method", "mc", "--trials", "1000"}
	first := shard("sweep", 1, 2, sweep...)
	code, _, errs = run(ctx, "merge", "--allow-missing", first)
	if code != 2 || !strings.Contains(errs, "merge: result 2 is only in shard 2/2, which is missing") {
		t.Errorf("merge --allow-missing of whole results: exit %d, %q", code, errs)
	}
}
