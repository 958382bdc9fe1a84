package query

import (
	"context"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"odds/dice"
	"odds/profiles"
	"odds/resolve"
	"odds/resolve/all"
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
	r := rep[0]
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

// stateP is the probability of the named state after step k (1-based).
func stateP(f *SequenceFigures, k int, name string) float64 {
	for _, s := range f.After[k-1] {
		if s.Name == name {
			return s.P
		}
	}
	return 0
}

// Opposed fire then hand-to-hand: --attacker-hesa 3 against
// --defender-hesa 1 puts the defender out of action on the same margin
// of 5 or more as the fire (28 of the 100 pairs), and no state changes
// either: 0.28 + 0.72 × 0.28 = 0.4816.
func TestSequenceOpposedFireMelee(t *testing.T) {
	q := seqQuery(t, "opposed", "fire", map[string]string{"hesa": "3", "def": "1"}, nil, "out-of-action", "melee --attacker-hesa 3 --defender-hesa 1")
	f := runSeq(t, q, sim.Exact, 1, 1).Sequence
	if got := f.ByStep[1].P; math.Abs(got-0.4816) > 1e-12 {
		t.Errorf("P(by step 2) = %v, want 0.4816", got)
	}
}

// Rof fire then an assault, by hand: three RoF dice hit on 4+, at most
// one hit on the one infantry team (7/8), which, in the open and not
// moving, checks on the hard cover table: killed 1/6, suppressed 2/6,
// ready 3/6. After the fire: killed 7/48, suppressed 7/24, ready 1/8 +
// 7/16 = 9/16. The assault (one team, 4+: 1/2 destroys an infantry
// team) on a ready team destroys it with 1/2; a suppressed one first
// rolls its rally check (--enemy-quality 4: fails 1/2, destroyed) and,
// rallied, is destroyed with 1/2: 3/4. Destroyed after step 2: 9/16 ×
// 1/2 + 7/24 × 3/4 = 1/2; ready 9/32 + 7/96 = 17/48.
func TestSequenceRofFireAssault(t *testing.T) {
	q := seqQuery(t, "rof", "fire", map[string]string{"rof": "3", "rally-quality": "4"}, nil, "target-team-destroyed", "assault --assault 4 --enemy-quality 4")
	f := runSeq(t, q, sim.Exact, 1, 1).Sequence
	for _, c := range []struct {
		k    int
		name string
		want float64
	}{
		{1, "killed", 7.0 / 48}, {1, "suppressed", 7.0 / 24}, {1, "ready", 9.0 / 16},
		{2, "killed", 7.0 / 48}, {2, "suppressed", 0}, {2, "ready", 17.0 / 48}, {2, "destroyed", 0.5},
	} {
		if got := stateP(f, c.k, c.name); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("after step %d %s = %v, want %v", c.k, c.name, got, c.want)
		}
	}
	// Killed is out of the fight: it reaches any goal.
	if got, want := f.ByStep[1].P, 7.0/48+0.5; math.Abs(got-want) > 1e-12 {
		t.Errorf("P(by step 2) = %v, want %v", got, want)
	}
	mc := runSeq(t, q, sim.MC, 3, 400_000).Sequence
	agreeSeq(t, f, mc, 400_000)
}

// Cohesion fire then an assault, by hand: fire with one d10 (--sa-drm
// 0) at Cohesion 7 leaves the unit unmarked on 1-7, disrupted on 8-9 and
// takes a casualty on a 10 (0.7, 0.2, 0.1). The assault at --drm 0 reads
// the d10 on the rows: 10 is 10..13 (a casualty if disrupted, else
// disrupted), 6-9 is 6..9 (a casualty), 1-5 leaves the defender as it
// was. After step 2: casualty 0.1 + 0.7 × 0.4 + 0.2 × 0.5 = 0.48,
// disrupted 0.7 × 0.1 + 0.2 × 0.5 = 0.17, unmarked 0.7 × 0.5 = 0.35.
func TestSequenceCohesionFireAssault(t *testing.T) {
	q := seqQuery(t, "cohesion", "fire", map[string]string{"sa-drm": "0", "cohesion": "7"}, nil, "casualty", "assault --drm 0")
	f := runSeq(t, q, sim.Exact, 1, 1).Sequence
	for _, c := range []struct {
		k    int
		name string
		want float64
	}{
		{1, "unmarked", 0.7}, {1, "disrupted", 0.2}, {1, "casualty", 0.1},
		{2, "unmarked", 0.35}, {2, "disrupted", 0.17}, {2, "casualty", 0.48},
	} {
		if got := stateP(f, c.k, c.name); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("after step %d %s = %v, want %v", c.k, c.name, got, c.want)
		}
	}
	if got := f.ByStep[1].P; math.Abs(got-0.48) > 1e-12 {
		t.Errorf("P(by step 2) = %v, want 0.48", got)
	}
	mc := runSeq(t, q, sim.MC, 5, 400_000).Sequence
	agreeSeq(t, f, mc, 400_000)
}

// Symbol fire then close combat, by an independent composition: the
// state after the fire is --until's chain of one attack (its own code),
// and close combat from each state is the action's own exact answer with
// the state's marks given as flags, its cells read by the rules
// docs/rules/symbol.md states (two damage points or both eliminated:
// eliminated; fell back when already marked fallback: eliminated).
func TestSequenceSymbolFireCloseCombat(t *testing.T) {
	env := symbolEnv()
	fire := map[string]string{"attack": "red:1", "defence": "blue:1", "target": "infantry"}
	cc := map[string]string{"attacker-attack": "red:2", "attacker-defence": "blue:1", "attacker-type": "infantry",
		"defender-attack": "red:1", "defender-defence": "blue:1", "defender-type": "infantry", "max-rounds": "3"}
	step := "close-combat"
	for name, v := range cc {
		step += " --" + name + " " + v
	}
	q := seqQuery(t, "symbol", "fire", fire, env, "eliminated", step)
	f := runSeq(t, q, sim.Exact, 1, 1).Sequence

	after1 := runChain(t, chainQuery(t, "symbol", "fire", fire, env, "eliminated", 1), sim.Exact, 1)
	want := 0.0
	for _, s := range after1.States {
		if s.P == 0 {
			continue
		}
		if s.Name == "eliminated" {
			want += s.P
			continue
		}
		flags := map[string]string{}
		for k, v := range cc {
			flags[k] = v
		}
		marks := map[string]bool{}
		for _, m := range strings.Split(s.Name, "+") {
			marks[m] = true
		}
		flags["defender-suppressed"] = strconv.FormatBool(marks["suppressed"])
		flags["defender-half-strength"] = strconv.FormatBool(marks["half-strength"])
		cq := chainQuery(t, "symbol", "close-combat", flags, env, "", 1)
		pts, err := cq.Points()
		if err != nil {
			t.Fatal(err)
		}
		plan, err := cq.Action.Compile(cq.Action.Args(pts[0].Values(), env))
		if err != nil {
			t.Fatal(err)
		}
		res, err := sim.TryExact(context.Background(), plan, sim.Options{Method: sim.Exact})
		if err != nil || res == nil {
			t.Fatalf("close combat from %s: no exact answer (%v)", s.Name, err)
		}
		l := plan.Layout()
		dmg := slices.Index(l.Stats, "defender-damage")
		for c, p := range res.Prob {
			o := l.Outcomes[l.Outcome[c]]
			fellBack := o == "attacker-holds" || o == "both-leave"
			if l.Values[dmg][c] >= 2 || o == "both-eliminated" || fellBack && marks["fallback"] {
				want += s.P * p
			}
		}
	}
	if got := f.ByStep[1].P; math.Abs(got-want) > 1e-12 {
		t.Errorf("P(eliminated by step 2) = %.15f, want %.15f by composition", got, want)
	}
	if got := stateP(f, 2, "eliminated"); math.Abs(got-want) > 1e-12 {
		t.Errorf("eliminated after step 2 = %v, want %v", got, want)
	}
	mc := runSeq(t, q, sim.MC, 9, 200_000).Sequence
	agreeSeq(t, f, mc, 200_000)
}

// A sequence's Trial allocates nothing: it walks the compiled steps.
func TestSequenceTrialAllocs(t *testing.T) {
	q := seqQuery(t, "rof", "fire", map[string]string{"rof": "3", "rally-quality": "4"}, nil, "target-team-destroyed", "rfc --rfp 2", "assault --assault 4 --enemy-quality 4")
	pts, err := q.Points()
	if err != nil {
		t.Fatal(err)
	}
	plan, err := q.Compile(pts[0])
	if err != nil {
		t.Fatal(err)
	}
	s := dice.New(1, 0)
	if n := testing.AllocsPerRun(1000, func() { plan.Trial(s) }); n != 0 {
		t.Errorf("Trial allocates %v times a trial", n)
	}
}

// Air support in a sequence compiles its mission from the target's whole
// state: from each state its flags can also give (unharmed, suppressed,
// fallback, half strength), a one-step sequence's state after it, read
// as outcomes (the most severe mark), is the plain action's answer to
// the same flags, computed by its own plan. Then air and a barrage after
// fire: Monte Carlo agrees with the exact chain.
func TestSequenceSymbolSupport(t *testing.T) {
	reg, err := profiles.New(all.Systems())
	if err != nil {
		t.Fatal(err)
	}
	env := reg.Env("symbol")
	base := map[string]string{"defence": "blue:2", "target": "infantry", "auto-spotted": "true"}
	severity := []string{"eliminated", "immobilized", "fallback", "damaged", "suppressed", "no-effect"}
	for _, start := range []map[string]string{{}, {"target-status": "suppressed"}, {"target-status": "fallback"}, {"target-half-strength": "true"}} {
		flags := map[string]string{}
		for k, v := range base {
			flags[k] = v
		}
		for k, v := range start {
			flags[k] = v
		}
		plain := runSeq(t, seqQuery(t, "symbol", "air", flags, env, ""), sim.Exact, 1, 1)
		q := chainQuery(t, "symbol", "air", flags, env, "", 1)
		q.Until = nil
		rep, err := Run(context.Background(), []*Query{q}, Options{Sim: sim.Options{Trials: 1, Seed: 1, Workers: 1, Method: sim.Exact}})
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]float64{}
		for _, o := range rep[0].Summary.Outcomes {
			want[o.Name] = o.P
		}
		got := map[string]float64{}
		for _, s := range plain.Sequence.After[0] {
			got[outcomeOfMarks(s.Name, severity)] += s.P
		}
		stopped := want["tas-destroyed"] + want["tas-aborted"]
		got[outcomeOfMarks(stateNameOf(start), severity)] -= stopped // a stopped mission leaves the state
		for _, o := range severity {
			if math.Abs(got[o]-want[o]) > 1e-12 {
				t.Errorf("from %v: %s %v, the plain action's %v", start, o, got[o], want[o])
			}
		}
	}
	q := seqQuery(t, "symbol", "fire", map[string]string{"attack": "red:2", "defence": "blue:2", "target": "infantry"}, env, "eliminated", "air --defence blue:2 --target infantry --auto-spotted", "barrage --defence blue:2 --target infantry --auto-spotted")
	f := runSeq(t, q, sim.Exact, 1, 1).Sequence
	agreeSeq(t, f, runSeq(t, q, sim.MC, 21, 200_000).Sequence, 200_000)
}

// outcomeOfMarks is the fire outcome a state's marks read as: the most
// severe (half strength is "damaged").
func outcomeOfMarks(name string, severity []string) string {
	marks := strings.Split(strings.ReplaceAll(name, "half-strength", "damaged"), "+")
	for _, o := range severity {
		if slices.Contains(marks, o) {
			return o
		}
	}
	return "no-effect"
}

// stateNameOf names the state a start's flags give.
func stateNameOf(start map[string]string) string {
	switch {
	case start["target-status"] != "":
		return start["target-status"]
	case start["target-half-strength"] == "true":
		return "half-strength"
	}
	return "unharmed"
}
