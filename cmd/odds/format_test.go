package main

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"odds/resolve/all"
)

// pageOf requests a page of odds serve in-process, through the server's
// handler, and returns its HTML.
func pageOf(t *testing.T, target string) string {
	t.Helper()
	a := &app{ctx: context.Background(), stdout: io.Discard, stderr: io.Discard, systems: all.Systems(), width: 80}
	reg, err := a.registry()
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	newServer(a, reg, defaultMaxTrials).ServeHTTP(rec, httptest.NewRequest(http.MethodGet, target, nil))
	if rec.Code != http.StatusOK {
		t.Fatalf("%s: status %d\n%.600s", target, rec.Code, rec.Body.String())
	}
	return rec.Body.String()
}

var compareRow = regexp.MustCompile(`<tr[^>]*><th>([^<]*)</th><td>([^<]*)</td><td>([^<]*)</td><td>([^<]*)</td><td>([^<]*)</td></tr>`)

// The page's comparison keeps the sign of B − A, as the command line
// does, for probabilities and means, in the difference and its interval.
func TestPageCompareSigned(t *testing.T) {
	// Exact: firer 1d10+3 (hesa 3) against target 1d10+1 (def 1), margin
	// a−b+2; out of action at a margin of 5 or more, a−b >= 3: counted
	// over the 100 joint faces, 7+6+5+4+3+2+1 = 28. Smoke gives the target
	// +2 (sheet 004), a−b >= 5: 5+4+3+2+1 = 15. B − A = −13/100. The mean
	// margin is 2 without smoke and 0 with it: −2.
	html := pageOf(t, "/opposed/fire?hesa=3&def=1&seed=7&vs=--smoke")
	rows := map[string][]string{}
	for _, m := range compareRow.FindAllStringSubmatch(html, -1) {
		rows[m[1]] = m[2:]
	}
	if got, want := rows["out-of-action"], []string{"28.00%", "15.00%", "−13.00%", "exact"}; strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("out-of-action row: got %q, want %q", got, want)
	}
	if got, want := rows["mean margin"], []string{"2", "0", "−2", "exact"}; strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("mean margin row: got %q, want %q", got, want)
	}

	// Monte Carlo: the interval's ends are signed too. The true
	// difference is −13%; with 200,000 paired trials its standard error
	// is under 0.1%, so both ends are negative (more than 100 SE from 0).
	html = pageOf(t, "/opposed/fire?hesa=3&def=1&seed=7&vs=--smoke&method=mc&trials=200000")
	row := ""
	for _, m := range compareRow.FindAllStringSubmatch(html, -1) {
		if m[1] == "out-of-action" {
			row = strings.Join(m[2:], "|")
		}
	}
	if !regexp.MustCompile(`^2\d\.\d\d%\|1\d\.\d\d%\|−1\d\.\d\d%\|−1\d\.\d\d% – −1\d\.\d\d%$`).MatchString(row) {
		t.Errorf("monte carlo out-of-action row: got %q, want the difference and both interval ends negative", row)
	}
}
