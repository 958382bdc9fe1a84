package symbol

import (
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

// critEffect resolves one critical hit whose comparison roll left sym as
// the attacker's strongest symbol (kinds: nothing left).
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
	// 10.7.5: critical hit: fallback; damage point or X suppression:
	// suppressed, fallback if it was suppressed. A suppression is not
	// listed: no effect.
	switch sym {
	case crit:
		s = t.fallBack(s)
	case damage, xsupp:
		s = t.suppress(s, true)
	}
	return s
}

// hit applies what is left of an attack to a unit, as ranged fire does:
// a comparison roll per critical hit (cmpSym: the strongest symbol each
// face pair leaves), then the damage points and suppressions.
func (t target) hit(st state, r dice.Tally, cmpSym []uint8, s *dice.Stream) state {
	for range r.Count(crit) {
		st = t.critEffect(st, int(cmpSym[s.D(len(cmpSym))-1]))
	}
	return t.afterCrits(st, r)
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
// leaves e (its probability aside): the comparison roll of each critical
// hit one after another (cmp: the probability of each strongest symbol
// it leaves), then the damage points and suppressions.
func (t target) afterAttack(st state, e effect, cmp *[kinds + 1]float64) []weighted {
	cur := []weighted{{st, 1}}
	for range e.crits {
		var nx []weighted
		for _, x := range cur {
			for sym, pc := range cmp {
				if pc > 0 {
					nx = addState(nx, t.critEffect(x.s, sym), x.p*pc)
				}
			}
		}
		cur = nx
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

// comparisonProbs is the distribution of a comparison roll's strongest
// symbol left.
func comparisonProbs(sym []uint8) *[kinds + 1]float64 {
	var cmp [kinds + 1]float64
	for _, k := range sym {
		cmp[k] += 1 / float64(len(sym))
	}
	return &cmp
}
