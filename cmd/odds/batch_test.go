package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"odds/cmd/internal/query"
	"odds/cmd/internal/serve"
	"odds/resolve/all"
)

// batch runs odds batch on input with the built-in profiles.
func batch(t testing.TB, input string, keepGoing bool) (string, error) {
	t.Helper()
	var out bytes.Buffer
	a := &app{ctx: context.Background(), stdout: &out, stderr: io.Discard, systems: all.Systems(), width: 80}
	reg, err := a.registry()
	if err != nil {
		t.Fatal(err)
	}
	err = a.runBatch(context.Background(), serve.New(a.systems, reg, 0, a.stdout, a.stderr), strings.NewReader(input), 4, keepGoing)
	return out.String(), err
}

// compactJSON is a JSON document on one line, as batch writes it, its
// timings blanked.
func compactJSON(t *testing.T, doc string) string {
	var b bytes.Buffer
	if err := json.Compact(&b, []byte(doc)); err != nil {
		t.Fatalf("%v: %q", err, doc)
	}
	return elapsedMS.ReplaceAllString(b.String(), `"elapsed_ms":0`)
}

var elapsedMS = regexp.MustCompile(`"elapsed_ms":[0-9.e+-]+`)

// TestBatch: each line's answer is what the command prints with --format
// json (timings apart), on one line, in the order of the lines, whether
// the line is the command's words or a query object.
func TestBatch(t *testing.T) {
	commands := [][]string{
		{"opposed", "fire", "--hesa", "3", "--def", "1", "--seed", "1"},
		{"opposed", "fire", "--hesa", "1..3", "--def", "0,1", "--smoke=both", "--method", "mc", "--trials", "20000", "--seed", "2"},
		{"symbol", "fire", "--attacker", "mg-team", "--defender", "rifle-squad", "--range", "close", "--seed", "3"},
		{"opposed", "fire", "--hesa", "3", "--def", "1", "--vs", "--smoke", "--seed", "4", "--method", "exact"},
		{"rof", "fire", "--rof", "3", "--target-teams", "2", "--seed", "5"},
	}
	var in strings.Builder
	var want []string
	for range 20 { // 100 lines: the answers must come back in order
		for _, c := range commands {
			words, _ := json.Marshal(c)
			fmt.Fprintf(&in, "%s\n", words)
		}
	}
	for _, c := range commands {
		code, out, errs := run(context.Background(), append(c, "--format", "json")...)
		if code != 0 {
			t.Fatalf("%v: %s", c, errs)
		}
		want = append(want, compactJSON(t, out))
	}
	// The query object of the first command.
	in.WriteString(`{"system": "opposed", "action": "fire", "params": {"hesa": 3, "def": 1}, "seed": 1}` + "\n")
	out, err := batch(t, in.String(), false)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 101 {
		t.Fatalf("%d lines, want 101", len(lines))
	}
	for i, l := range lines {
		w := want[i%len(commands)]
		if i == 100 {
			w = want[0]
		}
		if compactJSON(t, l) != w {
			t.Errorf("line %d:\n got %.300s\nwant %.300s", i+1, l, w)
		}
	}
}

// TestBatchBadLine: a bad line stops the batch with its line number, after
// the answers before it; --keep-going answers it with its error and goes on.
func TestBatchBadLine(t *testing.T) {
	input := `["opposed","fire","--hesa","3","--def","1","--seed","1"]

["opposed","fire","--hesa","99","--def","1"]
{"system": "opposed", "action": "fire", "params": {"hesa": 3, "def": 1}, "seed": 1}
`
	out, err := batch(t, input, false)
	var qe *query.Error
	if !errors.As(err, &qe) || err.Error() != "line 3: --hesa: want 0..12, got 99" || qe.Flag != "hesa" {
		t.Errorf("err %v, want line 3's --hesa", err)
	}
	if strings.Count(out, "\n") != 1 {
		t.Errorf("output %q: want the first answer only", out)
	}
	out, err = batch(t, input+"{\"system\": \"opposed\", \"nosuch\": 1}\n", true)
	if err == nil || err.Error() != "batch: 2 of 4 lines failed" {
		t.Errorf("--keep-going: err %v", err)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 4 || lines[1] != `{"line":3,"error":"--hesa: want 0..12, got 99","flag":"hesa"}` || !strings.HasPrefix(lines[3], `{"line":5,"error":"want a query object`) {
		t.Errorf("--keep-going output:\n%s", out)
	}
}

// BenchmarkBatch answers 1,000 mixed exact questions in one odds batch
// (in process) and, for comparison, 20 of them as one process each (the
// built binary, per question); it reports the ratio of 1,000 processes'
// time to the batch's (goal: at least 20).
func BenchmarkBatch(b *testing.B) {
	questions := []string{
		`["opposed","fire","--hesa","3","--def","1","--method","exact","--seed","1"]`,
		`["opposed","fire","--ap","5","--def","3","--hull-down","--method","exact","--seed","1"]`,
		`["symbol","fire","--attacker","mg-team","--defender","rifle-squad","--range","close","--method","exact","--seed","1"]`,
		`["rof","fire","--rof","3","--target-teams","2","--method","exact","--seed","1"]`,
		`{"system":"opposed","action":"rally","params":{"quality":1},"method":"exact","seed":1}`,
	}
	var in strings.Builder
	for i := range 1000 {
		in.WriteString(questions[i%len(questions)] + "\n")
	}
	if _, err := batch(b, in.String(), false); err != nil {
		b.Fatal(err)
	}
	bin := filepath.Join(b.TempDir(), "odds")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		b.Fatalf("%v: %s", err, out)
	}
	var perProcess time.Duration
	const procs = 20
	start := time.Now()
	for i := range procs {
		var words []string
		_ = json.Unmarshal([]byte(questions[i%4]), &words)
		cmd := exec.Command(bin, append(words, "--format", "json")...)
		cmd.Env = append(os.Environ(), "ODDS_PROFILES=")
		if out, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("%v: %s", err, out)
		}
	}
	perProcess = time.Since(start) / procs
	b.ResetTimer()
	start = time.Now()
	for b.Loop() {
		if _, err := batch(b, in.String(), false); err != nil {
			b.Fatal(err)
		}
	}
	perBatch := time.Since(start) / time.Duration(b.N)
	b.ReportMetric(float64(perProcess.Microseconds()), "µs/process")
	b.ReportMetric(float64(1000*perProcess)/float64(perBatch), "x-vs-1000-processes")
}

// TestBatchRoll: a line may be odds roll's own words (["roll", EXPR,
// flags...]) or {"system": "roll", "expr": ...}; the answer is what odds
// roll EXPR --format json prints. Before, the words form was refused with
// 'no system "roll"'. The exact 4d6kh3 answer's P(18) is 21/1296, counted
// by hand: four 6s (1 way), or three 6s and one of five other faces in
// any of four places (20 ways), over 6^4 = 1296 rolls.
func TestBatchRoll(t *testing.T) {
	commands := [][]string{
		{"roll", "4d6kh3", "--method", "exact", "--seed", "1"},
		{"roll", "-1d6", "--method", "mc", "--trials", "20000", "--seed", "2"},
		{"roll", "d10+3 vs d10+1", "--seed", "3"},
	}
	var in strings.Builder
	var want []string
	for _, c := range commands {
		words, _ := json.Marshal(c)
		fmt.Fprintf(&in, "%s\n", words)
		code, out, errs := run(context.Background(), append(c, "--format", "json")...)
		if code != 0 {
			t.Fatalf("%v: %s", c, errs)
		}
		want = append(want, compactJSON(t, out))
	}
	in.WriteString(`{"system": "roll", "expr": "4d6kh3", "method": "exact", "seed": 1}` + "\n")
	want = append(want, want[0])
	out, err := batch(t, in.String(), false)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != len(want) {
		t.Fatalf("%d lines, want %d", len(lines), len(want))
	}
	for i, l := range lines {
		if compactJSON(t, l) != want[i] {
			t.Errorf("line %d:\n got %.300s\nwant %.300s", i+1, l, want[i])
		}
	}
	var doc struct {
		Results []struct {
			Outcomes []struct {
				Name string  `json:"name"`
				P    float64 `json:"p"`
			} `json:"outcomes"`
		} `json:"results"`
	}
	if err := json.Unmarshal([]byte(lines[0]), &doc); err != nil {
		t.Fatal(err)
	}
	outs := doc.Results[0].Outcomes
	if last := outs[len(outs)-1]; last.Name != "18" || math.Abs(last.P-21.0/1296) > 1e-12 {
		t.Errorf("4d6kh3: last outcome %+v, want 18 at 21/1296", last)
	}
	for line, want := range map[string]string{
		`["roll","4d6kh3","--hesa","3"]`:                "line 1: --hesa: roll takes no such flag",
		`["roll","4d6kh"]`:                              "line 1: ",
		`["roll","d6","--trials","0"]`:                  "line 1: --trials: ",
		`{"system":"roll","expr":"d6","action":"fire"}`: "line 1: roll: takes an expression and run settings only",
	} {
		if _, err := batch(t, line+"\n", false); err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%s: err %v, want %q…", line, err, want)
		}
	}
}

// TestBatchUntil: a chain asked as the command's words or as a query
// object (until, attacks) answers what the command prints.
func TestBatchUntil(t *testing.T) {
	c := []string{"cohesion", "fire", "--sa-drm", "2", "--cohesion", "7", "--concealed", "--until", "casualty", "--attacks", "3", "--seed", "1"}
	code, out, errs := run(context.Background(), append(c, "--format", "json")...)
	if code != 0 {
		t.Fatalf("%v: %s", c, errs)
	}
	want := compactJSON(t, out)
	words, _ := json.Marshal(c)
	in := string(words) + "\n" +
		`{"system": "cohesion", "action": "fire", "params": {"sa-drm": 2, "cohesion": 7, "concealed": true}, "until": "casualty", "attacks": 3, "seed": 1}` + "\n"
	got, err := batch(t, in, false)
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range strings.Split(strings.TrimSuffix(got, "\n"), "\n") {
		if compactJSON(t, l) != want || !strings.Contains(l, `"chain":{"until":"casualty"`) {
			t.Errorf("line %d:\n got %.300s\nwant %.300s", i+1, l, want)
		}
	}
}
