package main

import (
	"bufio"
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

	"odds/cmd/internal/answer"
	"odds/cmd/internal/query"
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
	err = a.runBatch(context.Background(), &answer.Engine{Systems: a.systems, Reg: reg}, strings.NewReader(input), 4, keepGoing)
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

// unlined is a batch answer without the line number it starts with,
// which must be n: the document the command prints.
func unlined(t *testing.T, answer string, n int) string {
	t.Helper()
	prefix := fmt.Sprintf(`{"line":%d,`, n)
	rest, ok := strings.CutPrefix(answer, prefix)
	if !ok {
		t.Errorf("answer %.60q…: want it to start %s", answer, prefix)
		return answer
	}
	return "{" + rest
}

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
		if compactJSON(t, unlined(t, l, i+1)) != w {
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
	if len(lines) != 4 || lines[1] != `{"line":3,"error":"--hesa: want 0..12, got 99","flag":"hesa"}` || lines[3] != `{"line":5,"error":"unknown field \"nosuch\"","hint":"an action's values go under \"params\": {\"params\": {\"nosuch\": 1}}"}` {
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
		if compactJSON(t, unlined(t, l, i+1)) != want[i] {
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
		if compactJSON(t, unlined(t, l, i+1)) != want || !strings.Contains(l, `"chain":{"until":"casualty"`) {
			t.Errorf("line %d:\n got %.300s\nwant %.300s", i+1, l, want)
		}
	}
}

// batchApp is an app for odds batch on the built-in profiles, writing to
// stdout, and its engine.
func batchApp(t *testing.T, stdout io.Writer) (*app, *answer.Engine) {
	t.Helper()
	a := &app{ctx: context.Background(), stdout: stdout, stderr: io.Discard, systems: all.Systems(), width: 80}
	reg, err := a.registry()
	if err != nil {
		t.Fatal(err)
	}
	return a, &answer.Engine{Systems: a.systems, Reg: reg}
}

// odds batch stops when its context ends, while its input is still open:
// idle, in the middle of a line, or answering a long question. Before,
// the reader sat in Scanner.Scan and the batch waited for it for ever.
func TestBatchStops(t *testing.T) {
	for name, written := range map[string]string{
		"idle":      "",
		"mid-line":  `["opposed","fire"`,
		"answering": `["opposed","fire","--hesa","3","--def","1","--method","mc","--trials","1e11"]` + "\n",
	} {
		a, e := batchApp(t, io.Discard)
		in, w := io.Pipe()
		go func() { _, _ = io.WriteString(w, written) }()
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() { done <- a.runBatch(ctx, e, in, 2, false) }()
		time.Sleep(100 * time.Millisecond)
		cancel()
		select {
		case err := <-done:
			if !errors.Is(err, context.Canceled) {
				t.Errorf("%s: err %v, want context.Canceled", name, err)
			}
		case <-time.After(10 * time.Second): // generous: it stops within a fraction of a second
			t.Errorf("%s: odds batch still running 10 s after its context ended", name)
		}
		w.Close() // the reader, left blocked on its input, ends
	}
}

// Each answer is written and flushed as soon as it and the lines before
// it are answered: a script may write a question, read its answer, then
// write the next (odds batch as a co-process). Before, the answers were
// buffered until the input ended.
func TestBatchStreams(t *testing.T) {
	outR, outW := io.Pipe()
	a, e := batchApp(t, outW)
	in, w := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- a.runBatch(context.Background(), e, in, 2, false) }()
	answers := bufio.NewReader(outR)
	readAnswer := func() string {
		got := make(chan string, 1)
		go func() {
			l, _ := answers.ReadString('\n')
			got <- l
		}()
		select {
		case l := <-got:
			return l
		case <-time.After(20 * time.Second):
			t.Fatal("no answer 20 s after the question, the input still open")
		}
		return ""
	}
	for i, q := range []string{
		`["opposed","fire","--hesa","3","--def","1","--method","exact","--seed","1"]`,
		`{"id": "second", "system": "opposed", "action": "fire", "params": {"hesa": 2, "def": 1}, "method": "exact", "seed": 1}`,
	} {
		if _, err := io.WriteString(w, q+"\n"); err != nil {
			t.Fatal(err)
		}
		want := fmt.Sprintf(`{"line":%d,`, i+1)
		if i == 1 {
			want = `{"line":2,"id":"second",`
		}
		if l := readAnswer(); !strings.HasPrefix(l, want) {
			t.Errorf("answer %d: %.80q, want %s…", i+1, l, want)
		}
	}
	w.Close()
	go func() { _, _ = io.Copy(io.Discard, outR) }()
	if err := <-done; err != nil {
		t.Error(err)
	}
}

// A line over 1 MiB is refused by its number, read to its end without
// being held; with --keep-going the batch goes on. Before, the whole
// batch stopped with "bufio.Scanner: token too long" and no line number,
// --keep-going or not.
func TestBatchLongLine(t *testing.T) {
	good := `["opposed","fire","--hesa","3","--def","1","--method","exact","--seed","1"]` + "\n"
	long := `{"system": "opposed", "action": "fire", "params": {"hesa": "` + strings.Repeat("1,", 600_000) + `1"}}` + "\n"
	input := good + long + good
	out, err := batch(t, input, false)
	var qe *query.Error
	if !errors.As(err, &qe) || err.Error() != "line 2: longer than 1,048,576 bytes, the most a line may hold" {
		t.Errorf("err %v, want line 2 refused as too long", err)
	}
	if strings.Count(out, "\n") != 1 {
		t.Errorf("output %.100q: want the first answer only", out)
	}
	out, err = batch(t, input, true)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if err == nil || err.Error() != "batch: 1 of 3 lines failed" || len(lines) != 3 ||
		lines[1] != `{"line":2,"error":"longer than 1,048,576 bytes, the most a line may hold","hint":"split the question, or sweep with a grid of values (--def 0..12)"}` ||
		!strings.HasPrefix(lines[2], `{"line":3,`) || !strings.Contains(lines[2], `"results":[{"system":"opposed"`) {
		t.Errorf("--keep-going: err %v, output:\n%.300s", err, out)
	}
}

// A refused line says what to write instead, and every answer and
// refusal carries its line number and the query object's id, if it has
// one, so that a script can match them to its questions.
func TestBatchRefusals(t *testing.T) {
	for line, want := range map[string]string{
		`opposed fire --hesa 3`: `{"line":1,"error":"not JSON; write the words as a JSON array: [\"opposed\",\"fire\",…]"}`,
		`opposed`:               `{"line":1,"error":"not JSON; write the words as a JSON array: [\"opposed\"]"}`,
		`odds roll 4d6kh3`:      `{"line":1,"error":"not JSON; write the words as a JSON array: [\"roll\",\"4d6kh3\"]"}`,
		`{"system": "opposed", "action": "fire", "hesa": 3, "def": 1}`:                           `{"line":1,"error":"unknown field \"hesa\"","hint":"an action's values go under \"params\": {\"params\": {\"hesa\": 3}}"}`,
		`{"id": 7, "system": "opposed", "action": "fire", "params": {"hesa": 99}}`:               `{"line":1,"id":7,"error":"--hesa: want 0..12, got 99","flag":"hesa"}`,
		`{"id": "q1", "system": "opposed", "action": "fire", "hesa": [1, 2]}`:                    `{"line":1,"id":"q1","error":"unknown field \"hesa\"","hint":"an action's values go under \"params\": {\"params\": {\"hesa\": [1,2]}}"}`,
		`{"id": {"a": 1}, "system": "opposed", "action": "fire", "params": {"hesa": 3}}`:         `{"line":1,"error":"id: want a string or a number, got {\"a\": 1}"}`,
		`{"id": "x", "system": "roll", "expr": "d6", "method": "exact", "seed": 1, "trials": 0}`: `{"line":1,"id":"x","error":"--trials: want 1..1000000000000, got 0","flag":"trials"}`,
	} {
		out, err := batch(t, line+"\n", true)
		if err == nil || strings.TrimSuffix(out, "\n") != want {
			t.Errorf("%s:\n got %s (%v)\nwant %s", line, out, err, want)
		}
	}
	out, err := batch(t, "\n"+`{"id": "a", "system": "opposed", "action": "fire", "params": {"hesa": 3, "def": 1}, "method": "exact", "seed": 1}`+"\n", false)
	if err != nil || !strings.HasPrefix(out, `{"line":2,"id":"a",`) || !strings.Contains(out, `"results":[{"system":"opposed"`) {
		t.Errorf("an answer with an id: %.100s (%v)", out, err)
	}
	// Without --keep-going the refusal is the batch's error, by line.
	if _, err := batch(t, "opposed fire --hesa 3\n", false); err == nil || err.Error() != `line 1: not JSON; write the words as a JSON array: ["opposed","fire",…]` {
		t.Errorf("err %v", err)
	}
}
