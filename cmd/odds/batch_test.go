package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

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
	err = a.runBatch(context.Background(), newServer(a, reg, 0), strings.NewReader(input), 4, keepGoing)
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
