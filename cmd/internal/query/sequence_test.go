package query

import (
	"context"
	"math"
	"testing"

	"odds/resolve"
	"odds/sim"
)

// seqQuery is a sequence: system's first action with its flags, then
// each step's "action --flag value …" read as --then reads it.
func seqQuery(t testing.TB, system, action string, flags map[string]string, env *resolve.Env, until string, steps ...string) *Query {
	t.Helper()
	q := chainQuery(t, system, action, flags, env, "", 1)
	q.Until = nil
	q.Then = &Sequence{Until: until}
	for _, text := range steps {
		s, err := Step(q, text, func(string) bool { return false }, nil)
		if err != nil {
			t.Fatal(err)
		}
		q.Then.Steps = append(q.Then.Steps, s)
	}
	return q
}

func runSeq(t *testing.T, q *Query, method sim.Method, seed uint64, trials int64) *Result {
	t.Helper()
	rep, err := Run(context.Background(), []*Query{q}, Options{Sim: sim.Options{Trials: trials, Seed: seed, Workers: 2, Method: method}})
	if err != nil {
		t.Fatal(err)
	}
	r := rep.Results[0]
	if r.Exact != (method == sim.Exact) {
		t.Fatalf("exact = %v with method %v", r.Exact, method)
	}
	return r
}

// agreeSeq checks that a Monte Carlo sequence is within 5 standard
// errors of the exact one, step by step and state by state.
func agreeSeq(t *testing.T, exact, mc *SequenceFigures, trials float64) {
	t.Helper()
	near := func(what string, p, q float64) {
		se := math.Sqrt(max(p*(1-p), 1e-6) / trials)
		if math.Abs(p-q) > 5*se {
			t.Errorf("%s: monte carlo %.5f, exact %.5f (more than 5 standard errors, %.5f)", what, q, p, se)
		}
	}
	for k := range exact.ByStep {
		near("by step", exact.ByStep[k].P, mc.ByStep[k].P)
	}
	for k := range exact.After {
		for i := range exact.After[k] {
			near(exact.After[k][i].Name, exact.After[k][i].P, mc.After[k][i].P)
		}
		near("made", exact.Made[k].P, mc.Made[k].P)
	}
}

// The figure: opposed fire at --hesa 3 --def 1 takes the target
// out of action on 28 of the 100 d10 pairs (firer - target >= 3), at
// --hesa 2 on 21 (>= 4: 6+5+...+1); no state changes an opposed
// attack's odds, so P(by step 1) = 0.28, by step 2 = 0.28 + 0.72 × 0.21
// = 0.4312; the second step is made only in action (0.72), so the steps
// used (stopping at the goal) are 1 + 0.72 = 1.72.
func TestSequenceOpposedFigure(t *testing.T) {
	q := seqQuery(t, "opposed", "fire", map[string]string{"hesa": "3", "def": "1"}, nil, "out-of-action", "fire --hesa 2 --def 1")
	r := runSeq(t, q, sim.Exact, 1, 1)
	f := r.Sequence
	if f == nil {
		t.Fatal("no sequence figures")
	}
	for k, want := range []float64{0.28, 0.4312} {
		if math.Abs(f.ByStep[k].P-want) > 1e-12 {
			t.Errorf("P(by step %d) = %.15f, want %v", k+1, f.ByStep[k].P, want)
		}
	}
	if want := 0.72 * 0.79; math.Abs(f.NotReached.P-want) > 1e-12 {
		t.Errorf("not reached %v, want %v", f.NotReached.P, want)
	}
	if math.Abs(f.StepsUsed-1.72) > 1e-12 {
		t.Errorf("steps used %v, want 1.72", f.StepsUsed)
	}
	if want := []float64{1, 0.72}; math.Abs(f.Made[0].P-want[0]) > 1e-12 || math.Abs(f.Made[1].P-want[1]) > 1e-12 {
		t.Errorf("made %v, want %v", f.Made, want)
	}
	after := map[string]float64{}
	for _, s := range f.After[1] {
		after[s.Name] = s.P
	}
	if math.Abs(after["out-of-action"]-0.4312) > 1e-12 || math.Abs(after["in-action"]-0.5688) > 1e-12 {
		t.Errorf("after step 2 %v, want out-of-action 0.4312, in-action 0.5688", after)
	}
	mc := runSeq(t, q, sim.MC, 7, 400_000)
	agreeSeq(t, f, mc.Sequence, 400_000)
	if se := math.Sqrt(0.5 / 400_000.0); math.Abs(mc.Sequence.StepsUsed-1.72) > 5*se {
		t.Errorf("monte carlo steps used %v, want 1.72 within 5 standard errors", mc.Sequence.StepsUsed)
	}
}
