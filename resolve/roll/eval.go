package roll

import (
	"slices"

	"odds/dice"
	"odds/resolve"
)

func (e *Expr) bounds() (lo, hi int) {
	lo, hi = bounds(e.Left)
	if e.Right != nil {
		rlo, rhi := bounds(e.Right)
		lo, hi = lo-rhi, hi-rlo
	}
	return lo, hi
}

// bounds returns the least and greatest value of a sum of terms.
func bounds(ts []term) (lo, hi int) {
	for i := range ts {
		a, b := termBounds(&ts[i])
		if ts[i].sign < 0 {
			a, b = -b, -a
		}
		lo, hi = lo+a, hi+b
	}
	return lo, hi
}

func termBounds(t *term) (lo, hi int) {
	kept := t.n
	if t.keep > 0 {
		kept = t.keep
	}
	switch {
	case t.kind == kConst:
		return t.value, t.value
	case t.kind == kDice && t.cmp:
		return 0, kept
	case t.kind == kDice:
		return kept, kept * t.maxFace()
	case t.cmp:
		return 0, 1
	}
	return bounds(t.group)
}

// Plan is a compiled expression; it implements resolve.Plan and
// sim.Exacter.
type Plan struct {
	left, right []term
	lo          int
	layout      *resolve.Layout
	pool        *term // the expression is this one count of plain dice
	// Fast paths for the common shapes, found at compile time: an opposed
	// roll of one die a side plus constants (duel: the sides), and a sum
	// of plain dice and constants (sums, with its constant).
	duel     int
	sums     []sumTerm
	constant int
	// table is every joint outcome's cell when the expression rolls few
	// plain dice (dice.Joint): a trial is one draw and a look-up.
	table []int32
	// mod is the expression's one term when it is exploding dice summed
	// alone (not counted, not kept), plus constant: Run rolls it in one
	// kernel (dice.TallyExplode). Re-rolled dice, and exploding dice
	// counted, are a dice.Program (prog).
	mod *term
	// keep is the expression's one term when it is plain dice kept by a
	// dice.Keeper, plus constant: Run tallies it in one kernel.
	keep *term
	// xkeep is the expression's one term when it is exploding dice kept
	// (dice.KeepExploded, few enough dice tracked), plus constant: Run
	// tallies it in one kernel.
	xkeep *dice.KeepExploded
	// prog is every other expression whose terms compile to one
	// dice.Program (sums of several terms, modified dice beside others,
	// re-rolled dice, exploding dice counted, keeps of re-rolled dice),
	// with the constant its terms add.
	prog      *dice.Program
	progConst int
}

// Outcome names and stats.
var stats = []string{"value"}

// Compile turns a parsed expression into a plan.
func Compile(e *Expr) *Plan {
	lo, hi := e.bounds()
	p := &Plan{left: compile(e.Left), right: compile(e.Right), lo: lo}
	// A count of plain dice (not re-rolled, not exploding: t.counter),
	// alone.
	if t := &p.left[0]; len(p.left) == 1 && p.right == nil && t.counter != nil && t.sign > 0 {
		p.pool = t
	}
	ls, lc, okL := plainSum(p.left, 1)
	rs, rc, okR := plainSum(p.right, -1)
	if okL && okR {
		p.sums, p.constant = append(ls, rs...), lc+rc
		// One die a side, alike, each added: the opposed kernel's shape,
		// whose cell is the difference of the dice (lo is the constant
		// less sides-1).
		if len(ls) == 1 && len(rs) == 1 && ls[0].n == 1 && rs[0].n == 1 && ls[0].sides == rs[0].sides && ls[0].sign == 1 && rs[0].sign == -1 && p.right != nil {
			p.duel = ls[0].sides
		}
	}
	if c, ok := plainConst(p.left[1:]); ok && p.right == nil && p.left[0].kind == kDice && p.left[0].explode != nil && !p.left[0].cmp && p.left[0].keep == 0 && p.left[0].sign > 0 {
		p.mod, p.constant = &p.left[0], c
	}
	if c, ok := plainConst(p.left[1:]); ok && p.right == nil && p.left[0].kind == kDice && p.left[0].keeper != nil && p.left[0].sign > 0 {
		p.keep, p.constant = &p.left[0], c
	}
	if c, ok := plainConst(p.left[1:]); ok && p.right == nil && p.left[0].kind == kDice && p.left[0].xkeep != nil && p.left[0].sign > 0 {
		p.xkeep, p.constant = p.left[0].xkeep, c
	}
	if p.pool == nil && p.duel == 0 {
		l, okL := fixedProduct(p.left, dice.MaxJoint)
		r, okR := fixedProduct(p.right, dice.MaxJoint)
		if okL && okR && l*r <= dice.MaxJoint {
			p.table, _ = dice.Joint(l*r, p.Trial)
		}
	}
	if p.table == nil && p.pool == nil && p.duel == 0 && p.keep == nil && p.xkeep == nil && p.mod == nil && !(len(p.sums) == 1 && p.sums[0].sign == 1) {
		p.prog, p.progConst = compileProgram(p.left, p.right)
	}
	names := resolve.IntNames(lo, hi)
	p.layout = resolve.NewLayout(names, stats, len(names), func(c int, v []float64) int {
		v[0] = float64(lo + c)
		return c
	})
	return p
}

// maxFace is the highest value one die of the term can show: an exploding
// die adds up to MaxExplode more rolls.
func (t *term) maxFace() int {
	if t.bang {
		return (MaxExplode + 1) * t.sides
	}
	return t.sides
}

// dieDist is the distribution of one die's value, values 1..maxFace at
// indices 0.., for dice with a modifier; nil for a plain die.
func dieDist(t *term) []float64 {
	sides := float64(t.sides)
	switch {
	case t.reroll > 0:
		// A face r or less is rolled again once: P(v) = [v > r]/S + (r/S)/S.
		d := make([]float64, t.sides)
		for v := 1; v <= t.sides; v++ {
			d[v-1] = float64(t.reroll) / sides / sides
			if v > t.reroll {
				d[v-1] += 1 / sides
			}
		}
		return d
	case t.bang:
		// k explosions then a face r that stands: value k*S + r, with
		// probability S^-(k+1); r < S unless k is the cap.
		d := make([]float64, t.maxFace())
		p := 1.0
		for k := 0; k <= MaxExplode; k++ {
			p /= sides
			top := t.sides - 1
			if k == MaxExplode {
				top = t.sides
			}
			for r := 1; r <= top; r++ {
				d[k*t.sides+r-1] = p
			}
		}
		return d
	}
	return nil
}

// rollDie rolls one die of a term with a modifier: from its tabled
// blocks of rolls where they were made (dice.Exploder, dice.Rerolled),
// else die by die.
func rollDie(t *term, s *dice.Stream) int {
	switch {
	case t.explode != nil:
		return s.Explode(t.explode)
	case t.rerolls != nil:
		return s.Reroll(t.rerolls)
	}
	v := s.D(t.sides)
	if t.reroll > 0 && v <= t.reroll {
		return s.D(t.sides)
	}
	total := v
	for i := 0; t.bang && v == t.sides && i < MaxExplode; i++ {
		v = s.D(t.sides)
		total += v
	}
	return total
}

// compile clamps comparison ranges to the values a die has; a count that
// can never succeed becomes the constant 0.
func compile(ts []term) []term {
	if ts == nil {
		return nil
	}
	out := slices.Clone(ts)
	for i := range out {
		t := &out[i]
		switch t.kind {
		case kGroup:
			t.group = compile(t.group)
		case kDice:
			t.die = dieDist(t)
			switch {
			case t.bang:
				t.explode, _ = dice.NewExploder(t.sides, MaxExplode)
			case t.reroll > 0:
				t.rerolls, _ = dice.NewRerolled(t.sides, t.reroll)
			}
			if t.cmp {
				t.lo, t.hi = max(t.lo, 1), min(t.hi, t.maxFace())
				if t.lo > t.hi && t.keep == 0 {
					*t = term{kind: kConst, sign: t.sign}
				} else if t.die == nil && t.keep == 0 {
					t.counter = dice.NewCounter(t.sides, t.lo, t.hi)
				} else if t.rerolls != nil && t.keep == 0 {
					t.rcount = t.rerolls.Counter(t.lo, t.hi)
				}
			}
			if (t.die == nil || t.rerolls != nil) && t.keep > 0 {
				compileKeep(t)
			}
			if t.explode != nil && t.keep > 0 {
				t.xkeep, _ = dice.NewKeepExploded(t.explode, t.n, t.keep, t.high, keptWorth(t))
			}
		}
	}
	return out
}

// keptWorth is what a kept die of t adds by its total, 0..maxFace: 1 if
// it passes the term's test, else nil (its total).
func keptWorth(t *term) []int32 {
	if !t.cmp {
		return nil
	}
	w := make([]int32, t.maxFace()+1)
	for x := range w {
		w[x] = int32(inRange(x, t.lo, t.hi))
	}
	return w
}

// Layout implements resolve.Plan.
func (p *Plan) Layout() *resolve.Layout { return p.layout }

// Trial implements resolve.Plan.
func (p *Plan) Trial(s *dice.Stream) int { return p.value(s) - p.lo }

func (p *Plan) value(s *dice.Stream) int {
	v := eval(p.left, s)
	if p.right != nil {
		v -= eval(p.right, s)
	}
	return v
}

func eval(ts []term, s *dice.Stream) int {
	v := 0
	for i := range ts {
		t := &ts[i]
		x := 0
		switch {
		case t.kind == kConst:
			x = t.value
		case t.kind == kGroup:
			x = eval(t.group, s)
			if t.cmp {
				x = inRange(x, t.lo, t.hi)
			}
		case t.keep > 0:
			x = keep(t, s)
		case t.explode != nil && !t.cmp:
			x = s.ExplodeSum(t.explode, t.n)
		case t.rcount != nil:
			x = s.RerollCountWith(t.rcount, t.n)
		case t.rerolls != nil && !t.cmp:
			x = s.RerollSum(t.rerolls, t.n)
		case t.die != nil:
			for range t.n {
				if d := rollDie(t, s); t.cmp {
					x += inRange(d, t.lo, t.hi)
				} else {
					x += d
				}
			}
		case t.cmp:
			x = s.CountWith(t.counter, t.n)
		default:
			x = s.Sum(t.n, t.sides)
		}
		v += t.sign * x
	}
	return v
}

func inRange(x, lo, hi int) int {
	if lo <= x && x <= hi {
		return 1
	}
	return 0
}

// keep rolls the term's dice, sorts them and sums (or counts) the kept
// ones, where keepTally cannot keep them without sorting. Up to 16 dice sort on the stack by insertion (no call, no
// scratch buffer); more use the stream's buffer.
func keep(t *term, s *dice.Stream) int {
	if t.keeper != nil || t.faces != nil || (t.die == nil && t.sides <= maxTallySides) {
		return keepTally(t, s)
	}
	var small [16]int
	var buf []int
	if t.n <= len(small) {
		buf = small[:t.n]
	} else {
		buf = s.Buffer(t.n)
	}
	for i := range buf {
		d := 0
		if t.die != nil {
			d = rollDie(t, s)
		} else {
			d = s.D(t.sides)
		}
		if t.n > len(small) {
			buf[i] = d
			continue
		}
		j := i
		for ; j > 0 && buf[j-1] > d; j-- {
			buf[j] = buf[j-1]
		}
		buf[j] = d
	}
	if t.n > len(small) {
		slices.Sort(buf)
	}
	kept := buf[:t.keep]
	if t.high {
		kept = buf[t.n-t.keep:]
	}
	x := 0
	for _, d := range kept {
		if t.cmp {
			x += inRange(d, t.lo, t.hi)
		} else {
			x += d
		}
	}
	return x
}
