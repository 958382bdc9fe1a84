package symbol

import (
	"context"
	"fmt"
	"math"
	"slices"
	"testing"

	"odds/dice"
	"odds/resolve"
	"odds/sim"
	"odds/sim/simtest"
)

// cc compiles a close combat of infantry against infantry over the
// test's dice, with set on top.
func cc(t *testing.T, set map[string]string) resolve.Plan {
	t.Helper()
	base := map[string]string{
		"attacker-attack": "red:1", "attacker-defence": "blue:1", "attacker-type": "infantry",
		"defender-attack": "green:1", "defender-defence": "blue:1", "defender-type": "infantry",
	}
	for k, v := range set {
		base[k] = v
	}
	return compile(t, "close-combat", base)
}

// One red attack die against no defence, nothing fighting back, one
// round: the defender takes a damage point on two of red's six faces
// (damage point; damage point and suppression), and nothing else damages
// (the critical hit's comparison roll only suppresses): mean damage 1/3,
// and the fight is undecided after the round.
func TestCloseCombatOneRound(t *testing.T) {
	p := cc(t, map[string]string{"defender-attack": "none", "defender-defence": "none", "max-rounds": "1"})
	_, sum := exactSummary(t, p)
	for _, o := range sum.Outcomes {
		if want := map[string]float64{"both-remain": 1}[o.Name]; !simtest.Near(o.P, want) {
			t.Errorf("P(%s) = %v, want %v", o.Name, o.P, want)
		}
	}
	for _, s := range sum.Stats {
		want := map[string]float64{"rounds": 1, "defender-damage": 1.0 / 3}[s.Name]
		if !simtest.Near(s.Mean, want) {
			t.Errorf("mean %s = %v, want %v", s.Name, s.Mean, want)
		}
	}
}

// The Markov chain against the enumeration of whole fights (every die
// face of every round, through Trial), and Monte Carlo against both, over
// the modifiers of 11.1.2 and 11.1.3, each of which changes the answer.
// Two-round fights roll blue attack dice (no critical hits: enumerating
// comparison rolls in every round would take too long); one-round fights
// roll red.
func TestCloseCombatDriversAgree(t *testing.T) {
	blue := map[string]string{"attacker-attack": "blue:1", "defender-attack": "blue:1", "max-rounds": "2"}
	red := map[string]string{"attacker-attack": "red:1", "max-rounds": "1"}
	blue1 := map[string]string{"attacker-attack": "blue:1", "defender-attack": "blue:1", "max-rounds": "1"}
	variants := []map[string]string{blue, red, blue1}
	var base [][]float64
	for _, v := range variants {
		base = append(base, cells(t, cc(t, v)))
	}
	for i, c := range []struct {
		set   map[string]string
		round int // 0: blue over two rounds, 1: red in one, 2: blue in one
	}{
		{map[string]string{"attacker-supported": "true", "attacker-attack": "blue:2"}, 2},
		{map[string]string{"defender-supported": "true", "support-reroll": "every-round", "defender-defence": "blue:2"}, 2},
		{map[string]string{"outflanked": "true", "attacker-attack": "blue:2"}, 2},
		{map[string]string{"barbed-wire": "true", "attacker-attack": "green:1,blue:1"}, 2},
		{map[string]string{"defender-type": "vehicle", "defender-immobilized": "true", "defender-capacity": "2"}, 1},
		{map[string]string{"attacker-type": "vehicle", "attacker-attack": "green:1", "attacker-half-strength": "true"}, 0},
		{map[string]string{"defender-activated": "true", "defender-half-strength": "true", "defender-attack": "blue:2"}, 0},
		{map[string]string{"defender-suppressed": "true", "suppressed-again": "stays"}, 0},
		{map[string]string{"terrain": "light-forest", "fast-action": "true"}, 0},
		{map[string]string{"fortification": "trench", "side": "flank", "terrain": "light-forest"}, 0},
		{map[string]string{"attacker-withdraw": "when-losing", "defender-withdraw": "after-1"}, 0},
		{map[string]string{"cancel": "kind-or-weaker"}, 0},
		{map[string]string{"attacker-experience": "elite", "defender-experience": "hardened", "attacker-capacity": "2"}, 0},
		{map[string]string{"defender-type": "vehicle", "defender-capacity": "2"}, 1},
	} {
		set := map[string]string{}
		for k, v := range variants[c.round] {
			set[k] = v
		}
		for k, v := range c.set {
			set[k] = v
		}
		p := cc(t, set)
		conv, enum := exact(t, p), simtest.Exact(t, p)
		for _, o := range ccOutcomes {
			if math.Abs(conv[o]-enum[o]) > 1e-10 { // sums of millions of paths
				t.Errorf("case %d %v: P(%s) = %.12f by the chain, %.12f by enumeration", i, c.set, o, conv[o], enum[o])
			}
		}
		if slices.EqualFunc(cells(t, p), base[c.round], simtest.Near) {
			t.Errorf("case %d %v: the same answer as without the modifiers", i, c.set)
		}
		simtest.AgreeMC(t, p, conv, 200_000, uint64(7+i))
	}
}

// cells is the exact probability of every cell of p.
func cells(t *testing.T, p resolve.Plan) []float64 {
	t.Helper()
	c, _ := exactSummary(t, p)
	return c
}

// The round cap: its mass is both-remain, and raising it moves that mass
// to the decided outcomes without changing the rounds before it.
func TestCloseCombatCap(t *testing.T) {
	set := map[string]string{"attacker-attack": "blue:1", "defender-attack": "blue:1", "attacker-defence": "red:2", "defender-defence": "red:2"}
	short := exact(t, cc(t, map[string]string{"max-rounds": "2", "attacker-attack": "blue:1", "defender-attack": "blue:1", "attacker-defence": "red:2", "defender-defence": "red:2"}))
	set["max-rounds"] = "50"
	long := exact(t, cc(t, set))
	if short["both-remain"] < 0.1 || long["both-remain"] > 1e-9 {
		t.Errorf("both-remain: %v at 2 rounds, %v at 50", short["both-remain"], long["both-remain"])
	}
	if long["attacker-holds"] <= short["attacker-holds"] {
		t.Errorf("attacker-holds: %v at 2 rounds, %v at 50", short["attacker-holds"], long["attacker-holds"])
	}
}

// The exact distribution of a roll with re-rolls (by multisets of faces)
// against the enumeration of its Monte Carlo sampler (die by die).
func TestRerollDistribution(t *testing.T) {
	env := testEnv()
	for _, c := range []struct {
		pool string
		k    int
	}{{"blue:2", 1}, {"red:1,green:2,blue:1", 1}, {"red:2,blue:2", 2}, {"green:3", 3}} {
		rp, _ := resolve.ParsePool(c.pool)
		p, err := buildPool(env, "attack", rp, "attack")
		if err != nil {
			t.Fatal(err)
		}
		r, err := newRoll(p.sorted(), c.k, "attack")
		if err != nil {
			t.Fatal(err)
		}
		want := map[dice.Tally]float64{}
		e := dice.NewEnumerator(64)
		for {
			want[r.sample(e.Stream())] += e.Weight()
			if !e.Next() {
				break
			}
		}
		d := r.distribution(1e9)
		total := 0.0
		for i, tl := range d.tallies {
			total += d.probs[i]
			if math.Abs(d.probs[i]-want[tl]) > 1e-12 {
				t.Errorf("%s with %d re-rolls: P(%x) = %v, enumerated %v", c.pool, c.k, tl, d.probs[i], want[tl])
			}
		}
		if len(d.tallies) != len(want) || math.Abs(total-1) > 1e-12 {
			t.Errorf("%s with %d re-rolls: %d tallies (sum %v), enumerated %d", c.pool, c.k, len(d.tallies), total, len(want))
		}
		if nr, _ := newRoll(p.sorted(), 0, "attack"); c.k > 0 && fmt.Sprint(nr.distribution(1e9).probs) == fmt.Sprint(d.probs) {
			t.Errorf("%s: re-rolls change nothing", c.pool)
		}
	}
}

// Six dice a side fights out exactly within the auto budget, and a
// trial allocates nothing.
func TestCloseCombatLarge(t *testing.T) {
	p := cc(t, map[string]string{"attacker-attack": "red:2,green:2,blue:2", "attacker-defence": "red:2,green:2,blue:2",
		"defender-attack": "red:2,green:2,blue:2", "defender-defence": "red:2,green:2,blue:2",
		"attacker-supported": "true", "outflanked": "true", "attacker-capacity": "3", "defender-capacity": "3"})
	if _, ok := p.(sim.Exacter).Exact(context.Background(), sim.AutoPaths); !ok {
		t.Error("six dice a side have no exact answer within the auto budget")
	}
	s := dice.New(1, 1)
	counts := make([]uint64, p.Layout().Cells)
	if a := testing.AllocsPerRun(100, func() { p.Run(s, 100, counts) }); a != 0 {
		t.Errorf("%.1f allocations per Run", a)
	}
}

func TestCloseCombatErrors(t *testing.T) {
	for _, c := range []struct {
		set  map[string]string
		flag string
	}{
		{map[string]string{"attacker-withdraw": "sometimes"}, "attacker-withdraw"},
		{map[string]string{"defender-withdraw": "after-0"}, "defender-withdraw"},
		{map[string]string{"defender-immobilized": "true"}, "defender-immobilized"},
		{map[string]string{"fortification": "moat"}, "fortification"},
		{map[string]string{"terrain": "swamp"}, "terrain"},
		{map[string]string{"attacker-attack": "red:41"}, "attacker-attack"},
	} {
		act := System().Action("close-combat")
		v := act.Defaults()
		for k, s := range map[string]string{
			"attacker-attack": "red:1", "attacker-defence": "blue:1", "attacker-type": "infantry",
			"defender-attack": "green:1", "defender-defence": "blue:1", "defender-type": "infantry",
		} {
			vals, _ := resolve.ParseValues(act.Param(k), s)
			v[k] = vals[0]
		}
		parsed := true
		for k, s := range c.set {
			vals, err := resolve.ParseValues(act.Param(k), s)
			if err != nil {
				parsed = false
				if k != c.flag {
					t.Errorf("--%s %s does not parse", k, s)
				}
				break
			}
			v[k] = vals[0]
		}
		if !parsed {
			continue
		}
		_, err := act.Compile(act.Args(v, testEnv()))
		if fe, ok := err.(*resolve.FlagError); !ok || fe.Flag != c.flag {
			t.Errorf("%v: err = %v, want a --%s error", c.set, err, c.flag)
		}
	}
	act := System().Action("close-combat")
	_, err := act.Compile(act.Args(act.Defaults(), testEnv()))
	if fe, ok := err.(*resolve.FlagError); !ok || fe.Flag != "attacker-type" {
		t.Errorf("no cards, no flags: err = %v", err)
	}
}
