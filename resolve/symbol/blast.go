package symbol

import (
	"slices"

	"odds/dice"
	"odds/resolve"
)

// Blast Values vs Buildings (12.5), shared by air and barrage support and
// by ranged fire (the defender's 9.0 on sheet 001: "If defending unit is
// in a building hex ... Check if any un-called critical hit can collapse a
// building by using blast values").

// blastEffect is the Blast Values vs Buildings table (12.5), read by the
// blast roll's strongest symbol: a critical hit collapses the building
// and flips the units inside to half strength; a damage point collapses
// it with one damage; a suppression makes them fall back; an X
// suppression suppresses them.
func (t target) blastEffect(st state, sym int) (state, bool) {
	if st.eliminated {
		return st, sym <= damage
	}
	switch sym {
	case crit:
		if !st.half {
			st.half, st.hits = true, max(st.hits, t.capacity)
		}
		return st, true
	case damage:
		return t.afterCrits(st, dice.Tally(0).With(damage, 1)), true
	case supp:
		return t.fallBack(st), false
	case xsupp:
		return t.suppress(st, t.suppressedAgain), false
	}
	return st, false
}

// blastPool reads --building and --blast: the blast value's dice, or nil
// when the target is not in a building.
func blastPool(v resolve.Args) (*dice.Pool, error) {
	switch {
	case v.Bool("building") && !v.Has("blast"):
		return nil, resolve.Errorf("blast", "a target in a building needs the blast value's dice: --blast POOL such as red:2")
	case v.Has("blast") && !v.Bool("building"):
		return nil, resolve.Errorf("blast", "the blast value is rolled against a building: give --building too")
	case !v.Bool("building"):
		return nil, nil
	}
	bp, err := buildPool(v.Env, "attack", v.Pool("blast"), "blast")
	if err != nil {
		return nil, err
	}
	return bp.compile("blast")
}

// tabulateBlast adds the blast roll to a fire plan with a building, and
// reports whether it did: the cell of every state, remaining tally with
// a critical hit, and blast symbol, and a layout whose cells also say
// whether the building collapsed (building-collapsed, 0 or 1). A cell's
// row is collapsed * outcomes + outcome, so the cells without a building
// keep their rows.
func (p *firePlan) tabulateBlast(tgt target) bool {
	if p.blast == nil {
		return false
	}
	for i, t := range p.blast.Tallies {
		p.blastSym[strongest(t)] += p.blast.Probs[i]
	}
	n, no := len(p.remains), len(fireOutcomes)
	p.blastFinal = make([]int32, len(p.states)*n*(kinds+1))
	for si, st := range p.states {
		for ri, r := range p.remains {
			after := tgt.afterCrits(st, r)
			for sym := range kinds + 1 {
				s2, collapsed := tgt.blastEffect(after, sym)
				p.blastFinal[(si*n+ri)*(kinds+1)+sym] = int32((resolve.B2I(collapsed)*no+s2.outcome())*n + ri)
			}
		}
	}
	stats := append(slices.Clone(fireStats), "building-collapsed")
	p.compactCells(2*no, fireOutcomes, stats, func(row int, vals []float64) int {
		vals[kinds] = float64(row / no)
		return row % no
	})
	p.layout.Counts = []string{"building-collapsed"} // P(>= 1) is the chance of a collapse
	return true
}

// finalCell is the cell of a fire trial whose critical hits left the
// target in state si with remaining tally ri: with a building and a
// critical hit left, the blast roll decides (s rolls it).
func (p *firePlan) finalCell(si, ri int, s *dice.Stream) int {
	if p.blastFinal != nil && p.remains[ri].Count(crit) > 0 {
		return int(p.blastFinal[(si*len(p.remains)+ri)*(kinds+1)+strongest(s.Roll(p.blast))])
	}
	return int(p.final[si*len(p.remains)+ri])
}

// addFinal adds w to the cells of state si with remaining tally ri (the
// exact counterpart of finalCell).
func (p *firePlan) addFinal(out []float64, si, ri int, w float64) {
	if p.blastFinal == nil || p.remains[ri].Count(crit) == 0 {
		out[p.final[si*len(p.remains)+ri]] += w
		return
	}
	for sym, q := range p.blastSym {
		if q > 0 {
			out[p.blastFinal[(si*len(p.remains)+ri)*(kinds+1)+sym]] += w * q
		}
	}
}
