package query_test

import (
	"context"
	"errors"
	"testing"

	"odds/cmd/internal/query"
	"odds/sim"
)

// A streamed sweep stops when its context ends, checked between points:
// the result that cancels it is the last one given out, though the
// points after it in its batch share their dice and run nothing.
func TestStreamStops(t *testing.T) {
	q := sweepQuery(t, map[string]string{"hesa": "0..12", "def": "0..12", "firer-quality": "-3..3", "target-quality": "-3..3"})
	s, err := query.NewStream(context.Background(), q, query.Options{Sim: sim.Options{Method: sim.Exact, Seed: 1, Workers: 1}})
	if err != nil {
		t.Fatal(err)
	}
	if s.Points != 8281 {
		t.Fatalf("%d points, want 13 x 13 x 7 x 7 = 8281", s.Points)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	n := 0
	err = s.Each(ctx, func(r *query.Result) error {
		if n++; n == 10 {
			cancel()
		}
		return nil
	})
	if !errors.Is(err, context.Canceled) || n != 10 {
		t.Errorf("%d results, %v; want 10, context canceled", n, err)
	}
	// Uncancelled, every point is given out once, in order: the last
	// point's HESA and Def are 12.
	n = 0
	var last *query.Result
	err = s.Each(context.Background(), func(r *query.Result) error { n++; last = r; return nil })
	hesa, _ := last.Param("hesa")
	def, _ := last.Param("def")
	if err != nil || n != 8281 || hesa.Value != 12 || def.Value != 12 {
		t.Errorf("%d results, %v, last hesa %v def %v", n, err, hesa.Value, def.Value)
	}
}

// Under the auto method a stream tries a few points first: an opposed
// fire is exact at each, so a million trials a point cost nothing, where
// --method mc is refused before anything runs.
func TestStreamBudget(t *testing.T) {
	q := sweepQuery(t, sweep1M)
	for _, c := range []struct {
		method sim.Method
		ok     bool
	}{{sim.Auto, true}, {sim.Exact, true}, {sim.MC, false}} {
		s, err := query.NewStream(context.Background(), q, query.Options{Sim: sim.Options{Method: c.method, Seed: 1, Trials: 1_000_000, Workers: 1}})
		var qe *query.Error
		if c.ok && (err != nil || s.Points != 1_059_968) || !c.ok && !errors.As(err, &qe) {
			t.Errorf("%v: %v", c.method, err)
		}
	}
}
