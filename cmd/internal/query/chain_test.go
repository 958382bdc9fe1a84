package query

import (
	"context"
	"errors"
	"math"
	"testing"

	"odds/resolve"
	"odds/resolve/all"
	"odds/sim"
)

// chainQuery is a query of system's action with the flags given (one
// value each) and --until.
func chainQuery(t testing.TB, system, action string, flags map[string]string, env *resolve.Env, until string, attacks int) *Query {
	t.Helper()
	var sys *resolve.System
	for _, s := range all.Systems() {
		if s.Name == system {
			sys = s
		}
	}
	act := sys.Action(action)
	q := &Query{System: sys, Action: act, Values: map[string][]resolve.Value{}, GivenBy: "flag", Env: env,
		Until: &Until{Outcome: until, Attacks: attacks}}
	for name, s := range flags {
		vs, err := resolve.ParseValues(act.Param(name), s)
		if err != nil {
			t.Fatal(err)
		}
		q.Values[name] = vs
	}
	return q
}

func runChain(t *testing.T, q *Query, method sim.Method, seed uint64) *Chain {
	t.Helper()
	rep, err := Run(context.Background(), []*Query{q}, Options{Sim: sim.Options{Trials: 400_000, Seed: seed, Workers: 2, Method: method}})
	if err != nil {
		t.Fatal(err)
	}
	r := rep[0]
	if r.Exact != (method == sim.Exact) {
		t.Fatalf("exact = %v with method %v", r.Exact, method)
	}
	return r.Chain
}

// agree checks that a Monte Carlo chain is within 5 standard errors of
// the exact one, attack by attack and state by state.
func agree(t *testing.T, exact, mc *Chain, trials float64) {
	t.Helper()
	near := func(what string, p, q float64) {
		se := math.Sqrt(max(p*(1-p), 1e-6) / trials)
		if math.Abs(p-q) > 5*se {
			t.Errorf("%s: monte carlo %.5f, exact %.5f (more than 5 standard errors, %.5f)", what, q, p, se)
		}
	}
	for k := range exact.ByAttack {
		near("by attack", exact.ByAttack[k].P, mc.ByAttack[k].P)
	}
	for i := range exact.States {
		near(exact.States[i].Name, exact.States[i].P, mc.States[i].P)
	}
}

// Opposed fire's attacks are independent: hesa 3 against def 1 takes the
// target out of action on a margin of 5 or more, 28 of the 100 d10 pairs
// (counted: d10+3 - (d10+1) >= 5, i.e. firer - target >= 3: 7+6+...+1 =
// 28), so P(by attack k) = 1 - 0.72^k.
func TestChainOpposedIndependent(t *testing.T) {
	q := chainQuery(t, "opposed", "fire", map[string]string{"hesa": "3", "def": "1"}, nil, "out-of-action", 4)
	c := runChain(t, q, sim.Exact, 1)
	for k, iv := range c.ByAttack {
		if want := 1 - math.Pow(0.72, float64(k+1)); math.Abs(iv.P-want) > 1e-12 {
			t.Errorf("P(by attack %d) = %.15f, want 1 - 0.72^%d = %.15f", k+1, iv.P, k+1, want)
		}
	}
	if want := math.Pow(0.72, 4); math.Abs(c.NotReached.P-want) > 1e-12 {
		t.Errorf("not reached = %v, want 0.72^4 = %v", c.NotReached.P, want)
	}
	// E[T | T <= 4]: sum k 0.28 0.72^(k-1) over k = 1..4, over 1 - 0.72^4.
	num := 0.0
	for k := 1; k <= 4; k++ {
		num += float64(k) * 0.28 * math.Pow(0.72, float64(k-1))
	}
	if want := num / (1 - math.Pow(0.72, 4)); math.Abs(c.MeanIfReached-want) > 1e-12 {
		t.Errorf("mean if reached = %v, want %v", c.MeanIfReached, want)
	}
	agree(t, c, runChain(t, q, sim.MC, 7), 400_000)
}

// symbolEnv is the test's own dice: a red attack die of damage point,
// suppression and blank; a blank blue defence die; the green defence die
// a suppressed defender adds, suppression or blank.
func symbolEnv() *resolve.Env {
	die := func(role, colour string, strength int, faces [][]string) resolve.DieSpec {
		return resolve.DieSpec{Name: colour + "-" + role, Role: role, Colour: colour, Strength: strength, Faces: faces}
	}
	return &resolve.Env{
		Dice: []resolve.DieSpec{
			die("attack", "red", 3, [][]string{{"damage-point"}, {"suppression"}, {}}),
			die("attack", "green", 2, [][]string{{"suppression"}, {}}),
			die("defence", "blue", 1, [][]string{{}, {}}),
			die("defence", "green", 2, [][]string{{"suppression"}, {}}),
		},
		Tables: map[string]*resolve.Table{
			"ranged-fire-modifications": {Rows: map[string]map[string]string{
				"firing": {"defender": "none", "defender-fast-vehicle": "none", "spotting-failed": "blue", "spotting-failed-fast-vehicle": "blue"},
			}},
		},
	}
}

// Two attacks of red:1 against blue:1 (blank) at infantry, counted by
// hand. Attack 1 from unharmed: damage 1/3 (half strength), suppression
// 1/3 (suppressed), blank 1/3. Attack 2: from half strength, a damage
// point eliminates (1/3), a suppression adds suppressed (1/3); from
// suppressed, the green defence die cancels a suppression half the time,
// else the unit, suppressed again, falls back (1/3 * 1/2), and a damage
// point leaves it suppressed at half strength (1/3). So P(fallback or
// worse by attack 2) = 1/9 (eliminated) + 1/18 (fallback) = 1/6, and the
// states after two attacks are eliminated 2/18, suppressed+half-strength
// 4/18, half-strength 4/18, suppressed+fallback 1/18, suppressed 5/18,
// unharmed 2/18.
func TestChainSymbolByHand(t *testing.T) {
	q := chainQuery(t, "symbol", "fire", map[string]string{"attack": "red:1", "defence": "blue:1", "target": "infantry"}, symbolEnv(), "fallback", 2)
	c := runChain(t, q, sim.Exact, 1)
	if c.ByAttack[0].P != 0 || math.Abs(c.ByAttack[1].P-1.0/6) > 1e-12 {
		t.Errorf("P(by attack 1, 2) = %v, %v, want 0, 1/6", c.ByAttack[0].P, c.ByAttack[1].P)
	}
	want := map[string]float64{"eliminated": 2.0 / 18, "suppressed+half-strength": 4.0 / 18, "half-strength": 4.0 / 18,
		"suppressed+fallback": 1.0 / 18, "suppressed": 5.0 / 18, "unharmed": 2.0 / 18}
	for _, s := range c.States {
		if math.Abs(s.P-want[s.Name]) > 1e-12 {
			t.Errorf("state %s: %v, want %v", s.Name, s.P, want[s.Name])
		}
	}
	agree(t, c, runChain(t, q, sim.MC, 11), 400_000)
}

// Cohesion fire at a concealed unit of Cohesion 7 with a DRM of 2: the
// d10 + 2 is 7 (1/10: concealment lost), 8 or 9 (2/10: disrupted), 10 or
// more (3/10: a casualty), else nothing (4/10). Attack 2 from disrupted:
// 8 or 9 is a casualty too, so P(casualty by 2) = 3/10 + 5/10*3/10
// (concealed or not) + 2/10*5/10 (disrupted) = 0.3 + 0.15 + 0.1 = 0.55.
func TestChainCohesionByHand(t *testing.T) {
	q := chainQuery(t, "cohesion", "fire", map[string]string{"sa-drm": "2", "cohesion": "7", "concealed": "true"}, nil, "casualty", 2)
	c := runChain(t, q, sim.Exact, 1)
	if math.Abs(c.ByAttack[0].P-0.3) > 1e-12 || math.Abs(c.ByAttack[1].P-0.55) > 1e-12 {
		t.Errorf("P(by attack 1, 2) = %v, %v, want 0.3, 0.55", c.ByAttack[0].P, c.ByAttack[1].P)
	}
	agree(t, c, runChain(t, q, sim.MC, 5), 400_000)
}

// Rof fire at one infantry team in hard cover, RoF 1, rally quality 4,
// counted by hand. Attack 1: a hit (1/2) gives one RFP, checked on the
// hard cover table: killed 1/6, suppressed 2/6, ready 3/6; so killed
// 1/12, suppressed 1/6, ready 3/4. Attack 2 from ready: killed 1/12 again
// (3/4 * 1/12 = 1/16); from suppressed, in hard cover one killed result
// is not enough, so no kill: a hit leaves it suppressed (1/2), a miss
// leaves it without RFPs to roll its rally check (1/2 * 1/2 rallies). So
// P(killed by 2) = 1/12 + 1/16 = 7/48, and the states after two: killed
// 7/48, suppressed 3/4*2/12 + 1/6*3/4 = 12/48, ready 3/4*3/4 + 1/6*1/4 =
// 29/48.
func TestChainRofByHand(t *testing.T) {
	q := chainQuery(t, "rof", "fire", map[string]string{"rof": "1", "cover": "hard", "rally-quality": "4"}, nil, "target-team-killed", 2)
	c := runChain(t, q, sim.Exact, 1)
	if math.Abs(c.ByAttack[0].P-1.0/12) > 1e-12 || math.Abs(c.ByAttack[1].P-7.0/48) > 1e-12 {
		t.Errorf("P(by attack 1, 2) = %v, %v, want 1/12, 7/48", c.ByAttack[0].P, c.ByAttack[1].P)
	}
	want := map[string]float64{"killed": 7.0 / 48, "suppressed": 12.0 / 48, "ready": 29.0 / 48, "destroyed": 0}
	for _, s := range c.States {
		if math.Abs(s.P-want[s.Name]) > 1e-12 {
			t.Errorf("state %s: %v, want %v", s.Name, s.P, want[s.Name])
		}
	}
	agree(t, c, runChain(t, q, sim.MC, 13), 400_000)
}

// A chain the sheets do not define is refused with a one-line error
// naming the flag.
func TestChainRefused(t *testing.T) {
	for _, tc := range []struct {
		system, action string
		flags          map[string]string
		until, flag    string
	}{
		{"rof", "fire", map[string]string{"rof": "4"}, "target-team-killed", "rally-quality"},
		{"rof", "fire", map[string]string{"rof": "4", "ar": "2", "at": "3", "target-teams": "2", "rally-quality": "4"}, "target-team-killed", "target-teams"},
		{"rof", "move", map[string]string{}, "1", "until"},
		{"opposed", "fire", map[string]string{"hesa": "3", "def": "1"}, "eliminated", "until"},
		{"symbol", "fire", map[string]string{"attack": "red:1", "defence": "blue:1", "target": "infantry", "damage-capacity": "2"}, "eliminated", "damage-capacity"},
		{"cohesion", "fire", map[string]string{"sa-drm": "2", "cohesion": "7", "rider": "true"}, "casualty", "rider"},
	} {
		q := chainQuery(t, tc.system, tc.action, tc.flags, symbolEnv(), tc.until, 3)
		_, err := Run(context.Background(), []*Query{q}, Options{Sim: sim.Options{Trials: 1000, Seed: 1, Method: sim.Exact}})
		var e *Error
		if !errors.As(err, &e) || e.Flag != tc.flag {
			t.Errorf("%s %s: error %v, want one naming --%s", tc.system, tc.action, err, tc.flag)
		}
	}
}

// BenchmarkChain compares a chain's exact answer (the Markov chain over
// the target's states) with 100,000 Monte Carlo chains of the same
// attacks: symbol fire at infantry, six attacks.
func BenchmarkChain(b *testing.B) {
	q := chainQuery(b, "symbol", "fire", map[string]string{"attack": "red:3", "defence": "blue:2", "target": "infantry"}, symbolEnv(), "eliminated", 6)
	for _, m := range []sim.Method{sim.Exact, sim.MC} {
		b.Run(m.String(), func(b *testing.B) {
			for b.Loop() {
				if _, err := Run(context.Background(), []*Query{q}, Options{Sim: sim.Options{Trials: 100_000, Seed: 1, Workers: 1, Method: m}}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// Chains over the built-in cards and dice, with more of each system's
// states in play (a vehicle's immobilized and fallback, a spotting roll,
// a shocked AFV, armour's ping dice): Monte Carlo within 5 standard
// errors of the exact chain, attack by attack and state by state.
func TestChainAgreement(t *testing.T) {
	for i, c := range []struct {
		system, action string
		cards          map[string]string
		flags          map[string]string
		until          string
	}{
		{"symbol", "fire", map[string]string{"attacker": "tank", "defender": "half-track"}, map[string]string{"range": "medium", "spot": "true"}, "eliminated"},
		{"symbol", "fire", map[string]string{"attacker": "mg-team", "defender": "rifle-squad"}, map[string]string{"range": "close", "defender-experience": "recruit"}, "fallback"},
		{"cohesion", "fire", nil, map[string]string{"at-drm": "3+1", "av": "4", "afv": "true"}, "destroyed"},
		{"rof", "fire", nil, map[string]string{"rof": "2", "at": "3", "ar": "3", "rally-quality": "5", "suppressed": "true"}, "target-team-suppressed"},
		{"opposed", "tank-hunt", nil, map[string]string{"def": "3", "engineers": "true"}, "suppressed"},
	} {
		q, _, err := New(spec(t, c.system, c.action, c.flags, c.cards), builtins)
		if err != nil {
			t.Fatal(err)
		}
		q.Until = &Until{Outcome: c.until, Attacks: 5}
		exact := runChain(t, q, sim.Exact, 1)
		if exact.ByAttack[4].P <= exact.ByAttack[0].P {
			t.Errorf("case %d: P(by attack 5) %v not above P(by attack 1) %v", i, exact.ByAttack[4].P, exact.ByAttack[0].P)
		}
		agree(t, exact, runChain(t, q, sim.MC, uint64(20+i)), 400_000)
	}
}
