package symbol

import (
	"errors"
	"math"
	"testing"

	"odds/resolve"
)

// One green attack die against one blue defence die, infantry, capacity
// 1: no critical hit can be rolled, so the figure is counted over the 36
// joint faces of the test's dice. Green: D, D, SS, X, S, blank; blue: S,
// S, D, blank x3. D against blue's D is cancelled (2 pairs, no effect),
// against the other five it damages (10 pairs); SS always leaves a
// suppression (6); X is never cancelled (6); S is cancelled by blue's two
// S (2 no effect) and suppresses otherwise (4); blank: no effect (6).
var greenVsBlue = map[string]float64{"damaged": 10.0 / 36, "suppressed": 16.0 / 36, "no-effect": 10.0 / 36}

// 10.5.1: a target with a fast action marker is spotted automatically in
// fire as in spot. Infantry in light forest (+blue) with fast action
// (loses its weakest die) rolls blue:1 and no spotting-failed die ever:
// green:1 against blue:1 exactly. Before the fix a vehicle attacker
// rolled its 4+ and half the time the defence gained a blue die.
func TestFireFastActionSpotted(t *testing.T) {
	p := compile(t, "fire", map[string]string{"attack": "green:1", "defence": "blue:1", "target": "infantry",
		"terrain": "light-forest", "fast-action": "true", "spot": "true", "attacker-type": "vehicle"})
	check(t, "fast action target, --spot", p, greenVsBlue)
}

// Sheet 001, attacker's step 4.0: hidden -2, hide action -1, ambush -2
// to the spotting roll; sneaky trail -1 (reaction fire). Artillery in arc
// at a target with a terrain bonus needs 2+ (the test's table), a vehicle
// 4+. Counted on one d6: 2+ at -2 is 4+ (1/2), at -1 3+ (2/3), at -3 5+
// (1/3); 4+ at -2 is 6 (1/6), at -3 never.
func TestSpotMarkers(t *testing.T) {
	art := map[string]string{"attacker-type": "artillery", "terrain-bonus": "true"}
	veh := map[string]string{"attacker-type": "vehicle", "terrain-bonus": "true"}
	with := with2
	cases := []struct {
		set  map[string]string
		want float64
	}{
		{art, 5.0 / 6},
		{with(art, "hidden", "true"), 1.0 / 2},
		{with(art, "hide-action", "true"), 2.0 / 3},
		{with(art, "ambush", "true"), 1.0 / 2},
		{with(art, "hidden", "true", "hide-action", "true"), 1.0 / 2}, // the largest: -2
		{with(art, "hidden", "true", "hide-action", "true", "marker-modifiers", "add"), 1.0 / 3}, // -3
		{with(art, "hidden", "true", "ambush", "true", "marker-modifiers", "add"), 1.0 / 6},      // -4: 6+
		{with(art, "sneaky-trail", "true"), 2.0 / 3},                                             // -1
		{with(art, "sneaky-trail", "true", "hindered", "true", "hide-action", "true"), 1.0 / 3},  // -3
		{with(veh, "ambush", "true"), 1.0 / 6},                                                   // 4+ at -2
		{with(veh, "ambush", "true", "sneaky-trail", "true"), 0},                                 // 4+ at -3
		{with(veh, "ambush", "true", "adjacent", "true"), 1},                                     // no roll
	}
	for _, c := range cases {
		got := exact(t, compile(t, "spot", c.set))
		if math.Abs(got["spotted"]-c.want) > 1e-12 {
			t.Errorf("%v: P(spotted) = %g, want %g", c.set, got["spotted"], c.want)
		}
	}
}

// In fire the markers move the spotting roll too: a vehicle at infantry
// in light forest needs 4+; with a hide action marker 5+, spotted 1/3 of
// the time (was 1/2). The defence is blue:3 spotted (card, forest, hide
// action) and blue:4 not (the firing row's spotting-failed blue), so the
// answer is 1/3 of the one and 2/3 of the other.
func TestFireSpotMarkers(t *testing.T) {
	base := map[string]string{"attack": "red:1,green:1", "defence": "blue:1", "target": "infantry", "terrain": "light-forest", "hide-action": "true"}
	spotted := compile(t, "fire", base)
	failed := compile(t, "fire", with2(base, "spot-failed", "true"))
	p := compile(t, "fire", with2(base, "spot", "true", "attacker-type", "vehicle"))
	check(t, "hide action, --spot", p, weigh(t, 1.0/3, spotted, failed))
	// Sneaky trail and hidden (largest -2, with -1): 4+ becomes 7+, never.
	p = compile(t, "fire", with2(base, "spot", "true", "attacker-type", "vehicle", "sneaky-trail", "true", "hidden", "true"))
	check(t, "hidden on a sneaky trail, --spot", p, exact(t, failed))
}

// with2 is base with key, value pairs set.
func with2(base map[string]string, kv ...string) map[string]string {
	out := map[string]string{}
	for k, v := range base {
		out[k] = v
	}
	for i := 0; i < len(kv); i += 2 {
		out[kv[i]] = kv[i+1]
	}
	return out
}

// weigh is w of a's exact answer and 1-w of b's.
func weigh(t *testing.T, w float64, a, b resolve.Plan) map[string]float64 {
	x, y := exact(t, a), exact(t, b)
	out := map[string]float64{}
	for _, o := range a.Layout().Outcomes {
		out[o] = w*x[o] + (1-w)*y[o]
	}
	return out
}

// Hindered LOS (10.3): "a third hindrance will completely block LOS and
// prevent both direct and indirect ranged fire. Exception: If unit uses a
// spotter for indirect fire." Indirect fire through a spotter with three
// hindrances is not blocked, and ignores them as it ignores two: green:1
// against blue:1, the 36 faces counted above.
func TestSpotterThirdHindrance(t *testing.T) {
	p := compile(t, "fire", map[string]string{"attack": "green:1", "defence": "blue:1", "target": "infantry",
		"indirect": "true", "spotter": "true", "hindrances": "3"})
	check(t, "indirect through a spotter, three hindrances", p, greenVsBlue)
	for _, c := range []struct {
		set  map[string]string
		flag string
	}{
		{map[string]string{"indirect": "true", "hindrances": "3"}, "hindrances"},
		{map[string]string{"spotter": "true"}, "spotter"},
	} {
		compileErr(t, "fire", with2(map[string]string{"attack": "green:1", "defence": "blue:1", "target": "infantry"}, flat(c.set)...), c.flag)
	}
}

func flat(m map[string]string) []string {
	var kv []string
	for k, v := range m {
		kv = append(kv, k, v)
	}
	return kv
}

// compileErr checks that the action refuses set with an error naming flag.
func compileErr(t *testing.T, action string, set map[string]string, flag string) {
	t.Helper()
	act := System().Action(action)
	_, err := act.Compile(args(t, action, set))
	var fe *resolve.FlagError
	if !errors.As(err, &fe) || fe.Flag != flag {
		t.Errorf("%s %v: err = %v, want a --%s error", action, set, err, flag)
	}
}
