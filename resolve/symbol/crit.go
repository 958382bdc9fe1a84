package symbol

import (
	"sync"

	"odds/dice"
	"odds/resolve"
)

// Cancellation rules: how defence symbols cancel attack symbols.
var cancelRules = []string{"same-kind", "kind-or-weaker"}

const (
	sameKind = iota
	kindOrWeaker
)

// cancel returns what is left of attack a after defence d. same-kind: each
// defence symbol cancels one attack symbol of its kind (the sheets: "the
// defending player's symbols cancelling out the attacker's symbols").
// kind-or-weaker: a defence symbol cancels one attack symbol of its kind
// or a weaker one, the strongest first.
func cancel(a, d dice.Tally, rule int) dice.Tally {
	var r dice.Tally
	spare := 0 // unused defence symbols of stronger kinds
	for k := range kinds {
		avail := d.Count(k)
		if rule == kindOrWeaker {
			avail += spare
		}
		left := max(0, a.Count(k)-avail)
		spare = avail - (a.Count(k) - left)
		r = r.With(k, left)
	}
	return r
}

// leftAfter is what remains of attack a after defence d under a
// cancellation rule: subSat for same-kind, cancel otherwise.
func leftAfter(a, d dice.Tally, rule int) dice.Tally {
	if rule == sameKind {
		return subSat(a, d)
	}
	return cancel(a, d, rule)
}

// subSat is cancel's same-kind rule on all four counts at once: each
// byte of a less the matching byte of d, at least 0. Counts stay below 128,
// so setting each byte's top bit first keeps every borrow inside its byte;
// a byte whose top bit survives had a >= d.
func subSat(a, d dice.Tally) dice.Tally {
	const high = 0x80808080
	t := (a | high) - d
	keep := (t & high) >> 7 * 0x7f // 0x7f in every byte where a >= d
	return t & keep
}

// Target states (10.7.5, 10.7.6 and the reading of 10.7.2-10.7.4). The
// outcome is the most severe mark the target ends with.
type state struct {
	suppressed, fallback, immobilized, eliminated, half bool
	hits                                                int // damage points since full strength
}

// Outcomes, most severe first.
var fireOutcomes = []string{"eliminated", "immobilized", "fallback", "damaged", "suppressed", "no-effect"}

func (s state) outcome() int {
	switch {
	case s.eliminated:
		return 0
	case s.immobilized:
		return 1
	case s.fallback:
		return 2
	case s.half:
		return 3
	case s.suppressed:
		return 4
	}
	return 5
}

// target is what the effects depend on: the unit type and the readings
// chosen for rules not on the sheets.
type target struct {
	kind            int  // infantry, artillery or vehicle
	capacity        int  // damage points that flip the unit to half strength
	suppressedAgain bool // a suppressed unit suppressed again falls back
}

// fallBack performs a fallback (13.3): artillery is eliminated by it, an
// immobilized vehicle cannot fall back and is eliminated, a unit already
// marked fallback is eliminated.
func (t target) fallBack(s state) state {
	if t.kind == artillery || s.immobilized || s.fallback {
		s.eliminated = true
	}
	s.fallback = true
	return s
}

// suppress marks the unit suppressed; one suppressed before falls back.
func (t target) suppress(s state, again bool) state {
	if s.suppressed && again {
		return t.fallBack(s)
	}
	s.suppressed = true
	return s
}

// critEffect resolves the critical hits of an attack whose comparison
// roll left sym as the attacker's strongest symbol (kinds: nothing left).
func (t target) critEffect(s state, sym int) state {
	if s.eliminated {
		return s
	}
	if t.kind == vehicle {
		// 10.7.6: critical hit immobilizes (an immobilized vehicle is
		// eliminated); damage point: fallback; suppression: suppressed,
		// fallback if it was suppressed. X suppression reads as suppression.
		switch sym {
		case crit:
			if s.immobilized {
				s.eliminated = true
			}
			s.immobilized = true
		case damage:
			s = t.fallBack(s)
		case supp, xsupp:
			s = t.suppress(s, true)
		}
		return s
	}
	// 10.7.5: critical hit: fallback; damage point: suppressed, fallback
	// if it was suppressed; a suppression (sheet 001 "Suppression", sheet
	// 000 "X Suppression": the X is the suppression's picture) "exactly
	// the same procedure as ... a damage point", and so the X suppression
	// face kind too.
	switch sym {
	case crit:
		s = t.fallBack(s)
	case damage, supp, xsupp:
		s = t.suppress(s, true)
	}
	return s
}

// hit applies what is left of an attack to a unit, as ranged fire does:
// the critical hits' one pooled comparison roll (cr), then the damage
// points and suppressions.
func (t target) hit(st state, r dice.Tally, cr *critRolls, s *dice.Stream) state {
	if n := r.Count(crit); n > 0 {
		st = t.critEffect(st, cr.sample(s, n))
	}
	return t.afterCrits(st, r)
}

// startState is the unit's state before the attack, from its status
// flag (none, suppressed, fallback, immobilized: vehicles only) and its
// half-strength flag.
func (t target) startState(v resolve.Args, status, half string) (state, error) {
	st := v.Int(status)
	if st == statusImmobile && t.kind != vehicle {
		return state{}, resolve.Errorf(status, "only vehicles are immobilized")
	}
	s := state{suppressed: st == statusSuppressed, fallback: st == statusFallback, immobilized: st == statusImmobile}
	if v.Bool(half) {
		s.half, s.hits = true, t.capacity
	}
	return s, nil
}

// afterCrits applies the remaining damage points and suppressions: the
// damage flips the unit to half strength at capacity and eliminates it at
// twice that (a half-strength unit: at capacity); any suppression or X
// suppression marks it suppressed.
func (t target) afterCrits(s state, r dice.Tally) state {
	if s.eliminated {
		return s
	}
	s.hits += r.Count(damage)
	switch {
	case s.hits >= 2*t.capacity:
		s.eliminated = true
		return s
	case s.hits >= t.capacity:
		s.half = true
	}
	if r.Count(supp)+r.Count(xsupp) > 0 {
		s = t.suppress(s, t.suppressedAgain)
	}
	return s
}

// weighted is a state with its probability.
type weighted struct {
	s state
	p float64
}

// afterAttack is the distribution of the unit's state after an attack
// leaves e (its probability aside): the critical hits' one comparison
// roll (cmp: the probability of each strongest symbol it leaves, for
// e.crits critical hits; unread without any), then the damage points and
// suppressions.
func (t target) afterAttack(st state, e effect, cmp *[kinds + 1]float64) []weighted {
	cur := []weighted{{st, 1}}
	if e.crits > 0 {
		cur = nil
		for sym, pc := range cmp {
			if pc > 0 {
				cur = addState(cur, t.critEffect(st, sym), pc)
			}
		}
	}
	r := dice.Tally(0).With(damage, e.damage).With(supp, resolve.B2I(e.supp))
	var out []weighted
	for _, x := range cur {
		out = addState(out, t.afterCrits(x.s, r), x.p)
	}
	return out
}

// addState adds p to s's weight in ws.
func addState(ws []weighted, s state, p float64) []weighted {
	for i := range ws {
		if ws[i].s == s {
			ws[i].p += p
			return ws
		}
	}
	return append(ws, weighted{s, p})
}

// critRolls is the comparison roll of 10.7.5 and 10.7.6. The sheets'
// example: "left with two critical hits ... The attacker is then given two
// green dice and the defender is given two blue dice. They both roll their
// two dice with the defending player's symbols cancelling out the
// attacker's symbols. Attacker uses their strongest symbol rolled to
// resolve the critical hit ... Ignore any other uncancelled results." So n
// uncancelled critical hits are one roll of n green attack dice against n
// blue defence dice (10.7.2), cancelling by the rule in force, and the
// strongest symbol left gives one result.
type critRolls struct {
	rule        int
	green, blue []*dice.Pool // [j]: 2^j dice; n dice roll n's binary digits' pools
	// odds[n-1]: the strongest symbol left by n dice a side, in whole
	// numbers of the (green x blue faces)^n equally likely joint rolls,
	// for n up to maxOddsDice: Monte Carlo draws it as one digit.
	odds []*dice.Odds
	// Exact distributions of the strongest symbol left, by n.
	mu   sync.Mutex
	dist map[int]*[kinds + 1]float64
}

// critRollsFrom compiles the comparison roll from the green attack and
// blue defence dice in force.
func critRollsFrom(env *resolve.Env, rule, maxN int) (*critRolls, error) {
	g, err := oneDie(env, "attack", "green", "a critical hit's comparison roll")
	if err != nil {
		return nil, err
	}
	b, err := oneDie(env, "defence", "blue", "a critical hit's comparison roll")
	if err != nil {
		return nil, err
	}
	return newCritRolls(g[0].faces, b[0].faces, rule, maxN), nil
}

// newCritRolls compiles the comparison roll of green against blue dice
// for up to maxN critical hits (at least one).
func newCritRolls(green, blue dice.Die, rule, maxN int) *critRolls {
	cr := &critRolls{rule: rule, dist: map[int]*[kinds + 1]float64{}}
	for k := 1; k <= max(maxN, 1) && k <= dice.MaxPoolDice; k *= 2 {
		gs, bs := make([]dice.Die, k), make([]dice.Die, k)
		for i := range k {
			gs[i], bs[i] = green, blue
		}
		cr.green, cr.blue = append(cr.green, dice.NewPool(gs)), append(cr.blue, dice.NewPool(bs))
	}
	// Whole-number tally counts of n dice a side, pairs classified.
	ga, ba := map[dice.Tally]uint64{0: 1}, map[dice.Tally]uint64{0: 1}
	for n := 1; n <= min(max(maxN, 1), maxOddsDice); n++ {
		ga, ba = addDie(ga, green), addDie(ba, blue)
		var w [kinds + 1]uint64
		for a, ca := range ga {
			for d, cd := range ba {
				w[strongest(leftAfter(a, d, rule))] += ca * cd
			}
		}
		o, ok := dice.NewOdds(w[:]...)
		if !ok { // the joint rolls outgrow one word's digit
			break
		}
		cr.odds = append(cr.odds, o)
	}
	return cr
}

// maxOddsDice bounds the comparison rolls drawn as one digit: four dice a
// side of six faces are 36^4 joint rolls, within dice.MaxProduct.
const maxOddsDice = 4

// addDie is the tally counts of one more die d rolled with those of ts.
func addDie(ts map[dice.Tally]uint64, d dice.Die) map[dice.Tally]uint64 {
	out := make(map[dice.Tally]uint64, len(ts)*len(d))
	for t, c := range ts {
		for _, f := range d {
			out[t+f] += c
		}
	}
	return out
}

// chunks calls f with the pools' index for each part of n dice: its binary
// digits, the largest pool repeated beyond it.
func (cr *critRolls) chunks(n int, f func(j int)) {
	top := len(cr.green) - 1
	for n >= 1<<top {
		f(top)
		n -= 1 << top
	}
	for j := top - 1; j >= 0; j-- {
		if n>>j&1 == 1 {
			f(j)
		}
	}
}

// sample rolls the comparison roll of n critical hits: the attacker's
// strongest symbol left (kinds: nothing).
func (cr *critRolls) sample(s *dice.Stream, n int) int {
	if n <= len(cr.odds) {
		return s.Pick(cr.odds[n-1])
	}
	var a, d dice.Tally
	cr.chunks(n, func(j int) {
		a += s.Roll(cr.green[j])
		d += s.Roll(cr.blue[j])
	})
	return strongest(cr.left(n)(a, d, cr.rule))
}

// left is leftAfter for the comparison roll of n critical hits, or cancel
// (any count up to 255) past MaxPoolDice of them: 40 attack dice can show
// 80 critical hits, whose 80 green dice can show more than the 127 of a
// symbol that subSat handles.
func (cr *critRolls) left(n int) func(a, d dice.Tally, rule int) dice.Tally {
	if n > dice.MaxPoolDice {
		return cancel
	}
	return leftAfter
}

// probs is the exact distribution of sample(n), from the two pools' tally
// distributions (pairs of tallies, charged to work); false past work.
func (cr *critRolls) probs(n int, work *int64) (*[kinds + 1]float64, bool) {
	cr.mu.Lock()
	defer cr.mu.Unlock()
	if p, ok := cr.dist[n]; ok {
		return p, true
	}
	one := func() *tallyDist { return &tallyDist{[]dice.Tally{0}, []float64{1}} }
	ad, dd := one(), one()
	cr.chunks(n, func(j int) {
		ad, dd = ad.convolve(cr.green[j]), dd.convolve(cr.blue[j])
	})
	if *work -= int64(len(ad.tallies)) * int64(len(dd.tallies)); *work < 0 {
		return nil, false
	}
	var out [kinds + 1]float64
	left := cr.left(n)
	for i, a := range ad.tallies {
		for j, d := range dd.tallies {
			out[strongest(left(a, d, cr.rule))] += ad.probs[i] * dd.probs[j]
		}
	}
	cr.dist[n] = &out
	return &out, true
}

// of is the distribution for what an attack leaves: nil without critical
// hits (afterAttack does not read it then).
func (cr *critRolls) of(e effect, work *int64) (*[kinds + 1]float64, bool) {
	if e.crits == 0 {
		return nil, true
	}
	return cr.probs(e.crits, work)
}

// maxCrits is the most critical hits dice dd can show.
func maxCrits(dd []dice.Die) int {
	n := 0
	for _, d := range dd {
		top := 0
		for _, f := range d {
			top = max(top, f.Count(crit))
		}
		n += top
	}
	return n
}
