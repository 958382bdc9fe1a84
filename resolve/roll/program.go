package roll

// The Monte Carlo kernel of an expression of several terms: the terms
// compiled into one dice.Program (plain dice of the same size and worth
// folded into one group, exploding dice a block of rolls a digit,
// re-rolled dice a digit of their odds, keeps of plain or re-rolled dice
// as a keep's states), so a trial walks no terms and calls nothing.

import (
	"slices"

	"odds/dice"
)

// compileProgram returns the Program of the expression's terms and the
// constant they add, or nil where a term has no step: a group, a keep
// counted by face.
func compileProgram(left, right []term) (*dice.Program, int) {
	b := &progBuilder{}
	if !b.terms(left, 1) || !b.terms(right, -1) {
		return nil, 0
	}
	prog := &dice.Program{}
	for _, f := range b.rest {
		if !f(prog) || prog.Steps() > dice.MaxProgramSteps {
			return nil, 0
		}
	}
	// Plain dice last, where a keep's last step or an exploding die's can
	// take them into its look-up (dice.Program merges steps).
	for _, g := range b.plain {
		prog.Dice(g.n, g.sides, g.value)
	}
	if prog.Steps() > dice.MaxProgramSteps {
		return nil, 0
	}
	return prog, b.constant
}

// plainGroup is plain dice of one size, each worth value[f-1] on face f.
type plainGroup struct {
	n, sides int
	value    []int32
}

type progBuilder struct {
	constant int
	plain    []plainGroup               // folded, drawn first
	rest     []func(*dice.Program) bool // the other terms, in order
}

// faceValues is what each face of a die of the term adds, sign and
// success test folded in.
func faceValues(t *term, sign int) []int32 {
	v := make([]int32, t.sides)
	for f := 1; f <= t.sides; f++ {
		x := f
		if t.cmp {
			x = inRange(f, t.lo, t.hi)
		}
		v[f-1] = int32(sign * x)
	}
	return v
}

func (b *progBuilder) terms(ts []term, sign int) bool {
	for i := range ts {
		t := &ts[i]
		s := sign * t.sign
		switch {
		case t.kind == kConst:
			b.constant += s * t.value
		case t.kind != kDice:
			return false
		case t.keep > 0:
			if !b.keep(t, s) {
				return false
			}
		case t.explode != nil:
			e, lo, hi := t.explode, 0, 0
			if t.cmp { // each die counts 1 if its total is in range
				lo, hi = t.lo, t.hi
			}
			b.rest = append(b.rest, func(p *dice.Program) bool {
				p.Explode(e, t.n, s, lo, hi)
				return true
			})
		case t.rerolls != nil:
			d, v := t.rerolls, faceValues(t, s)
			b.rest = append(b.rest, func(p *dice.Program) bool {
				p.Rerolled(d, t.n, v)
				return true
			})
		case t.die != nil:
			return false
		case t.counter != nil && t.counter.Coin():
			// Counted at half its faces, a die is a fair coin: a d2
			// counted at 2, twelve a digit where four d6 were.
			b.addPlain(t.n, 2, []int32{0, int32(s)})
		default:
			b.addPlain(t.n, t.sides, faceValues(t, s))
		}
	}
	return true
}

// addPlain folds n plain dice into the group of dice of the same size and
// worth, if there is one.
func (b *progBuilder) addPlain(n, sides int, value []int32) {
	for i := range b.plain {
		g := &b.plain[i]
		if g.sides == sides && slices.Equal(g.value, value) {
			g.n += n
			return
		}
	}
	b.plain = append(b.plain, plainGroup{n, sides, value})
}

// keep adds a keep of plain dice by their Keeper, or of re-rolled dice by
// a Keeper of their faces.
func (b *progBuilder) keep(t *term, sign int) bool {
	k := t.keeper
	if t.rerolls != nil {
		var ok bool
		if k, ok = dice.NewKeeper(t.sides, t.n, t.keep, t.high); !ok {
			return false
		}
	}
	if k == nil {
		return false
	}
	value := make([]int32, k.States())
	for st := range value {
		for _, f := range k.Kept(st) {
			if t.cmp {
				f = inRange(f, t.lo, t.hi)
			}
			value[st] += int32(sign * f)
		}
	}
	d := t.rerolls
	b.rest = append(b.rest, func(p *dice.Program) bool {
		if d != nil {
			return p.KeepRerolled(d, k, value)
		}
		p.Keep(k, value)
		return true
	})
	return true
}
