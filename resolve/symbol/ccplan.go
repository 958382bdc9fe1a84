package symbol

import (
	"odds/dice"
	"odds/resolve"
)

// ccPlan is a close combat, compiled: the pools of each round and state,
// the comparison roll of critical hits, the two sides' rules and
// withdraw policies.
type ccPlan struct {
	*ccPools
	rule      int
	crits     *critRolls // the critical hits' comparison roll
	a, d      target
	aStart    state
	dStart    state
	withdraw  [2]policy // attacker, defender
	maxRounds int
	nA, nD    int // damage values 0..2*capacity of each side
	layout    *resolve.Layout
}

func compileCloseCombat(v resolve.Args) (resolve.Plan, error) {
	a, err := readSide(v, "attacker")
	if err != nil {
		return nil, err
	}
	d, err := readSide(v, "defender")
	if err != nil {
		return nil, err
	}
	if v.Bool("defender-immobilized") {
		d.start.immobilized = true
	}
	if v.Bool("defender-suppressed") {
		d.start.suppressed = true
	}
	pools, err := buildPools(v, a, d)
	if err != nil {
		return nil, err
	}
	p := &ccPlan{ccPools: pools, rule: v.Int("cancel"), a: a.tgt, d: d.tgt, aStart: a.start, dStart: d.start,
		withdraw: [2]policy{a.withdrawal, d.withdrawal}, maxRounds: v.Int("max-rounds"),
		nA: 2*a.tgt.capacity + 1, nD: 2*d.tgt.capacity + 1}
	most := 0
	for _, r := range []*roll{p.aAtt[0][0][0], p.aAtt[0][0][1], p.aAtt[1][0][0], p.aAtt[1][0][1], p.dAtt[0][0], p.dAtt[1][0]} {
		most = max(most, maxCrits(r.dice)) // half strength only takes symbols away
	}
	if p.crits, err = critRollsFrom(v.Env, p.rule, most); err != nil {
		return nil, resolve.Errorf("attacker-attack", "%v", err)
	}
	n := len(ccOutcomes) * p.maxRounds * p.nA * p.nD
	p.layout = resolve.NewLayout(ccOutcomes, ccStats, n, func(c int, vals []float64) int {
		vals[2] = float64(c % p.nD)
		c /= p.nD
		vals[1] = float64(c % p.nA)
		c /= p.nA
		vals[0] = float64(c%p.maxRounds + 1)
		return c / p.maxRounds
	})
	p.layout.Counts = []string{"rounds"}
	return p, nil
}

func (p *ccPlan) Layout() *resolve.Layout { return p.layout }

func (p *ccPlan) cell(outcome, round int, a, d state) int {
	return ((outcome*p.maxRounds+round-1)*p.nA+min(a.hits, p.nA-1))*p.nD + min(d.hits, p.nD-1)
}

// Trial fights one close combat, round by round (the round procedure,
// steps 1 to 5).
func (p *ccPlan) Trial(s *dice.Stream) int {
	a, d := p.aStart, p.dStart
	for round := 1; ; round++ {
		ini := resolve.B2I(round == 1)
		// 1. Crosswise rolls.
		toD := leftAfter(p.aAtt[ini][resolve.B2I(a.half)][resolve.B2I(d.immobilized)].sample(s), p.dDef[ini].sample(s), p.rule)
		toA := leftAfter(p.dAtt[ini][resolve.B2I(d.half)].sample(s), p.aDef[ini].sample(s), p.rule)
		// 2. Damage to both at once.
		a, d = p.a.hit(a, toA, p.crits, s), p.d.hit(d, toD, p.crits, s)
		// 3 and 4. Withdraw and end checks.
		if o, end := p.ends(round, a, d); end {
			return p.cell(o, round, a, d)
		}
	}
}

func (p *ccPlan) Run(s *dice.Stream, n int, counts []uint64) {
	for range n {
		counts[p.Trial(s)]++
	}
}

// out reports whether a unit has left the fight: eliminated or fallen
// back (a retreat).
func out(s state) bool { return s.eliminated || s.fallback }

// ends is steps 3 and 4 after a round: a side gone ends the fight; else
// the assault unit, then the defence unit, may withdraw; else the round
// cap calls it undecided.
func (p *ccPlan) ends(round int, a, d state) (int, bool) {
	switch ao, do := out(a), out(d); {
	case ao && do && a.eliminated && d.eliminated:
		return bothEliminated, true
	case ao && do:
		return bothLeave, true
	case do:
		return attackerHolds, true
	case ao:
		return defenderHolds, true
	case p.withdraw[0].withdraws(round, a, p.a, d, p.d):
		return attackerWithdrew, true
	case p.withdraw[1].withdraws(round, d, p.d, a, p.a):
		return defenderWithdrew, true
	case round >= p.maxRounds:
		return bothRemain, true
	}
	return 0, false
}
