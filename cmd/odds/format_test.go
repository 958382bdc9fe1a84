package main

import (
	"context"
	"encoding/json"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"odds/cmd/internal/serve"
	"odds/resolve/all"
)

// apiOf asks odds serve's JSON API in-process, through the server's
// handler, and returns its document.
func apiOf(t *testing.T, target string) []byte {
	t.Helper()
	a := &app{ctx: context.Background(), stdout: io.Discard, stderr: io.Discard, systems: all.Systems(), width: 80}
	reg, err := a.registry()
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	serve.New(a.systems, reg, serve.DefaultMaxTrials, a.stdout, a.stderr).ServeHTTP(rec, httptest.NewRequest(http.MethodGet, target, nil))
	if rec.Code != http.StatusOK {
		t.Fatalf("%s: status %d\n%.600s", target, rec.Code, rec.Body.String())
	}
	return rec.Body.Bytes()
}

// diffsOf are a --vs document's rows by name and kind.
func diffsOf(t *testing.T, doc []byte) map[string]struct {
	A, B, Diff float64
	CI95       [2]float64
} {
	t.Helper()
	var d struct {
		Comparisons []struct {
			Diffs []struct {
				Name, Kind string
				A, B, Diff float64
				CI95       [2]float64
			}
		}
	}
	if err := json.Unmarshal(doc, &d); err != nil || len(d.Comparisons) != 1 {
		t.Fatalf("not one comparison (%v): %.300s", err, doc)
	}
	out := map[string]struct {
		A, B, Diff float64
		CI95       [2]float64
	}{}
	for _, r := range d.Comparisons[0].Diffs {
		out[r.Kind+" "+r.Name] = struct {
			A, B, Diff float64
			CI95       [2]float64
		}{r.A, r.B, r.Diff, r.CI95}
	}
	return out
}

// The page's comparison (the API's, which the page's engine answers
// too) keeps the sign of B − A, as the command line does, for
// probabilities and means, in the difference and its interval.
func TestPageCompareSigned(t *testing.T) {
	// Exact: firer 1d10+3 (hesa 3) against target 1d10+1 (def 1), margin
	// a−b+2; out of action at a margin of 5 or more, a−b >= 3: counted
	// over the 100 joint faces, 7+6+5+4+3+2+1 = 28. Smoke gives the target
	// +2 (sheet 004), a−b >= 5: 5+4+3+2+1 = 15. B − A = −13/100. The mean
	// margin is 2 without smoke and 0 with it: −2.
	rows := diffsOf(t, apiOf(t, "/api/v1/opposed/fire?hesa=3&def=1&seed=7&vs=--smoke"))
	near := func(x, y float64) bool { return math.Abs(x-y) < 1e-12 }
	if r := rows["outcome out-of-action"]; !near(r.A, 0.28) || !near(r.B, 0.15) || !near(r.Diff, -0.13) || !near(r.CI95[0], -0.13) || !near(r.CI95[1], -0.13) {
		t.Errorf("out-of-action row: %+v, want 0.28, 0.15, −0.13 exactly", r)
	}
	if r := rows["mean margin"]; !near(r.A, 2) || !near(r.B, 0) || !near(r.Diff, -2) {
		t.Errorf("mean margin row: %+v, want 2, 0, −2", r)
	}

	// Monte Carlo: the interval's ends are signed too. The true
	// difference is −13%; with 200,000 paired trials its standard error
	// is under 0.1%, so both ends are negative (more than 100 SE from 0).
	rows = diffsOf(t, apiOf(t, "/api/v1/opposed/fire?hesa=3&def=1&seed=7&vs=--smoke&method=mc&trials=200000"))
	if r := rows["outcome out-of-action"]; r.Diff > -0.12 || r.Diff < -0.14 || r.CI95[0] >= 0 || r.CI95[1] >= 0 || r.CI95[0] > r.Diff || r.CI95[1] < r.Diff {
		t.Errorf("monte carlo out-of-action row: %+v, want about −0.13 with both interval ends negative", r)
	}
}

// A certain event prints 100%: every face of 4d6kh3 is at least 3 (three
// kept dice of at least 1 each), so p ≥ 3 is exactly 1, and p ≤ 18 too.
func TestRollCertainIs100(t *testing.T) {
	code, out, errs := run(context.Background(), "roll", "4d6kh3", "--seed", "1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	first := regexp.MustCompile(`│\s+3 │\s+0\.08% │\s+exact │\s+100% │\s+0\.08% │`)
	last := regexp.MustCompile(`│\s+18 │\s+1\.62% │\s+exact │\s+1\.62% │\s+100% │`)
	if !first.MatchString(out) || !last.MatchString(out) || strings.Contains(out, "99.99%") {
		t.Errorf("want p ≥ 3 and p ≤ 18 at 100%%:\n%s", out)
	}
}

// The same exact figure prints alike down a column, in the whole run and
// merged from shards: rof fire at rof 4 kills the target with probability
// exactly 5/32 and leaves it ready with 17/32 whatever the target's teams
// (the JSON gives 0.15625 and 0.53125 for each cell); 15.625% and 53.125%
// rounded half away from zero by hand are 15.63% and 53.13%. Before, the
// third cell's float noise printed 15.63% under two 15.62%.
func TestSameFigureSameText(t *testing.T) {
	args := []string{"rof", "fire", "--rof", "4", "--target-teams", "1..3", "--seed", "7"}
	dir := t.TempDir()
	var shards []string
	for _, s := range []string{"1/2", "2/2"} {
		path := dir + "/" + strings.Replace(s, "/", "of", 1) + ".json"
		if code, _, errs := run(context.Background(), append(args, "--shard", s, "--out", path)...); code != 0 {
			t.Fatalf("shard %s: %s", s, errs)
		}
		shards = append(shards, path)
	}
	_, whole, _ := run(context.Background(), args...)
	_, merged, errs := run(context.Background(), append([]string{"merge"}, shards...)...)
	row := regexp.MustCompile(`│\s+[123] │ ([^│]*) │ [^│]* │ ([^│]*) │`)
	for name, out := range map[string]string{"whole": whole, "merged": merged} {
		rows := row.FindAllStringSubmatch(out, -1)
		if len(rows) != 3 {
			t.Fatalf("%s: want 3 rows: %s\n%s", name, errs, out)
		}
		for _, r := range rows {
			if strings.TrimSpace(r[1]) != "15.63%" || strings.TrimSpace(r[2]) != "53.13%" {
				t.Errorf("%s: got %q and %q, want 15.63%% and 53.13%%\n%s", name, r[1], r[2], out)
			}
		}
	}
}

// An action's note, what holds whatever the outcome (the assault table's
// labels that span its rows), is said once: under the table's rows, as
// the JSON result's "note" (the API's too, which the page shows); no
// outcome's note repeats it.
func TestActionNoteOnce(t *testing.T) {
	const note = "in every row, riders and passengers unload"
	args := []string{"cohesion", "assault", "--drm", "0", "--seed", "1"}
	code, out, errs := run(context.Background(), args...)
	if code != 0 || strings.Count(out, "riders and passengers") != 1 || !strings.Contains(out, note) {
		t.Errorf("table: exit %d, %s (stderr %s); want the note once", code, out, errs)
	}
	code, out, errs = run(context.Background(), append(args, "--format", "json")...)
	var doc struct {
		Results []struct {
			Note     string
			Outcomes []struct{ Name, Note string }
		}
	}
	if err := json.Unmarshal([]byte(out), &doc); code != 0 || err != nil || len(doc.Results) != 1 || !strings.HasPrefix(doc.Results[0].Note, note) {
		t.Fatalf("json: exit %d, %v, %s (stderr %s); want the result's note", code, err, out, errs)
	}
	for _, o := range doc.Results[0].Outcomes {
		if strings.Contains(o.Note, "riders") {
			t.Errorf("json: outcome %s's note %q repeats the action's", o.Name, o.Note)
		}
	}
	// The page reads the API's (and its engine's) document: the same note.
	if api := string(apiOf(t, "/api/v1/cohesion/assault?drm=0&seed=1")); strings.Count(api, "riders and passengers") != 1 {
		t.Errorf("API: the note %d times; want once", strings.Count(api, "riders and passengers"))
	}
}
