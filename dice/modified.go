package dice

import "math/bits"

// Modified dice (exploding, re-rolled) drawn a block of rolls at a time.
// A die that explodes rolls again on its highest face, so its rolls vary
// in number; drawn die by die, each roll waits on the one before and
// branches on it. Here one mixed-radix digit of sides^m stands for m rolls
// at once and a table made at compile time gives what they make: the
// die's value when a roll among them stands, or "all m exploded, go on".
// A die re-rolled once on r or less is two rolls, always: one digit of
// sides^2 and a look-up. The distributions are exactly the die-by-die
// ones (the digits of a word are independent uniform rolls, within
// MaxProduct's bound), and enumerating streams still roll die by die, so
// exact drivers see the same paths as before.

// maxBlock bounds a modified die's block of rolls: three blocks of d6
// (216) a word measured faster than two of 1296 or four of 36
// (BenchmarkRollShapes/d6!), and the table stays in cache.
const maxBlock = 216

// Exploder draws one exploding die: a roll of its highest face rolls
// again and adds, at most maxExplode times (the last roll stands).
type Exploder struct {
	sides, block uint64
	m            int      // rolls a block stands for
	max          int      // explosions at most
	val          []uint16 // the block's value if a roll stands in it, else 0
}

// NewExploder returns the exploding die with the given sides (2..maxBlock)
// and cap on explosions; ok is false outside those bounds.
func NewExploder(sides, maxExplode int) (e *Exploder, ok bool) {
	if sides < 2 || sides > maxBlock || maxExplode < 1 {
		return nil, false
	}
	e = &Exploder{sides: uint64(sides), block: uint64(sides), m: 1, max: maxExplode}
	// Every roll of a block may explode: m at most the cap.
	for e.block*uint64(sides) <= maxBlock && e.m < maxExplode {
		e.block *= uint64(sides)
		e.m++
	}
	e.val = make([]uint16, e.block)
	for c := range e.block {
		// The m rolls of c, first roll most significant (0-based faces).
		x, div := c, e.block
		for k := range e.m {
			div /= uint64(sides)
			r := x / div
			x %= div
			if r != uint64(sides)-1 {
				e.val[c] = uint16(k*sides + int(r) + 1)
				break
			}
		}
	}
	return e, true
}

// Explode rolls one exploding die and returns its total.
func (s *Stream) Explode(e *Exploder) int { return s.explodeFrom(e, 0) }

// explodeFrom goes on with an exploding die that has rolled its highest
// face rolls times: the total of the rolls still to come.
func (s *Stream) explodeFrom(e *Exploder, rolls int) int {
	total, sides := 0, int(e.sides)
	// A block is drawn while every roll in it may still explode (the roll
	// after the cap's last explosion stands, whatever it shows).
	for s.enum == nil && rolls+e.m <= e.max {
		if v := e.val[s.draw(e.block)]; v != 0 {
			return total + int(v)
		}
		total, rolls = total+e.m*sides, rolls+e.m
	}
	// Die by die: enumerating, or the cap falls within a block.
	for {
		v := s.D(sides)
		total += v
		if rolls++; v != sides || rolls > e.max {
			return total
		}
	}
}

// Rerolled draws one die re-rolled once when it shows r or less.
type Rerolled struct {
	sides, r int
	both     uint64  // sides^2: the two rolls as one digit
	val      []uint8 // the value of each pair of rolls
	// Two re-rolled dice as one digit of both^2 (where that is at most
	// GroupTable: d6 and smaller), the sum of their 0-based values.
	pair []uint16
}

// NewRerolled returns the die with the given sides re-rolled once on r or
// less; ok is false when sides^2 exceeds maxBlock squared.
func NewRerolled(sides, r int) (d *Rerolled, ok bool) {
	if sides < 1 || sides > maxBlock || r < 0 {
		return nil, false
	}
	d = &Rerolled{sides: sides, r: r, both: uint64(sides * sides), val: make([]uint8, sides*sides)}
	for c := range d.val {
		a, b := c/sides+1, c%sides+1
		if a <= r {
			a = b
		}
		d.val[c] = uint8(a - 1)
	}
	if d.both*d.both <= GroupTable {
		// Outcome x is the first die's digit x/both, then the second's.
		d.pair = make([]uint16, d.both*d.both)
		for x := range d.pair {
			d.pair[x] = uint16(d.val[uint64(x)/d.both]) + uint16(d.val[uint64(x)%d.both])
		}
	}
	return d, true
}

// Reroll rolls one re-rolled die and returns its value. A Monte Carlo
// stream always takes both rolls (the second unread when the first
// stands); an enumerating one rolls the second only when it counts.
func (s *Stream) Reroll(d *Rerolled) int {
	if s.enum == nil {
		return int(d.val[s.draw(d.both)]) + 1
	}
	if v := s.D(d.sides); v > d.r {
		return v
	}
	return s.D(d.sides)
}

// TallyExplode runs trials of n exploding dice summed: each adds one to
// counts[total+off]. The word and its budget stay in registers; a block
// whose every roll exploded (1 in 216 for a d6) goes on through Explode.
// Monte Carlo mode only.
func (s *Stream) TallyExplode(trials, n int, e *Exploder, off int, counts []uint64) {
	if n == 1 {
		s.tallyExplode1(trials, e, off, counts)
		return
	}
	m, val, step := e.block, e.val, e.m*int(e.sides)
	src, frac, used := s.src, s.frac, s.used
	for range trials {
		v := off
		for range n {
			used *= m
			if used > MaxProduct {
				frac, used = src.Uint64(), m
			}
			c, f := bits.Mul64(frac, m)
			frac = f
			x := int(val[c])
			if x == 0 { // every roll of the block exploded: the rest die by die
				s.src, s.frac, s.used = src, frac, used
				x = step + s.explodeFrom(e, e.m)
				src, frac, used = s.src, s.frac, s.used
			}
			v += x
		}
		counts[v]++
	}
	s.src, s.frac, s.used = src, frac, used
}

// tallyExplode1 is TallyExplode of one die a trial (roll 'd6!'): the
// same digits in the same order, without the inner loop over the pool,
// and each digit's value counted where it is read.
func (s *Stream) tallyExplode1(trials int, e *Exploder, off int, counts []uint64) {
	m, val, step := e.block, e.val, e.m*int(e.sides)
	src, frac, used := s.src, s.frac, s.used
	for range trials {
		used *= m
		if used > MaxProduct {
			frac, used = src.Uint64(), m
		}
		c, f := bits.Mul64(frac, m)
		frac = f
		x := int(val[c])
		if x == 0 { // every roll of the block exploded: the rest die by die
			s.src, s.frac, s.used = src, frac, used
			x = step + s.explodeFrom(e, e.m)
			src, frac, used = s.src, s.frac, s.used
		}
		counts[x+off]++
	}
	s.src, s.frac, s.used = src, frac, used
}

// TallyReroll runs trials of n re-rolled dice summed: each adds one to
// counts[total+off]. Two dice are one digit and one look-up where their
// four rolls' outcomes fit GroupTable (d.pair): the same rolls as two
// digits, in half the multiplies on the word's chain. Monte Carlo mode
// only.
func (s *Stream) TallyReroll(trials, n int, d *Rerolled, off int, counts []uint64) {
	m, val := d.both, d.val
	src, frac, used := s.src, s.frac, s.used
	off += n // val holds 0-based faces
	pairs, mp := 0, m*m
	if d.pair != nil {
		pairs = n / 2
	}
	rest := n - 2*pairs
	for range trials {
		v := off
		for range pairs {
			used *= mp
			if used > MaxProduct {
				frac, used = src.Uint64(), mp
			}
			c, f := bits.Mul64(frac, mp)
			frac = f
			v += int(d.pair[c])
		}
		for range rest {
			used *= m
			if used > MaxProduct {
				frac, used = src.Uint64(), m
			}
			c, f := bits.Mul64(frac, m)
			frac = f
			v += int(val[c])
		}
		counts[v]++
	}
	s.src, s.frac, s.used = src, frac, used
}
