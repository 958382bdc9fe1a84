package symbol

import (
	"odds/resolve"
)

// Symbols, strongest first (sheet 000: critical hit > damage point >
// suppression; the X suppression is the attacker's automatic result
// against recruits and a symbol of its own).
const (
	crit = iota
	damage
	supp
	xsupp
	kinds
)

var symbolNames = []string{"critical-hit", "damage-point", "suppression", "x-suppression"}

// Die roles and colours.
var (
	roles   = []string{"attack", "defence"}
	colours = []string{"blue", "green", "red", "black", "white", "yellow"}
)

// Target types: the sheets' unit types.
var unitTypes = []string{"infantry", "artillery", "vehicle"}

const (
	infantry = iota
	artillery
	vehicle
)

// Experience levels (4.2.3): recruit (blue marker), regular, hardened
// (green), veteran (yellow), elite (black).
var experience = []string{"recruit", "regular", "hardened", "veteran", "elite"}

const (
	recruit = iota
	regular
	hardened
	veteran
	elite
)

// Range bands and areas of impact: the unit card gives a pool for each.
var (
	ranges  = []string{"close", "medium", "long"}
	impacts = []string{"front", "flank", "rear", "above"}
)

const above = 3

// System returns the symbol-dice system.
func System() *resolve.System {
	return &resolve.System{
		Name:    "symbol",
		Short:   "custom symbol dice: attack pool vs defence pool, cancellation, critical hits, spotting",
		Sheets:  []string{"000", "001"},
		Actions: resolve.SectionedAll(sections, fireAction(), spotAction(), closeCombatAction(), airAction(), barrageAction()),
		Card:    cardFields(),
		Die: &resolve.DieSchema{
			Symbols: symbolNames, Roles: roles, Colours: colours,
			MinFaces: 2, MaxFaces: 20, MaxSymbols: 2,
		},
		Tables: tables,
	}
}

// cardFields are a symbol-dice unit card: its type and experience, an
// attack pool per range band and a defence pool per area of impact
// (unit cards MR 4.2), and the damage it absorbs before it is flipped to
// half strength (a reading of 10.7.3, not on the sheets).
func cardFields() []resolve.Param {
	f := []resolve.Param{
		{Name: "type", Kind: resolve.Choice, Choices: unitTypes, Required: true, Usage: "unit type"},
		{Name: "experience", Kind: resolve.Choice, Choices: experience, Default: regular, Usage: "experience level"},
	}
	for _, r := range ranges {
		f = append(f, resolve.Param{Name: "attack-" + r, Kind: resolve.DicePool, Usage: "attack dice at " + r + " range"})
	}
	for _, i := range impacts {
		f = append(f, resolve.Param{Name: "defence-" + i, Kind: resolve.DicePool, Usage: "defence dice against fire from the " + i})
	}
	return append(f, resolve.Param{Name: "damage-capacity", Kind: resolve.Int, Min: 1, Max: 6, Default: 1,
		Usage: "uncancelled damage points that flip the unit to half strength (as many again eliminate it)"})
}

// Table names and their schemas.
const (
	terrainTable  = "terrain"
	modTable      = "ranged-fire-modifications"
	spottingTable = "spotting"
	fortTable     = "fortification"
)

// Columns of the ranged fire modification table (10.9.5): the die the
// defender gains from the attacker's fire status, for most targets and for
// vehicles with a fast action marker; and the die a failed spotting roll
// adds, likewise.
var modColumns = []string{"defender", "defender-fast-vehicle", "spotting-failed", "spotting-failed-fast-vehicle"}

// Fire statuses of the attacker (3.0 of the attacker's sequence).
var fireStatuses = []string{"firing", "turret-fire", "move-and-fire", "fire-and-move"}

// Columns of the spotting table (10.5): the target in or out of the arc of
// fire, in a hex with or without a terrain defence bonus.
var spotColumns = []string{"in-arc", "in-arc-terrain", "out-of-arc", "out-of-arc-terrain"}

var tables = []resolve.TableSchema{
	{Name: terrainTable, Usage: "terrain defence bonus (10.9.1): the dice each unit type gains in the terrain it occupies",
		Columns: unitTypes, Cell: resolve.Param{Name: "dice", Kind: resolve.DicePool}},
	{Name: modTable, Usage: "ranged fire modifications (10.9.5): defence dice by the attacker's fire status (rows)",
		Columns: modColumns, Cell: resolve.Param{Name: "dice", Kind: resolve.DicePool}},
	{Name: spottingTable, Usage: "spotting roll (10.5): the d6 needed by attacker unit type (rows); 0 is spotted without a roll, 7 never",
		Columns: spotColumns, Cell: resolve.Param{Name: "roll", Kind: resolve.Int, Min: 0, Max: 7}},
	{Name: fortTable, Usage: "fortification chart (9.6.3.2): the defence dice of secondary terrain by unit type and side attacked from",
		Columns: fortColumns, Cell: resolve.Param{Name: "dice", Kind: resolve.DicePool}},
	{Name: "aa-fire", Usage: "AA units attack (12.3.4): the AA dice by range factor (rows blast, close, medium, long)",
		Columns: []string{"dice"}, Cell: resolve.Param{Name: "dice", Kind: resolve.DicePool}},
	{Name: "air-spotting", Usage: "TAS unit spotting (12.3.6.1): the accuracy modifier by the d6 (rows 1 to 6), with or without a terrain bonus",
		Columns: spotBonusColumns, Cell: resolve.Param{Name: "modifier", Kind: resolve.Int, Min: -3, Max: 3}},
	{Name: "tas-accuracy", Usage: "TAS accuracy (12.3.6.2): the attack dice by the modified roll (rows 1 to 6) and the defender's status",
		Columns: accuracyStatuses, Cell: resolve.Param{Name: "dice", Kind: resolve.DicePool}},
	{Name: "oas-accuracy", Usage: "OAS accuracy (12.4.5): the attack dice by the modified roll (rows 1 to 6) and the defender's status",
		Columns: accuracyStatuses, Cell: resolve.Param{Name: "dice", Kind: resolve.DicePool}},
}

// Columns of the fortification chart: its eight "Terrain Defense Bonus for
// Secondary Terrain (Inf/Art)" columns, front, flank, rear and above for
// infantry and then for artillery.
var fortColumns = func() []string {
	var c []string
	for _, k := range []string{"infantry", "artillery"} {
		for _, s := range impacts {
			c = append(c, k+"-"+s)
		}
	}
	return c
}()
