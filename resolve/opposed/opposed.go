package opposed

import (
	"sync"

	"odds/dice"
	"odds/resolve"
)

// Parameter bounds. The sheet gives no ranges; these cover every published
// value we know of with room to spare (docs/rules/opposed.md).
const (
	maxStat    = 12 // HESA, AP, Def
	maxQuality = 3  // troop quality is -3..+3
)

// System returns the opposed-d10 system.
func System() *resolve.System {
	return &resolve.System{
		Name:    "opposed",
		Short:   "opposed d10: firer d10+HESA/AP vs target d10+Def, close combat, rally",
		Sheets:  []string{"004"},
		Actions: []*resolve.Action{fireAction(), tankHuntAction(), meleeAction(), overrunAction(), rallyAction()},
		Card:    cardFields,
	}
}

// cardElements are the element types of a unit card. The first five are
// the close combat elements at the same index; a vehicle fights as other.
var cardElements = []string{"inf", "eng", "cav", "csw", "cmd", "vehicle"}

const cardVehicle = 5

// cardFields are an opposed-d10 unit card: the stats sheet 004 uses.
var cardFields = []resolve.Param{
	{Name: "hesa", Kind: resolve.Int, Min: 0, Max: maxStat, Required: true, Usage: "HE/small arms value"},
	{Name: "ap", Kind: resolve.Int, Min: 0, Max: maxStat, Usage: "AP value (0: no AP weapon)"},
	{Name: "def", Kind: resolve.Int, Min: 0, Max: maxStat, Required: true, Usage: "Def value"},
	{Name: "quality", Kind: resolve.Int, Min: -maxQuality, Max: maxQuality, Usage: "troop quality"},
	{Name: "element", Kind: resolve.Choice, Choices: cardElements, Required: true, Usage: "element type"},
	{Name: "open-topped", Kind: resolve.Bool, Usage: "an open-topped vehicle"},
	{Name: "mg", Kind: resolve.Bool, Default: 1, Usage: "carries a machine-gun"},
}

var (
	attackerRole = resolve.Role{Name: "attacker", Usage: "attacker's unit card (firer, tank hunter, overrunning tank)"}
	defenderRole = resolve.Role{Name: "defender", Usage: "defender's unit card (the target)"}
	twoRoles     = []resolve.Role{attackerRole, defenderRole}
)

// fill collects parameter values taken from cards.
type fill struct{ resolve.Fill }

// fighterFromCard fills one side of a close combat: HESA (not for CSW and
// Cmd, which fight at 4), element and quality.
func (f *fill) fighterFromCard(c *resolve.Args, side string) {
	if c == nil {
		return
	}
	if e := c.Int("element"); e != elemCSW && e != elemCmd {
		f.Set(side+"-hesa", c.Int("hesa"), side)
	}
	f.Set(side+"-element", c.Int("element"), side) // vehicle is "other": same index
	f.Set(side+"-quality", c.Int("quality"), side)
}

// Outcome names, kebab-case from the sheet's result tables.
const (
	noEffect    = "no-effect"
	fallBack    = "fall-back"
	suppressed  = "suppressed"
	outOfAction = "out-of-action"
)

var (
	fireOutcomes   = []string{noEffect, fallBack, suppressed, outOfAction}
	huntOutcomes   = []string{"hunter-fall-back", noEffect, suppressed, outOfAction}
	combatOutcomes = []string{"attacker-out-of-action", "attacker-suppressed", "attacker-fall-back", "draw", "defender-fall-back", "defender-suppressed", "defender-out-of-action"}
	// combatHeadline: a close combat's figure is the defender's fate.
	combatHeadline                  = []string{"defender-out-of-action", "defender-suppressed", "defender-fall-back"}
	rallyOutcomes                   = []string{outOfAction, noEffect, "unsuppressed", "unsuppressed-and-acts"}
	marginStats                     = []string{"margin"}
	rallyStats                      = []string{"total"}
	elementChoices                  = []string{"inf", "eng", "cav", "csw", "cmd", "other"}
	coverChoices                    = []string{"none", "soft", "hard"}
	coverNone, coverSoft, coverHard = 0, 1, 2
)

// Element indices into elementChoices.
const (
	elemInf = iota
	elemEng
	elemCav
	elemCSW
	elemCmd
	elemOther
)

func withGroup(p resolve.Param, group string) resolve.Param {
	p.Group = group
	return p
}

func qualityParam(name, who string) resolve.Param {
	return resolve.IntParam(name, -maxQuality, maxQuality, 0, who+"'s troop quality: a modifier added to its roll, -3..3 (rof's --quality is a target number instead)")
}

// duel is one d10 per side. Its cells are the dice difference a-b, -9..9;
// the modifiers only shift the margin the layout assigns to each cell.
type duel struct{ layout *resolve.Layout }

func (p *duel) Trial(s *dice.Stream) int {
	a, b := s.Two(10)
	return a - b + 9
}

func (p *duel) Run(s *dice.Stream, n int, counts []uint64) {
	s.TallyDiff(n, 10, counts) // Trial in a loop, in one kernel
}

func (p *duel) Layout() *resolve.Layout { return p.layout }

// DiceKey: every duel rolls the same two d10 into the same 19 cells.
func (p *duel) DiceKey() string { return "opposed/d10-d10" }

// duelKey says what makes a duel: its outcome table (by its first name's
// address: the tables are package variables), the column of it that band
// reads, and the modifier.
type duelKey struct {
	table       *string
	column, mod int
}

// duels are the duels made so far. A sweep compiles the same few dozen
// duels many times over (99,372 fire points are 42 duels), and a duel is
// never changed once made; modifiers are bounded by the parameters'
// bounds, so the map stays small (a few hundred duels at most).
var duels sync.Map // duelKey -> *duel

// sharedDuel is newDuel, made once for each table, column and modifier.
func sharedDuel(outcomes []string, column, mod int, band func(margin int) int) *duel {
	k := duelKey{&outcomes[0], column, mod}
	if d, ok := duels.Load(k); ok {
		return d.(*duel)
	}
	d, _ := duels.LoadOrStore(k, newDuel(outcomes, mod, band))
	return d.(*duel)
}

// newDuel returns the plan for "d10+mod vs d10" where band maps the margin
// (first total minus second total) to an outcome index.
func newDuel(outcomes []string, mod int, band func(margin int) int) *duel {
	return &duel{layout: resolve.NewLayout(outcomes, marginStats, 19, func(c int, v []float64) int {
		m := c - 9 + mod
		v[0] = float64(m)
		return band(m)
	})}
}
