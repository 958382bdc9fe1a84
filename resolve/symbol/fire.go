package symbol

import (
	"slices"
	"strings"
	"sync"

	"odds/dice"
	"odds/resolve"
)

// Numeric results of fire: the symbols left after cancelling.
var fireStats = []string{"critical-hits", "damage", "suppressions", "x-suppressions"}

var targetStatuses = []string{"none", "suppressed", "fallback", "immobilized"}

const (
	statusSuppressed = 1
	statusFallback   = 2
	statusImmobile   = 3
)

// fireTemplate is symbol fire's action as fireAction makes it, built
// once and only read: the support missions copy its target's parameters
// when the system is built, and read them again when they compile
// (noFriendly, reread), where each used to build the whole action anew.
var fireTemplate = sync.OnceValue(fireAction)

func fireAction() *resolve.Action {
	pool := func(name, usage string) resolve.Param {
		return resolve.Param{Name: name, Kind: resolve.DicePool, Optional: true, Usage: usage}
	}
	return &resolve.Action{
		Name:  "fire",
		Short: "ranged fire: attack dice vs defence dice, cancel, then critical hit comparison rolls",
		Sheet: "000: Attacker's and defender's sequences; Critical Hits (10.7.5, 10.7.6); 001: Modifications to Attack and Defense Dice, Terrain Chart, Ranged Fire Modification Table",
		Examples: []string{
			"odds symbol fire --attack red:2,green:1 --defence blue:2 --target infantry",
			"odds symbol fire --attacker mg-team --defender rifle-squad --range medium",
			"odds symbol fire --attacker tank --defender half-track --range long --spot",
			"odds symbol fire --attacker mg-team --defender rifle-squad --range medium \\\n      --then 'close-combat --attacker rifle-squad' --until eliminated",
			"odds engage 'symbol fire --range medium' 'symbol fire --range medium' \\\n      --a mg-team --b rifle-squad",
		},
		Outcome: fireOutcomes,
		Stats:   fireStats,
		Params: []resolve.Param{
			pool("attack", "attack dice, e.g. red:2,green:1 (else the attacker card's dice at --range)"),
			resolve.OptChoice("range", ranges, "range band: which of the attacker card's attack pools is rolled"),
			resolve.ChoiceParam("attacker-experience", experience, regular, "attacker's experience: veteran and elite add a blue attack die"),
			resolve.BoolParam("attack-die-minus-1", "the attacker has an attack die -1 marker: loses its weakest attack die"),
			resolve.BoolParam("attacker-hidden", "the attacker is hidden: loses its weakest attack die (once, with --attack-die-minus-1)"),
			resolve.BoolParam("half-strength", "the attacker is at half strength: a double face counts its strongest symbol only"),
			pool("extra-attack", "attack dice a command card adds"),
			pool("fsu", "joint fire: the attack dice of the fire support units at full strength (each FSU's dice at this range, experience included)"),
			pool("fsu-half-strength", "joint fire: the attack dice of the fire support units at half strength (a double face counts its strongest symbol)"),
			pool("defence", "defence dice, e.g. blue:2 (else the defender card's dice for --impact)"),
			resolve.OptChoice("impact", impacts, "defender's area of impact: which of its card's defence pools is rolled (front unless given; indirect fire: above)"),
			resolve.BoolParam("indirect", "indirect fire: the area of impact is above, and up to two hindrances are ignored"),
			resolve.BoolParam("spotter", "with --indirect: the unit fires through a spotter, so a third hindrance does not block the shot"),
			resolve.OptChoice("target", unitTypes, "target unit type (else the defender card's)"),
			resolve.ChoiceParam("defender-experience", experience, regular, "defender's experience: recruit gives the attacker an X suppression; hardened, veteran and elite add a blue defence die"),
			{Name: "terrain", Kind: resolve.Word, Optional: true, Usage: "the defender's terrain: a row of the terrain table (its defence dice by unit type)"},
			resolve.IntParam("hindrances", 0, 3, 0, "hindering terrain in the line of sight: a defence die each (a third blocks the shot)"),
			resolve.ChoiceParam("hindrance-die", colours, 0, "the defence die each hindrance adds"),
			resolve.BoolParam("digging-in", "the defender is digging in: loses its weakest defence die (keeps one)"),
			resolve.BoolParam("dug-in", "the defender is dug in: a green defence die"),
			resolve.BoolParam("fast-action", "the defender has a fast action marker: infantry and artillery lose their weakest defence die (keep one); a vehicle reads the fast-vehicle columns"),
			resolve.BoolParam("hidden", "the defender has a hidden marker: a blue defence die; with --spot, -2 to the spotting roll"),
			resolve.BoolParam("hide-action", "the defender has a hide action marker: a blue defence die (one with --hidden); with --spot, -1 to the spotting roll"),
			resolve.BoolParam("ambush", "the defender has an ambush marker: with --spot, -2 to the spotting roll (no defence die: the sheet gives it to hidden and hide action)"),
			resolve.ChoiceParam("fire-status", fireStatuses, 0, "the attacker's fire status: the ranged fire modification table's defence die"),
			pool("extra-defence", "defence dice a command card adds"),
			resolve.BoolParam("building", "the defender is in a building hex (TAS/OAS rules): an uncancelled critical hit rolls the blast value (9.0, 12.5)"),
			pool("blast", "the blast value's dice against a building (needed with --building)"),
			resolve.BoolParam("spot", "roll the spotting roll first: a failure adds the table's spotting-failed die"),
			resolve.BoolParam("spot-failed", "the attacker failed its spotting roll: add the spotting-failed die"),
			resolve.BoolParam("out-of-arc", "with --spot: the target is outside the attacker's arc of fire (not for infantry: 360 degrees)"),
			resolve.OptChoice("attacker-type", unitTypes, "with --spot: the attacker's unit type (else the attacker card's)"),
			resolve.BoolParam("auto-spotted", "with --spot: the target is spotted without a roll (fire status other than fire and move, delayed action, adjacent; a clear or road hex and --fast-action need not say so)"),
			resolve.BoolParam("sneaky-trail", "with --spot: reaction fire at a unit moving along a sneaky trail, -1 to the spotting roll"),
			resolve.ChoiceParam("marker-modifiers", markerRules, 0, "with --spot: several of --hidden (-2), --hide-action (-1), --ambush (-2) on the spotting roll: the largest applies, or they add"),
			resolve.ChoiceParam("target-status", targetStatuses, 0, "the target's status before the attack (suppressed infantry and artillery also add a green defence die)"),
			resolve.BoolParam("target-half-strength", "the target is already at half strength"),
			resolve.IntParam("damage-capacity", 1, 6, 1, "uncancelled damage points that flip the target to half strength (twice that eliminate it)"),
			resolve.ChoiceParam("cancel", cancelRules, sameKind, "how defence symbols cancel: same-kind, or kind-or-weaker"),
			resolve.ChoiceParam("suppressed-again", []string{"fallback", "stays"}, 0, "a suppressed target suppressed again by the attack falls back, or stays suppressed"),
		},
		Roles: []resolve.Role{
			{Name: "attacker", Usage: "firing unit's card (attack dice by range, experience, type)"},
			{Name: "defender", Usage: "target unit's card (defence dice by impact, experience, type, damage capacity)"},
		},
		FromCards: fireFromCards,
		Compile:   compileFire,
		Bytes:     fireBytes,
		Chain:     fireChain(),
		Engage:    fireEngage(),
	}
}

func fireFromCards(c resolve.Cards, given resolve.Args) ([]resolve.Filled, error) {
	var f resolve.Fill
	if a := c["attacker"]; a != nil {
		if !given.Has("attack") {
			if !given.Has("range") {
				return nil, resolve.Errorf("range", "the attacker card has attack dice by range: give --range %s", joinChoices(ranges))
			}
			f.SetPool("attack", a.Pool("attack-"+ranges[given.Int("range")]), "attacker")
		}
		f.Set("attacker-experience", a.Int("experience"), "attacker")
		f.Set("attacker-type", a.Int("type"), "attacker")
	}
	if d := c["defender"]; d != nil {
		if !given.Has("defence") {
			impact := 0 // front, unless given
			switch {
			case given.Bool("indirect"):
				impact = above
			case given.Has("impact"):
				impact = given.Int("impact")
			}
			f.SetPool("defence", d.Pool("defence-"+impacts[impact]), "defender")
		}
		f.Set("defender-experience", d.Int("experience"), "defender")
		f.Set("target", d.Int("type"), "defender")
		f.Set("damage-capacity", d.Int("damage-capacity"), "defender")
	}
	return f, nil
}

func joinChoices(c []string) string { return strings.Join(c, "|") }

// firePlan is one ranged attack, compiled: the pools of each roll, and
// tables that turn what a roll leaves into a cell without a branch on the
// rules: the comparison roll's result per face pair, the target's state
// after each critical hit, and the cell of every final state and
// remaining tally.
type firePlan struct {
	attack           *dice.Pool
	defence          *dice.Pool // if spotted (or no spotting roll)
	defenceUnspotted *dice.Pool // after a failed spotting roll
	defDice          []dice.Die // defence's dice one by one, for Exact (cancelGrid)
	defDiceUnspotted []dice.Die
	spot             *spotRule  // the spotting roll; nil if none is thrown (no --spot, or spotted without a roll)
	rule             int        // cancellation rule
	autoX            dice.Tally // X suppressions against a recruit, added after cancelling
	blast            *dice.Pool // the blast value against a building (9.0), or nil

	// 10.7.2, 10.7.5, 10.7.6: the critical hits' one comparison roll, n
	// green attack dice against n blue defence dice.
	crits *critRolls

	states   []state // the start (0) and the states the critical hits reach from it
	critNext []uint8 // critNext[sym]: the state after the comparison roll leaves sym

	grid    box          // the dense grid of remaining tallies
	index   []int32      // dense remaining tally -> its compact index
	remains []dice.Tally // compact index -> remaining tally
	final   []int32      // final[state*len(remains)+r]: the cell
	cellRow []uint8      // cellRow[cell]: its row, the outcome or (stateCells) the state code (compactCells)
	layout  *resolve.Layout
	// stateCells: a cell is (the target's state code, remaining tally)
	// rather than (outcome, remaining tally), for repeated attacks.
	stateCells bool

	// blastFinal[(state*len(remains)+r)*(kinds+1)+sym]: the cell after a
	// blast roll whose strongest symbol is sym; blastSym its chances.
	blastFinal []int32
	blastSym   [kinds + 1]float64

	// versus is the Monte Carlo kernel of a trial (compileVersus), or
	// nil; compiled by the first Run, so that a plan answered exactly
	// (auto, sweeps) never holds its tables.
	versus     *dice.Versus
	versusOnce sync.Once
}

// dense maps a remaining tally to its place in index.
func (p *firePlan) dense(r dice.Tally) int { return p.grid.at(r) }

// box is a dense grid of tallies whose counts are below shape, kind 0 the
// most significant (exact.go walks it in that order).
type box struct {
	shape, stride [kinds]int
	size          int
}

func newBox(shape [kinds]int) box {
	b := box{shape: shape, size: 1}
	for k := kinds - 1; k >= 0; k-- {
		b.stride[k] = b.size
		b.size *= shape[k]
	}
	return b
}

// at is the place of t: independent products, not a chain of them.
func (b *box) at(t dice.Tally) int {
	return t.Count(0)*b.stride[0] + t.Count(1)*b.stride[1] + t.Count(2)*b.stride[2] + t.Count(3)*b.stride[3]
}

// count is kind k's count at place i.
func (b *box) count(i, k int) int { return i / b.stride[k] % b.shape[k] }

// remaining is what an attack leaves after the defence cancels, with the
// automatic X suppression against a recruit.
func (p *firePlan) remaining(a, d dice.Tally) dice.Tally {
	return leftAfter(a, d, p.rule) + p.autoX
}

// Trial rolls the spotting roll, the attack and defence dice, cancels, and
// resolves the critical hits by one comparison roll, then the damage and
// suppressions.
func (p *firePlan) Trial(s *dice.Stream) int {
	def := p.defence
	if p.spot != nil && !p.spot.spotted(s.D(6)) {
		def = p.defenceUnspotted
	}
	r := p.remaining(s.Roll(p.attack), s.Roll(def))
	st := 0
	if n := r.Count(crit); n > 0 {
		st = int(p.critNext[p.crits.sample(s, n)])
	}
	return p.finalCell(st, int(p.index[p.dense(r)]), s)
}

func (p *firePlan) Run(s *dice.Stream, n int, counts []uint64) {
	p.versusOnce.Do(p.compileVersus)
	if p.versus != nil {
		s.TallyVersus(n, p.versus, counts)
		return
	}
	for range n {
		counts[p.Trial(s)]++
	}
}

func (p *firePlan) Layout() *resolve.Layout { return p.layout }

// tabulate compiles the rules into the plan's tables: the comparison roll,
// the target's states after it, every tally the attack can leave (cells are made
// only for those: a dense grid of four counts would be mostly empty), and
// the cell of each final state. most is the most critical hits the
// attack dice can show (maxCrits): the comparison roll's largest.
//
// An attack leaves at most what it rolled, kind by kind (cancelling only
// takes symbols away), plus the automatic X: the tallies below some attack
// tally (downset) hold every one it can leave. Finding exactly those it
// does leave would pair every attack tally with every defence tally,
// which grows as the square of the pools: 20 s at 8 dice of each colour a
// side, minutes at 10.
func (p *firePlan) tabulate(tgt target, green, blue dice.Die, start state, most int) {
	p.crits = newCritRolls(green, blue, p.rule, most)
	p.states = []state{start}
	for sym := range kinds + 1 {
		next := tgt.critEffect(start, sym)
		j := slices.Index(p.states, next)
		if j < 0 {
			j = len(p.states)
			p.states = append(p.states, next)
		}
		p.critNext = append(p.critNext, uint8(j))
	}

	var shape [kinds]int
	for _, a := range p.attack.Tallies {
		for k := range kinds {
			shape[k] = max(shape[k], a.Count(k)+p.autoX.Count(k)+1)
		}
	}
	p.grid = newBox(shape)
	p.remains = downset(p.attack.Tallies, p.autoX, &p.grid)
	p.index = make([]int32, p.grid.size)
	for i, r := range p.remains {
		p.index[p.dense(r)] = int32(i)
	}
	n := len(p.remains)
	p.final = make([]int32, len(p.states)*n)
	for si, st := range p.states {
		for ri, r := range p.remains {
			p.final[si*n+ri] = int32(p.cellState(tgt.afterCrits(st, r))*n + ri)
		}
	}
	if p.tabulateBlast(tgt) {
		return
	}
	rows := len(fireOutcomes)
	if p.stateCells {
		rows = stateCodes
	}
	p.compactCells(rows, fireOutcomes, fireStats, func(row int, _ []float64) int {
		if p.stateCells {
			return stateOf(row).outcome()
		}
		return row
	})
}

// downset returns, ascending, every tally x+autoX where x is at most some
// tally of ts in every kind: ts marked in the dense grid b, then each mark
// carried one down in each kind, from the top, so that one pass a kind
// reaches every smaller count.
func downset(ts []dice.Tally, autoX dice.Tally, b *box) []dice.Tally {
	mark := make([]bool, b.size)
	for _, t := range ts {
		mark[b.at(t+autoX)] = true
	}
	for k := range kinds {
		for i := b.size - 1; i >= 0; i-- {
			if mark[i] && b.count(i, k) > autoX.Count(k) {
				mark[i-b.stride[k]] = true
			}
		}
	}
	// Read in ascending tally order (kind 3 the most significant: the
	// box's least), so that nothing needs sorting.
	var out []dice.Tally
	sh, st := b.shape, b.stride
	for c3 := range sh[3] {
		for c2 := range sh[2] {
			for c1 := range sh[1] {
				i := c1*st[1] + c2*st[2] + c3*st[3]
				for c0 := range sh[0] {
					if mark[i+c0*st[0]] {
						out = append(out, dice.Tally(c0|c1<<8|c2<<16|c3<<24))
					}
				}
			}
		}
	}
	return out
}

// compileVersus compiles the Monte Carlo kernel of a trial without a
// spotting roll (dice.Versus): the attack and defence pools drawn into one
// grid of their differences kind by kind (what cancelling reads, by
// either rule), each place classed by the tally the defence leaves (its
// compact index), whose critical hits' comparison roll is drawn as odds
// with the cell of each strongest symbol it leaves. A critical hit left
// against a building (the blast roll) or more critical hits than the odds
// go to (maxOddsDice) finish as Trial does. Without a kernel (a spotting
// roll, or a grid too large for the kernel's tables) Run calls Trial.
func (p *firePlan) compileVersus() {
	if p.spot != nil {
		return
	}
	n := len(p.remains)
	classes := make([]dice.VersusClass, n)
	for ri, r := range p.remains {
		c := r.Count(crit)
		switch {
		case c == 0:
			classes[ri].Cells = []int32{p.final[ri]}
		case p.blast == nil && c <= len(p.crits.odds):
			cells := make([]int32, kinds+1)
			for sym := range cells {
				cells[sym] = p.final[int(p.critNext[sym])*n+ri]
			}
			classes[ri] = dice.VersusClass{Odds: p.crits.odds[c-1], Cells: cells}
		}
	}
	p.versus, _ = dice.NewVersus(p.attack, p.defence, classes, func(a, d dice.Tally) int {
		return int(p.index[p.dense(p.remaining(a, d))])
	}, func(s *dice.Stream, ri int) int {
		st := int(p.critNext[p.crits.sample(s, p.remains[ri].Count(crit))])
		return p.finalCell(st, ri, s)
	})
}
