package symbol

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"odds/resolve"
	"odds/sim/simtest"
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
	// Nor can the roll have failed.
	compileErr(t, "fire", map[string]string{"attack": "green:1", "defence": "blue:1", "target": "infantry", "fast-action": "true", "spot-failed": "true"}, "spot-failed")
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

// Close combat: the dice command cards and special abilities add (11.1.2,
// 11.1.3, both units), rolled as the card's own. Infantry against
// infantry with no other dice on the side that is added to; one round
// unless said. Counted by hand over the test's dice:
//   - green:1 attack against blue:1 defence: a damage point is left on
//     10 of the 36 joint faces (see greenVsBlue), nothing ends the fight;
//   - green:1 against the assault unit's blue:1 plus its initial-round
//     blue die: green's two D faces, and no D among the two blue dice
//     (5*5 of 36): 2/6 * 25/36 = 50/216.
func TestCloseCombatExtraDice(t *testing.T) {
	none := map[string]string{"attacker-attack": "none", "attacker-defence": "none", "defender-attack": "none", "defender-defence": "none", "max-rounds": "1"}
	cases := []struct {
		set  map[string]string
		stat string
		want float64
	}{
		{with2(none, "attacker-extra-attack", "green:1", "defender-defence", "blue:1"), "defender-damage", 10.0 / 36},
		{with2(none, "attacker-attack", "green:1", "defender-extra-defence", "blue:1"), "defender-damage", 10.0 / 36},
		{with2(none, "defender-extra-attack", "green:1"), "attacker-damage", 10.0 / 36},
		{with2(none, "defender-attack", "green:1", "attacker-extra-defence", "blue:1"), "attacker-damage", 50.0 / 216},
		// Initial round only: the second round adds nothing.
		{with2(none, "attacker-extra-attack", "green:1", "defender-defence", "blue:1", "extra-rounds", "initial", "max-rounds", "2"), "defender-damage", 10.0 / 36},
	}
	for _, c := range cases {
		_, sum := exactSummary(t, cc(t, c.set))
		for _, o := range sum.Outcomes {
			if want := map[string]float64{"both-remain": 1}[o.Name]; math.Abs(o.P-want) > 1e-12 {
				t.Errorf("%v: P(%s) = %v, want %v", c.set, o.Name, o.P, want)
			}
		}
		for _, s := range sum.Stats {
			if s.Name == c.stat && math.Abs(s.Mean-c.want) > 1e-12 {
				t.Errorf("%v: mean %s = %v, want %v", c.set, s.Name, s.Mean, c.want)
			}
		}
	}
	// Two rounds with extra dice every round on both sides: the Markov
	// chain, the enumeration of whole fights and Monte Carlo agree, and
	// differ from the initial-round-only answer.
	set := with2(none, "attacker-extra-attack", "green:1", "defender-extra-defence", "blue:1", "defender-extra-attack", "blue:1", "max-rounds", "2")
	p := cc(t, set)
	conv, enum := exact(t, p), simtest.Exact(t, p)
	for _, o := range ccOutcomes {
		if math.Abs(conv[o]-enum[o]) > 1e-10 {
			t.Errorf("extra dice every round: P(%s) = %.12f by the chain, %.12f by enumeration", o, conv[o], enum[o])
		}
	}
	simtest.AgreeMC(t, p, conv, 200_000, 23)
	if once := exact(t, cc(t, with2(set, "extra-rounds", "initial"))); math.Abs(once["both-remain"]-conv["both-remain"]) < 1e-6 {
		t.Errorf("extra dice every round and initial only agree: both-remain %v", conv["both-remain"])
	}
}

// Joint fire with fire support units (sheet 001, 10.8.4): the FSUs'
// attack dice join the attacker's; half strength is per unit; the
// attacker's own modifiers (attack die -1) are its own.
//
// blue:1 (the attacker, full) and a half-strength FSU's green:1, no
// defence, infantry, capacity 1. Half strength makes green D, D, S, X, S,
// blank; blue is S, S, X, D, blank, blank. Counted over the 36 pairs: two
// damage points (green D and blue D, 2) eliminate; one (green D and blue
// not, 2*5; blue D and green not, 4*1) damages, 14; no damage but a
// suppression or X suppression, 4*5 less the 2 blank-blank pairs, 18,
// suppresses; blank-blank, 2, nothing. Mean suppressions (the X not
// counted): green 2/6 plus blue 2/6, 2/3; with the FSU at full strength
// green's SS counts two, 3/6 + 2/6 = 5/6, whether or not the attacker
// itself is at half strength (blue has no double face).
func TestFireSupportUnits(t *testing.T) {
	base := map[string]string{"attack": "blue:1", "defence": "none", "target": "infantry"}
	want := map[string]float64{"eliminated": 2.0 / 36, "damaged": 14.0 / 36, "suppressed": 18.0 / 36, "no-effect": 2.0 / 36}
	for _, c := range []struct {
		set  map[string]string
		supp float64
	}{
		{with2(base, "fsu-half-strength", "green:1"), 2.0 / 3},
		{with2(base, "fsu", "green:1"), 5.0 / 6},
		{with2(base, "fsu", "green:1", "half-strength", "true"), 5.0 / 6},
	} {
		p := compile(t, "fire", c.set)
		check(t, "joint fire", p, want)
		_, sum := exactSummary(t, p)
		for _, s := range sum.Stats {
			if s.Name == "suppressions" && math.Abs(s.Mean-c.supp) > 1e-12 {
				t.Errorf("%v: mean suppressions %v, want %v", c.set, s.Mean, c.supp)
			}
		}
	}
	// The attack die -1 takes the attacker's weakest die, not the FSU's:
	// green:1 with -1 and an FSU's blue:1 rolls blue:1 against blue:1.
	// Counted over 36: blue S (2) is cancelled by blue's two S (4 pairs)
	// and suppresses otherwise (8); X suppresses (6); D is cancelled by
	// one face (1) and damages otherwise (5); blanks (12) do nothing:
	// damaged 5, suppressed 14, no effect 17.
	p := compile(t, "fire", map[string]string{"attack": "green:1", "attack-die-minus-1": "true", "fsu": "blue:1", "defence": "blue:1", "target": "infantry"})
	check(t, "attack die -1 with an FSU", p, map[string]float64{"damaged": 5.0 / 36, "suppressed": 14.0 / 36, "no-effect": 17.0 / 36})
	compileErr(t, "fire", map[string]string{"attack": "red:1", "fsu": "purple:1", "defence": "blue:1", "target": "infantry"}, "fsu")
}

// The defender's 9.0 (sheet 001): in a building hex an uncancelled
// critical hit rolls the blast value (12.5), after the critical hit's
// comparison roll. One red attack die at a vehicle with no defence dice,
// blast red:1. Counted by hand, in 1296ths (6 attack faces x 36
// comparison pairs x 6 blast faces):
//   - no critical hit (5 faces): blank nothing (216); X or S suppress
//     (432); D or D+S damage (432);
//   - the critical hit (1 face): the comparison leaves (from the test's
//     36 green/blue pairs) a damage point 10 (fallback), a suppression 10
//     or an X 6 (suppressed), nothing 10. The blast die's strongest
//     symbol: critical hit 1 or damage point 2 of 6 collapse the building
//     (half strength: damaged), a suppression 1 falls back (a unit
//     already falling back is eliminated), an X 1 suppresses (a
//     suppressed one falls back), a blank 1 nothing. Fallback: 1/6
//     eliminated, 5/6 fallback; suppressed: 3/6 damaged, 2/6 fallback,
//     1/6 suppressed; nothing: 3/6 damaged, 1/6 fallback, 1/6 suppressed,
//     1/6 no effect. In 216ths: eliminated 10, fallback 50+32+10 = 92,
//     damaged 48+30 = 78, suppressed 16+10 = 26, no effect 10.
//
// Collapsed: the critical hit (1/6) and a collapse (3/6): 1/12.
func TestFireBuilding(t *testing.T) {
	p := compile(t, "fire", map[string]string{"attack": "red:1", "defence": "none", "target": "vehicle", "building": "true", "blast": "red:1"})
	want := map[string]float64{"eliminated": 10.0 / 1296, "fallback": 92.0 / 1296, "damaged": 510.0 / 1296, "suppressed": 458.0 / 1296, "no-effect": 226.0 / 1296}
	check(t, "a vehicle in a building", p, want)
	_, sum := exactSummary(t, p)
	found := false
	for _, s := range sum.Stats {
		if s.Name == "building-collapsed" {
			found = true
			if math.Abs(s.Mean-1.0/12) > 1e-12 {
				t.Errorf("mean building-collapsed %v, want 1/12", s.Mean)
			}
		}
	}
	if !found {
		t.Error("no building-collapsed result")
	}
	// With a spotting roll too (the exact path splits the defence), the
	// three drivers agree.
	p = compile(t, "fire", map[string]string{"attack": "red:1,green:1", "defence": "blue:1", "target": "infantry", "building": "true", "blast": "red:1",
		"spot": "true", "attacker-type": "artillery", "out-of-arc": "true", "target-status": "fallback"})
	check(t, "infantry in a building, spotting", p, exact(t, p))
	base := map[string]string{"attack": "red:1", "defence": "blue:1", "target": "infantry"}
	compileErr(t, "fire", with2(base, "building", "true"), "blast")
	compileErr(t, "fire", with2(base, "blast", "red:1"), "blast")
}

// Fire and spot read one spotting table the same way: for every cell of
// it (attacker type by row; out of arc, and the target in light forest
// for the terrain bonus, by column) and every minus on the die, fire
// --spot is spot's P(spotted) of the fire without a roll and the rest of
// the fire after a failed one. The sheet's "-" (0) spots without a roll,
// so no minus makes it fail: with an ambush marker (-2) fire once gave
// 5/6, with -3 4/6. Counted by convolution and by enumeration of Trial.
func TestFireSpotsAsSpot(t *testing.T) {
	minus := []struct {
		name       string
		spot, fire []string // the flags of spot and of fire that give it
	}{
		{"none", nil, nil},
		{"-1 hide action", []string{"hide-action", "true"}, []string{"hide-action", "true"}},
		{"-2 ambush", []string{"ambush", "true"}, []string{"ambush", "true"}},
		{"-3 ambush, hindered", []string{"ambush", "true", "hindered", "true"}, []string{"ambush", "true", "hindrances", "1"}},
		{"-6 every marker added, hindered, sneaky trail", []string{"hidden", "true", "hide-action", "true", "ambush", "true", "marker-modifiers", "add", "hindered", "true", "sneaky-trail", "true"},
			[]string{"hidden", "true", "hide-action", "true", "ambush", "true", "marker-modifiers", "add", "hindrances", "1", "sneaky-trail", "true"}},
	}
	table := testEnv().Tables[spottingTable]
	cells := 0
	for _, row := range unitTypes {
		for col := range table.Rows[row] {
			outOfArc := strings.HasPrefix(col, "out-of-arc")
			if outOfArc && row == "infantry" {
				continue // 360 degrees: the cells are never read (an error, TestCompileErrors)
			}
			cells++
			for _, m := range minus {
				spot := with2(map[string]string{"attacker-type": row, "out-of-arc": fmt.Sprint(outOfArc)}, m.spot...)
				fire := with2(map[string]string{"attack": "red:1,green:1", "defence": "blue:1", "target": "infantry",
					"attacker-type": row, "out-of-arc": fmt.Sprint(outOfArc)}, m.fire...)
				if strings.HasSuffix(col, "-terrain") {
					spot = with2(spot, "terrain", "light-forest", "target", "infantry")
					fire = with2(fire, "terrain", "light-forest")
				}
				w := exact(t, compile(t, "spot", spot))["spotted"]
				if table.Rows[row][col] == "0" && w != 1 {
					t.Errorf("%s %s, %s: spot gives P(spotted) %g for the sheet's \"-\", want 1", row, col, m.name, w)
				}
				want := weigh(t, w, compile(t, "fire", fire), compile(t, "fire", with2(fire, "spot-failed", "true")))
				p := compile(t, "fire", with2(fire, "spot", "true"))
				conv, enum := exact(t, p), simtest.Exact(t, p)
				for _, o := range p.Layout().Outcomes {
					if math.Abs(conv[o]-want[o]) > 1e-12 || math.Abs(enum[o]-want[o]) > 1e-12 {
						t.Errorf("%s %s, %s: fire --spot P(%s) = %.12f by convolution, %.12f by enumeration; want %.12f (spot's P(spotted) %g)",
							row, col, m.name, o, conv[o], enum[o], want[o], w)
					}
				}
			}
		}
	}
	if cells != 10 {
		t.Errorf("%d cells of the spotting table read, want 10 (three rows of four, infantry's two out-of-arc cells unread)", cells)
	}
}
