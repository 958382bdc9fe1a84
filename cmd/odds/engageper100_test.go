package main

import (
	"context"
	"encoding/json"
	"math"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"odds/cmd/internal/render"
)

// Outcomes per 100 points (issue 32: "a sweep or matrix can show any
// outcome per 100 points"): --metric a-wins-per-100 is P(A wins) per 100
// of A's points, b-wins-per-100 P(B wins) per 100 of B's, both-out and
// neither per 100 of the two sides' points together.

// per100Cards: alpha's attack on bravo is the hesa 3 on def 1
// (out of action 0.28), bravo's on alpha hesa 2 on def 2 (0.15).
const per100Cards = `units:
  - {name: alpha, system: opposed, element: inf, hesa: 3, def: 2, points: 50}
  - {name: bravo, system: opposed, element: inf, hesa: 2, def: 1, points: 80}
  - {name: charlie, system: opposed, element: inf, hesa: 4, def: 1, quality: 1, points: 65}
  - {name: pointless, system: opposed, element: inf, hesa: 2, def: 1}
`

// TestEngagePer100: by hand, alpha against bravo in 50 rounds: P(A wins)
// = 0.28 (1 − 0.612⁵⁰) / 0.388, per 100 of alpha's 50 points twice that;
// a roster's matrix shows each cell as its engagement's JSON figures
// give it; a sweep adds the metric's column; a card without points is
// refused naming --metric, exit 2.
func TestEngagePer100(t *testing.T) {
	cards := writeEngageFile(t, per100Cards)
	t.Setenv("ODDS_PROFILES", cards)
	const go1 = 0.72 * 0.85
	ends := 1 - math.Pow(go1, 50)
	want := map[string]float64{
		"a-wins-per-100":  0.28 * ends / (1 - go1) * 100 / 50,
		"b-wins-per-100":  0.72 * 0.15 * ends / (1 - go1) * 100 / 80,
		"neither-per-100": math.Pow(go1, 50) * 100 / 130,
	}
	for metric, w := range want {
		code, out, errs := run(context.Background(), "engage", "opposed fire", "opposed fire", "--a", "alpha", "--b", "bravo", "--rounds", "50", "--metric", metric)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", metric, code, errs)
		}
		if line := metric + ": " + render.Num(w); !strings.Contains(strings.Join(strings.Fields(out), " "), line) {
			t.Errorf("%s: want %q in\n%s", metric, line, out)
		}
	}
	// Monte Carlo, seeded: within 5 standard errors of the exact (P(A
	// wins)'s, times 100/50).
	code, out, errs := run(context.Background(), "engage", "opposed fire", "opposed fire", "--a", "alpha", "--b", "bravo", "--rounds", "50",
		"--metric", "a-wins-per-100", "--method", "mc", "--trials", "200000", "--seed", "5")
	_, after, ok := strings.Cut(strings.Join(strings.Fields(out), " "), "a-wins-per-100: ")
	mc, err := strconv.ParseFloat(strings.Fields(after + " x")[0], 64)
	if code != 0 || !ok || err != nil {
		t.Fatalf("mc: exit %d %s: %v\n%s", code, errs, err, out)
	}
	pa := want["a-wins-per-100"] * 50 / 100
	if se := 2 * math.Sqrt(pa*(1-pa)/200000); math.Abs(mc-want["a-wins-per-100"]) > 5*se+0.0005 {
		t.Errorf("mc: a-wins-per-100 %v, exact %.4f: more than 5 SE (%.4f) apart", mc, want["a-wins-per-100"], se)
	}
	// The matrix against the engagements' own figures.
	roster := []string{"engage", "opposed fire", "opposed fire", "--a", "alpha,bravo,charlie", "--b", "alpha,bravo,charlie"}
	code, doc, errs := run(context.Background(), append(roster, "--format", "json")...)
	if code != 0 {
		t.Fatalf("roster json: exit %d: %s", code, errs)
	}
	var d struct {
		Engagements []struct {
			A, B struct {
				Cards  map[string]string
				Points float64
			}
			Outcomes []struct {
				Name string
				P    float64
			}
		}
	}
	if err := json.Unmarshal([]byte(doc), &d); err != nil || len(d.Engagements) != 9 {
		t.Fatalf("roster json: %v, %d engagements", err, len(d.Engagements))
	}
	for _, metric := range []string{"a-wins-per-100", "b-wins-per-100", "both-out-per-100"} {
		code, table, errs := run(context.Background(), append(roster, "--metric", metric)...)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", metric, code, errs)
		}
		rows := map[string][]string{}
		for _, l := range strings.Split(table, "\n") {
			f := strings.Fields(strings.NewReplacer("│", " ").Replace(l))
			if len(f) == 4 {
				rows[f[0]] = f[1:]
			}
		}
		for k, e := range d.Engagements {
			p := map[string]float64{}
			for _, o := range e.Outcomes {
				p[o.Name] = o.P
			}
			var x float64
			switch metric {
			case "a-wins-per-100":
				x = p["a-wins"] * 100 / e.A.Points
			case "b-wins-per-100":
				x = p["b-wins"] * 100 / e.B.Points
			default:
				x = p["both-out"] * 100 / (e.A.Points + e.B.Points)
			}
			row := rows[[]string{"alpha", "bravo", "charlie"}[k/3]]
			if len(row) != 3 || row[k%3] != render.Num(x) {
				t.Errorf("%s: engagement %d: matrix row %q, want %s", metric, k+1, row, render.Num(x))
			}
		}
	}
	if d.Engagements[0].A.Points != 50 || d.Engagements[1].B.Points != 80 {
		t.Errorf("points: %+v", d.Engagements[:2])
	}
	// A sweep: the metric's column.
	code, sweep, _ := run(context.Background(), "engage", "opposed fire --cover none,soft", "opposed fire", "--a", "alpha", "--b", "bravo", "--metric", "a-wins-per-100")
	if code != 0 || !strings.Contains(sweep, "a-wins-per-100") {
		t.Errorf("sweep: exit %d\n%s", code, sweep)
	}
	// Refused, naming --metric: a card without points, a side without a
	// card, a metric there is not; and the shard of one.
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"engage", "opposed fire", "opposed fire", "--a", "alpha", "--b", "bravo,pointless", "--metric", "b-wins-per-100"},
			"odds: error: --metric: b-wins-per-100 needs both sides' points: B's card pointless has none\n"},
		{[]string{"engage", "opposed fire --hesa 3 --def 1", "opposed fire --hesa 2 --def 2", "--metric", "a-wins-per-100"},
			"odds: error: --metric: a-wins-per-100 needs both sides' points: A's attack has no attacker card\n"},
		{[]string{"engage", "opposed fire", "opposed fire", "--a", "pointless", "--b", "bravo", "--metric", "a-wins-per-100", "--seed", "1", "--shard", "1/2"},
			"odds: error: --metric: a-wins-per-100 needs both sides' points: A's card pointless has none\n"},
		{[]string{"engage", "opposed fire", "opposed fire", "--a", "alpha", "--b", "bravo", "--metric", "mean-rounds-per-100"},
			"odds: error: --metric: an engagement's figures are"},
	} {
		code, _, errs := run(context.Background(), c.args...)
		if code != 2 || !strings.HasPrefix(errs, c.want) {
			t.Errorf("%q: exit %d, %q; want %q", c.args, code, errs, c.want)
		}
	}
	// The API answers as the CLI: the figure in a roster's table, the
	// refusal a 400 naming metric.
	ts := matchupServer(t, cards)
	q := url.Values{"a-attack": {"opposed fire"}, "b-attack": {"opposed fire"}, "a": {"alpha"}, "b": {"pointless"}, "metric": {"a-wins-per-100"}}
	status, body, _ := get(t, ts.URL+"/api/v1/engage?"+q.Encode())
	var e struct{ Error, Flag string }
	if err := json.Unmarshal([]byte(body), &e); status != 400 || err != nil || e.Flag != "metric" || !strings.Contains(e.Error, "B's card pointless has none") {
		t.Errorf("api: status %d, %s", status, body)
	}
	q.Set("b", "bravo")
	if status, body, _ = get(t, ts.URL+"/api/v1/engage?"+q.Encode()); status != 200 {
		t.Errorf("api: status %d, %s", status, body)
	}
}
