package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"odds/cmd/internal/serve"
	"odds/resolve/all"
)

// Matchups by name for scripts and the API: GET /api/v1/run?matchup=NAME
// and odds batch's {"matchup": NAME} (or ["run", "--matchup", NAME, …])
// answer the document odds run --matchup NAME --format json prints,
// with the run settings odds run takes. Before, /api/v1/run was a 404
// and a batch line could not name a matchup.

// matchupServer is odds serve on a test listener with the built-ins and
// the profile files given (as --profiles).
func matchupServer(t *testing.T, files ...string) *httptest.Server {
	t.Helper()
	a := &app{ctx: context.Background(), stdout: io.Discard, stderr: io.Discard, systems: all.Systems(), width: 80, profilePaths: files}
	reg, err := a.registry()
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(serve.New(a.systems, reg, serve.DefaultMaxTrials, a.stdout, a.stderr))
	t.Cleanup(ts.Close)
	return ts
}

// matchupCases are odds run's words (after --matchup NAME) and the same
// question as the API's query string: exact, seeded Monte Carlo, and the
// questions beyond one roll.
var matchupCases = []struct {
	flags []string
	query string
}{
	{[]string{"--seed", "7"}, "seed=7"},
	{[]string{"--method", "mc", "--trials", "50000", "--seed", "7"}, "method=mc&trials=50000&seed=7"},
	{[]string{"--method", "mc", "--precision", "0.01", "--seed", "3"}, "method=mc&precision=0.01&seed=3"},
	{[]string{"--until", "out-of-action", "--attacks", "3", "--seed", "7"}, "until=out-of-action&attacks=3&seed=7"},
	{[]string{"--find", "out-of-action>=0.5", "--vary", "hesa", "--seed", "7"}, "find=out-of-action>%3D0.5&vary=hesa&seed=7"},
	{[]string{"--sensitivity", "--seed", "7"}, "sensitivity=first&seed=7"},
	{[]string{"--sensitivity", "mean:margin", "--method", "mc", "--trials", "20000", "--seed", "7"}, "sensitivity=mean:margin&method=mc&trials=20000&seed=7"},
}

// cliRun is odds run's JSON document for a matchup, or the test fails.
func cliRun(t *testing.T, pre []string, name string, flags ...string) string {
	t.Helper()
	args := append(append(append([]string{}, pre...), "run", "--matchup", name, "--format", "json"), flags...)
	code, out, errs := run(context.Background(), args...)
	if code != 0 {
		t.Fatalf("odds %q: exit %d: %s", args, code, errs)
	}
	return out
}

// TestServeMatchup: the API's answer is odds run --matchup's document,
// byte for byte but the time it took (elapsed_ms).
func TestServeMatchup(t *testing.T) {
	ts := matchupServer(t)
	const name = "mg-on-rifles-in-cover"
	for _, c := range matchupCases {
		cli := cliRun(t, nil, name, c.flags...)
		status, body, h := get(t, ts.URL+"/api/v1/run?matchup="+name+"&"+c.query)
		if status != 200 || h.Get("Content-Type") != "application/json" || normalize(body) != normalize(cli) {
			t.Errorf("%s: status %d\napi:\n%.600s\ncli:\n%.600s", c.query, status, body, cli)
		}
	}
}

// TestServeMatchupErrors: bad input is a 400 with the CLI's one line
// (flag and hint kept): an unknown name with the closest ones, a flag
// odds run takes that a request may not give (it names a file or where
// output goes), an action's flag (a matchup's values are its own); a
// key a request may not give names no flag of the page's form, as
// /api/v1/SYSTEM/ACTION's do not.
func TestServeMatchupErrors(t *testing.T) {
	ts := matchupServer(t)
	// The same line as odds run prints.
	_, _, errs := run(context.Background(), "run", "--matchup", "mg-on-rifles-in-covr", "--format", "json")
	lines := strings.Split(strings.TrimSuffix(errs, "\n"), "\n")
	if len(lines) != 2 || lines[0] != `odds: error: --matchup: no matchup "mg-on-rifles-in-covr"; closest: mg-on-rifles-in-cover` {
		t.Fatalf("odds run's error: %q", errs)
	}
	status, body, _ := get(t, ts.URL+"/api/v1/run?matchup=mg-on-rifles-in-covr")
	var e struct{ Error, Hint, Flag string }
	if err := json.Unmarshal([]byte(body), &e); status != 400 || err != nil || "odds: error: "+e.Error != lines[0] || "odds: hint: "+e.Hint != lines[1] || e.Flag != "matchup" {
		t.Errorf("unknown matchup: status %d, %s; want 400 with %q", status, body, lines)
	}
	_, _, errs = run(context.Background(), "run", "--matchup", "rally-after-losses", "--until", "out-of-action")
	untilLine := strings.TrimPrefix(strings.Split(errs, "\n")[0], "odds: error: ")
	for _, c := range []struct{ query, want, flag string }{
		{"seed=1", "--matchup: want a matchup's NAME", "matchup"},
		{"matchup=", "--matchup: want a matchup's NAME", "matchup"},
		{"matchup=mg-on-rifles-in-cover&hesa=3", "--hesa: run takes no such parameter", "hesa"},
		{"matchup=mg-on-rifles-in-cover&attacker=mg-team", "--attacker: run takes no such parameter", "attacker"},
		{"matchup=mg-on-rifles-in-cover&profiles=/etc/passwd", "--profiles: run takes no such parameter", "profiles"},
		{"matchup=mg-on-rifles-in-cover&out=x.json", "--out: run takes no such parameter", "out"},
		{"matchup=mg-on-rifles-in-cover&format=table", "--format: run takes no such parameter", "format"},
		{"matchup=mg-on-rifles-in-cover&vs=--smoke", "--vs: run takes no such parameter", "vs"},
		{"matchup=mg-on-rifles-in-cover&trials=0", "--trials: ", "trials"},
		{"matchup=mg-on-rifles-in-cover&attacks=3", "--attacks: give --until OUTCOME too", "attacks"},
		{"matchup=mg-on-rifles-in-cover&vary=hesa", "--vary: give it with --find", "vary"},
		{"matchup=mg-on-rifles-in-cover&method=exact&precision=0.01", "--precision: exact answers need no precision target", "precision"},
		{"matchup=rally-after-losses&until=out-of-action", untilLine, "until"},
		{"matchup=mg-on-rifles-in-cover&metric=out-of-action", "--metric: the matrix needs two card roles of several cards each", "metric"},
		{"matchup=mg-on-rifles-in-cover&method=mc&trials=1e9", "more than the 100,000,000 trials", "trials"},
		{"matchup=paras-hunt-the-stug", `--matchup: no matchup "paras-hunt-the-stug"`, "matchup"}, // a file's, not loaded here
	} {
		status, body, _ := get(t, ts.URL+"/api/v1/run?"+c.query)
		var e struct{ Error, Flag string }
		if err := json.Unmarshal([]byte(body), &e); status != 400 || err != nil || !strings.Contains(e.Error, c.want) || e.Flag != c.flag {
			t.Errorf("%s: status %d, body %q; want 400 with %q (flag %q)", c.query, status, body, c.want, c.flag)
		}
	}
}

// TestServeMatchupProfiles: a profile file the server started with
// supplies matchups (here one whose set sweeps cover), answered as odds
// run answers them with the same --profiles.
func TestServeMatchupProfiles(t *testing.T) {
	const file = "../../profiles/examples/my-cards.yaml"
	ts := matchupServer(t, file)
	for _, name := range []string{"paras-hunt-the-stug", "bren-on-two-teams", "tank-duel"} {
		cli := cliRun(t, []string{"--profiles", file}, name, "--seed", "5")
		status, body, _ := get(t, ts.URL+"/api/v1/run?"+url.Values{"matchup": {name}, "seed": {"5"}}.Encode())
		if status != 200 || normalize(body) != normalize(cli) {
			t.Errorf("%s: status %d\napi:\n%.400s\ncli:\n%.400s", name, status, body, cli)
		}
	}
}

// TestBatchMatchup: a line {"matchup": NAME, …} or ["run", "--matchup",
// NAME, …] answers odds run --matchup NAME --format json on one line.
func TestBatchMatchup(t *testing.T) {
	const name = "mg-on-rifles-in-cover"
	var in strings.Builder
	var want []string
	for _, c := range matchupCases {
		doc := compactJSON(t, cliRun(t, nil, name, c.flags...))
		words, _ := json.Marshal(append([]string{"run", "--matchup", name}, c.flags...))
		in.WriteString(string(words) + "\n")
		obj := map[string]any{"matchup": name}
		vals, _ := url.ParseQuery(c.query)
		for k := range vals {
			obj[k] = vals.Get(k)
		}
		line, _ := json.Marshal(obj)
		in.WriteString(string(line) + "\n")
		want = append(want, doc, doc)
	}
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
}

// TestBatchMatchupErrors: a bad matchup line stops the batch with its
// line number and the CLI's message (exit 2 as any bad line), or with
// --keep-going is {"line": N, "error": …}.
func TestBatchMatchupErrors(t *testing.T) {
	for line, want := range map[string]string{
		`{"matchup": "mg-on-rifles-in-covr"}`:                                                      `line 1: --matchup: no matchup "mg-on-rifles-in-covr"; closest: mg-on-rifles-in-cover`,
		`["run", "--matchup", "mg-on-rifles-in-covr"]`:                                             `line 1: --matchup: no matchup "mg-on-rifles-in-covr"; closest: mg-on-rifles-in-cover`,
		`{"matchup": "tank-duel", "params": {"hesa": 3}}`:                                          "line 1: --hesa: run takes no such parameter",
		`{"matchup": "tank-duel", "cards": {"attacker": "mg-team"}}`:                               "line 1: --attacker: run takes no such parameter",
		`{"matchup": "tank-duel", "vs": "--smoke"}`:                                                "line 1: --vs: run takes no such parameter",
		`{"matchup": "tank-duel", "system": "opposed", "action": "fire"}`:                          "line 1: matchup: a matchup names its system and action",
		`{"system": "roll", "expr": "d6", "matchup": "tank-duel"}`:                                 "line 1: matchup: a matchup names its system and action",
		`["run", "profiles/examples/my-cards.yaml"]`:                                               "line 1: run: a line names no FILE",
		`["run", "profiles/examples/my-cards.yaml", "--matchup", "tank-duel"]`:                     "line 1: run: a line names no FILE",
		`["run", "--seed", "1"]`:                                                                   "line 1: --matchup: want a matchup's NAME",
		`["run", "--matchup", "tank-duel", "--profiles", "x.yaml"]`:                                "line 1: --profiles: run takes no such parameter",
		`["run", "--matchup", "rally-after-losses", "--until", "out-of-action"]`:                   "line 1: --until: matchup rally-after-losses is opposed rally, which does not repeat",
		`["run", "--matchup", "mg-on-rifles-in-cover", "--find", "nosuch>=0.5", "--vary", "hesa"]`: "line 1: --find: ",
	} {
		_, err := batch(t, line+"\n", false)
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%s: err %v, want %q…", line, err, want)
		}
	}
	out, err := batch(t, `{"matchup": "tank-duel", "seed": 1}`+"\n"+`{"matchup": "tank-dule"}`+"\n", true)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if err == nil || err.Error() != "batch: 1 of 2 lines failed" || len(lines) != 2 ||
		lines[1] != `{"line":2,"error":"--matchup: no matchup \"tank-dule\"; closest: tank-duel","hint":"'odds profiles list' lists the matchups","flag":"matchup"}` {
		t.Errorf("--keep-going: err %v, output:\n%s", err, out)
	}
	// A parameter the matchup does not take is named in the flag field.
	out, _ = batch(t, `{"matchup": "tank-duel", "params": {"hesa": 3}}`+"\n", true)
	var e struct {
		Line        int
		Error, Flag string
	}
	if err := json.Unmarshal([]byte(out), &e); err != nil || e.Line != 1 || e.Error != "--hesa: run takes no such parameter" || e.Flag != "hesa" {
		t.Errorf("--keep-going, a parameter run does not take: %v, output:\n%s", err, out)
	}
}

// TestNoSystemRun: no rule system is called run, so odds run, the
// batch line ["run", …] and /api/v1/run never stand for a system's
// action.
func TestNoSystemRun(t *testing.T) {
	for _, s := range all.Systems() {
		if s.Name == "run" {
			t.Errorf("a system is called %q: odds run and /api/v1/run would shadow it", s.Name)
		}
	}
	ts := matchupServer(t)
	if status, _, _ := get(t, ts.URL+"/api/v1/opposed/fire?hesa=3&def=1&seed=1&method=exact"); status != http.StatusOK {
		t.Errorf("/api/v1/opposed/fire beside /api/v1/run: %d", status)
	}
}
