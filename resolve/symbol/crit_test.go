package symbol

import (
	"math"
	"slices"
	"testing"

	"odds/dice"
	"odds/resolve"
	"odds/sim/simtest"
)

// critEnv is the test's dice and tables with a black attack die that
// always shows one critical hit, so that an attack of black:n leaves
// exactly n critical hits, and an OAS whose every accuracy cell is
// black:2.
func critEnv() *resolve.Env {
	env := testEnv()
	env.Dice = append(env.Dice, resolve.DieSpec{Name: "black-attack", Role: "attack", Colour: "black", Strength: 4,
		Faces: [][]string{{"critical-hit"}, {"critical-hit"}}})
	tables := map[string]*resolve.Table{}
	for k, v := range env.Tables {
		tables[k] = v
	}
	tables["oas-accuracy"] = uniformAccuracy("black:2")
	env.Tables = tables
	return env
}

// uniformAccuracy is an accuracy table with pool in every cell.
func uniformAccuracy(pool string) *resolve.Table {
	t := accuracyTable(pool, pool, pool, pool, pool, pool)
	for _, row := range t.Rows {
		row["fast-action"] = pool
	}
	return t
}

func compileEnv(t *testing.T, env *resolve.Env, action string, set map[string]string) resolve.Plan {
	t.Helper()
	act := System().Action(action)
	p, err := act.Compile(simtest.Args(t, act, set, env))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// Two critical hits are one comparison roll of two green attack dice
// against two blue defence dice (sheet 000's example), the strongest
// symbol left giving one result. Counted over the 6^4 = 1296 joint faces
// of the test's green attack dice (damage point x2, double suppression,
// X suppression, suppression, blank) and blue defence dice (suppression
// x2, damage point, blank x3), same-kind cancelling: a damage point is
// left when the greens show more damage points than the blues: P(greens
// 1) P(blues 0) + P(greens 2) P(blues <= 1) = 16/36 * 25/36 + 4/36 * 35/36
// = 540/1296; else a suppression 404, else an X suppression 200, nothing
// 152 (enumerated by a separate script over the faces, not through this
// package). Against a vehicle (10.7.6): damage point: fallback;
// suppression or X suppression: suppressed. One one-die roll per critical
// hit (the old reading) made it fall back or worse on 876/1296 (any damage
// point of two rolls, 1 - (26/36)^2, or two suppressions, (16/36)^2).
func TestCritsPooled(t *testing.T) {
	env := critEnv()
	want := map[string]float64{"fallback": 540.0 / 1296, "suppressed": 604.0 / 1296, "no-effect": 152.0 / 1296}
	check(t, "fire black:2 vs vehicle", compileEnv(t, env, "fire", map[string]string{"attack": "black:2", "defence": "none", "target": "vehicle"}), want)
	// Against infantry (10.7.5) a damage point, suppression or X
	// suppression left all suppress: 540 + 404 + 200 = 1144 of 1296.
	check(t, "fire black:2 vs infantry", compileEnv(t, env, "fire", map[string]string{"attack": "black:2", "defence": "none", "target": "infantry"}),
		map[string]float64{"suppressed": 1144.0 / 1296, "no-effect": 152.0 / 1296})
	// The same roll in an OAS mission whose every accuracy cell is black:2.
	check(t, "barrage black:2 vs vehicle", compileEnv(t, env, "barrage", map[string]string{"defence": "none", "target": "vehicle", "auto-spotted": "true"}), want)
	// And in close combat ("as ranged fire"): one round, a vehicle with no
	// dice, the assault unit's black:2: the vehicle falls back (the
	// assault unit holds) on 540/1296, else both remain.
	p := compileEnv(t, env, "close-combat", map[string]string{
		"attacker-attack": "black:2", "attacker-defence": "none", "attacker-type": "infantry",
		"defender-attack": "none", "defender-defence": "none", "defender-type": "vehicle", "max-rounds": "1",
	})
	check(t, "close combat black:2 vs vehicle", p, map[string]float64{"attacker-holds": 540.0 / 1296, "both-remain": 756.0 / 1296})
}

// critRolls against a plain enumeration of every face of n green attack
// and n blue defence dice (the test's), cancelling symbol by symbol with
// ints, not tallies: the pools of 1, 2 and 4 dice it rolls in binary
// chunks give the same distribution, and so do the whole-number odds
// Monte Carlo draws for up to four dice a side. At 40 dice (pools of 32
// and 8) Monte Carlo agrees with the exact distribution.
func TestCritRollsEnumerated(t *testing.T) {
	faces := func(fs [][]string) [][kinds]int {
		var out [][kinds]int
		for _, f := range fs {
			var c [kinds]int
			for _, sym := range f {
				c[slices.Index(symbolNames, sym)]++
			}
			out = append(out, c)
		}
		return out
	}
	g, b := faces(greenAttack), faces(blueDefence)
	gd, bd := dice.Die{}, dice.Die{}
	for _, f := range greenAttack {
		gd = append(gd, tallyOf(f))
	}
	for _, f := range blueDefence {
		bd = append(bd, tallyOf(f))
	}
	for _, rule := range []int{sameKind, kindOrWeaker} {
		cr := newCritRolls(gd, bd, rule, 40)
		for n := 1; n <= 3; n++ {
			var want [kinds + 1]float64
			total := math.Pow(6, float64(2*n))
			for i := range int(total) {
				var a, d [kinds]int
				x := i
				for range n {
					for k := range kinds {
						a[k] += g[x%6][k]
						d[k] += b[x/6%6][k]
					}
					x /= 36
				}
				// Cancel: same kind, or a spare defence symbol of a
				// stronger kind cancels a weaker one.
				spare, best := 0, kinds
				for k := range kinds {
					avail := d[k]
					if rule == kindOrWeaker {
						avail += spare
					}
					left := max(0, a[k]-avail)
					spare = avail - (a[k] - left)
					if left > 0 && best == kinds {
						best = k
					}
				}
				want[best] += 1 / total
			}
			work := int64(1 << 40)
			got, _ := cr.probs(n, &work)
			for k := range want {
				if math.Abs(got[k]-want[k]) > 1e-12 {
					t.Errorf("rule %d, %d critical hits: P(%d) = %.12f, want %.12f", rule, n, k, got[k], want[k])
				}
			}
			// What Monte Carlo draws: one digit of the whole-number odds
			// (n up to maxOddsDice), replayed here outcome by outcome.
			if n > len(cr.odds) {
				t.Fatalf("%d critical hits are not drawn as one digit (%d odds)", n, len(cr.odds))
			}
			var drawn [kinds + 1]float64
			e := dice.NewEnumerator(10)
			for {
				drawn[cr.sample(e.Stream(), n)] += e.Weight()
				if !e.Next() {
					break
				}
			}
			for k := range want {
				if math.Abs(drawn[k]-want[k]) > 1e-12 {
					t.Errorf("rule %d, %d critical hits drawn as one digit: P(%d) = %.12f, want %.12f", rule, n, k, drawn[k], want[k])
				}
			}
		}
		// 40 critical hits: pools of 32 and 8 dice.
		work := int64(1 << 40)
		want, _ := cr.probs(40, &work)
		s := dice.New(7, 1)
		const trials = 200_000
		var counts [kinds + 1]float64
		for range trials {
			counts[cr.sample(s, 40)]++
		}
		for k, p := range want {
			se := math.Sqrt(p*(1-p)/trials) + 1e-9
			if d := math.Abs(counts[k]/trials - p); d > 5*se {
				t.Errorf("rule %d, 40 critical hits: P(%d) %.5f by Monte Carlo, %.5f exact (%.1f SE)", rule, k, counts[k]/trials, p, d/se)
			}
		}
	}
}

// 40 attack dice of double critical hits leave up to 80 critical hits,
// whose comparison roll of 80 green dice a side can show more than 127
// of a symbol (past what subSat handles): green dice of two critical hits
// a face against blue dice of one always leave a critical hit, and 80
// dice cancelled by blue dice of two leave nothing.
func TestCritRollsWide(t *testing.T) {
	two, one := dice.Die{dice.Tally(2)}, dice.Die{dice.Tally(1)}
	for _, rule := range []int{sameKind, kindOrWeaker} {
		for _, c := range []struct {
			blue dice.Die
			want int
		}{{one, crit}, {two, kinds}} {
			cr := newCritRolls(two, c.blue, rule, 80)
			work := int64(1 << 40)
			got, ok := cr.probs(80, &work)
			if !ok || got[c.want] != 1 {
				t.Errorf("rule %d, blue %v: 80 critical hits' comparison roll %v, want all on %d", rule, c.blue, got, c.want)
			}
			if s := cr.sample(dice.New(1, 1), 80); s != c.want {
				t.Errorf("rule %d, blue %v: sampled %d, want %d", rule, c.blue, s, c.want)
			}
		}
	}
}
