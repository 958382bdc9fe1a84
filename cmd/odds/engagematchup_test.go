package main

import (
	"context"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Engagement matchups (issue 32): a matchup of a profile file may be an
// engagement, engage: [A's attack, B's attack] with a and b its cards and
// first, rounds, ends, simultaneous as odds engage's flags, run by odds
// run, GET /api/v1/run?matchup=NAME and odds batch's {"matchup": NAME}.

// engageFile is a profile file of the engagements.
const engageFile = `matchups:
  - name: issue-32
    engage: [opposed fire --hesa 3 --def 1, opposed fire --hesa 2 --def 2]
    rounds: 50
  - name: issue-32-in-3
    engage: [opposed fire --hesa 3 --def 1, opposed fire --hesa 2 --def 2]
    rounds: 3
    first: a
`

func writeEngageFile(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "engage.yaml")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// engageOutcomes reads an engage document's first engagement's outcomes
// (p and the half-width of its interval) by name.
func engageOutcomes(t *testing.T, doc string) map[string][2]float64 {
	t.Helper()
	var d struct {
		Engagements []struct {
			Outcomes []struct {
				Name string
				P    float64
				CI95 [2]float64
			}
		}
	}
	if err := json.Unmarshal([]byte(doc), &d); err != nil || len(d.Engagements) == 0 {
		t.Fatalf("not an engage document (%v): %.300s", err, doc)
	}
	out := map[string][2]float64{}
	for _, o := range d.Engagements[0].Outcomes {
		out[o.Name] = [2]float64{o.P, (o.CI95[1] - o.CI95[0]) / 2}
	}
	return out
}

// TestRunEngageMatchup: odds run FILE --matchup NAME answers the
// engagement as odds engage does (the same document, timings apart), and
// its figures are the issue's, computed here by hand: A puts B out with
// 0.28 an attack, B puts A out with 0.15, so a round goes on with
// 0.72 × 0.85 = 0.612.
func TestRunEngageMatchup(t *testing.T) {
	file := writeEngageFile(t, engageFile)
	const go1 = 0.72 * 0.85
	cases := []struct {
		name   string
		rounds string
		want   map[string]float64
	}{
		{"issue-32", "50", map[string]float64{
			"a-wins": 0.28 * (1 - math.Pow(go1, 50)) / (1 - go1), "b-wins": 0.72 * 0.15 * (1 - math.Pow(go1, 50)) / (1 - go1), "neither": math.Pow(go1, 50)}},
		{"issue-32-in-3", "3", map[string]float64{
			"a-wins": 0.28 * (1 - go1*go1*go1) / (1 - go1), "b-wins": 0.72 * 0.15 * (1 - go1*go1*go1) / (1 - go1), "neither": go1 * go1 * go1}},
	}
	for _, c := range cases {
		code, got, errs := run(context.Background(), "run", file, "--matchup", c.name, "--format", "json", "--seed", "7")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", c.name, code, errs)
		}
		_, want, _ := run(context.Background(), "engage", "opposed fire --hesa 3 --def 1", "opposed fire --hesa 2 --def 2", "--rounds", c.rounds, "--format", "json", "--seed", "7")
		if normalize(got) != normalize(want) {
			t.Errorf("%s: odds run's document is not odds engage's:\n%.500s\n%.500s", c.name, got, want)
		}
		ps := engageOutcomes(t, got)
		for k, w := range c.want {
			if math.Abs(ps[k][0]-w) > 1e-9 {
				t.Errorf("%s: P(%s) = %.9f, want %.9f", c.name, k, ps[k][0], w)
			}
		}
		// Monte Carlo, seeded, within 5 standard errors of the exact.
		code, mc, errs := run(context.Background(), "run", file, "--matchup", c.name, "--format", "json", "--method", "mc", "--trials", "200000", "--seed", "11")
		if code != 0 {
			t.Fatalf("%s mc: exit %d: %s", c.name, code, errs)
		}
		for k, w := range c.want {
			p := engageOutcomes(t, mc)[k][0]
			se := math.Sqrt(w * (1 - w) / 200000)
			if math.Abs(p-w) > 5*se+1e-12 {
				t.Errorf("%s mc: P(%s) = %.5f, exact %.5f: more than 5 SE (%.5f) apart", c.name, k, p, w, se)
			}
		}
	}
	// Cards, first, ends and readings, as odds engage's flags.
	sym := writeEngageFile(t, "matchups:\n  - name: hold-fire\n    engage: [symbol fire --range medium, symbol fire --range medium]\n"+
		"    a: mg-team\n    b: rifle-squad\n    first: b\n    rounds: 3\n    readings: {suppressed-holds-fire: true}\n")
	code, got, errs := run(context.Background(), "run", sym, "--format", "json", "--seed", "7")
	_, want, _ := run(context.Background(), "engage", "symbol fire --range medium", "symbol fire --range medium", "--a", "mg-team", "--b", "rifle-squad",
		"--first", "b", "--rounds", "3", "--suppressed-holds-fire", "--format", "json", "--seed", "7")
	if code != 0 || normalize(got) != normalize(want) || !strings.Contains(got, `"suppressed-holds-fire"`) {
		t.Errorf("readings: exit %d %s\n%.500s\n%.500s", code, errs, got, want)
	}
	// A file of two engagements: each runs alone.
	code, _, errs = run(context.Background(), "run", file)
	if code != 2 || !strings.Contains(errs, "issue-32, issue-32-in-3 are engagements, each run alone") {
		t.Errorf("a file of two engagements: exit %d, %q", code, errs)
	}
	// One attack's questions are refused naming the flag.
	for _, f := range [][]string{{"--until", "out-of-action"}, {"--sensitivity"}} {
		code, _, errs := run(context.Background(), append([]string{"run", file, "--matchup", "issue-32"}, f...)...)
		if code != 2 || !strings.HasPrefix(errs, "odds: error: "+f[0]+": not with an engagement matchup (issue-32)") {
			t.Errorf("%q: exit %d, %q", f, code, errs)
		}
	}
}

// TestBuiltinEngageMatchup: the built-in engagement matchup runs by name
// as odds engage with its cards, and by its file; the API
// and batch answer it with odds run's document.
func TestBuiltinEngageMatchup(t *testing.T) {
	const name = "rifles-trade-fire"
	cli := cliRun(t, nil, name, "--seed", "7")
	_, want, _ := run(context.Background(), "engage", "opposed fire --within-4", "opposed fire --within-4 --cover soft",
		"--a", "rifle-section", "--b", "veteran-rifle-section", "--format", "json", "--seed", "7")
	if normalize(cli) != normalize(want) {
		t.Errorf("odds run --matchup %s is not odds engage's:\n%.500s\n%.500s", name, cli, want)
	}
	code, got, errs := run(context.Background(), "run", "../../profiles/builtin/opposed-engage.yaml", "--format", "json", "--seed", "7")
	if code != 0 || normalize(got) != normalize(cli) {
		t.Errorf("odds run opposed-engage.yaml: exit %d, %q", code, errs)
	}
	// A file of engagements and single attacks runs the attacks and
	// says which engagements it left out.
	mixed := writeEngageFile(t, engageFile+"  - name: one-shot\n    system: opposed\n    action: fire\n    set: {hesa: 3, def: 1}\n")
	code, _, errs = run(context.Background(), "run", mixed, "--format", "csv")
	if code != 0 || errs != "odds: left out the engagement matchup(s) issue-32, issue-32-in-3: run each with --matchup NAME\n" {
		t.Errorf("a mixed file: exit %d, %q", code, errs)
	}
	ts := matchupServer(t)
	status, body, _ := get(t, ts.URL+"/api/v1/run?matchup="+name+"&seed=7")
	if status != 200 || normalize(body) != normalize(cli) {
		t.Errorf("api: status %d\n%.400s", status, body)
	}
	status, body, _ = get(t, ts.URL+"/api/v1/run?matchup="+name+"&until=out-of-action")
	if status != 400 || !strings.Contains(body, "--until: not with an engagement matchup") {
		t.Errorf("api with until: status %d, %s", status, body)
	}
	line, _ := json.Marshal(map[string]any{"matchup": name, "seed": "7"})
	out, err := batch(t, string(line)+"\n", false)
	if err != nil {
		t.Fatal(err)
	}
	if compactJSON(t, unlined(t, strings.TrimSuffix(out, "\n"), 1)) != compactJSON(t, cli) {
		t.Errorf("batch:\n%.400s\nwant\n%.400s", out, cli)
	}
	code, show, _ := run(context.Background(), "profiles", "show", name)
	if code != 0 || !strings.Contains(show, "opposed fire --within-4 --cover soft") || !strings.Contains(show, "veteran-rifle-section") {
		t.Errorf("profiles show: %d %s", code, show)
	}
	code, exp, _ := run(context.Background(), "profiles", "export", name)
	if code != 0 || !strings.Contains(exp, "engage:") {
		t.Fatalf("profiles export: %d %s", code, exp)
	}
	// The export reads back as the same matchup.
	back := writeEngageFile(t, exp)
	code, again, errs := run(context.Background(), "--profiles", back, "run", back, "--format", "json", "--seed", "7")
	if code != 0 || normalize(again) != normalize(cli) {
		t.Errorf("the export run: exit %d %s\n%.300s", code, errs, again)
	}
}

// TestEngageMatchupErrors: a bad engagement matchup is one line naming
// its file, line and column, exit 2.
func TestEngageMatchupErrors(t *testing.T) {
	head := "matchups:\n  - name: x\n"
	for _, c := range []struct{ body, want string }{
		{"    engage: [opposed fire --hesaa 3, opposed fire]\n", ":3:14: matchups[0].engage[0]: opposed fire has no flag --hesaa"},
		{"    engage: [opposed fire --cover hardd, opposed fire]\n", ":3:14: matchups[0].engage[0]: --cover: "},
		{"    engage: [opposed fire, opposed rally]\n", ":3:28: matchups[0].engage[1]: want an action of opposed that engages"},
		{"    engage: [opposed fire]\n", ":3:13: matchups[0].engage: want its two attacks"},
		{"    engage: [opposed fire, opposed fire]\n    rounds: 0\n", ":4:13: matchups[0].rounds: want a number of rounds, 1..100"},
		{"    engage: [opposed fire, opposed fire]\n    first: c\n", ":4:12: matchups[0].first: "},
		{"    engage: [opposed fire, opposed fire]\n    ends: routed\n", ":4:11: matchups[0].ends: want an outcome of opposed fire"},
		{"    engage: [opposed fire, opposed fire]\n    a: rifle-sectoin\n", ":4:8: matchup x.a: "},
		{"    engage: [opposed fire, opposed fire]\n    attacker: mg-team\n", ":4:5: matchups[0].attacker: unknown field: want name, note, engage, a, b"},
		{"    engage: [opposed fire, opposed fire]\n    simultaneous: true\n    first: b\n", ":5:12: matchups[0].first: not with simultaneous"},
	} {
		file := writeEngageFile(t, head+c.body)
		code, _, errs := run(context.Background(), "run", file)
		first := strings.Split(errs, "\n")[0]
		if code != 2 || !strings.Contains(first, file+c.want) {
			t.Errorf("%q: exit %d, %q; want %q", c.body, code, errs, c.want)
		}
	}
}
