package symbol

import (
	"testing"

	"odds/resolve"
	"odds/sim/simtest"
)

// critEnv is the test's dice and tables with a black attack die that
// always shows one critical hit, so that an attack of black:n leaves
// exactly n critical hits, and an OAS whose every accuracy cell is
// black:2.
func critEnv() *resolve.Env {
	env := testEnv()
	env.Dice = append(env.Dice, resolve.Die{Name: "black-attack", Role: "attack", Colour: "black", Strength: 4,
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
