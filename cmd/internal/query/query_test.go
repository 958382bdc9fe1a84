package query

import (
	"errors"
	"maps"
	"strings"
	"testing"

	"odds/profiles"
	"odds/resolve"
	"odds/resolve/all"
)

// fire is opposed fire with the given values, as typed values (not CLI
// strings).
func fire(t testing.TB, values map[string]string) *Query {
	t.Helper()
	sys := system(t, "opposed")
	q := &Query{System: sys, Action: sys.Action("fire"), Cards: map[string][]*profiles.Unit{},
		Values: map[string][]resolve.Value{}, GivenBy: "flag"}
	for name, s := range values {
		vals, err := resolve.ParseValues(q.Action.Param(name), s)
		if err != nil {
			t.Fatal(err)
		}
		q.Values[name] = vals
	}
	return q
}

func system(t testing.TB, name string) *resolve.System {
	t.Helper()
	for _, s := range all.Systems() {
		if s.Name == name {
			return s
		}
	}
	t.Fatalf("no system %s", name)
	return nil
}

// spec is the Spec of system name's action with the flags given (CLI text,
// parsed by the action's parameters) and the cards by role.
func spec(t testing.TB, name, action string, flags, cards map[string]string) Spec {
	t.Helper()
	sys := system(t, name)
	act := sys.Action(action)
	sp := Spec{System: sys, Action: act, Values: map[string][]resolve.Value{}, Cards: cards}
	for flag, s := range flags {
		vals, err := resolve.ParseValues(act.Param(flag), s)
		if err != nil {
			t.Fatal(err)
		}
		sp.Values[flag] = vals
	}
	return sp
}

// TestPointsOrder: a sweep of --hesa 1..3 and --def 0,1 has 3 x 2 = 6
// points, the first parameter (in the action's order) varying slowest;
// given values say "flag", the rest "default".
func TestPointsOrder(t *testing.T) {
	q := fire(t, map[string]string{"hesa": "1..3", "def": "0,1"})
	pts, err := q.Points()
	if err != nil {
		t.Fatal(err)
	}
	want := [][2]int{{1, 0}, {1, 1}, {2, 0}, {2, 1}, {3, 0}, {3, 1}}
	if len(pts) != len(want) {
		t.Fatalf("%d points, want %d", len(pts), len(want))
	}
	for i, pt := range pts {
		got := [2]int{pt.Values()["hesa"].N, pt.Values()["def"].N}
		if got != want[i] {
			t.Errorf("point %d: hesa, def = %v, want %v", i, got, want[i])
		}
		if pt.Source("hesa") != "flag" || pt.Source("def") != "flag" || pt.Source("cover") != "default" {
			t.Errorf("point %d: sources %q, %q, %q", i, pt.Source("hesa"), pt.Source("def"), pt.Source("cover"))
		}
	}
}

// TestCardPrecedence: defaults < cards < given values, and a given value
// of a group (--hesa) keeps the attacker card from filling the group
// (--ap): the built-in medium-tank fires AP 5 at the light-tank (Def 3),
// as 'odds profiles show medium-tank' says.
func TestCardPrecedence(t *testing.T) {
	sys := system(t, "opposed")
	reg, err := profiles.New(all.Systems())
	if err != nil {
		t.Fatal(err)
	}
	unit := func(name string) *profiles.Unit {
		u, err := reg.Unit(name, "opposed")
		if err != nil {
			t.Fatal(err)
		}
		return u
	}
	q := &Query{System: sys, Action: sys.Action("fire"), GivenBy: "flag", Values: map[string][]resolve.Value{},
		Cards: map[string][]*profiles.Unit{"attacker": {unit("medium-tank")}, "defender": {unit("light-tank")}}}
	pts, err := q.Points()
	if err != nil || len(pts) != 1 {
		t.Fatalf("points %v, %v", pts, err)
	}
	pt := pts[0]
	if pt.Values()["ap"].N != 5 || pt.Source("ap") != "attacker card medium-tank" || pt.Values()["def"].N != 3 {
		t.Errorf("cards: ap %v (%s), def %v", pt.Values()["ap"], pt.Source("ap"), pt.Values()["def"])
	}
	if _, ok := pt.Values()["hesa"]; ok {
		t.Errorf("hesa set with the card's AP: %v", pt.Values()["hesa"])
	}
	q.Values["def"] = []resolve.Value{{N: 1}}
	q.Values["hesa"] = []resolve.Value{{N: 2}}
	pts, err = q.Points()
	if err != nil {
		t.Fatal(err)
	}
	pt = pts[0]
	if pt.Values()["def"].N != 1 || pt.Source("def") != "flag" || pt.Values()["hesa"].N != 2 {
		t.Errorf("given: def %v (%s), hesa %v", pt.Values()["def"], pt.Source("def"), pt.Values()["hesa"])
	}
	if _, ok := pt.Values()["ap"]; ok {
		t.Errorf("ap filled by the card though --hesa was given: %v", pt.Values()["ap"])
	}
}

// TestErrorsAreTyped: a caller reads the flag and the hint of bad input
// with errors.As, never from text.
func TestErrorsAreTyped(t *testing.T) {
	// Points in the action's parameter order: hesa 13, def x13 = 169,
	// within-4, firer-suppressed, not-front x2 each = 1,352, cover x3 =
	// 4,056, smoke, hull-down, firer-moved x2 each = 32,448, and
	// over-half-range x2 = 64,896; then target-quality -3..3 x7 =
	// 454,272, past MaxPoints at target-quality.
	q := fire(t, map[string]string{"hesa": "0..12", "def": "0..12", "within-4": "both", "firer-suppressed": "both",
		"not-front": "both", "cover": "all", "smoke": "both", "hull-down": "both", "firer-moved": "both", "over-half-range": "both", "target-quality": "-3..3"})
	_, err := q.Points()
	var qe *Error
	if !errors.As(err, &qe) {
		t.Fatalf("err %v (%T), want a *query.Error", err, err)
	}
	if qe.Flag != "target-quality" || qe.Hint != "sweep fewer values at once" {
		t.Errorf("flag %q hint %q", qe.Flag, qe.Hint)
	}
	if got, want := qe.Error(), "--target-quality: the grid would have more than 100000 cells"; got != want {
		t.Errorf("text %q, want %q", got, want)
	}

	bad := fire(t, map[string]string{"def": "1"}) // neither --hesa nor --ap
	pts, err := bad.Points()
	if err != nil {
		t.Fatal(err)
	}
	_, err = CompileAll([]*Query{bad})
	if !errors.As(err, &qe) || len(pts) != 1 {
		t.Fatalf("compile without a fire mode: err %v (%T)", err, err)
	}
}

// TestDocValues: a query object's values are read as the text a flag
// takes (numbers as written, booleans, lists joined by commas), and a
// value no flag could take is refused when the line is read.
func TestDocValues(t *testing.T) {
	d, err := ParseLine([]byte(`{"system": "opposed", "action": "fire", "params": {"hesa": [1, 2.50, "4..6"], "smoke": true, "def": "0"}, "trials": 1e6, "seed": 7, "rounds": null}`))
	if err != nil {
		t.Fatal(err)
	}
	got := d.Values()
	want := map[string]string{"hesa": "1,2.50,4..6", "smoke": "true", "def": "0", "trials": "1e6", "seed": "7"}
	if !maps.Equal(got, want) {
		t.Errorf("values %v, want %v", got, want)
	}
	for _, line := range []string{
		`{"system": "opposed", "action": "fire", "params": {"hesa": {"x": 1}}}`,
		`{"system": "opposed", "action": "fire", "params": {"hesa": [1, [2]]}}`,
		`{"system": "opposed", "action": "fire", "trials": {}}`,
	} {
		if _, err := ParseLine([]byte(line)); err == nil || !strings.Contains(err.Error(), "want a number, a boolean, a string or a list of them") {
			t.Errorf("%s: %v, want a refusal of the value", line, err)
		}
	}
}
