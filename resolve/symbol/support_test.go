package symbol

import (
	"context"
	"errors"
	"math"
	"testing"

	"odds/dice"
	"odds/resolve"
	"odds/sim"
	"odds/sim/simtest"
)

// support compiles an air or barrage mission at an infantry target with
// one blue defence die over the test's dice and tables.
func support(t *testing.T, action string, set map[string]string) resolve.Plan {
	t.Helper()
	base := map[string]string{"defence": "blue:1", "target": "infantry"}
	for k, v := range set {
		base[k] = v
	}
	return compile(t, action, base)
}

// statMeans is the exact mean of each numeric result (the flags' means
// are their probabilities).
func statMeans(t *testing.T, p resolve.Plan) map[string]float64 {
	t.Helper()
	_, sum := exactSummary(t, p)
	out := map[string]float64{}
	for _, s := range sum.Stats {
		out[s.Name] = s.Mean
	}
	return out
}

// Counted by hand: the AA roll of one red die (critical hit, damage point
// and suppression, damage point, suppression, X suppression, blank)
// destroys the TAS on 1 face in 6 and makes it abort on 3 (damage points,
// X suppression: turns away); the OAS with --arrival 4 misses on 3 faces
// in 6; with the accuracy roll 3 less and no spotting roll, a d6 of 1 to 4
// leaves 1 or less: friendly fire on 4 in 6.
func TestSupportHandCounted(t *testing.T) {
	air := exact(t, support(t, "air", map[string]string{"aa-range": "close"}))
	if !simtest.Near(air[tasDestroyed], 1.0/6) || !simtest.Near(air[tasAborted], 0.5) {
		t.Errorf("AA: destroyed %v, aborted %v; want 1/6, 1/2", air[tasDestroyed], air[tasAborted])
	}
	oas := exact(t, support(t, "barrage", map[string]string{"arrival": "4"}))
	if !simtest.Near(oas[notArrived], 0.5) {
		t.Errorf("arrival 4: not arrived %v, want 1/2", oas[notArrived])
	}
	ff := statMeans(t, support(t, "barrage", map[string]string{"auto-spotted": "true", "accuracy-modifier": "-3",
		"friendly-defence": "none", "friendly-type": "infantry"}))
	if !simtest.Near(ff["friendly-fire"], 4.0/6) {
		t.Errorf("friendly fire %v, want 2/3", ff["friendly-fire"])
	}
}

// The convolution against the enumeration of the missions' dice (through
// Trial) and Monte Carlo against both, over every step of the sequences.
func TestSupportDriversAgree(t *testing.T) {
	for i, c := range []struct {
		action string
		set    map[string]string
	}{
		{"air", map[string]string{}},
		{"air", map[string]string{"aa": "green:1", "terrain": "light-forest", "fast-action": "true"}},
		{"air", map[string]string{"second-run": "true", "auto-spotted": "true", "target-status": "suppressed"}},
		{"air", map[string]string{"second-run": "true", "delayed-action": "true", "auto-spotted": "true", "terrain": "light-forest"}},
		{"air", map[string]string{"second-run": "true", "target": "vehicle", "terrain": "light-forest"}},
		{"air", map[string]string{"friendly-defence": "blue:1", "friendly-type": "infantry", "accuracy-modifier": "-2"}},
		{"barrage", map[string]string{"building": "true", "blast": "red:1", "terrain": "clear", "damage-capacity": "2"}},
		{"barrage", map[string]string{"arrival": "3", "delayed-action": "true", "friendly-defence": "none", "friendly-type": "artillery",
			"accuracy-modifier": "-1", "cancel": "kind-or-weaker"}},
		{"barrage", map[string]string{"target": "vehicle", "target-status": "immobilized", "terrain": "light-forest"}},
		{"barrage", map[string]string{"friendly-defence": "blue:1", "friendly-type": "infantry", "friendly-experience": "hardened",
			"friendly-terrain": "light-forest", "friendly-status": "suppressed", "accuracy-modifier": "-2", "auto-spotted": "true"}},
	} {
		p := support(t, c.action, c.set)
		conv := cells(t, p)
		enum, err := sim.Run(context.Background(), struct{ resolve.Plan }{p}, sim.Options{Method: sim.Exact})
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		for cell := range conv {
			if math.Abs(conv[cell]-enum.Prob[cell]) > 1e-12 {
				t.Errorf("case %d %s %v: cell %d: %.12f by convolution, %.12f by enumeration", i, c.action, c.set, cell, conv[cell], enum.Prob[cell])
			}
		}
		simtest.AgreeMC(t, p, exact(t, p), 200_000, uint64(3+i))
	}
}

func TestSupportNoAllocations(t *testing.T) {
	p := support(t, "air", map[string]string{"aa": "green:1", "second-run": "true", "friendly-defence": "blue:1", "friendly-type": "infantry",
		"building": "true", "blast": "red:1"})
	s := dice.New(1, 1)
	counts := make([]uint64, p.Layout().Cells)
	if a := testing.AllocsPerRun(100, func() { p.Run(s, 100, counts) }); a != 0 {
		t.Errorf("%.1f allocations per Run", a)
	}
}

func TestSupportErrors(t *testing.T) {
	for _, c := range []struct {
		action string
		set    map[string]string
		flag   string
	}{
		{"air", map[string]string{"building": "true"}, "blast"},
		{"barrage", map[string]string{"blast": "red:1"}, "blast"},
		{"air", map[string]string{"friendly-defence": "blue:1"}, "friendly-type"},
		{"air", map[string]string{"aa-range": "long"}, "aa-range"},
		{"air", map[string]string{"aa": "purple:1"}, "aa"},
		{"barrage", map[string]string{"target-status": "immobilized"}, "target-status"},
		{"barrage", map[string]string{"terrain": "swamp"}, "terrain"},
	} {
		act := System().Action(c.action)
		set := map[string]string{"defence": "blue:1", "target": "infantry"}
		for k, v := range c.set {
			set[k] = v
		}
		_, err := act.Compile(simtest.Args(t, act, set, testEnv()))
		var fe *resolve.FlagError
		if !errors.As(err, &fe) || fe.Flag != c.flag {
			t.Errorf("%s %v: err = %v, want a --%s error", c.action, c.set, err, c.flag)
		}
	}
}

// The dice that do not score at least a suppression are set aside for
// friendly fire only after the attack on the target: their X suppressions
// still hit it, with or without a friendly unit. An OAS whose every
// accuracy cell is red:1 is then ranged fire with red:1. Counted over the
// test's red attack die (critical hit, damage point, damage point and
// suppression, suppression, X suppression, blank) and blue defence die
// (suppression x2, damage point, blank x3), infantry, capacity 1, per 216
// (36 face pairs, the critical hit's comparison roll of 36 more):
// critical hit: the comparison leaves a damage point, suppression or X
// suppression on 26 of 36 (suppressed), nothing on 10; damage point:
// damaged 5 x 6, nothing 1 x 6 (the blue damage point cancels); damage
// point and suppression: damaged 5 x 6, suppressed 1 x 6; suppression:
// suppressed 4 x 6, nothing 2 x 6; X suppression: suppressed 36 (nothing
// cancels it); blank: nothing 36. So damaged 60/216, suppressed 92/216,
// no effect 64/216. Before the fix the barrage lost the X face: suppressed
// 56/216.
func TestSupportKeepsXSuppression(t *testing.T) {
	env := testEnv()
	tables := map[string]*resolve.Table{}
	for k, v := range env.Tables {
		tables[k] = v
	}
	tables["oas-accuracy"] = uniformAccuracy("red:1")
	env.Tables = tables
	want := map[string]float64{"damaged": 60.0 / 216, "suppressed": 92.0 / 216, "no-effect": 64.0 / 216}
	check(t, "fire red:1", compileEnv(t, env, "fire", map[string]string{"attack": "red:1", "defence": "blue:1", "target": "infantry"}), want)
	check(t, "barrage red:1", compileEnv(t, env, "barrage", map[string]string{"defence": "blue:1", "target": "infantry", "auto-spotted": "true"}), want)
	// With a friendly unit and every accuracy roll 1 or less, the target
	// sees the same.
	check(t, "barrage red:1, friendly fire", compileEnv(t, env, "barrage", map[string]string{"defence": "blue:1", "target": "infantry", "auto-spotted": "true",
		"accuracy-modifier": "-3", "friendly-defence": "blue:1", "friendly-type": "infantry", "arrival": "1"}), want)
}

// A second TAS run (12.3.6.5) reads the accuracy column "by defender unit
// status" and the suppressed defender's green defence die (4.0) from the
// state the first run left. The test's dice plus a white attack die that
// always shows an X suppression; every accuracy cell is white:1 but the
// suppressed column's, blue:1. An unmarked infantry target with no
// defence dice: the first run's X suppression suppresses it; the second
// reads the suppressed column (blue attack: suppression x2, X
// suppression, damage point, blank x2) against a green defence die
// (damage point, double suppression, suppression, X suppression, blank
// x2). Counted over the 36 face pairs: a suppression is cancelled by the
// green double or single suppression (2 of 6), else it suppresses again:
// fallback 2 x 4, stays 2 x 2; the X suppression is cancelled by green's
// X (1), else fallback 5; the damage point is cancelled by green's damage
// point (1), else damaged 5; blanks: stays 12. So fallback 13/36, damaged
// 5/36, suppressed 18/36. (Reading the first column again, white:1, it
// always fell back; without the green die: fallback 18/36.)
func TestSecondRunSeesState(t *testing.T) {
	env := testEnv()
	env.Dice = append(env.Dice, resolve.DieSpec{Name: "white-attack", Role: "attack", Colour: "white", Strength: 0,
		Faces: [][]string{{"x-suppression"}}})
	tables := map[string]*resolve.Table{}
	for k, v := range env.Tables {
		tables[k] = v
	}
	acc := uniformAccuracy("white:1")
	for _, row := range acc.Rows {
		row["suppressed"] = "blue:1"
	}
	tables["tas-accuracy"] = acc
	env.Tables = tables
	check(t, "second run", compileEnv(t, env, "air", map[string]string{"defence": "none", "target": "infantry", "auto-spotted": "true", "second-run": "true"}),
		map[string]float64{"fallback": 13.0 / 36, "damaged": 5.0 / 36, "suppressed": 18.0 / 36})
}

// The friendly unit "receives all the normal defense dice set out in
// 10.9-10.9.8 except the failed spotting roll": its terrain, status and
// experience. An OAS whose every accuracy cell is white:1 (a die that
// always shows an X suppression, so it is always set aside and rolled at
// the friendly unit), the accuracy roll 3 less: friendly fire on a d6 of
// 1 to 4 (4/6). Against an infantry unit with no dice of its own the X
// always suppresses it; dug in, it rolls the test's green defence die,
// whose X suppression face (1 in 6) cancels: friendly-hit 4/6 x 5/6.
// Already suppressed (friendly-status), it also rolls a green die, and
// the X makes it fall back: again 4/6 x 5/6; with --suppressed-again
// stays the X changes nothing: 0.
func TestFriendlyDefence(t *testing.T) {
	env := testEnv()
	env.Dice = append(env.Dice, resolve.DieSpec{Name: "white-attack", Role: "attack", Colour: "white", Strength: 0,
		Faces: [][]string{{"x-suppression"}}})
	tables := map[string]*resolve.Table{}
	for k, v := range env.Tables {
		tables[k] = v
	}
	tables["oas-accuracy"] = uniformAccuracy("white:1")
	env.Tables = tables
	base := func(set map[string]string) map[string]string {
		m := map[string]string{"defence": "blue:1", "target": "infantry", "auto-spotted": "true", "accuracy-modifier": "-3",
			"friendly-defence": "none", "friendly-type": "infantry"}
		for k, v := range set {
			m[k] = v
		}
		return m
	}
	for _, c := range []struct {
		set  map[string]string
		want float64
	}{
		{map[string]string{}, 4.0 / 6},
		{map[string]string{"friendly-dug-in": "true"}, 4.0 / 6 * 5 / 6},
		{map[string]string{"friendly-status": "suppressed"}, 4.0 / 6 * 5 / 6},
		{map[string]string{"friendly-status": "suppressed", "suppressed-again": "stays"}, 0},
		{map[string]string{"friendly-terrain": "clear"}, 4.0 / 6},
	} {
		p := compileEnv(t, env, "barrage", base(c.set))
		if got := statMeans(t, p)["friendly-hit"]; !simtest.Near(got, c.want) {
			t.Errorf("%v: friendly-hit %v, want %v", c.set, got, c.want)
		}
		simtest.AgreeMC(t, p, exact(t, p), 100_000, 5)
	}
	for _, c := range []struct {
		set  map[string]string
		flag string
	}{
		{map[string]string{"friendly-terrain": "swamp"}, "friendly-terrain"},
		{map[string]string{"friendly-status": "immobilized"}, "friendly-status"},
		{map[string]string{"friendly-extra-defence": "purple:1"}, "friendly-extra-defence"},
	} {
		act := System().Action("barrage")
		_, err := act.Compile(simtest.Args(t, act, base(c.set), env))
		var fe *resolve.FlagError
		if !errors.As(err, &fe) || fe.Flag != c.flag {
			t.Errorf("%v: err = %v, want a --%s error", c.set, err, c.flag)
		}
	}
	// A friendly unit's flag without a friendly unit is refused.
	act := System().Action("air")
	_, err := act.Compile(simtest.Args(t, act, map[string]string{"defence": "blue:1", "target": "infantry", "friendly-hidden": "true"}, env))
	var fe *resolve.FlagError
	if !errors.As(err, &fe) || fe.Flag != "friendly-hidden" {
		t.Errorf("friendly flag without a friendly unit: err = %v", err)
	}
}
