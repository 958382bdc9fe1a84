package serve

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"odds/dice"
	"odds/profiles"
	"odds/resolve"
	"odds/resolve/all"
)

// TestPlotFailsRunsOnce: a page whose plot cannot be drawn (three swept
// flags: no line, no heat map) computed the answer twice, once for the
// results and once more for the plot. Every door of the server that runs
// a question (the page now runs its own, in the browser) runs it once: its compiled points are counted by an action of the
// test's own, 2 x 2 x 2 = 8 a request (16 dice paths enumerated); the
// same question asked again runs the points kept compiled (answer's
// cache) from their kept exact results: nothing compiled or enumerated.
func TestPlotFailsRunsOnce(t *testing.T) {
	var compiled, paths atomic.Int64
	act := &resolve.Action{Name: "count", Short: "counts its compiles", Sheet: "none", Outcome: []string{"x", "y"},
		Params: []resolve.Param{resolve.IntParam("a", 0, 9, 0, "a"), resolve.IntParam("b", 0, 9, 0, "b"), resolve.IntParam("c", 0, 9, 0, "c")},
		Compile: func(resolve.Args) (resolve.Plan, error) {
			compiled.Add(1)
			l := resolve.NewLayout([]string{"x", "y"}, nil, 2, func(c int, _ []float64) int { return c })
			return resolve.NewPlan(l, func(s *dice.Stream) int { paths.Add(1); return s.D(2) - 1 }), nil
		}}
	systems := append(all.Systems(), &resolve.System{Name: "test", Short: "a test", Sheets: []string{"none"}, Actions: []*resolve.Action{act}})
	reg, err := profiles.New(all.Systems())
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(New(systems, reg, DefaultMaxTrials, io.Discard, io.Discard))
	defer ts.Close()
	const q = "?a=1..2&b=1..2&c=1..2&method=exact&seed="
	for _, c := range []struct {
		path     string
		status   int
		body     string
		compiles int64
		paths    int64
	}{
		{"/plot/test/count" + q + "1", http.StatusBadRequest, "no plot", 8, 16},
		{"/api/v1/test/count" + q + "2", http.StatusOK, `"results"`, 8, 16},
		{"/api/v1/test/count" + q + "2", http.StatusOK, `"results"`, 0, 0},
	} {
		compiled.Store(0)
		paths.Store(0)
		status, body, _ := get(t, ts.URL+c.path)
		if status != c.status || !strings.Contains(body, c.body) || strings.Contains(body, "<img") {
			t.Errorf("%s: status %d, body %.300s; want %d with %q and no plot", c.path, status, body, c.status, c.body)
		}
		if n := compiled.Load(); n != c.compiles {
			t.Errorf("%s: %d points compiled, want %d", c.path, n, c.compiles)
		}
		if n := paths.Load(); n != c.paths {
			t.Errorf("%s: %d dice paths enumerated, want %d", c.path, n, c.paths)
		}
	}
}
