package dice

import "math/bits"

// Versus is the Monte Carlo kernel of two pools rolled against each other
// whose result depends only on the difference of their tallies, kind by
// kind, through at most one more event of whole-number odds: symbol
// fire's attack against defence, cancelled (same-kind or kind-or-weaker:
// both read only what each kind's attack symbols outnumber its defence
// symbols by), then the critical hits' comparison roll.
//
// Each pool is drawn as Roll draws it (the same groups of dice, one digit
// each), but a group's table holds its place in a dense grid of
// differences instead of its tally: the first pool's symbols add to the
// place and the second's take from it, so the pools' sum is the place of
// their difference, and one look-up there gives the class compiled for
// it. A class is a cell, or whole-number odds (Odds) and the cell of each
// of their outcomes, or a call back to the plan for what the tables do
// not hold. Each trial starts a fresh word, so that its groups fall on
// words the same way every trial (the budget check is predicted, and a
// trial does not wait on the digits of the one before), and the draws of
// a class without odds cost no branch: they take a digit of 1.
//
// Build one when compiling a plan (NewVersus).
type Versus struct {
	steps   []versusStep  // the first pool's groups, then the second's
	start   uint16        // the place of no symbols on either side
	class   []uint16      // the class of each place
	classes []versusClass // by class
	slow    func(s *Stream, class int) int
}

type versusStep struct {
	m     uint64
	fresh bool     // the group starts a fresh word (each trial the same way)
	place []uint16 // what each of the group's m joint faces adds to the place (mod 2^16)
}

// VersusGroup bounds the joint faces of one group of dice: 8192 places of
// two bytes (five six-sided dice: 7776), 16 KB.
const VersusGroup = 1 << 13

// VersusOutcomes bounds the outcomes of a class's odds: five, symbol
// fire's strongest symbol left by the comparison roll, or none.
const VersusOutcomes = 5

// versusClass is a class as the kernel reads it: draw a digit of total
// (1: certain, a digit of 1 draws nothing; 0: call slow), from a fresh
// word if fresh, count the cumulative weights it reaches (cum is padded
// with total, which no digit reaches), and the count's cell.
type versusClass struct {
	total uint32
	fresh bool
	cum   [VersusOutcomes - 1]uint32
	out   [VersusOutcomes]int32
}

// VersusClass is one class of tally differences: a cell (Odds nil, one
// cell), Odds and the cell of each of its outcomes, or, with neither, a
// class the kernel hands to the slow function NewVersus was given.
type VersusClass struct {
	Odds  *Odds
	Cells []int32
}

// MaxVersusPlaces bounds a Versus's grid of differences: 64K classes of
// two bytes, 128 KB, in the second-level cache, and places of two bytes.
const MaxVersusPlaces = 1 << 16

// NewVersus compiles the kernel of pool a against pool d. class(ta, td)
// is the index in classes of tallies ta against td, and must depend on
// them only through ta's count less td's, kind by kind: it is called once
// per difference, with the smallest tallies that make it. slow(s, class)
// finishes on s a trial of a class without odds or cells and returns its
// cell. ok is false when the grid of differences has more than
// MaxVersusPlaces places, when there are more than 65536 classes, or when
// a class's odds have more than VersusOutcomes outcomes or its cells do
// not match them.
func NewVersus(a, d *Pool, classes []VersusClass, class func(ta, td Tally) int, slow func(s *Stream, class int) int) (v *Versus, ok bool) {
	if len(classes) > 1<<16 {
		return nil, false
	}
	// Kind k's difference runs from -top(d) to top(a): shape[k] values,
	// offset by top(d) so that places are never negative.
	sa, sd := a.Shape(), d.Shape()
	var shape, stride [4]int
	size := 1
	for k := range 4 {
		shape[k] = sa[k] + sd[k] - 1
		stride[k] = size
		size *= shape[k]
		if size > MaxVersusPlaces {
			return nil, false
		}
	}
	placeOf := func(t Tally) int {
		return t.Count(0)*stride[0] + t.Count(1)*stride[1] + t.Count(2)*stride[2] + t.Count(3)*stride[3]
	}
	var zero Tally // the place of a difference of 0
	for k := range 4 {
		zero = zero.With(k, sd[k]-1)
	}
	v = &Versus{start: uint16(placeOf(zero)), slow: slow}
	// The groups take the dice of a, then of d, as many a group as
	// VersusGroup allows: a's symbols add to the place, d's take from it.
	var dice []Die
	var signs []int
	for _, side := range []struct {
		pool *Pool
		sign int
	}{{a, 1}, {d, -1}} {
		for _, die := range side.pool.dice {
			dice, signs = append(dice, die), append(signs, side.sign)
		}
	}
	used := uint64(1) // the product of the current word's digits so far
	for i := 0; i < len(dice); {
		place := []uint16{0}
		for ; i < len(dice) && (len(place) == 1 || len(place)*len(dice[i]) <= VersusGroup); i++ {
			// Joint face x of the group so far and face f of the next die
			// is joint face x*len(die)+f: the first die most significant.
			next := make([]uint16, 0, len(place)*len(dice[i]))
			for _, p := range place {
				for _, f := range dice[i] {
					next = append(next, p+uint16(signs[i]*placeOf(f)))
				}
			}
			place = next
		}
		vs := versusStep{m: uint64(len(place)), place: place}
		if used *= vs.m; used > MaxProduct {
			vs.fresh, used = true, vs.m
		}
		v.steps = append(v.steps, vs)
	}
	v.class = make([]uint16, size)
	for i := range v.class {
		var ta, td Tally
		for k := range 4 {
			if e := i/stride[k]%shape[k] - (sd[k] - 1); e > 0 {
				ta = ta.With(k, e)
			} else {
				td = td.With(k, -e)
			}
		}
		v.class[i] = uint16(class(ta, td))
	}
	for _, c := range classes {
		var vc versusClass
		switch {
		case c.Odds == nil && c.Cells == nil:
		case c.Odds == nil:
			if len(c.Cells) != 1 {
				return nil, false
			}
			vc.total, vc.cum = 1, [VersusOutcomes - 1]uint32{1, 1, 1, 1}
			vc.out[0] = c.Cells[0]
		default:
			o := c.Odds
			if len(o.cum)+1 > VersusOutcomes || len(c.Cells) != len(o.cum)+1 {
				return nil, false
			}
			vc.total, vc.fresh = uint32(o.total), used*o.total > MaxProduct
			for i := range vc.cum {
				vc.cum[i] = uint32(o.total)
				if i < len(o.cum) {
					vc.cum[i] = uint32(o.cum[i])
				}
			}
			copy(vc.out[:], c.Cells)
		}
		v.classes = append(v.classes, vc)
	}
	return v, true
}

// Shape is the size of the dense grid of p's tallies: one more than the
// greatest count of each kind.
func (p *Pool) Shape() [4]int { return Shape(p.Tallies) }

// Shape is the size of the dense grid of tallies ts: one more than the
// greatest count of each kind.
func Shape(ts []Tally) [4]int {
	var s [4]int
	for _, t := range ts {
		for k := range 4 {
			s[k] = max(s[k], t.Count(k)+1)
		}
	}
	return s
}

// TallyVersus runs trials of v and adds one to counts[cell] for each.
// Each trial starts a fresh word and draws the groups of both pools, then
// the odds of its class (a digit of 1 when certain), from it and the
// words after it, laid on words the same way every trial. Monte Carlo
// mode only.
func (s *Stream) TallyVersus(trials int, v *Versus, counts []uint64) {
	run := v.run
	if len(v.steps) == 2 {
		run = v.run2
	}
	for trials > 0 {
		done, slow := run(s, trials, counts)
		trials -= done
		if slow >= 0 {
			counts[v.slow(s, slow)]++
			trials--
		}
	}
	s.used = MaxProduct + 1
}

// run runs up to trials trials of v and returns how many it finished; it
// stops at a trial of a slow class, with s where that trial's digits
// stop, and returns the class (else -1). Without the call in its loop,
// the loop keeps its state in registers.
func (v *Versus) run(s *Stream, trials int, counts []uint64) (done, slow int) {
	src := s.src
	steps, class, classes := v.steps, v.class, v.classes
	for done = 0; done < trials; done++ {
		src += wyInc
		frac := wymix(uint64(src))
		at := v.start
		for i := range steps {
			st := &steps[i]
			if st.fresh {
				src += wyInc
				frac = wymix(uint64(src))
			}
			x, f := bits.Mul64(frac, st.m)
			frac = f
			at += st.place[x]
		}
		cl := class[at]
		c := &classes[cl]
		if c.total == 0 {
			s.src, s.frac, s.used = src, frac, MaxProduct // the budget left is not kept: a fresh word next
			return done, int(cl)
		}
		if c.fresh {
			src += wyInc
			frac = wymix(uint64(src))
		}
		x, _ := bits.Mul64(frac, uint64(c.total))
		counts[c.out[c.reached(uint32(x))]]++
	}
	s.src = src
	return done, -1
}

// reached reads exactly the VersusOutcomes-1 = 4 cumulative weights.
var _ [VersusOutcomes - 5]struct{}
var _ [5 - VersusOutcomes]struct{}

// reached is how many of c's cumulative weights digit x reaches, without
// a branch (x and the weights are below 2^24: x-t borrows into bit 31
// exactly when x < t).
func (c *versusClass) reached(x uint32) int {
	return int((x-c.cum[0])>>31^1) + int((x-c.cum[1])>>31^1) + int((x-c.cum[2])>>31^1) + int((x-c.cum[3])>>31^1)
}

// run2 is run for two groups (up to ten d6 in all), written out: without
// the loop over groups the compiler keeps the trial in registers.
func (v *Versus) run2(s *Stream, trials int, counts []uint64) (done, slow int) {
	src := s.src
	s0, s1 := &v.steps[0], &v.steps[1]
	m0, m1, p0, p1, fresh1 := s0.m, s1.m, s0.place, s1.place, s1.fresh
	class, classes := v.class, v.classes
	for done = 0; done < trials; done++ {
		src += wyInc
		x, frac := bits.Mul64(wymix(uint64(src)), m0)
		at := v.start + p0[x]
		if fresh1 {
			src += wyInc
			frac = wymix(uint64(src))
		}
		x, frac = bits.Mul64(frac, m1)
		at += p1[x]
		cl := class[at]
		c := &classes[cl]
		if c.total == 0 {
			s.src, s.frac, s.used = src, frac, MaxProduct
			return done, int(cl)
		}
		if c.fresh {
			src += wyInc
			frac = wymix(uint64(src))
		}
		x, _ = bits.Mul64(frac, uint64(c.total))
		counts[c.out[c.reached(uint32(x))]]++
	}
	s.src = src
	return done, -1
}
