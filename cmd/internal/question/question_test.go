package question

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math"
	"strconv"
	"testing"
	"time"

	"odds/cmd/internal/query"
	"odds/cmd/internal/render"
	"odds/resolve"
	"odds/resolve/all"
	"odds/sim"
)

// fire is opposed fire with the given flag values.
func fire(tb testing.TB, values map[string]string) *query.Query {
	tb.Helper()
	var sp query.Spec
	for _, s := range all.Systems() {
		if s.Name == "opposed" {
			sp = query.Spec{System: s, Action: s.Action("fire"), Values: map[string][]resolve.Value{}}
		}
	}
	for name, text := range values {
		vals, err := query.ParseValue(sp.Action, name, text)
		if err != nil {
			tb.Fatal(err)
		}
		sp.Values[name] = vals
	}
	q, _, err := query.New(sp, nil)
	if err != nil {
		tb.Fatal(err)
	}
	return q
}

// kinds are one question of each kind of Kinds, asked of opposed fire at
// --hesa 3 --def 1.
func kinds(tb testing.TB) map[string]*Settings {
	base := map[string]string{"hesa": "3", "def": "1"}
	q := fire(tb, base)
	qf := fire(tb, map[string]string{"def": "1"})
	fs, err := query.ParseFind(qf, "out-of-action>=0.5", "hesa")
	if err != nil {
		tb.Fatal(err)
	}
	b := fire(tb, map[string]string{"hesa": "3", "def": "1", "smoke": "true"})
	qu := fire(tb, base)
	qu.Until = &query.Until{Outcome: "out-of-action", Attacks: 2}
	qs := fire(tb, base)
	step, err := query.Step(qs, "fire --hesa 2 --def 1", func(string) bool { return false }, nil)
	if err != nil {
		tb.Fatal(err)
	}
	qs.Then = &query.Sequence{Steps: []*query.Query{step}, Until: "out-of-action"}
	out := map[string]*Settings{
		"once":        {Query: q},
		"compare":     {Query: q, Kind: Compare{B: b, Vs: "--smoke"}},
		"find":        {Query: qf, Kind: Find{Spec: fs}},
		"sensitivity": {Query: q, Kind: Sensitivity{}},
		"until":       {Query: qu, Kind: Until{}},
		"sequence":    {Query: qs, Kind: Sequence{}},
		"engage":      {Query: q, Kind: Engage{B: fire(tb, map[string]string{"hesa": "2", "def": "2"}), Spec: query.EngageSpec{Rounds: 3}}},
		"roll":        {Kind: Roll{Expr: "d10+3 vs d10+1"}},
	}
	for _, k := range Kinds {
		if out[k.Name()] == nil {
			tb.Fatalf("no question of kind %s here: add one", k.Name())
		}
	}
	return out
}

// TestAskExact: each kind answers opposed fire at --hesa 3 --def 1
// exactly, its figures counted over the 100 pairs of d10s (the margin
// a+3-b-1 is out of action at 5 or more: a−b ≥ 3 in 28 pairs; with
// smoke, +2 to the target, a−b ≥ 5 in 15; at --def 1 out of action at
// 50% or more needs a−b ≥ 0, 55 pairs, from --hesa 6).
func TestAskExact(t *testing.T) {
	opts := query.Options{Sim: sim.Options{Trials: 1, Seed: 1, Workers: 1, Method: sim.Exact}}
	for name, s := range kinds(t) {
		s.Opts = opts
		ans, err := Ask(context.Background(), s)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if kind := map[string]string{"roll": "once"}[name]; ans.Kind() != name && ans.Kind() != kind {
			t.Errorf("%s: answer of kind %s", name, ans.Kind())
		}
		var got float64
		switch a := ans.(type) {
		case Rolled: // opposed fire's margin a+3-b-1 at 5 or more: 28 of 100 pairs
			for _, o := range a.Results[0].Summary.Outcomes {
				if v, err := strconv.Atoi(o.Name); err == nil && v >= 5 {
					got += o.P
				}
			}
		case Results:
			got = outcome(a[0], "out-of-action")
			if a[0].Chain != nil { // reached by attack 2: 1 - 0.72^2
				got = a[0].Chain.ByAttack[1].P
			}
		case Comparisons:
			got = outcome(a[0].B, "out-of-action")
		case Founds:
			got = float64(a[0].At)
		case Sequences: // the figure: 0.28 + 0.72 × 0.21
			got = a[0].Sequence.ByStep[1].P
		case Sensitivities:
			got = a[0].Changes[0].D // the largest change: hard cover, smoke or hull-down
		case Engagements: // 3 rounds of 0.28 against 0.15: 0.28 (1 − 0.612³) / 0.388
			got = a[0].AWins.P
		}
		want := map[string]float64{"once": 0.28, "until": 1 - 0.72*0.72, "compare": 0.15, "find": 6, "sensitivity": -0.13, "sequence": 0.4312, "engage": 0.28 * (1 - 0.612*0.612*0.612) / 0.388, "roll": 0.28}[name]
		if math.Abs(got-want) > 1e-9 {
			t.Errorf("%s: %v, want %v", name, got, want)
		}
		// Every kind's answer writes every registered format: a format or
		// a kind added is whole or this fails.
		for _, f := range render.Formats {
			var buf bytes.Buffer
			err := ans.Write(context.Background(), &buf, f.Name, render.Style{Width: 80})
			if err != nil || buf.Len() == 0 || f.Name == "json" && !json.Valid(buf.Bytes()) {
				t.Errorf("%s as %s: %v: %.200s", name, f.Name, err, buf.String())
			}
		}
	}
}

func outcome(r *query.Result, name string) float64 {
	for _, o := range r.Summary.Outcomes {
		if o.Name == name {
			return o.P
		}
	}
	return math.NaN()
}

// TestAskBudget: every kind refuses a question over the trial budget
// before it runs a trial (a server's 1,000,000 trials; 10^12 asked), with
// an error naming --trials.
func TestAskBudget(t *testing.T) {
	opts := query.Options{Sim: sim.Options{Trials: 1e12, Seed: 1, Workers: 1, Method: sim.MC}, TrialsGiven: true, MaxTrials: 1_000_000}
	for name, s := range kinds(t) {
		s.Opts = opts
		ran := false
		s.Opts.Sim.Progress = func(int64) { ran = true }
		_, err := Ask(context.Background(), s)
		var qe *query.Error
		if !errors.As(err, &qe) || qe.Flag != "trials" || ran {
			t.Errorf("%s: %v (ran trials: %v), want a refusal naming --trials", name, err, ran)
		}
	}
}

// TestAskCancel: every kind stops when its context ends. Each asks for
// 10^12 Monte Carlo trials (hours of work); the context is cancelled
// after 100 ms and the answer must be context.Canceled. The bound on
// the time it takes (30 s) is there to fail rather than hang, not to
// time anything: the half-second promise is measured by the before-stop
// check and the signal tests on the built binary.
func TestAskCancel(t *testing.T) {
	for name, s := range kinds(t) {
		s.Opts = query.Options{Sim: sim.Options{Trials: 1e12, Seed: 1, Workers: 2, Method: sim.MC}, TrialsGiven: true}
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() {
			_, err := Ask(ctx, s)
			done <- err
		}()
		time.Sleep(100 * time.Millisecond)
		cancel()
		select {
		case err := <-done:
			if !errors.Is(err, context.Canceled) {
				t.Errorf("%s: %v, want context.Canceled", name, err)
			}
		case <-time.After(30 * time.Second):
			t.Fatalf("%s: still running 30 s after its context was cancelled", name)
		}
	}
}
