package cohesion

import (
	"odds/dice"
	"odds/resolve"
)

// The assault table's rows (14.0, result d10 + DRM), named in the command
// line's own range syntax, and what each row does as reconstructed from
// the sheet's jumbled text (docs/rules/cohesion.md has the raw lines and
// every reading). The table's two vertical labels are cells spanning
// every row (interpretation 12): spanningRows, the action's note, said
// once under the rows. The 2..5 row's one "both" is its vehicle
// destruction entry; the side that retreats is the attacker, 6..9's
// mirror (interpretation 13).
var assaultRows = []struct {
	name, note string
	lo         int // the row holds results lo and up, to the next row
}{
	{"14", "defender: all units suffer a casualty (japanese/russian: the best; the others check cohesion and regroup); the rest retreat 4 hexes; the attacker may attempt vehicle destruction and advances", 14},
	{"10..13", "both may attempt vehicle destruction; defender: disrupted units suffer a casualty (japanese/russian: the best), undisrupted ones check cohesion (disrupt first), retreat 2-4 hexes; japanese/russian defenders regroup", 10},
	{"6..9", "both may attempt vehicle destruction; urban assault on 6-7 for both sides; defenders retreat 2-4 hexes, all suffer a casualty (japanese/russian: the best), undisrupted ones check cohesion", 6},
	{"2..5", "urban assault on 4-5 for the attacker; both may attempt vehicle destruction; attackers retreat 2-4 hexes, all suffer a casualty (japanese/russian: the best), undisrupted ones check cohesion", 2},
	{"-1..1", "both may attempt vehicle destruction; attacker: disrupted units suffer a casualty (japanese/russian: the best), undisrupted ones check cohesion (disrupt first), retreat 2-4 hexes; japanese/russian attackers regroup", -1},
	{"..-2", "attacker: all units suffer a casualty (japanese/russian: the best; the others check cohesion and regroup), the rest retreat 4 hexes; the defender advances", -100},
}

// spanningRows are the table's vertical labels, "Riders/Passengers
// unload" and "Leader & FP: Casualty on 1": printed as cells that span
// the rows, they belong to every row, not only the last one, where the
// sheet's text happens to place them (interpretation 12).
const spanningRows = "in every row, riders and passengers unload, and a leader or FP suffers a casualty only on a roll of 1"

// urbanBand is the part of a row in which an urban assault (14.3.1: the
// best Cohesion combat unit suffers a casualty but does not disrupt)
// happens, for the side named.
var urbanBand = []struct{ lo, hi, side int }{{6, 7, both}, {4, 5, attackerSide}}

const (
	attackerSide = 1
	defenderSide = 2
	both         = 3
)

// Assault DRM bounds (14.0).
const (
	maxAssaultDRM  = 4
	maxCohesionDRM = 3
)

// Numeric results of an assault: the modified roll, the DRM in force, and
// whether each side's best combat unit takes the urban assault casualty.
var assaultStats = []string{"result", "drm", "urban-attacker-casualty", "urban-defender-casualty"}

// Assaults resolved at once, with no roll (14.0): the outcomes after the
// table's rows.
var (
	immediateChoices  = []string{"none", "lone-afv", "lone-unit", "non-combat", "afvs"}
	immediateOutcomes = []string{"defender-destroyed", "attacker-retreats", "defender-retreats"}
)

const (
	loneAFV = iota + 1
	loneUnit
	nonCombatOnly
	afvsOnly
)

// Whose vehicle is in motion: an index into motionChoices.
var motionChoices = []string{"none", "attacker", "defender"}

const (
	attackerMoving = 1
	defenderMoving = 2
)

func assaultAction() *resolve.Action {
	names := assaultOutcomes()
	notes := map[string]string{}
	for _, r := range assaultRows {
		notes[r.name] = r.note
	}
	return &resolve.Action{
		Name:  "assault",
		Short: "assault: d10 + the DRMs (cohesion difference within -3..+3, the sum within -4..+4) read on the table's rows",
		Sheet: "003: Assault 14.0 (DRMs, table, Urban Assault 14.3.1)",
		Examples: []string{
			"odds cohesion assault --attacker-cohesion 8 --defender-cohesion 6 --uphill",
			"odds cohesion assault --drm -2 --urban",
			"odds cohesion assault --attacker rifle-squad --defender japanese-squad",
		},
		Outcome:  names,
		Headline: []string{"defender-destroyed", "defender-retreats"},
		Notes:    notes,
		Note:     spanningRows,
		Stats:    assaultStats,
		Params: []resolve.Param{
			resolve.OptInt("drm", -maxAssaultDRM, maxAssaultDRM, "the net DRM, given directly instead of its parts"),
			resolve.OptInt("attacker-cohesion", 1, 10, "the attacker's best Cohesion (with --defender-cohesion: their difference, within -3..+3)"),
			resolve.OptInt("defender-cohesion", 1, 10, "the defender's best Cohesion"),
			resolve.BoolParam("no-combat-unit", "a side has no combat unit: no cohesion difference"),
			resolve.BoolParam("urban", "the defender holds an urban building with a non-vehicular combat unit or leader (-2; urban assault rows)"),
			resolve.BoolParam("uphill", "the attack goes uphill (-1)"),
			resolve.BoolParam("concealed", "the defender has a concealed combat unit (-1)"),
			resolve.BoolParam("ip", "the non-vehicular defender holds an IP, a wall or a rural building (-1)"),
			resolve.BoolParam("fragmented", "assault units from different companies (-1)"),
			resolve.ChoiceParam("vehicle-in-motion", motionChoices, 0, "a vehicle in motion: the attacker's -1, the defender's +1 (its AV is reduced)"),
			resolve.BoolParam("regrouping", "the defender is regrouping (+1)"),
			resolve.BoolParam("heroic-vs-fp", "a heroic attacker against an FP (+1)"),
			resolve.BoolParam("envelopment", "envelopment by a coordinated activation (+2)"),
			resolve.BoolParam("latw", "a LATW assaults an FP, towed gun or urban building (+1; with --ft +3)"),
			resolve.BoolParam("ft", "a flamethrower assaults an FP, towed gun or urban building (+2; with --latw +3)"),
			resolve.ChoiceParam("immediate", immediateChoices, 0, "resolved at once: lone-afv (towed guns, carriers, FVs, shocked AFVs assaulted by a single non-shocked AFV are destroyed), lone-unit (a LATW assaulted by a single undisrupted, non-shocked unit is destroyed), non-combat (only non-combat units: the lesser Cohesion retreats), afvs (only AFVs: the lesser ATV retreats)"),
			resolve.OptInt("attacker-atv", -1, 12, "with --immediate afvs: the attacking AFVs' best ATV"),
			resolve.OptInt("defender-atv", -1, 12, "with --immediate afvs: the defending AFVs' best ATV"),
		},
		Roles: []resolve.Role{
			{Name: "attacker", Usage: "assaulting force's best unit card (its Cohesion)"},
			{Name: "defender", Usage: "defending force's best unit card (its Cohesion)"},
		},
		FromCards: func(c resolve.Cards, _ resolve.Args) ([]resolve.Filled, error) {
			var f resolve.Fill
			if a := c["attacker"]; a != nil && a.Int("cohesion") > 0 {
				f.Set("attacker-cohesion", a.Int("cohesion"), "attacker")
			}
			if d := c["defender"]; d != nil && d.Int("cohesion") > 0 {
				f.Set("defender-cohesion", d.Int("cohesion"), "defender")
			}
			return f, nil
		},
		Compile: compileAssault,
		Chain:   assaultChain(),
	}
}

// assaultDRM adds the DRMs of 14.0 and clamps the sum to -4..+4.
func assaultDRM(v resolve.Args) (int, error) {
	parts := []string{"attacker-cohesion", "defender-cohesion", "urban", "uphill", "concealed", "ip", "fragmented",
		"vehicle-in-motion", "regrouping", "heroic-vs-fp", "envelopment", "latw", "ft", "no-combat-unit"}
	if v.Has("drm") {
		for _, p := range parts {
			if v.Has(p) && v.Int(p) != 0 && p != "urban" {
				return 0, resolve.Errorf("drm", "give the net --drm or its parts (--%s), not both", p)
			}
		}
		return v.Int("drm"), nil
	}
	drm := 0
	if v.Has("attacker-cohesion") != v.Has("defender-cohesion") {
		return 0, resolve.Errorf("defender-cohesion", "the cohesion difference needs both --attacker-cohesion and --defender-cohesion")
	}
	if v.Has("attacker-cohesion") && !v.Bool("no-combat-unit") {
		drm += min(maxCohesionDRM, max(-maxCohesionDRM, v.Int("attacker-cohesion")-v.Int("defender-cohesion")))
	}
	drm += -2*resolve.B2I(v.Bool("urban")) - resolve.B2I(v.Bool("uphill")) - resolve.B2I(v.Bool("concealed")) -
		resolve.B2I(v.Bool("ip")) - resolve.B2I(v.Bool("fragmented")) + resolve.B2I(v.Bool("regrouping")) +
		resolve.B2I(v.Bool("heroic-vs-fp")) + 2*resolve.B2I(v.Bool("envelopment")) +
		resolve.B2I(v.Bool("latw")) + 2*resolve.B2I(v.Bool("ft")) // "+1/+2 LATW/FT": paired as "-1/+1 Vehicle in motion" (interpretation 5)
	switch v.Int("vehicle-in-motion") {
	case attackerMoving:
		drm--
	case defenderMoving:
		drm++
	}
	return min(maxAssaultDRM, max(-maxAssaultDRM, drm)), nil
}

// assaultOutcomes are the table's rows, then the immediate results.
func assaultOutcomes() []string {
	var names []string
	for _, r := range assaultRows {
		names = append(names, r.name)
	}
	return append(names, immediateOutcomes...)
}

func compileAssault(v resolve.Args) (resolve.Plan, error) {
	if v.Int("immediate") != 0 {
		return compileImmediate(v)
	}
	if v.Has("attacker-atv") || v.Has("defender-atv") {
		return nil, resolve.Errorf("attacker-atv", "the ATVs decide only an AFVs-only assault: give --immediate afvs")
	}
	drm, err := assaultDRM(v)
	if err != nil {
		return nil, err
	}
	urban := v.Bool("urban")
	names := assaultOutcomes()
	// One d10: its cells are the die, 1..10.
	layout := resolve.NewLayout(names, assaultStats, 10,
		func(c int, vals []float64) int {
			r := c + 1 + drm
			row := 0
			for row < len(assaultRows)-1 && r < assaultRows[row].lo {
				row++
			}
			vals[0], vals[1] = float64(r), float64(drm)
			for _, b := range urbanBand {
				if urban && r >= b.lo && r <= b.hi {
					vals[2] = float64(resolve.B2I(b.side&attackerSide != 0))
					vals[3] = float64(resolve.B2I(b.side&defenderSide != 0))
				}
			}
			return row
		})
	return resolve.NewPlan(layout, func(s *dice.Stream) int { return s.D(10) - 1 }), nil
}

// compileImmediate is an assault resolved before any roll: the defenders
// destroyed, or the force with the lesser Cohesion (non-combat units only)
// or ATV (AFVs only) retreating, at random when they are equal.
func compileImmediate(v resolve.Args) (resolve.Plan, error) {
	destroyedAt, attackerRetreats, defenderRetreats := len(assaultRows), len(assaultRows)+1, len(assaultRows)+2
	layout := resolve.NewLayout(assaultOutcomes(), nil, len(assaultRows)+len(immediateOutcomes), func(c int, _ []float64) int { return c })
	if v.Has("drm") {
		return nil, resolve.Errorf("drm", "an assault resolved at once has no roll: drop --drm or --immediate")
	}
	for _, flag := range []string{"urban", "uphill", "concealed", "ip", "fragmented", "regrouping", "heroic-vs-fp", "envelopment", "latw", "ft"} {
		if v.Bool(flag) {
			return nil, resolve.Errorf(flag, "an assault resolved at once has no roll: its DRMs do not apply")
		}
	}
	var a, d int
	switch v.Int("immediate") {
	case loneAFV, loneUnit:
		return resolve.NewPlan(layout, func(*dice.Stream) int { return destroyedAt }), nil
	case nonCombatOnly:
		if !v.Has("attacker-cohesion") || !v.Has("defender-cohesion") {
			return nil, resolve.Errorf("attacker-cohesion", "a non-combat fight compares Cohesion: give --attacker-cohesion and --defender-cohesion")
		}
		a, d = v.Int("attacker-cohesion"), v.Int("defender-cohesion")
	case afvsOnly:
		if !v.Has("attacker-atv") || !v.Has("defender-atv") {
			return nil, resolve.Errorf("attacker-atv", "an AFVs-only fight compares ATV: give --attacker-atv and --defender-atv")
		}
		a, d = v.Int("attacker-atv"), v.Int("defender-atv")
	}
	switch {
	case a < d:
		return resolve.NewPlan(layout, func(*dice.Stream) int { return attackerRetreats }), nil
	case a > d:
		return resolve.NewPlan(layout, func(*dice.Stream) int { return defenderRetreats }), nil
	}
	return resolve.NewPlan(layout, func(s *dice.Stream) int { return attackerRetreats + s.D(2) - 1 }), nil
}
