package main

import (
	"encoding/json"
	"math"
	"os"
	"strings"
	"testing"

	"odds/cmd/internal/serve"
)

// TestEngageGolden: odds engage in every format, pinned (stdout, stderr,
// exit status). The first is issue 32's figure with --rounds 3: A wins
// 55.62%, B 21.45%, neither 22.92% (0.612³).
func TestEngageGolden(t *testing.T) {
	for _, c := range []struct {
		name string
		args []string
	}{
		{"engage_opposed_table", []string{"engage", "opposed fire --hesa 3 --def 1", "opposed fire --hesa 2 --def 2", "--rounds", "3"}},
		{"engage_cards_json", []string{"engage", "opposed fire --within-4", "opposed fire --within-4 --cover soft", "--a", "rifle-section", "--b", "veteran-rifle-section", "--rounds", "4", "--format", "json", "--seed", "1"}},
		{"engage_mc_csv", []string{"engage", "opposed fire --hesa 3 --def 1", "opposed fire --hesa 2,3 --def 2", "--rounds", "2", "--first", "b", "--method", "mc", "--trials", "20000", "--seed", "3", "--workers", "2", "--format", "csv"}},
		{"engage_roster_table", []string{"engage", "opposed fire --within-4", "opposed fire --within-4", "--a", "rifle-section,veteran-rifle-section,engineer-section", "--b", "rifle-section,veteran-rifle-section"}},
		{"engage_points_matrix_markdown", []string{"--profiles", "testdata/engage-points.yaml", "engage", "opposed fire", "opposed fire", "--a", "points-a,points-b", "--b", "points-a,points-b", "--metric", "points-traded", "--format", "markdown"}},
		{"engage_sweep_table", []string{"engage", "opposed fire --hesa 1..3 --def 1", "opposed fire --hesa 2 --def 2"}},
		{"engage_ends_markdown", []string{"engage", "opposed fire --hesa 3 --def 1", "opposed fire --hesa 2 --def 2", "--ends", "fall-back", "--rounds", "2", "--format", "markdown"}},
	} {
		t.Run(c.name, func(t *testing.T) { checkGolden(t, c.name, c.args, 0, "") })
	}
}

// TestEngageAll: --a all --b all keeps the cards that engage and names
// the rest on stderr (symbol's tank has damage points short of half
// strength, which do not carry into the next attack).
func TestEngageAll(t *testing.T) {
	code, out, errs := run(t.Context(), "engage", "symbol fire --range medium", "symbol fire --range medium", "--a", "all", "--b", "all", "--format", "csv")
	if code != 0 || errs != "odds: --a all: left out tank (they do not engage here); --b all: left out tank (they do not engage here)\n" || strings.Count(out, "\n") != 26 {
		t.Errorf("exit %d, stderr %q, %d lines", code, errs, strings.Count(out, "\n"))
	}
}

// TestEngageErrors: bad input is one line naming the argument or flag at
// fault, a hint, exit 2.
func TestEngageErrors(t *testing.T) {
	for _, c := range []struct {
		args   []string
		stderr string
	}{
		{[]string{"engage", "opposed fire --hesa 3"}, "odds: error: engage: want two attacks, A's on B and B's on A, got 1 argument(s)\nodds: hint: for example odds engage 'opposed fire --hesa 3 --def 1' 'opposed fire --hesa 2 --def 2'\n"},
		{[]string{"engage", "opposed melee", "opposed fire --hesa 2"}, "odds: error: A's attack: opposed melee: two units do not exchange it (docs/rules/opposed.md says why)\nodds: hint: these engage: opposed fire\n"},
		{[]string{"engage", "opposed fire --hesa 3 --seed 1", "opposed fire --hesa 2"}, "odds: error: A's attack: --seed is a flag of the run, not of an attack\nodds: hint: give it outside the attack: both sides run alike\n"},
		{[]string{"engage", "opposed fire --hesa 3", "opposed fire --hesa 2", "--simultaneous"}, "odds: error: --simultaneous: opposed fire is not resolved simultaneously on its sheet\nodds: hint: the sides take turns: --first a|b\n"},
		{[]string{"engage", "opposed fire --hesa 3", "opposed fire --hesa 2", "--rounds", "0"}, "odds: error: --rounds: want 1..100, got 0\n"},
		{[]string{"engage", "opposed fire --hesa 3", "opposed fire --hesa 2", "--first", "c"}, "odds: error: --first: want a or b, got \"c\"\n"},
		{[]string{"engage", "opposed fire --hesa 3", "opposed fire --hesa 2", "--ends", "wounded"}, "odds: error: --ends: want an outcome of opposed fire (out-of-action, suppressed, fall-back, no-effect), got \"wounded\"\n"},
		{[]string{"engage", "opposed fire", "opposed fire", "--a", "nobody"}, ""},
	} {
		code, out, errs := run(t.Context(), c.args...)
		if code != 2 || out != "" || (c.stderr != "" && errs != c.stderr) || errs == "" {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, out, errs, c.stderr)
		}
	}
}

// TestEngagePoints: two cards with points (testdata/engage-points.yaml)
// in the engagement: each side loses its points when it loses,
// so A is expected to lose 50 × P(B wins) and B 80 × P(A wins), the
// probabilities in closed form (0.28 / 0.388 and 0.108 / 0.388 over 50
// rounds, less 0.612⁵⁰), and the points traded are B's lost less A's.
func TestEngagePoints(t *testing.T) {
	code, out, errs := run(t.Context(), "--profiles", "testdata/engage-points.yaml", "engage", "opposed fire", "opposed fire",
		"--a", "points-a", "--b", "points-b", "--rounds", "50", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var doc struct {
		Engagements []struct {
			A, B struct {
				Points float64 `json:"points"`
			}
			PointsLost   [2]float64 `json:"points_lost"`
			PointsTraded float64    `json:"points_traded"`
		} `json:"engagements"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil || len(doc.Engagements) != 1 {
		t.Fatalf("%v: %s", err, out)
	}
	e := doc.Engagements[0]
	f := 1 - math.Pow(0.612, 50)
	pa, pb := 0.28/0.388*f, 0.108/0.388*f
	lostA, lostB := 50*pb, 80*pa
	if e.A.Points != 50 || e.B.Points != 80 || math.Abs(e.PointsLost[0]-lostA) > 1e-9 || math.Abs(e.PointsLost[1]-lostB) > 1e-9 || math.Abs(e.PointsTraded-(lostB-lostA)) > 1e-9 {
		t.Errorf("points %v, %v, lost %v, traded %v; want 50, 80, [%v %v], %v", e.A.Points, e.B.Points, e.PointsLost, e.PointsTraded, lostA, lostB, lostB-lostA)
	}
}

// TestEngageDoors: odds serve's API and odds batch (the command's words
// and a query object) answer an engagement with the document odds
// engage --format json prints, and refuse bad input naming its key.
func TestEngageDoors(t *testing.T) {
	cli := []string{"engage", "opposed fire --hesa 3 --def 1", "opposed fire --hesa 2,3 --def 2", "--rounds", "3", "--first", "b", "--method", "mc", "--trials", "20000", "--seed", "5"}
	code, want, errs := run(t.Context(), append(cli, "--format", "json")...)
	if code != 0 {
		t.Fatalf("%v: %s", cli, errs)
	}
	ts := testServer(t, serve.DefaultMaxTrials)
	status, body, _ := get(t, ts.URL+"/api/v1/engage?a-attack=opposed+fire+--hesa+3+--def+1&b-attack=opposed+fire+--hesa+2,3+--def+2&rounds=3&first=b&method=mc&trials=20000&seed=5")
	if status != 200 || normalize(body) != normalize(want) {
		t.Errorf("api: status %d\n%.400s\nwant\n%.400s", status, body, want)
	}
	words, _ := json.Marshal(cli)
	in := string(words) + "\n" +
		`{"engage": ["opposed fire --hesa 3 --def 1", "opposed fire --hesa 2,3 --def 2"], "rounds": 3, "first": "b", "method": "mc", "trials": 20000, "seed": 5}` + "\n"
	got, err := batch(t, in, false)
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range strings.Split(strings.TrimSuffix(got, "\n"), "\n") {
		if compactJSON(t, unlined(t, l, i+1)) != compactJSON(t, want) {
			t.Errorf("batch line %d:\n got %.300s\nwant %.300s", i+1, l, want)
		}
	}
	status, body, h := get(t, ts.URL+"/plot/engage?a-attack=opposed+fire+--hesa+3+--def+1&b-attack=opposed+fire+--hesa+2+--def+2")
	if status != 200 || h.Get("Content-Type") != "image/svg+xml" || !strings.Contains(body, "won by round k") {
		t.Errorf("plot: status %d, %s, %.200s", status, h.Get("Content-Type"), body)
	}
	for _, c := range []struct{ query, want, flag string }{
		{"/api/v1/engage?a-attack=opposed+fire+--hesa+3", "b-attack: want the attack", "b-attack"},
		{"/api/v1/engage?a-attack=opposed+fire+--hesa+3&b-attack=opposed+fire+--hesa+2&rounds=500", "--rounds: want 1..100, got 500", "rounds"},
		{"/api/v1/engage?a-attack=opposed+fire+--hesa+3&b-attack=opposed+fire+--hesa+2&out=x", "--out: engage takes no such setting", "out"},
		{"/api/v1/engage?a-attack=opposed+fire+--hesa+3+--out+x&b-attack=opposed+fire+--hesa+2", "A's attack: --out is a flag of the run", "a-attack"},
		{"/api/v1/engage?a-attack=opposed+fire+--hesa+3&b-attack=opposed+fire+--hesa+2&metric=nope", "--metric: an engagement's figures", "metric"},
	} {
		status, body, _ := get(t, ts.URL+c.query)
		var e struct{ Error, Flag string }
		if err := json.Unmarshal([]byte(body), &e); status != 400 || err != nil || !strings.Contains(e.Error, c.want) || e.Flag != c.flag {
			t.Errorf("%s: status %d, body %q; want 400 with %q (flag %q)", c.query, status, body, c.want, c.flag)
		}
	}
}

// TestEngagePlot: --plot draws one engagement by round (an SVG here) or
// a roster's heat map, and refuses a sweep, naming --plot.
func TestEngagePlot(t *testing.T) {
	path := t.TempDir() + "/e.svg"
	code, _, errs := run(t.Context(), "engage", "opposed fire --hesa 3 --def 1", "opposed fire --hesa 2 --def 2", "--plot", path)
	data, err := os.ReadFile(path)
	if code != 0 || err != nil || !strings.Contains(string(data), "<svg") || !strings.Contains(string(data), "won by round k") {
		t.Errorf("exit %d (%s), %v, %.200s", code, errs, err, data)
	}
	code, _, errs = run(t.Context(), "engage", "opposed fire --hesa 1,3 --def 1", "opposed fire --hesa 2 --def 2", "--plot", t.TempDir()+"/f.svg")
	if code != 2 || !strings.HasPrefix(errs, "odds: error: --plot: draws one engagement by round, or a roster's heat map; this run has 2 engagements") {
		t.Errorf("exit %d, %q", code, errs)
	}
	heat := t.TempDir() + "/h.svg"
	code, _, errs = run(t.Context(), "engage", "opposed fire --within-4", "opposed fire --within-4", "--a", "rifle-section,veteran-rifle-section", "--b", "rifle-section,engineer-section", "--plot", heat)
	data, err = os.ReadFile(heat)
	if code != 0 || err != nil || !strings.Contains(string(data), "a-wins, A") || !strings.Contains(string(data), "engineer-section") {
		t.Errorf("heat map: exit %d (%s), %v, %.200s", code, errs, err, data)
	}
}
