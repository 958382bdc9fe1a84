package symbol

import (
	"slices"
	"strings"

	"odds/dice"
	"odds/resolve"
)

// Air and artillery support (sheet 001, TAS 12.3 and OAS 12.4) share one
// plan: an optional AA roll (TAS) or arrival roll (OAS), spotting as an
// accuracy modifier, the accuracy roll choosing the attack dice, the
// attack on the target, friendly fire on a modified accuracy of 1 or
// less, blast against a building, craters; and for TAS a second run.

// Support outcomes: what stopped the support, else the target's final
// state (fireOutcomes).
const (
	tasDestroyed = "tas-destroyed"
	tasAborted   = "tas-aborted"
	notArrived   = "not-arrived"
)

// Flags of a support run, as 0/1 numeric results.
var supportFlags = []string{"friendly-fire", "friendly-hit", "building-collapsed", "crater"}

const (
	flagFriendly = 1 << iota
	flagFriendlyHit
	flagCollapsed
	flagCrater
	flagCells
)

// The cells of a mission stopped before its attack: its first outcomes
// (air: tas-destroyed, tas-aborted; barrage: not-arrived), no flags.
const (
	cellTASDestroyed = 0 * flagCells
	cellTASAborted   = 1 * flagCells
	cellNotArrived   = 0 * flagCells
)

// attackDice is a pool whose dice that do not score at least a
// suppression are set aside for friendly fire after the attack on the
// target: per colour, the number set aside is binomial, the rest roll
// their other faces, and the set-aside dice's own faces (X suppressions)
// still count against the target.
type attackDice struct {
	groups   []blankGroup
	friendly []*dice.Pool // by the mixed-radix count of set-aside dice per group
}

type blankGroup struct {
	n, faces, blanks int
	blank            *dice.Counter // counts the blank faces, 1..blanks
	radix            int
	rest             []*dice.Pool // rest[m]: m dice showing at least a suppression
	aside            []*dice.Pool // aside[m]: m dice showing less (blank, X suppressions)
	die              dice.Die
}

// newAttackDice compiles a pool for a support attack.
func newAttackDice(p colourPool) *attackDice {
	p = slices.Clone(p)
	slices.SortStableFunc(p, func(x, y colourDie) int { return strings.Compare(x.colour, y.colour) })
	a := &attackDice{}
	radix := 1
	for i := 0; i < len(p); {
		j := i
		for j < len(p) && p[j].colour == p[i].colour {
			j++
		}
		d := p[i].faces
		g := blankGroup{n: j - i, faces: len(d), radix: radix, die: d}
		var scoring, short dice.Die
		for _, f := range d {
			if k := strongest(f); k <= supp {
				scoring = append(scoring, f)
			} else {
				short = append(short, f)
			}
		}
		g.blanks = len(d) - len(scoring)
		if g.blanks > 0 {
			g.blank = dice.NewCounter(g.faces, 1, g.blanks)
		}
		for m := 0; m <= g.n; m++ {
			dd := make([]dice.Die, m)
			for x := range dd {
				dd[x] = scoring
			}
			if len(scoring) == 0 {
				dd = nil
			}
			g.rest = append(g.rest, dice.NewPool(dd))
			sd := make([]dice.Die, m)
			for x := range sd {
				sd[x] = short
			}
			if len(short) == 0 {
				sd = nil
			}
			g.aside = append(g.aside, dice.NewPool(sd))
		}
		a.groups = append(a.groups, g)
		radix *= g.n + 1
		i = j
	}
	// The set-aside dice, rolled again at the friendly unit.
	for idx := range radix {
		var dd []dice.Die
		for _, g := range a.groups {
			for range idx / g.radix % (g.n + 1) {
				dd = append(dd, g.die)
			}
		}
		a.friendly = append(a.friendly, dice.NewPool(dd))
	}
	return a
}

// roll rolls the attack: the tally of all its dice (the set-aside ones
// show blanks and X suppressions) and the index of the set-aside dice in
// friendly.
func (a *attackDice) roll(s *dice.Stream) (dice.Tally, int) {
	var t dice.Tally
	idx := 0
	for i := range a.groups {
		g := &a.groups[i]
		k := 0
		if g.blank != nil {
			k = s.CountWith(g.blank, g.n)
		}
		t += s.Roll(g.rest[g.n-k])
		if k > 0 {
			t += s.Roll(g.aside[k])
		}
		idx += k * g.radix
	}
	return t, idx
}

// supportPlan is one TAS or OAS mission against a target.
type supportPlan struct {
	outcomes []string
	stopped  int // outcomes before the target's states

	aa      *dice.Pool // TAS: the AA units' dice (nil: none)
	arrival int        // OAS: the d6 needed to arrive (1: always)
	spotMod *[6]int    // accuracy modifier by spotting d6 (nil: spotted without a roll)
	accMod  int
	attack  [6]*[6]*attackDice // by accuracy column (accuracyStatuses; nil: unreachable), then result 1..6
	defence [2]*dice.Pool      // the target's, by whether it is suppressed (the same for vehicles)
	runs    int
	fast    bool // the target has a fast action marker (the accuracy column)
	delayed bool // ... a delayed action marker

	friendly      *dice.Pool // the friendly unit's defence (nil: none adjacent)
	friendlyTgt   target
	friendlyStart state
	blast         *dice.Pool // the blast value against a building (nil: not in one)
	crater        bool       // the terrain takes craters (OAS)

	rule  int
	crits *critRolls // the critical hits' comparison roll
	tgt   target
	start state
	// stateCells: a cell's row is the target's whole state (its code) after
	// the stopped outcomes, not only its most severe mark: a chain's.
	stateCells bool
	layout     *resolve.Layout
}

// row is the layout's row of a mission that reached the target and left
// it in state st.
func (p *supportPlan) row(st state) int {
	if p.stateCells {
		return p.stopped + st.code()
	}
	return p.stopped + st.outcome()
}

func (p *supportPlan) Layout() *resolve.Layout { return p.layout }

func (p *supportPlan) Run(s *dice.Stream, n int, counts []uint64) {
	for range n {
		counts[p.Trial(s)]++
	}
}

// Trial flies (or fires) one mission.
func (p *supportPlan) Trial(s *dice.Stream) int {
	if p.arrival > 1 && s.D(6) < p.arrival {
		return cellNotArrived
	}
	aaMod := 0
	if p.aa != nil {
		// AA results (12.3.5), by the AA roll's strongest symbol.
		switch strongest(s.Roll(p.aa)) {
		case crit:
			return cellTASDestroyed
		case damage, xsupp:
			return cellTASAborted // damaged, or turns away
		case supp:
			aaMod = -1 // slightly damaged: inaccurate
		}
	}
	st, flags := p.start, 0
	for range p.runs {
		acc := s.D(6) + p.accMod + aaMod
		if p.spotMod != nil {
			acc += p.spotMod[s.D(6)-1]
		}
		ad := p.attack[p.column(st)][min(max(acc, 1), 6)-1]
		att, aside := ad.roll(s)
		r := leftAfter(att, s.Roll(p.defence[resolve.B2I(st.suppressed)]), p.rule)
		st = p.tgt.hit(st, r, p.crits, s)
		if r.Count(crit) > 0 {
			if p.blast != nil {
				var collapsed bool
				st, collapsed = p.tgt.blastEffect(st, strongest(s.Roll(p.blast)))
				if collapsed {
					flags |= flagCollapsed
				}
			}
			if p.crater {
				flags |= flagCrater
			}
		}
		if acc <= 1 && p.friendly != nil {
			// Friendly fire: the set-aside dice at one adjacent friendly unit.
			flags |= flagFriendly
			fr := leftAfter(s.Roll(ad.friendly[aside]), s.Roll(p.friendly), p.rule)
			if p.friendlyTgt.hit(p.friendlyStart, fr, p.crits, s) != p.friendlyStart {
				flags |= flagFriendlyHit
			}
		}
		if st.eliminated {
			break
		}
	}
	return p.row(st)*flagCells + flags
}

// column is the accuracy tables' column (12.3.6.2, 12.4.5: "by defender
// unit status") for the target's state when a run starts: the first that
// applies in the table's order.
func (p *supportPlan) column(st state) int {
	switch {
	case p.fast:
		return 0
	case st.fallback:
		return 1
	case st.immobilized:
		return 2
	case st.suppressed:
		return 3
	case p.delayed:
		return 4
	}
	return 5
}

// supportLayout: the outcomes times the flags.
func supportLayout(outcomes []string) *resolve.Layout {
	return supportLayoutOf(outcomes, len(outcomes), func(row int) int { return row })
}

// supportLayoutOf is a layout of rows rows of flag cells, outcome giving
// each row's outcome.
func supportLayoutOf(outcomes []string, rows int, outcome func(row int) int) *resolve.Layout {
	l := resolve.NewLayout(outcomes, supportFlags, rows*flagCells, func(c int, vals []float64) int {
		for i := range supportFlags {
			vals[i] = float64(c >> i & 1)
		}
		return outcome(c / flagCells)
	})
	l.Counts = supportFlags // P(flag >= 1) is the flag's chance, with its interval
	return l
}
