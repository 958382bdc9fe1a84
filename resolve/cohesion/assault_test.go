package cohesion

import (
	"errors"
	"math"
	"strconv"
	"strings"
	"testing"

	"odds/resolve"
)

// "+1/+2 LATW/FT" pairs its values as "-1/+1 Vehicle in motion" does: a
// LATW +1, a flamethrower +2, both +3 (before: --latw-ft one|both, +1/+2).
// Counted over the d10: +1 makes 2..11 (10..13 on 9-10, 6..9 on 5-8, 2..5
// on 1-4); +2 makes 3..12 (8-10, 4-7, 1-3); +3 makes 4..13 (7-10, 3-6,
// 1-2).
func TestAssaultLATWFT(t *testing.T) {
	for _, c := range []struct {
		set  map[string]string
		drm  float64
		want map[string]float64
	}{
		{map[string]string{"latw": "true"}, 1, map[string]float64{"10..13": 0.2, "6..9": 0.4, "2..5": 0.4}},
		{map[string]string{"ft": "true"}, 2, map[string]float64{"10..13": 0.3, "6..9": 0.4, "2..5": 0.3}},
		{map[string]string{"latw": "true", "ft": "true"}, 3, map[string]float64{"10..13": 0.4, "6..9": 0.4, "2..5": 0.2}},
	} {
		p := compile(t, "assault", c.set)
		check(t, strconv.Itoa(int(c.drm)), p, c.want)
		if m := mean(t, p, "drm"); math.Abs(m-c.drm) > 1e-12 {
			t.Errorf("%v: drm %g, want %g", c.set, m, c.drm)
		}
	}
	_, err := System().Action("assault").Compile(args(t, "assault", map[string]string{"ft": "true", "immediate": "lone-unit"}))
	var fe *resolve.FlagError
	if !errors.As(err, &fe) || fe.Flag != "ft" {
		t.Errorf("--ft with --immediate: err = %v, want a --ft error", err)
	}
}

// The assault table's vertical labels, "Riders/Passengers unload" and
// "Leader & FP: Casualty on 1", are cells spanning every row (read from
// the sheet's layout, docs/rules/cohesion.md interpretation 12): they are
// the action's note, said once for every row, and no row's note repeats
// them (nor leaves them to the ..-2 row alone).
func TestAssaultSpanningLabels(t *testing.T) {
	a := System().Action("assault")
	if !strings.Contains(a.Note, "in every row, riders and passengers unload") || !strings.Contains(a.Note, "a leader or FP suffers a casualty only on a roll of 1") {
		t.Errorf("the action's note %q lacks the spanning labels", a.Note)
	}
	for _, r := range assaultRows {
		if note := a.Notes[r.name]; strings.Contains(note, "riders") || strings.Contains(note, "roll of 1") {
			t.Errorf("row %s: note %q repeats a spanning label", r.name, note)
		}
	}
}

// The 2..5 row's raw line, "2-5roll:4-5 attacker both2-4•all ●★best
// undisrupted", holds one "both": its vehicle destruction entry, where
// 10-13's and -1..1's "both2-4" put theirs. The retreat cell names no
// side, and the table mirrors itself about 5.5 (14 / ..-2, 10..13 /
// -1..1, 6..9 / 2..5: at DRM 0 each side loses on 5 of the 10 faces), so
// the attackers retreat, as 6..9's defenders do (interpretation 13). The
// note read "both" twice: both sides retreated.
func TestAssaultMiddleRows(t *testing.T) {
	a := System().Action("assault")
	for row, want := range map[string]string{
		"6..9": "both may attempt vehicle destruction; urban assault on 6-7 for both sides; defenders retreat 2-4 hexes",
		"2..5": "urban assault on 4-5 for the attacker; both may attempt vehicle destruction; attackers retreat 2-4 hexes",
	} {
		if note := a.Notes[row]; !strings.HasPrefix(note, want) || strings.Contains(note, "both sides retreat") {
			t.Errorf("row %s: note %q; want it to begin %q", row, note, want)
		}
	}
}
