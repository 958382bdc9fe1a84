package symbol

import (
	"strconv"
	"strings"

	"odds/dice"
	"odds/resolve"
)

// spotRule is a spotting roll (10.5): the d6 the spotting table asks for
// and what is taken off the die (spotMinus). A need of 0 is the sheet's
// "-": the target is spotted without a roll, whatever the minus; 7 is
// never. Both spot and fire --spot read a roll through its methods, so
// they agree on every cell of the table.
type spotRule struct{ need, minus int }

// rolls reports whether a die is thrown at all.
func (r spotRule) rolls() bool { return r.need != 0 }

// spotted reports whether the die d spots the target (any d when no die
// is thrown).
func (r spotRule) spotted(d int) bool { return !r.rolls() || d-r.minus >= r.need }

// p is the probability that the target is spotted, counted over the six
// faces of the die.
func (r spotRule) p() float64 {
	n := 0
	for d := 1; d <= 6; d++ {
		n += resolve.B2I(r.spotted(d))
	}
	return float64(n) / 6
}

// lookupSpot reads the spotting table (10.5): the attacker's unit type,
// the target in or out of the arc of fire, with or without a terrain
// defence bonus. Infantry has a 360 degree arc of fire.
func lookupSpot(env *resolve.Env, attacker int, outOfArc, terrainBonus bool) (int, error) {
	if outOfArc && attacker == infantry {
		return 0, resolve.Errorf("out-of-arc", "infantry has a 360 degree arc of fire: no target is out of its arc")
	}
	col := "in-arc"
	if outOfArc {
		col = "out-of-arc"
	}
	if terrainBonus {
		col += "-terrain"
	}
	t := env.Tables[spottingTable]
	if t == nil {
		return 0, resolve.Errorf("attacker-type", "no spotting table in force")
	}
	row, ok := t.Rows[unitTypes[attacker]]
	if !ok {
		return 0, resolve.Errorf("attacker-type", "the spotting table has no row for %s", unitTypes[attacker])
	}
	need, err := strconv.Atoi(row[col])
	if err != nil {
		return 0, resolve.Errorf("attacker-type", "the spotting table's %s %s cell is %q, not a roll", unitTypes[attacker], col, row[col])
	}
	return need, nil
}

// terrainBonus reports whether the terrain row gives the unit type any
// defence dice, and whether the hex spots its units automatically (clear
// and road hexes, 10.5.1).
func terrainBonus(env *resolve.Env, terrain string, kind int) (bonus, auto bool, err error) {
	if terrain == "" {
		return false, false, nil
	}
	p, err := tablePool(env, terrainTable, terrain, unitTypes[kind])
	if err != nil {
		return false, false, resolve.Errorf("terrain", "%v", err)
	}
	return p.Size() > 0, terrain == "clear" || strings.HasSuffix(terrain, "road"), nil
}

// Status markers of the target that modify the spotting roll (sheet 001,
// attacker's step 4.0, "Apply Hide Action, Hidden or Ambush status maker
// modifiers"; the markers read "Hidden ?-2", "Hide Action ?-1", "Ambush
// ?-2", the ? a lost glyph read as the spotting die).
var spotMarkers = []struct {
	flag  string
	minus int
}{{"hidden", 2}, {"hide-action", 1}, {"ambush", 2}}

// markerRules: how several of those markers combine.
var markerRules = []string{"largest", "add"}

// spotMinus is what is taken off the spotting die: 1 for hindered LOS
// (hindered says so), 1 for a reaction fire at a unit following a
// sneaky trail (Terrain Chart, Sneaky Trail note), and the target's
// hidden, hide action and ambush markers, the largest of them or their
// sum (--marker-modifiers).
func spotMinus(v resolve.Args, hindered bool) int {
	m := resolve.B2I(hindered) + resolve.B2I(v.Bool("sneaky-trail"))
	markers := 0
	for _, s := range spotMarkers {
		if !v.Bool(s.flag) {
			continue
		}
		if markerRules[v.Int("marker-modifiers")] == "add" {
			markers += s.minus
		} else {
			markers = max(markers, s.minus)
		}
	}
	return m + markers
}

// fireSpot is the spotting roll of a fire action with --spot: the
// target of unit type kind in its terrain, --hindrances for the hindered
// LOS.
func fireSpot(v resolve.Args, kind int) (spotRule, error) {
	if !v.Has("attacker-type") {
		return spotRule{}, resolve.Errorf("attacker-type", "the spotting roll needs the attacker's unit type: --attacker-type %s (or --attacker CARD)", joinChoices(unitTypes))
	}
	bonus, auto, err := terrainBonus(v.Env, v.Word("terrain"), kind)
	if err != nil {
		return spotRule{}, err
	}
	// 10.5.1: a target with a fast action marker is spotted automatically.
	if auto || v.Bool("auto-spotted") || v.Bool("fast-action") {
		return spotRule{}, nil
	}
	need, err := lookupSpot(v.Env, v.Int("attacker-type"), v.Bool("out-of-arc"), bonus)
	if err != nil {
		return spotRule{}, err
	}
	return spotRule{need: need, minus: spotMinus(v, v.Int("hindrances") > 0)}, nil
}

var spotOutcomes = []string{"spotted", "not-spotted"}

// Target fire statuses for automatic spotting: any but fire and move
// reveals the unit.
var targetFire = []string{"none", "firing", "turret-fire", "move-and-fire", "fire-and-move"}

func spotAction() *resolve.Action {
	return &resolve.Action{
		Name:  "spot",
		Short: "the spotting roll: a d6 by attacker type, arc of fire and terrain bonus, -1 with hindered LOS, sneaky trail, hidden, hide action or ambush markers",
		Sheet: "001: Spotting Roll Table (10.5), Automatically spotted (10.5.1), Hindered LOS",
		Examples: []string{
			"odds symbol spot --attacker tank --defender rifle-squad --terrain brush",
			"odds symbol spot --attacker-type artillery --out-of-arc --terrain-bonus",
			"odds symbol spot --attacker-type vehicle --terrain-bonus --hindered",
			"odds symbol spot --attacker-type vehicle --terrain-bonus --ambush",
		},
		Outcome: spotOutcomes,
		Params: []resolve.Param{
			resolve.OptChoice("attacker-type", unitTypes, "the spotting unit's type (else the attacker card's)"),
			resolve.BoolParam("out-of-arc", "the target is outside the attacker's arc of fire (not for infantry: 360 degrees)"),
			{Name: "terrain", Kind: resolve.Word, Optional: true, Usage: "the target's terrain: a row of the terrain table (a bonus for its unit type; clear and road hexes spot automatically)"},
			resolve.OptChoice("target", unitTypes, "the target's unit type, for the terrain bonus (else the defender card's)"),
			resolve.BoolParam("terrain-bonus", "the target's hex gives it a terrain defence bonus (instead of --terrain)"),
			resolve.BoolParam("hindered", "one or more hindering terrain types in the line of sight: -1 to the roll"),
			resolve.ChoiceParam("target-fire-status", targetFire, 0, "the target's fire status: any but fire-and-move spots it automatically"),
			resolve.BoolParam("fast-action", "the target has a fast action marker: spotted automatically"),
			resolve.BoolParam("delayed-action", "the target has a delayed action marker: spotted automatically"),
			resolve.BoolParam("adjacent", "the target is in an adjacent hex: spotted automatically"),
			resolve.BoolParam("hidden", "the target has a hidden marker: -2 to the roll"),
			resolve.BoolParam("hide-action", "the target has a hide action marker: -1 to the roll"),
			resolve.BoolParam("ambush", "the target has an ambush marker: -2 to the roll"),
			resolve.BoolParam("sneaky-trail", "reaction fire at a unit moving along a sneaky trail: -1 to the roll"),
			resolve.ChoiceParam("marker-modifiers", markerRules, 0, "several of --hidden (-2), --hide-action (-1), --ambush (-2): the largest applies, or they add"),
		},
		Roles: []resolve.Role{
			{Name: "attacker", Usage: "spotting unit's card (its type)"},
			{Name: "defender", Usage: "target unit's card (its type)"},
		},
		FromCards: func(c resolve.Cards, _ resolve.Args) ([]resolve.Filled, error) {
			var f resolve.Fill
			if a := c["attacker"]; a != nil {
				f.Set("attacker-type", a.Int("type"), "attacker")
			}
			if d := c["defender"]; d != nil {
				f.Set("target", d.Int("type"), "defender")
			}
			return f, nil
		},
		Compile: compileSpot,
	}
}

func compileSpot(v resolve.Args) (resolve.Plan, error) {
	if !v.Has("attacker-type") {
		return nil, resolve.Errorf("attacker-type", "the spotting unit's type is needed: --attacker-type %s (or --attacker CARD)", joinChoices(unitTypes))
	}
	bonus, auto := v.Bool("terrain-bonus"), false
	if v.Has("terrain") {
		if v.Bool("terrain-bonus") {
			return nil, resolve.Errorf("terrain-bonus", "give --terrain NAME or --terrain-bonus, not both")
		}
		if !v.Has("target") {
			return nil, resolve.Errorf("target", "the terrain bonus depends on the target's type: --target %s (or --defender CARD)", joinChoices(unitTypes))
		}
		var err error
		if bonus, auto, err = terrainBonus(v.Env, v.Word("terrain"), v.Int("target")); err != nil {
			return nil, err
		}
	}
	fs := v.Int("target-fire-status")
	auto = auto || (fs != 0 && targetFire[fs] != "fire-and-move") || v.Bool("fast-action") || v.Bool("delayed-action") || v.Bool("adjacent")
	rule := spotRule{}
	if !auto {
		need, err := lookupSpot(v.Env, v.Int("attacker-type"), v.Bool("out-of-arc"), bonus)
		if err != nil {
			return nil, err
		}
		rule.need = need
		rule.minus = spotMinus(v, v.Bool("hindered"))
	}
	layout := resolve.NewLayout(spotOutcomes, nil, 2, func(c int, _ []float64) int { return c })
	if !rule.rolls() {
		return resolve.NewPlan(layout, func(*dice.Stream) int { return 0 }), nil
	}
	return resolve.NewPlan(layout, func(s *dice.Stream) int {
		return resolve.B2I(!rule.spotted(s.D(6)))
	}), nil
}
