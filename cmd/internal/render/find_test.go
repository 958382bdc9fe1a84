package render

import (
	"context"
	"strings"
	"testing"

	"odds/cmd/internal/query"
)

// A scan that turns back says where the condition holds; a Monte Carlo
// answer with an unsure value walked before it says it is not sure.
func TestFindTextNotes(t *testing.T) {
	r := &query.Result{System: "opposed", Action: "fire"}
	f := &query.Found{Spec: query.FindSpec{Cond: query.Condition{Metric: query.Metric{Name: "out-of-action"}, X: 0.5}, Vary: "hesa"},
		At: 1, Before: 0, Sure: false, Holding: []int{1, 3, 4}, Seed: 1, Trials: 1000}
	for i, x := range []float64{0.5, 0.6, 0.4, 0.6, 0.7} {
		v := query.Fails
		switch {
		case i == 0:
			v = query.Unsure
		case x >= 0.5:
			v = query.Holds
		}
		f.Scan = append(f.Scan, query.Scan{Value: i, X: x, Lo: x - 0.01, Hi: x + 0.01, Verdict: v, Result: r})
	}
	var b strings.Builder
	if err := findText(context.Background(), &b, []*query.Found{f}, Style{Width: 200}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"answer: hesa 1: P(out-of-action) 60.00% (59.00% – 61.00%); at hesa 0: 50.00% (49.00% – 51.00%)",
		"not sure: a value before it has an interval across the threshold",
		"not monotone in hesa: it holds at 1, 3..4",
		"│ 0 │ 50.00% (49.00% – 51.00%) │ unsure │",
	} {
		// Words, not the wrapping: the answer line is fitted to the width.
		if !strings.Contains(strings.Join(strings.Fields(b.String()), " "), want) {
			t.Errorf("no %q in\n%s", want, b.String())
		}
	}
}
