package symbol

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"testing"

	"odds/dice"
	"odds/resolve"
	"odds/sim"
	"odds/sim/simtest"
)

// The dice of these tests, written out here so that the expected figures
// below can be counted by hand from them (the built-in dice are
// illustrative and may change).
var (
	redAttack   = [][]string{{"critical-hit"}, {"damage-point"}, {"damage-point", "suppression"}, {"suppression"}, {"x-suppression"}, {}}
	greenAttack = [][]string{{"damage-point"}, {"damage-point"}, {"suppression", "suppression"}, {"x-suppression"}, {"suppression"}, {}}
	blueAttack  = [][]string{{"suppression"}, {"suppression"}, {"x-suppression"}, {"damage-point"}, {}, {}}
	blueDefence = [][]string{{"suppression"}, {"suppression"}, {"damage-point"}, {}, {}, {}}
	greenDef    = [][]string{{"damage-point"}, {"suppression", "suppression"}, {"suppression"}, {"x-suppression"}, {}, {}}
	redDefence  = [][]string{{"critical-hit"}, {"damage-point"}, {"damage-point", "suppression"}, {"suppression"}, {}, {}}
)

func testEnv() *resolve.Env {
	die := func(role, colour string, strength int, faces [][]string) resolve.DieSpec {
		return resolve.DieSpec{Name: colour + "-" + role, Role: role, Colour: colour, Strength: strength, Faces: faces}
	}
	return &resolve.Env{
		Dice: []resolve.DieSpec{
			die("attack", "blue", 1, blueAttack), die("attack", "green", 2, greenAttack), die("attack", "red", 3, redAttack),
			die("defence", "blue", 1, blueDefence), die("defence", "green", 2, greenDef), die("defence", "red", 3, redDefence),
		},
		Tables: map[string]*resolve.Table{
			terrainTable: {Rows: map[string]map[string]string{
				"clear":        {"infantry": "none", "artillery": "none", "vehicle": "none"},
				"light-forest": {"infantry": "blue", "artillery": "blue", "vehicle": "none"},
			}},
			modTable: {Rows: map[string]map[string]string{
				"firing":        {"defender": "none", "defender-fast-vehicle": "blue", "spotting-failed": "blue", "spotting-failed-fast-vehicle": "green"},
				"move-and-fire": {"defender": "blue", "defender-fast-vehicle": "green", "spotting-failed": "green", "spotting-failed-fast-vehicle": "red"},
			}},
			fortTable: {Rows: map[string]map[string]string{
				"trench": {"infantry-front": "green:2", "infantry-flank": "green", "infantry-rear": "blue", "infantry-above": "blue",
					"artillery-front": "none", "artillery-flank": "none", "artillery-rear": "none", "artillery-above": "none"},
			}},
			"aa-fire": {Rows: map[string]map[string]string{"close": {"dice": "red:1"}}},
			"air-spotting": {Rows: map[string]map[string]string{
				"1": {"no-terrain": "-1", "terrain": "-2"}, "2": {"no-terrain": "0", "terrain": "-2"}, "3": {"no-terrain": "0", "terrain": "-1"},
				"4": {"no-terrain": "0", "terrain": "0"}, "5": {"no-terrain": "1", "terrain": "0"}, "6": {"no-terrain": "1", "terrain": "0"},
			}},
			"tas-accuracy": accuracyTable("blue:1", "blue:1", "green:1", "green:1", "red:1", "red:1,blue:1"),
			"oas-accuracy": accuracyTable("green:1", "green:1", "red:1", "red:1", "red:1,green:1", "red:2"),
			spottingTable: {Rows: map[string]map[string]string{
				"infantry":  {"in-arc": "0", "in-arc-terrain": "2", "out-of-arc": "0", "out-of-arc-terrain": "2"},
				"artillery": {"in-arc": "0", "in-arc-terrain": "2", "out-of-arc": "3", "out-of-arc-terrain": "4"},
				"vehicle":   {"in-arc": "0", "in-arc-terrain": "4", "out-of-arc": "4", "out-of-arc-terrain": "5"},
			}},
		},
	}
}

// accuracyTable is an accuracy table whose every status column holds the
// given pools for rolls 1 to 6 (but a fast action target's are blue:1).
func accuracyTable(pools ...string) *resolve.Table {
	t := &resolve.Table{Rows: map[string]map[string]string{}}
	for i, p := range pools {
		row := map[string]string{}
		for _, c := range accuracyStatuses {
			row[c] = p
		}
		row["fast-action"] = "blue:1"
		t.Rows[fmt.Sprint(i+1)] = row
	}
	return t
}

// args reads flag-like settings into an action's values.
func args(t *testing.T, action string, set map[string]string) resolve.Args {
	t.Helper()
	return simtest.Args(t, System().Action(action), set, testEnv())
}

func compile(t *testing.T, action string, set map[string]string) resolve.Plan {
	t.Helper()
	p, err := System().Action(action).Compile(args(t, action, set))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// exactSummary is the plan's own exact answer (by convolution): its cells
// and their summary.
func exactSummary(t *testing.T, p resolve.Plan) ([]float64, sim.Summary) {
	t.Helper()
	res, err := sim.Run(context.Background(), p, sim.Options{Method: sim.Exact})
	if err != nil {
		t.Fatal(err)
	}
	return res.Prob, sim.Summarize(p.Layout(), res)
}

// exact returns the plan's own exact answer (by convolution) by outcome.
func exact(t *testing.T, p resolve.Plan) map[string]float64 {
	t.Helper()
	_, sum := exactSummary(t, p)
	out := map[string]float64{}
	for _, o := range sum.Outcomes {
		out[o.Name] = o.P
	}
	return out
}

// check compares the whole outcome distribution: the convolution, the
// enumeration driver and Monte Carlo against want.
func check(t *testing.T, name string, p resolve.Plan, want map[string]float64) {
	t.Helper()
	conv, enum := exact(t, p), simtest.Exact(t, p)
	for _, o := range p.Layout().Outcomes {
		if math.Abs(conv[o]-want[o]) > 1e-12 || math.Abs(enum[o]-want[o]) > 1e-12 {
			t.Errorf("%s: P(%s) = %.12f by convolution, %.12f by enumeration; want %.12f", name, o, conv[o], enum[o], want[o])
		}
	}
	simtest.AgreeMC(t, p, want, 400_000, 11)
}

// One red attack die, no defence dice. Counted over its six faces:
// damage point and damage+suppression flip the unit (capacity 1) to
// damaged; suppression and X suppression suppress; blank: nothing; the
// critical hit is a comparison roll of a green attack die against a blue
// defence die. Over those 36 pairs the attacker's strongest symbol left is
// a damage point 10 times (green damage 2 faces x 5 blue faces without a
// damage point), a suppression 10 times (double suppression 6, single
// suppression 2 x 4 + ... = 6 + 4), an X suppression 6 times, nothing 10.
// Infantry: damage point, suppression and X suppression suppress (26/36;
// sheet 001 10.7.5: "Suppression: Use exactly the same procedure as if the
// attacker's strongest symbol was a damage point"). A vehicle: damage
// point falls back (10/36), suppression and X suppression suppress
// (16/36).
func TestOneDieHandCounted(t *testing.T) {
	check(t, "red vs infantry", compile(t, "fire", map[string]string{"attack": "red:1", "defence": "none", "target": "infantry"}),
		map[string]float64{"damaged": 72.0 / 216, "suppressed": (26 + 72.0) / 216, "no-effect": (10 + 36.0) / 216})
	check(t, "red vs vehicle", compile(t, "fire", map[string]string{"attack": "red:1", "defence": "none", "target": "vehicle"}),
		map[string]float64{"fallback": 10.0 / 216, "damaged": 72.0 / 216, "suppressed": (16 + 72.0) / 216, "no-effect": (10 + 36.0) / 216})
	// Artillery falls back into elimination: a critical hit's comparison
	// damage point, suppression or X suppression only suppresses an
	// unsuppressed gun, so the figures match infantry's.
	check(t, "red vs artillery", compile(t, "fire", map[string]string{"attack": "red:1", "defence": "none", "target": "artillery"}),
		map[string]float64{"damaged": 72.0 / 216, "suppressed": (26 + 72.0) / 216, "no-effect": (10 + 36.0) / 216})
}

// Prior status escalates. A vehicle already suppressed (vehicles gain no
// defence die for it) takes one red attack die. By face: the critical hit's
// comparison (36 pairs, as above) falls it back on a damage point (10) and
// on a suppression or X suppression, being suppressed again (16), and
// leaves it suppressed otherwise (10); damage point: damaged; damage and
// suppression: suppressed again, so fallback; suppression and X
// suppression: fallback; blank: still suppressed. With
// --suppressed-again stays, the plain suppressions no longer fall it back
// (the critical hit's escalation is the sheet's own and stays).
func TestEscalation(t *testing.T) {
	set := map[string]string{"attack": "red:1", "defence": "none", "target": "vehicle", "target-status": "suppressed"}
	check(t, "suppressed vehicle", compile(t, "fire", set),
		map[string]float64{"fallback": (26 + 36 + 72.0) / 216, "suppressed": (10 + 36.0) / 216, "damaged": 36.0 / 216})
	set["suppressed-again"] = "stays"
	check(t, "suppressed vehicle, suppressed again stays", compile(t, "fire", set),
		map[string]float64{"fallback": 26.0 / 216, "suppressed": (10 + 72 + 36.0) / 216, "damaged": 72.0 / 216})
	// An immobilized vehicle cannot fall back: the critical hit's damage
	// point eliminates it (10/36 of the critical hit face), and a second
	// critical hit result... none here: green dice show no critical hit.
	set = map[string]string{"attack": "red:1", "defence": "none", "target": "vehicle", "target-status": "immobilized"}
	got := exact(t, compile(t, "fire", set))
	if want := 10.0 / 216; math.Abs(got["eliminated"]-want) > 1e-12 {
		t.Errorf("immobilized vehicle: P(eliminated) = %g, want %g", got["eliminated"], want)
	}
}

func TestCancellation(t *testing.T) {
	a := dice.Tally(0).With(damage, 1).With(supp, 1)
	d := dice.Tally(0).With(crit, 1)
	if got := cancel(a, d, sameKind); got != a {
		t.Errorf("same-kind: a critical hit cancelled %x", a)
	}
	if got := cancel(a, d, kindOrWeaker); got != dice.Tally(0).With(supp, 1) {
		t.Errorf("kind-or-weaker: a defence critical hit leaves %x, want one suppression", got)
	}
	a = dice.Tally(0).With(crit, 1).With(supp, 1)
	d = dice.Tally(0).With(damage, 2)
	if got := cancel(a, d, kindOrWeaker); got != dice.Tally(0).With(crit, 1) {
		t.Errorf("kind-or-weaker: two damage points leave %x, want the critical hit", got)
	}
	if got := cancel(a, d, sameKind); got != a {
		t.Errorf("same-kind: damage points cancelled %x", got)
	}
}

// A recruit defender gives the attacker an X suppression that nothing
// cancels: the unit is always suppressed at least.
func TestRecruit(t *testing.T) {
	p := compile(t, "fire", map[string]string{"attack": "blue:1", "defence": "none", "target": "infantry", "defender-experience": "recruit"})
	got := exact(t, p)
	// blue attack: damage point face (1/6) flips it; every other face
	// leaves at least the automatic X suppression.
	if math.Abs(got["damaged"]-1.0/6) > 1e-12 || math.Abs(got["suppressed"]-5.0/6) > 1e-12 {
		t.Errorf("recruit: %v", got)
	}
}

// The pools the sequences build, die by die.
func TestPools(t *testing.T) {
	size := func(set map[string]string) (int, int) {
		p := compile(t, "fire", set).(*firePlan)
		return p.attack.Size(), p.defence.Size()
	}
	base := func(extra map[string]string) map[string]string {
		m := map[string]string{"attack": "red:1,blue:1", "defence": "green:1,blue:1", "target": "infantry"}
		for k, v := range extra {
			m[k] = v
		}
		return m
	}
	cases := []struct {
		name     string
		set      map[string]string
		att, def int
	}{
		{"plain", base(nil), 2, 2},
		{"veteran attacker +1 blue", base(map[string]string{"attacker-experience": "veteran"}), 3, 2},
		{"attack die -1 and hidden: one die", base(map[string]string{"attack-die-minus-1": "true", "attacker-hidden": "true"}), 1, 2},
		{"elite defender, dug in, hidden, suppressed", base(map[string]string{"defender-experience": "elite", "dug-in": "true", "hidden": "true", "target-status": "suppressed"}), 2, 6},
		{"hide action: +blue, once with hidden", base(map[string]string{"hide-action": "true", "hidden": "true"}), 2, 3},
		{"digging in keeps one", map[string]string{"attack": "red:1", "defence": "blue:1", "target": "infantry", "digging-in": "true", "fast-action": "true"}, 1, 1},
		{"terrain and two hindrances", base(map[string]string{"terrain": "light-forest", "hindrances": "2"}), 2, 5},
		{"indirect ignores two hindrances", base(map[string]string{"hindrances": "2", "indirect": "true"}), 2, 2},
		{"move and fire: +blue; failed spot: +green", base(map[string]string{"fire-status": "move-and-fire", "spot-failed": "true"}), 2, 4},
		{"command cards", base(map[string]string{"extra-attack": "green:2", "extra-defence": "red:1"}), 4, 3},
	}
	for _, c := range cases {
		if a, d := size(c.set); a != c.att || d != c.def {
			t.Errorf("%s: %d attack and %d defence dice, want %d and %d", c.name, a, d, c.att, c.def)
		}
	}
	// The weakest die goes: red (3) and blue (1): blue, so only red's
	// critical hit face remains possible as a critical hit.
	p := compile(t, "fire", base(map[string]string{"attack-die-minus-1": "true"})).(*firePlan)
	if p.attack.Size() != 1 || !slices.ContainsFunc(p.attack.Tallies, func(t dice.Tally) bool { return t.Count(crit) == 1 }) {
		t.Errorf("attack die -1 removed the wrong die: %v", p.attack.Tallies)
	}
}

// Half strength counts a double face once, by its strongest symbol: the
// red die's damage+suppression face is a damage point alone.
func TestHalfStrength(t *testing.T) {
	p := compile(t, "fire", map[string]string{"attack": "red:1", "defence": "none", "target": "infantry", "half-strength": "true"}).(*firePlan)
	for _, tl := range p.attack.Tallies {
		if tl.Count(damage)+tl.Count(supp)+tl.Count(crit)+tl.Count(xsupp) > 1 {
			t.Errorf("half strength kept a double face: %x", tl)
		}
	}
}

// The spotting roll: a vehicle spotting infantry in light forest needs 4+
// (in arc, terrain bonus): 1/2; hindered LOS: 5+ on the die, 1/3.
func TestSpot(t *testing.T) {
	cases := []struct {
		set  map[string]string
		want float64
	}{
		{map[string]string{"attacker-type": "vehicle", "terrain": "light-forest", "target": "infantry"}, 0.5},
		{map[string]string{"attacker-type": "vehicle", "terrain": "light-forest", "target": "infantry", "hindered": "true"}, 1.0 / 3},
		{map[string]string{"attacker-type": "artillery", "out-of-arc": "true", "terrain-bonus": "true"}, 0.5},
		{map[string]string{"attacker-type": "vehicle", "terrain": "clear", "target": "infantry"}, 1},
		{map[string]string{"attacker-type": "vehicle", "terrain-bonus": "true", "adjacent": "true"}, 1},
		{map[string]string{"attacker-type": "vehicle", "terrain-bonus": "true", "target-fire-status": "fire-and-move"}, 1.0 / 2},
		{map[string]string{"attacker-type": "vehicle", "terrain-bonus": "true", "target-fire-status": "firing"}, 1},
	}
	for _, c := range cases {
		got := exact(t, compile(t, "spot", c.set))
		if math.Abs(got["spotted"]-c.want) > 1e-12 {
			t.Errorf("%v: P(spotted) = %g, want %g", c.set, got["spotted"], c.want)
		}
	}
	// In fire: a vehicle at infantry in light forest: half the time the
	// defence gains the spotting-failed die.
	p := compile(t, "fire", map[string]string{"attack": "red:2", "defence": "blue:1", "target": "infantry", "terrain": "light-forest",
		"spot": "true", "attacker-type": "vehicle"})
	check(t, "fire with a spotting roll", p, mix(t,
		compile(t, "fire", map[string]string{"attack": "red:2", "defence": "blue:1", "target": "infantry", "terrain": "light-forest"}),
		compile(t, "fire", map[string]string{"attack": "red:2", "defence": "blue:1", "target": "infantry", "terrain": "light-forest", "spot-failed": "true"})))
}

// mix is the half-and-half mixture of two plans' exact answers.
func mix(t *testing.T, a, b resolve.Plan) map[string]float64 {
	x, y := exact(t, a), exact(t, b)
	out := map[string]float64{}
	for k := range x {
		out[k] = (x[k] + y[k]) / 2
	}
	for k := range y {
		out[k] = (x[k] + y[k]) / 2
	}
	return out
}

// Larger pools: the convolution, the enumeration and Monte Carlo agree
// with each other on every outcome, and 10 dice against 10 is answered
// exactly by convolution.
func TestDriversAgree(t *testing.T) {
	for i, set := range []map[string]string{
		{"attack": "red:2,green:2", "defence": "red:1,blue:2", "target": "vehicle", "target-status": "immobilized"},
		{"attack": "red:3", "defence": "green:2", "target": "artillery", "target-status": "suppressed", "cancel": "kind-or-weaker", "damage-capacity": "2"},
		{"attack": "green:3,blue:1", "defence": "blue:1", "target": "infantry", "target-status": "fallback", "target-half-strength": "true"},
	} {
		p := compile(t, "fire", set)
		conv := exact(t, p)
		check(t, fmt.Sprintf("case %d", i), p, conv)
	}
	p := compile(t, "fire", map[string]string{"attack": "red:4,green:3,blue:3", "defence": "red:3,green:4,blue:3", "target": "vehicle"})
	if _, ok := p.(sim.Exacter).Exact(context.Background(), sim.AutoPaths); !ok {
		t.Error("10 dice against 10 have no exact answer within the auto budget")
	}
}

func TestCompileErrors(t *testing.T) {
	cases := []struct {
		action string
		set    map[string]string
		flag   string
	}{
		{"fire", map[string]string{"defence": "blue:1", "target": "infantry"}, "attack"},
		{"fire", map[string]string{"attack": "purple:1", "defence": "blue:1", "target": "infantry"}, "attack"},
		{"fire", map[string]string{"attack": "red:1", "target": "infantry"}, "defence"},
		{"fire", map[string]string{"attack": "red:1", "defence": "blue:1"}, "target"},
		{"fire", map[string]string{"attack": "red:1", "defence": "blue:1", "target": "infantry", "hindrances": "3"}, "hindrances"},
		{"fire", map[string]string{"attack": "red:1", "defence": "blue:1", "target": "infantry", "terrain": "swamp"}, "terrain"},
		{"fire", map[string]string{"attack": "red:1", "defence": "blue:1", "target": "infantry", "target-status": "immobilized"}, "target-status"},
		{"fire", map[string]string{"attack": "red:1", "defence": "blue:1", "target": "infantry", "spot": "true"}, "attacker-type"},
		{"fire", map[string]string{"attack": "red:1", "defence": "blue:1", "target": "infantry", "spot": "true", "spot-failed": "true"}, "spot-failed"},
		{"fire", map[string]string{"attack": "red:1", "attack-die-minus-1": "true", "defence": "blue:1", "target": "infantry"}, "attack"},
		{"fire", map[string]string{"attack": "red:20,green:21", "defence": "blue:1", "target": "infantry"}, "attack"},
		{"fire", map[string]string{"attack": "red:1", "defence": "blue:20,green:20", "target": "infantry", "dug-in": "true"}, "defence"},
		{"spot", map[string]string{}, "attacker-type"},
		{"spot", map[string]string{"attacker-type": "infantry", "out-of-arc": "true"}, "out-of-arc"},
		{"spot", map[string]string{"attacker-type": "vehicle", "terrain": "clear"}, "target"},
	}
	for _, c := range cases {
		act := System().Action(c.action)
		v := act.Defaults()
		parseErr := ""
		for k, s := range c.set {
			vals, err := resolve.ParseValues(act.Param(k), s)
			if err != nil {
				parseErr = k
				break
			}
			v[k] = vals[0]
		}
		if parseErr != "" {
			if parseErr != c.flag {
				t.Errorf("%s %v: --%s does not parse, want a --%s error", c.action, c.set, parseErr, c.flag)
			}
			continue
		}
		_, err := act.Compile(act.Args(v, testEnv()))
		var fe *resolve.FlagError
		if !errors.As(err, &fe) || fe.Flag != c.flag {
			t.Errorf("%s %v: err = %v, want a --%s error", c.action, c.set, err, c.flag)
		}
	}
}

// Fire's Run allocates nothing, by Trial (a spotting roll) or by its
// kernel (the first Run compiles it), critical hits past the comparison
// roll's odds and a building's blast roll included.
func TestNoAllocations(t *testing.T) {
	for _, set := range []map[string]string{
		{"attack": "red:4,green:3", "defence": "red:2,blue:3", "target": "vehicle", "spot": "true", "attacker-type": "vehicle", "terrain": "light-forest"},
		{"attack": "red:6,green:3", "defence": "red:2,blue:3", "target": "vehicle", "building": "true", "blast": "red:1"},
	} {
		p := compile(t, "fire", set)
		s := dice.New(1, 1)
		counts := make([]uint64, p.Layout().Cells)
		p.Run(s, 1, counts)
		if a := testing.AllocsPerRun(100, func() { p.Run(s, 1000, counts) }); a != 0 {
			t.Errorf("%v: %.1f allocations per Run", set, a)
		}
	}
}

// subSat is the same-kind cancel, on all four counts at once, for counts
// up to 123: beyond what 40 dice of two symbols a face (and a recruit's
// automatic X) can show.
func TestSubSat(t *testing.T) {
	for a := range 6 * 6 * 6 * 6 {
		for d := range 4 * 4 * 4 * 4 {
			var ta, td dice.Tally
			for k := range kinds {
				ta = ta.With(k, (a>>(3*k))%6*24+k) // counts up to 123
				td = td.With(k, (d>>(2*k))%4*41)
			}
			if got, want := subSat(ta, td), cancel(ta, td, sameKind); got != want {
				t.Fatalf("subSat(%x, %x) = %x, want %x", ta, td, got, want)
			}
		}
	}
}
