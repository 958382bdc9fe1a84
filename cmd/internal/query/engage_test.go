package query

import (
	"context"
	"errors"
	"math"
	"testing"

	"odds/resolve/all"
	"odds/sim"
)

// engageRun is the engagement of A's and B's opposed fire (one point
// each) by method.
func engageRun(t *testing.T, a, b map[string]string, spec EngageSpec, method sim.Method, trials int64) *Engagement {
	t.Helper()
	qa := chainQuery(t, "opposed", "fire", a, nil, "out-of-action", 1)
	qb := chainQuery(t, "opposed", "fire", b, nil, "out-of-action", 1)
	qa.Until, qb.Until = nil, nil
	es, err := Engage(context.Background(), qa, qb, EngageCards{}, spec, Options{Sim: sim.Options{Trials: trials, Seed: 7, Workers: 2, Method: method}})
	if err != nil {
		t.Fatal(err)
	}
	if len(es) != 1 || es[0].Exact != (method == sim.Exact) {
		t.Fatalf("%d engagements, exact %v with method %v", len(es), es[0].Exact, method)
	}
	return es[0]
}

// TestEngageIssueFigures: issue 32's figures, in closed form. A (HESA 3
// on B's Def 1) puts B out of action with 0.28 (a−b ≥ 3 of the 100 d10
// pairs: 28), B (HESA 2 on A's Def 2) puts A out with 0.15 (a−b ≥ 5:
// 15); nothing else changes either attack (no within-4 bonus to lose),
// so a round ends the exchange with 1 − 0.72 × 0.85 = 0.388.
func TestEngageIssueFigures(t *testing.T) {
	a := map[string]string{"hesa": "3", "def": "1"}
	b := map[string]string{"hesa": "2", "def": "2"}
	near := func(what string, got, want float64) {
		t.Helper()
		if math.Abs(got-want) > 1e-9 {
			t.Errorf("%s: %.9f, want %.9f", what, got, want)
		}
	}
	e := engageRun(t, a, b, EngageSpec{Rounds: 50}, sim.Exact, 1)
	q := 0.612 // 0.72 × 0.85: a round that ends nothing
	near("P(A wins)", e.AWins.P, 0.28*(1-math.Pow(q, 50))/0.388)
	near("P(B wins)", e.BWins.P, 0.72*0.15*(1-math.Pow(q, 50))/0.388)
	if math.Abs(e.AWins.P-0.72165) > 1e-5 || math.Abs(e.BWins.P-0.27835) > 1e-5 {
		t.Errorf("P(A wins) %.6f, P(B wins) %.6f: want the issue's 0.72165, 0.27835", e.AWins.P, e.BWins.P)
	}
	// E[rounds | ended by 50]: the geometric mean 1/0.388, truncated.
	var num, den float64
	for k := 1; k <= 50; k++ {
		pk := math.Pow(q, float64(k-1)) * 0.388
		num += float64(k) * pk
		den += pk
	}
	near("E[rounds]", e.MeanRounds, num/den)
	if math.Abs(e.MeanRounds-2.577) > 5e-4 {
		t.Errorf("E[rounds] %.4f, want the issue's 2.577", e.MeanRounds)
	}
	e = engageRun(t, a, b, EngageSpec{Rounds: 3}, sim.Exact, 1)
	near("rounds 3: P(A wins)", e.AWins.P, 0.28*(1-q*q*q)/0.388)
	near("rounds 3: P(B wins)", e.BWins.P, 0.72*0.15*(1-q*q*q)/0.388)
	near("rounds 3: P(neither)", e.Neither.P, q*q*q)
	for _, c := range []struct {
		got, want float64
	}{{e.AWins.P, 0.55623}, {e.BWins.P, 0.21455}, {e.Neither.P, 0.22922}} {
		if math.Abs(c.got-c.want) > 5e-6 {
			t.Errorf("rounds 3: %.6f, want the issue's %.5f", c.got, c.want)
		}
	}
	near("rounds 3: round 2 won by A", e.ByRound[1].A, q*0.28)
	// B first: B wins in its first attack with 0.15.
	e = engageRun(t, a, b, EngageSpec{Rounds: 50, First: 1}, sim.Exact, 1)
	near("B first: P(B wins)", e.BWins.P, 0.15*(1-math.Pow(q, 50))/0.388)
	// Ends at fall-back: A's first attack ends it at a margin of 1 or
	// more, 2 + a − b ≥ 1: a−b ≥ −1 in 55 + 9 = 64 of the 100 pairs.
	e = engageRun(t, a, b, EngageSpec{Rounds: 1, Ends: "fall-back"}, sim.Exact, 1)
	near("ends fall-back: P(A wins in 1)", e.AWins.P, 0.64)
}

// fireP is the d10 pair count over 100 of the HE/SA column's bands at a
// fixed modifier m (firer − target): out of action at m+a−b ≥ 5,
// suppressed at 3..4.
func fireP(m int) (out, supp float64) {
	for a := 1; a <= 10; a++ {
		for b := 1; b <= 10; b++ {
			switch d := m + a - b; {
			case d >= 5:
				out++
			case d >= 3:
				supp++
			}
		}
	}
	return out / 100, supp / 100
}

// TestEngageSuppressionCarries: both sides within 4, so a suppressed side
// loses its +1. The expected figure is a recursion written here over
// (round, turn, suppressed A, suppressed B), with the d10 pairs counted
// by fireP: a method of its own, not the engine's chain.
func TestEngageSuppressionCarries(t *testing.T) {
	a := map[string]string{"hesa": "3", "def": "1", "within-4": "true"}
	b := map[string]string{"hesa": "2", "def": "2", "within-4": "true"}
	const rounds = 6
	// win(k, sa, sb) is (P(A wins), P(B wins)) with k turns left, A's
	// turn when k is even (A first).
	var win func(k int, sa, sb bool) (float64, float64)
	win = func(k int, sa, sb bool) (float64, float64) {
		if k == 0 {
			return 0, 0
		}
		if k%2 == 0 { // A fires: HESA 3 + within 4 (if not suppressed) − B's Def 1
			out, supp := fireP(3 + b2i(!sa) - 1)
			x1, y1 := win(k-1, sa, true)
			x0, y0 := win(k-1, sa, sb)
			return out + supp*x1 + (1-out-supp)*x0, supp*y1 + (1-out-supp)*y0
		}
		out, supp := fireP(2 + b2i(!sb) - 2) // B: HESA 2 (+1) − A's Def 2
		x1, y1 := win(k-1, true, sb)
		x0, y0 := win(k-1, sa, sb)
		return supp*x1 + (1-out-supp)*x0, out + supp*y1 + (1-out-supp)*y0
	}
	wa, wb := win(2*rounds, false, false)
	e := engageRun(t, a, b, EngageSpec{Rounds: rounds}, sim.Exact, 1)
	if math.Abs(e.AWins.P-wa) > 1e-12 || math.Abs(e.BWins.P-wb) > 1e-12 {
		t.Errorf("P(A wins) %.9f, P(B wins) %.9f; the recursion %.9f, %.9f", e.AWins.P, e.BWins.P, wa, wb)
	}
	if e.States != [2]int{3, 3} {
		t.Errorf("states %v, want 3 a side (in action, suppressed, out)", e.States)
	}
	// Monte Carlo within 5 standard errors of it, outcome by outcome,
	// round by round and state by state.
	const n = 400_000
	mc := engageRun(t, a, b, EngageSpec{Rounds: rounds}, sim.MC, n)
	agreeEngage(t, e, mc, n)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// agreeEngage checks a Monte Carlo engagement against the exact one.
func agreeEngage(t *testing.T, exact, mc *Engagement, trials float64) {
	t.Helper()
	near := func(what string, p, q float64) {
		se := math.Sqrt(max(p*(1-p), 1e-6) / trials)
		if math.Abs(p-q) > 5*se {
			t.Errorf("%s: monte carlo %.5f, exact %.5f (more than 5 standard errors, %.5f)", what, q, p, se)
		}
	}
	near("a-wins", exact.AWins.P, mc.AWins.P)
	near("b-wins", exact.BWins.P, mc.BWins.P)
	near("both-out", exact.Both.P, mc.Both.P)
	near("neither", exact.Neither.P, mc.Neither.P)
	for k := range exact.ByRound {
		near("A by round", exact.ByRound[k].CumA, mc.ByRound[k].CumA)
		near("B by round", exact.ByRound[k].CumB, mc.ByRound[k].CumB)
	}
	for k := range exact.StatesA {
		near("A "+exact.StatesA[k].Name, exact.StatesA[k].P, mc.StatesA[k].P)
		near("B "+exact.StatesB[k].Name, exact.StatesB[k].P, mc.StatesB[k].P)
	}
}

// TestEngageRefusals: what the sheet does not have is refused, naming the
// flag.
func TestEngageRefusals(t *testing.T) {
	a := map[string]string{"hesa": "3", "def": "1"}
	qa := chainQuery(t, "opposed", "fire", a, nil, "out-of-action", 1)
	qa.Until = nil
	opts := Options{Sim: sim.Options{Trials: 1, Seed: 1, Workers: 1, Method: sim.Exact}}
	for _, c := range []struct {
		spec EngageSpec
		flag string
	}{
		{EngageSpec{Rounds: 3, Simultaneous: true}, "simultaneous"},
		{EngageSpec{Rounds: 0}, "rounds"},
		{EngageSpec{Rounds: 3, Ends: "nowhere"}, "ends"},
	} {
		_, err := Engage(context.Background(), qa, qa, EngageCards{}, c.spec, opts)
		var qe *Error
		if !errors.As(err, &qe) || qe.Flag != c.flag {
			t.Errorf("%+v: %v, want an error naming --%s", c.spec, err, c.flag)
		}
	}
}

// TestEngageRof: two rof 1 teams in hard cover exchange fire, quality 4.
// The expected figures are a recursion written here from sheet 002 by
// hand, not from the fire action's code: a die hits on 4+ (1/2); one
// RFP's Received Fire Check in hard cover is killed on 1, suppressed on
// 2-3, ready on 4+; a suppressed team in hard cover needs two killed
// results, so one RFP never kills it, and it keeps its RFPs (no rally at
// its next activation, where they are spent); a suppressed team without
// RFPs rallies on 4+ and then fires; a suppressed team may not fire.
func TestEngageRof(t *testing.T) {
	side := map[string]string{"rof": "1", "cover": "hard", "rally-quality": "4"}
	const (
		ready = iota
		supp
		suppRFP
	)
	// win(k, turn, sa, sb): (P(A wins), P(B wins)) with k activations
	// left, turn 0 A's.
	var win func(k, turn int, st [2]int) (float64, float64)
	win = func(k, turn int, st [2]int) (float64, float64) {
		if k == 0 {
			return 0, 0
		}
		next := func(st [2]int) (float64, float64) { return win(k-1, 1-turn, st) }
		me, them := turn, 1-turn
		fire := func(st [2]int) (float64, float64) { // me is ready: it fires
			var a, b float64
			add := func(p float64, s [2]int) {
				x, y := next(s)
				a, b = a+p*x, b+p*y
			}
			add(0.5, st) // a miss: no RFP, nothing changes
			if st[them] == ready {
				if me == 0 {
					a += 0.5 / 6
				} else {
					b += 0.5 / 6
				}
				s := st
				s[them] = suppRFP
				add(0.5/3, s)
				add(0.25, st) // ready, its RFPs spent in the check
			} else {
				s := st
				s[them] = suppRFP
				add(0.5, s)
			}
			return a, b
		}
		switch st[me] {
		case ready:
			return fire(st)
		case suppRFP:
			s := st
			s[me] = supp
			return next(s)
		}
		r := st
		r[me] = ready
		a1, b1 := fire(r)
		a0, b0 := next(st) // not rallied: suppressed, no fire
		return 0.5*a1 + 0.5*a0, 0.5*b1 + 0.5*b0
	}
	for _, rounds := range []int{1, 3} {
		wa, wb := win(2*rounds, 0, [2]int{})
		qa := chainQuery(t, "rof", "fire", side, nil, "target-team-killed", 1)
		qb := chainQuery(t, "rof", "fire", side, nil, "target-team-killed", 1)
		qa.Until, qb.Until = nil, nil
		es, err := Engage(context.Background(), qa, qb, EngageCards{}, EngageSpec{Rounds: rounds}, Options{Sim: sim.Options{Trials: 1, Seed: 1, Workers: 1, Method: sim.Exact}})
		if err != nil {
			t.Fatal(err)
		}
		e := es[0]
		if math.Abs(e.AWins.P-wa) > 1e-12 || math.Abs(e.BWins.P-wb) > 1e-12 {
			t.Errorf("%d rounds: P(A wins) %.9f, P(B wins) %.9f; by hand %.9f, %.9f", rounds, e.AWins.P, e.BWins.P, wa, wb)
		}
		if rounds == 1 && (math.Abs(wa-1.0/12) > 1e-15 || math.Abs(wb-0.75/12) > 1e-15) {
			t.Errorf("round 1 by hand: %v, %v, want 1/12 and 3/4 × 1/12", wa, wb)
		}
		if rounds == 3 {
			mc, err := Engage(context.Background(), qa, qb, EngageCards{}, EngageSpec{Rounds: rounds}, Options{Sim: sim.Options{Trials: 400_000, Seed: 11, Workers: 2, Method: sim.MC}})
			if err != nil {
				t.Fatal(err)
			}
			agreeEngage(t, e, mc[0], 400_000)
		}
	}
}

// TestEngageSymbolByHand: two units exchange red:1 against blue:1 at
// infantry, on the test's own dice (symbolEnv: damage point, suppression
// or blank, a third each), two rounds, counted by hand. Round 1 can
// eliminate no one. After it B is half strength, suppressed or unharmed,
// a third each; in round 2 A eliminates it only from half strength with
// a damage point (1/9), and B, still in the fight (8/9), A likewise
// (1/9): A 1/9, B 8/81. With --suppressed-holds-fire a suppressed unit
// does not fire: B fires in round 1 unless A's first attack suppressed
// it (2/3), so A is half strength (2/9) or suppressed (2/9) after it;
// A wins in round 2 only if not suppressed (2/3 of the third of exchanges
// with B at half strength) and rolls a damage point: 1/3 × 2/3 × 1/3 =
// 2/27; B fires in round 2 from unharmed unless suppressed again (1/3 ×
// 2/3) or from half strength with a blank (1/3 × 1/3), each time having
// fired in round 1, and eliminates A at half strength (1/3 × 1/3): 1/27.
func TestEngageSymbolByHand(t *testing.T) {
	flags := map[string]string{"attack": "red:1", "defence": "blue:1", "target": "infantry"}
	for _, c := range []struct {
		holds bool
		a, b  float64
	}{{false, 1.0 / 9, 8.0 / 81}, {true, 2.0 / 27, 1.0 / 27}} {
		qa := chainQuery(t, "symbol", "fire", flags, symbolEnv(), "eliminated", 1)
		qb := chainQuery(t, "symbol", "fire", flags, symbolEnv(), "eliminated", 1)
		qa.Until, qb.Until = nil, nil
		spec := EngageSpec{Rounds: 2, Readings: map[string]bool{"suppressed-holds-fire": c.holds}}
		es, err := Engage(context.Background(), qa, qb, EngageCards{}, spec, Options{Sim: sim.Options{Trials: 1, Seed: 1, Workers: 1, Method: sim.Exact}})
		if err != nil {
			t.Fatal(err)
		}
		e := es[0]
		if math.Abs(e.AWins.P-c.a) > 1e-12 || math.Abs(e.BWins.P-c.b) > 1e-12 || e.ByRound[0].CumA+e.ByRound[0].CumB != 0 {
			t.Errorf("holds fire %v: P(A wins) %.9f, P(B wins) %.9f; by hand %.9f, %.9f", c.holds, e.AWins.P, e.BWins.P, c.a, c.b)
		}
		mc, err := Engage(context.Background(), qa, qb, EngageCards{}, spec, Options{Sim: sim.Options{Trials: 400_000, Seed: 13, Workers: 2, Method: sim.MC}})
		if err != nil {
			t.Fatal(err)
		}
		agreeEngage(t, e, mc[0], 400_000)
	}
}

// TestEngageSimultaneous: the engine's simultaneous rounds, on opposed
// fire declared simultaneous for the test (its sheet does not have it).
// Each round both fire from the states before it: A alone puts B out
// with 0.28 × 0.85 = 0.238, B alone 0.72 × 0.15 = 0.108, both 0.042, no
// one 0.612; over 4 rounds each is that times (1 − 0.612⁴) / 0.388.
func TestEngageSimultaneous(t *testing.T) {
	qa := chainQuery(t, "opposed", "fire", map[string]string{"hesa": "3", "def": "1"}, nil, "out-of-action", 1)
	qb := chainQuery(t, "opposed", "fire", map[string]string{"hesa": "2", "def": "2"}, nil, "out-of-action", 1)
	for _, q := range []*Query{qa, qb} {
		act := *q.Action
		eng := *act.Engage
		eng.Simultaneous = true
		act.Engage = &eng
		q.Action, q.Until = &act, nil
	}
	spec := EngageSpec{Rounds: 4, Simultaneous: true}
	es, err := Engage(context.Background(), qa, qb, EngageCards{}, spec, Options{Sim: sim.Options{Trials: 1, Seed: 1, Workers: 1, Method: sim.Exact}})
	if err != nil {
		t.Fatal(err)
	}
	e := es[0]
	f := (1 - math.Pow(0.612, 4)) / 0.388
	for _, c := range []struct {
		what      string
		got, want float64
	}{{"A wins", e.AWins.P, 0.238 * f}, {"B wins", e.BWins.P, 0.108 * f}, {"both out", e.Both.P, 0.042 * f}, {"neither", e.Neither.P, math.Pow(0.612, 4)}} {
		if math.Abs(c.got-c.want) > 1e-12 {
			t.Errorf("%s: %.9f, want %.9f", c.what, c.got, c.want)
		}
	}
	mc, err := Engage(context.Background(), qa, qb, EngageCards{}, spec, Options{Sim: sim.Options{Trials: 400_000, Seed: 17, Workers: 2, Method: sim.MC}})
	if err != nil {
		t.Fatal(err)
	}
	agreeEngage(t, e, mc[0], 400_000)
}

// FuzzAttackSpec: reading an attack's words never panics, and what it
// accepts names a system and an action of its own.
func FuzzAttackSpec(f *testing.F) {
	for _, s := range []string{"opposed fire --hesa 3 --def 1", "rof fire --rof 4+2 --leader", "symbol fire --attacker mg-team --range close", "opposed", "", "opposed fire --hesa", "x y --z=1"} {
		f.Add(s)
	}
	systems := all.Systems()
	f.Fuzz(func(t *testing.T, text string) {
		sp, err := AttackSpec("a", text, systems, func(name string) bool { return name == "seed" })
		if err == nil && (sp.System == nil || sp.Action == nil) {
			t.Errorf("%q: accepted without a system and an action", text)
		}
	})
}
