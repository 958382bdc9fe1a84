package roll

// The Monte Carlo fast paths: shapes of expression found at compile time
// (a success-count pool, an opposed pair, sums of plain dice, few plain
// dice in all, plain dice kept, exploding dice alone; every other shape
// that can, one dice.Program: program.go) and the kernels that roll them
// without walking the terms.

import "odds/dice"

// fixedProduct is the product of the sides of every die the terms roll,
// if they roll a fixed set of plain dice (no re-roll or exploding die,
// whose count varies) and the product is at most limit.
func fixedProduct(ts []term, limit int) (int, bool) {
	p := 1
	for i := range ts {
		t := &ts[i]
		switch {
		case t.kind == kGroup:
			g, ok := fixedProduct(t.group, limit)
			if !ok {
				return 0, false
			}
			p *= g
		case t.kind == kDice && t.die != nil:
			return 0, false
		case t.kind == kDice:
			for range t.n {
				if p *= t.sides; p > limit {
					return 0, false
				}
			}
		}
		if p > limit {
			return 0, false
		}
	}
	return p, true
}

// sumTerm is n plain dice of a number of sides, added (sign 1) or taken
// away (-1).
type sumTerm struct{ n, sides, sign int }

// plainSum reads terms as plain dice and constants, if they are: no
// comparison, keep, modifier or group.
func plainSum(ts []term, sign int) (sums []sumTerm, c int, ok bool) {
	for i := range ts {
		t := &ts[i]
		switch {
		case t.kind == kConst:
			c += sign * t.sign * t.value
		case t.kind == kDice && !t.cmp && t.keep == 0 && t.die == nil:
			sums = append(sums, sumTerm{t.n, t.sides, sign * t.sign})
		default:
			return nil, 0, false
		}
	}
	return sums, c, true
}

// plainConst is the total of terms that are all constants.
func plainConst(ts []term) (c int, ok bool) {
	for i := range ts {
		if ts[i].kind != kConst {
			return 0, false
		}
		c += ts[i].sign * ts[i].value
	}
	return c, true
}

// Run implements resolve.Plan.
func (p *Plan) Run(s *dice.Stream, n int, counts []uint64) {
	switch {
	case p.table != nil:
		s.TallyTable(n, p.table, counts) // Trial by look-up
		return
	case p.pool != nil:
		t := p.pool
		s.TallyCount(n, t.counter, t.n, counts) // values 0..n are cells 0..n
		return
	case p.duel > 0:
		s.TallyDiff(n, p.duel, counts) // cell a-b+sides-1 is value a-b+constant
		return
	case len(p.sums) == 1 && p.sums[0].sign == 1:
		t, off := p.sums[0], p.constant-p.lo
		for range n {
			counts[s.Sum(t.n, t.sides)+off]++
		}
		return
	case p.keep != nil:
		s.TallyKeep(n, p.keep.keeper, p.keep.kept, p.constant-p.lo, counts)
		return
	case p.xkeep != nil:
		s.TallyKeepExploded(n, p.xkeep, p.constant-p.lo, counts)
		return
	case p.mod != nil:
		s.TallyExplode(n, p.mod.n, p.mod.explode, p.constant-p.lo, counts)
		return
	case p.prog != nil:
		s.TallyProgram(n, p.prog, p.progConst-p.lo, counts)
		return
	case p.sums != nil:
		off := p.constant - p.lo
		for range n {
			v := off
			for _, t := range p.sums {
				v += t.sign * s.Sum(t.n, t.sides)
			}
			counts[v]++
		}
		return
	}
	for range n {
		counts[p.value(s)-p.lo]++
	}
}

// maxTallySides bounds the dice keepTally counts by face.
const maxTallySides = 64

// compileKeep readies a keep of plain dice: a Keeper where its states fit
// (keeping up to three of d10s, four of d6s), with what each state adds,
// else counting by face where the counts fit a word; and a keep of
// re-rolled dice, counted by the value each die's two rolls leave.
func compileKeep(t *term) {
	if t.rerolls != nil {
		if t.sides <= maxTallySides {
			t.faces, _ = dice.NewRerolledFaces(t.rerolls, t.n)
		}
		return
	}
	if k, ok := dice.NewKeeper(t.sides, t.n, t.keep, t.high); ok {
		t.keeper, t.kept = k, make([]int32, k.States())
		for st := range t.kept {
			for _, f := range k.Kept(st) {
				if t.cmp {
					f = inRange(f, t.lo, t.hi)
				}
				t.kept[st] += int32(f)
			}
		}
		return
	}
	if t.sides <= maxTallySides {
		t.faces, _ = dice.NewFaceCounter(t.sides, t.n)
	}
}

// keepTally is keep for plain dice without sorting: the kept dice as a
// Keeper's state, whatever the sides (one look-up a group of dice,
// t.keeper), or the dice counted by face (no branch on their values), in a
// register a group of dice at a time where the counts fit one word
// (t.faces), and the kept ones taken from the top (or bottom) face down.
func keepTally(t *term, s *dice.Stream) int {
	if t.keeper != nil {
		return int(t.kept[s.KeepWith(t.keeper)])
	}
	var hist [maxTallySides]uint16 // MaxRolled dice at most
	if t.faces != nil {
		packed, w := s.FacesWith(t.faces), t.faces.Width()
		mask := uint64(1)<<w - 1
		for f := range t.sides {
			hist[f] = uint16(packed >> (w * uint(f)) & mask)
		}
	} else {
		for range t.n {
			hist[s.D(t.sides)-1]++
		}
	}
	x, left := 0, t.keep
	for i := range t.sides {
		f := i + 1 // keep lowest: from the lowest face up
		if t.high {
			f = t.sides - i
		}
		c := min(int(hist[f-1]), left)
		v := f
		if t.cmp {
			v = inRange(f, t.lo, t.hi)
		}
		x += c * v
		if left -= c; left == 0 {
			break
		}
	}
	return x
}
