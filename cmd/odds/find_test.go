package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"odds/cmd/internal/serve"
	"odds/resolve"
	"odds/resolve/all"
)

// --find and --sensitivity in every format: the figures are the hand
// counts of cmd/internal/query's tests (opposed fire, sheet 004).
func TestFindGolden(t *testing.T) {
	for _, c := range []struct {
		name string
		args []string
	}{
		{"find_exact_table", []string{"opposed", "fire", "--def", "1", "--find", "out-of-action>=0.5", "--vary", "hesa", "--seed", "1"}},
		{"find_sweep_csv", []string{"opposed", "fire", "--def", "0..2", "--find", "out-of-action>=0.5", "--vary", "hesa", "--format", "csv", "--seed", "1"}},
		{"find_mc_json", []string{"opposed", "fire", "--def", "1", "--find", "out-of-action>=55%", "--vary", "hesa", "--method", "mc", "--trials", "20000", "--format", "json", "--seed", "7", "--workers", "2"}},
		{"find_def_markdown", []string{"opposed", "fire", "--hesa", "3", "--find", "out-of-action<=0.2", "--vary", "def", "--format", "markdown", "--seed", "1"}},
		// none in range at any card: the closest is def 0, hesa 4 against
		// D >= 1 (45%) and hesa 3 against D >= 2 (36%)
		{"find_roster_table", []string{"opposed", "fire", "--attacker", "mg-team,rifle-section", "--defender", "rifle-section", "--find", "out-of-action>=0.5", "--vary", "def", "--seed", "1"}},
		{"sensitivity_exact_table", []string{"opposed", "fire", "--hesa", "3", "--def", "1", "--sensitivity", "--seed", "1"}},
		{"sensitivity_mc_json", []string{"opposed", "fire", "--hesa", "3", "--def", "1", "--sensitivity", "out-of-action", "--method", "mc", "--trials", "20000", "--format", "json", "--seed", "7", "--workers", "2"}},
		{"sensitivity_csv", []string{"opposed", "tank-hunt", "--def", "5", "--engineers", "--sensitivity=mean:margin", "--format", "csv", "--seed", "1"}},
		{"sensitivity_markdown", []string{"cohesion", "fire", "--sa-drm", "2", "--cohesion", "6", "--sensitivity", "--format", "markdown", "--seed", "1"}},
	} {
		t.Run(c.name, func(t *testing.T) { checkGolden(t, c.name, c.args, 0, "") })
	}
}

// Bad --find, --vary and --sensitivity input: exit 2, one line naming
// the flag, nothing on stdout.
func TestFindBadInput(t *testing.T) {
	base := []string{"opposed", "fire", "--def", "1"}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--find", "out-of-action", "--vary", "hesa"}, "--find: want OUTCOME>=P"},
		{[]string{"--find", "out-of-action>=lots", "--vary", "hesa"}, "--find: want a number after >="},
		{[]string{"--find", "out-of-action>=2", "--vary", "hesa"}, "--find: a probability is 0..1"},
		{[]string{"--find", "mean:margin>=2%", "--vary", "hesa"}, "--find: a mean is a number"},
		{[]string{"--find", "routed>=0.5", "--vary", "hesa"}, `--find: no outcome "routed" here`},
		{[]string{"--find", "out-of-action>=0.5"}, "--vary: --find needs --vary FLAG"},
		{[]string{"--find", "out-of-action>=0.5", "--vary", "hessa"}, "--vary: opposed fire has no flag --hessa"},
		{[]string{"--find", "out-of-action>=0.5", "--vary", "cover"}, "--vary: --cover is not numeric"},
		{[]string{"--find", "out-of-action>=0.5", "--vary", "hesa", "--hesa", "1..4"}, "--vary: --hesa is also given as a sweep"},
		{[]string{"--find", "out-of-action>=0.5", "--vary", "hesa", "--hesa", "3"}, "--vary: --hesa is also given"},
		{[]string{"--vary", "hesa", "--hesa", "3"}, "--vary: give it with --find"},
		{[]string{"--hesa", "3", "--sensitivity", "routed"}, `--sensitivity: no outcome "routed" here`},
		{[]string{"--hesa", "3", "--sensitivity", "--find", "suppressed>=0.5", "--vary", "def"}, "--sensitivity: not with --find"},
		{[]string{"--hesa", "3", "--sensitivity", "--vs", "--smoke"}, "--sensitivity: not with --vs"},
		{[]string{"--hesa", "3", "--sensitivity", "--shard", "1/2"}, "--sensitivity: not with --shard"},
		{[]string{"--hesa", "3", "--sensitivity", "--until", "out-of-action"}, "--until: not with --find or --sensitivity"},
		{[]string{"--find", "out-of-action>=0.5", "--vary", "hesa", "--until", "out-of-action"}, "--until: not with --find or --sensitivity"},
		{[]string{"--find", "out-of-action>=0.5", "--vary", "hesa", "--metric", "out-of-action"}, "--find: not with --metric"},
		{[]string{"--find", "out-of-action>=0.5", "--vary", "hesa", "--vs", "--smoke"}, "--find: not with --vs"},
		{[]string{"--hesa", "1,3", "--sensitivity", "--plot", "x.svg"}, "--plot: draws the tornado of one point"},
		{[]string{"--find", "out-of-action>=0.5", "--vary", "hesa", "--def", "1,2", "--plot", "x.svg"}, "--plot: draws the scan of one answer"},
	} {
		args := append(append([]string{}, base...), c.args...)
		code, out, errs := run(context.Background(), args...)
		first, _, _ := strings.Cut(errs, "\n")
		if code != exitUsage || out != "" || !strings.Contains(first, c.want) || strings.Count(errs, "\n") > 2 {
			t.Errorf("odds %v: exit %d, stdout %q, stderr %q; want exit %d and %q", args, code, out, errs, exitUsage, c.want)
		}
	}
}

// Every action of every system answers --sensitivity and a --find over
// its first numeric flag not given (its first outcome at least a half):
// exit 0 with an answer, or 2 with a one-line error, never a panic.
func TestFindEveryAction(t *testing.T) {
	for _, s := range all.Systems() {
		for _, act := range s.Actions {
			words := strings.Fields(act.Examples[0])[1:]
			run1 := func(extra ...string) (int, string, string) {
				args := append(append(append([]string{}, words...), extra...), "--trials", "2000", "--seed", "1", "--format", "json")
				return run(context.Background(), args...)
			}
			code, out, errs := run1("--sensitivity")
			var sens struct {
				Sensitivities []struct {
					Changes []json.RawMessage `json:"changes"`
				} `json:"sensitivities"`
			}
			if code != 0 || json.Unmarshal([]byte(out), &sens) != nil || len(sens.Sensitivities) == 0 {
				t.Errorf("%v --sensitivity: exit %d, %s", words, code, errs)
			}
			vary := ""
			for _, p := range act.Params {
				if p.Kind == resolve.Int && !strings.Contains(act.Examples[0], "--"+p.Name+" ") {
					vary = p.Name
					break
				}
			}
			if vary == "" {
				continue
			}
			code, out, errs = run1("--find", act.Outcome[0]+">=0.5", "--vary", vary)
			switch {
			case code == exitUsage && strings.Count(errs, "\n") <= 2 && out == "":
				t.Logf("%v --find --vary %s: %s", words, vary, strings.TrimSpace(errs))
			case code != 0 || !strings.Contains(out, `"finds"`):
				t.Errorf("%v --find --vary %s: exit %d, %s", words, vary, code, errs)
			}
		}
	}
}

// --plot draws a --find scan and a --sensitivity tornado: the answer and
// every change that moves the figure are labelled, those that do not counted.
func TestFindPlots(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args  []string
		wants []string
	}{
		{[]string{"opposed", "fire", "--def", "1", "--find", "out-of-action>=0.5", "--vary", "hesa"}, []string{"answer: hesa 6", "threshold 50.00%"}},
		{[]string{"opposed", "fire", "--hesa", "3", "--def", "1", "--sensitivity"}, []string{"cover none→hard", "smoke on", "change in P(out-of-action)", "1 change that moves nothing is left out"}},
	} {
		path := filepath.Join(dir, "p.svg")
		args := append(append([]string{}, c.args...), "--plot", path, "--seed", "1")
		if code, _, errs := run(context.Background(), args...); code != 0 {
			t.Fatalf("odds %v: exit %d: %s", args, code, errs)
		}
		svg, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range c.wants {
			if !strings.Contains(string(svg), w) {
				t.Errorf("odds %v: the plot has no %q", args, w)
			}
		}
	}
}

// odds serve's API takes find=, vary= and sensitivity= (first: the first
// outcome) and answers the CLI's document; its bad input is a 400 naming
// the flag; the page shows the answer's table and plot.
func TestServeFind(t *testing.T) {
	ts := testServer(t, serve.DefaultMaxTrials)
	for _, c := range []struct {
		query string
		args  []string
	}{
		{"/api/v1/opposed/fire?def=1&find=out-of-action>%3D0.5&vary=hesa&seed=7", []string{"opposed", "fire", "--def", "1", "--find", "out-of-action>=0.5", "--vary", "hesa", "--seed", "7"}},
		{"/api/v1/opposed/fire?hesa=3&def=1&sensitivity=first&seed=7", []string{"opposed", "fire", "--hesa", "3", "--def", "1", "--sensitivity", "--seed", "7"}},
		{"/api/v1/opposed/fire?hesa=3&def=1&sensitivity=mean:margin&method=mc&trials=50000&seed=7", []string{"opposed", "fire", "--hesa", "3", "--def", "1", "--sensitivity", "mean:margin", "--method", "mc", "--trials", "50000", "--seed", "7"}},
	} {
		status, body, _ := get(t, ts.URL+c.query)
		_, cli, errs := run(context.Background(), append(c.args, "--format", "json")...)
		if status != 200 || normalize(body) != normalize(cli) {
			t.Errorf("%s: status %d (%s)\napi:\n%.400s\ncli:\n%.400s", c.query, status, errs, body, cli)
		}
	}
	for _, c := range []struct{ query, want, flag string }{
		{"/api/v1/opposed/fire?def=1&find=out-of-action&vary=hesa", "--find: want OUTCOME>=P", "find"},
		{"/api/v1/opposed/fire?def=1&find=out-of-action>%3D0.5&vary=cover", "--vary: --cover is not numeric", "vary"},
		{"/api/v1/opposed/fire?def=1&vary=hesa", "--vary: give it with --find", "vary"},
		{"/api/v1/opposed/fire?hesa=3&def=1&sensitivity=routed", `--sensitivity: no outcome "routed"`, "sensitivity"},
		{"/api/v1/opposed/fire?hesa=3&def=1&sensitivity=first&vs=--smoke", "--sensitivity: not with --vs", "sensitivity"},
		{"/api/v1/opposed/fire?hesa=3&def=1&sensitivity=first&until=out-of-action", "--until: not with --find or --sensitivity", "until"},
	} {
		status, body, _ := get(t, ts.URL+c.query)
		var e struct{ Error, Flag string }
		if err := json.Unmarshal([]byte(body), &e); status != 400 || err != nil || !strings.Contains(e.Error, c.want) || e.Flag != c.flag {
			t.Errorf("%s: status %d, body %q; want 400 with %q (flag %q)", c.query, status, body, c.want, c.flag)
		}
	}
	// The drawing of a find (the page draws its own from the JSON).
	status, img, h := get(t, ts.URL+"/plot/opposed/fire?def=1&find=out-of-action>%3D0.5&vary=hesa&seed=1")
	if status != 200 || h.Get("Content-Type") != "image/svg+xml" || !strings.Contains(img, "<svg") {
		t.Errorf("plot of a find: status %d %q:\n%.300s", status, h.Get("Content-Type"), img)
	}
}

// odds batch takes find, vary and sensitivity as fields of a query
// object and as words (a bare --sensitivity is the first outcome), and
// answers the CLI's document; a roll takes none of them.
func TestBatchFind(t *testing.T) {
	in := `{"system":"opposed","action":"fire","params":{"def":1},"find":"out-of-action>=0.5","vary":"hesa","seed":1}
["opposed","fire","--hesa","3","--def","1","--sensitivity","--seed","1"]
`
	out, err := batch(t, in, false)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	for i, args := range [][]string{
		{"opposed", "fire", "--def", "1", "--find", "out-of-action>=0.5", "--vary", "hesa", "--seed", "1"},
		{"opposed", "fire", "--hesa", "3", "--def", "1", "--sensitivity", "--seed", "1"},
	} {
		_, cli, _ := run(context.Background(), append(args, "--format", "json")...)
		if i >= len(lines) || normalize(lines[i]) != normalize(compactJSON(t, cli)) {
			t.Errorf("line %d: batch and CLI differ:\n%.300s\n%.300s", i+1, lines[min(i, len(lines)-1)], compactJSON(t, cli))
		}
	}
	if _, err := batch(t, `["roll","2d6","--sensitivity"]`+"\n", false); err == nil || !strings.Contains(err.Error(), "--sensitivity") {
		t.Errorf("a roll with --sensitivity: %v", err)
	}
}

// Shell completion offers the numeric flags to --vary and the outcomes
// and means to --sensitivity= (its value after '=': bare, it is the
// first outcome).
func TestCompleteFind(t *testing.T) {
	for flag, want := range map[string][]string{"--vary": {"hesa", "def", "firer-quality"}, "--sensitivity=": {"out-of-action", "mean:margin"}} {
		args := []string{"__complete", "opposed", "fire", flag, ""}
		if flag == "--sensitivity=" {
			args = args[:4]
		}
		_, out, _ := run(context.Background(), args...)
		for _, w := range want {
			if !strings.Contains(out, w+"\n") {
				t.Errorf("completing %s: no %s in %q", flag, w, out)
			}
		}
		if flag == "--vary" && strings.Contains(out, "cover\n") {
			t.Errorf("completing --vary offers a choice: %q", out)
		}
	}
}
