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
	s.tallyRerolls(trials, n, d.both, d.val, d.pair, off+n, counts) // val holds 0-based faces
}

// RerollCount counts the re-rolled dice of a pool that show lo..hi, as
// TallyReroll sums them. Build one when compiling a plan
// (Rerolled.Counter).
type RerollCount struct {
	die    *Rerolled // for enumeration
	lo, hi int
	both   uint64
	val    []uint8  // 1 where the two rolls leave a value in lo..hi
	pair   []uint16 // two dice's count, where d.pair is made
}

// Counter returns the count of d's dice showing lo..hi.
func (d *Rerolled) Counter(lo, hi int) *RerollCount {
	c := &RerollCount{die: d, lo: lo, hi: hi, both: d.both, val: make([]uint8, len(d.val))}
	for x, v := range d.val {
		if lo <= int(v)+1 && int(v)+1 <= hi {
			c.val[x] = 1
		}
	}
	if d.pair != nil {
		c.pair = make([]uint16, len(d.pair))
		for x := range c.pair {
			c.pair[x] = uint16(c.val[uint64(x)/d.both]) + uint16(c.val[uint64(x)%d.both])
		}
	}
	return c
}

// TallyRerollCount runs trials of n re-rolled dice counted by c: each adds
// one to counts[count+off]. Monte Carlo mode only.
func (s *Stream) TallyRerollCount(trials, n int, c *RerollCount, off int, counts []uint64) {
	s.tallyRerolls(trials, n, c.both, c.val, c.pair, off, counts)
}

// tallyRerolls is TallyReroll's loop over what each pair of rolls (val)
// and each two dice (pair, if made) add.
func (s *Stream) tallyRerolls(trials, n int, m uint64, val []uint8, pair []uint16, off int, counts []uint64) {
	src, frac, used := s.src, s.frac, s.used
	pairs, mp := 0, m*m
	if pair != nil {
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
			v += int(pair[c])
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

// ExplodeSum rolls n exploding dice and returns their total: Explode n
// times, the same digits in the same order, with the word in registers
// across the dice (TallyExplode's inner loop) instead of a call or three
// a die. Enumerating, die by die.
func (s *Stream) ExplodeSum(e *Exploder, n int) int {
	if s.enum != nil {
		t := 0
		for range n {
			t += s.Explode(e)
		}
		return t
	}
	m, val, step := e.block, e.val, e.m*int(e.sides)
	src, frac, used := s.src, s.frac, s.used
	v := 0
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
	s.src, s.frac, s.used = src, frac, used
	return v
}

// RerollSum rolls n re-rolled dice and returns their total, two dice a
// digit where d.pair is made (TallyReroll's inner loop). Enumerating, die
// by die.
func (s *Stream) RerollSum(d *Rerolled, n int) int {
	if s.enum != nil {
		t := 0
		for range n {
			t += s.Reroll(d)
		}
		return t
	}
	return s.rerolls(n, d.both, d.val, d.pair) + n // val holds 0-based faces
}

// RerollCountWith rolls n re-rolled dice and counts those c counts.
// Enumerating, die by die.
func (s *Stream) RerollCountWith(c *RerollCount, n int) int {
	if s.enum != nil {
		k := 0
		for range n {
			if v := s.Reroll(c.die); c.lo <= v && v <= c.hi {
				k++
			}
		}
		return k
	}
	return s.rerolls(n, c.both, c.val, c.pair)
}

// rerolls is what n re-rolled dice add: tallyRerolls' inner loop.
func (s *Stream) rerolls(n int, m uint64, val []uint8, pair []uint16) int {
	src, frac, used := s.src, s.frac, s.used
	pairs, mp := 0, m*m
	if pair != nil {
		pairs = n / 2
	}
	v := 0
	for range pairs {
		used *= mp
		if used > MaxProduct {
			frac, used = src.Uint64(), mp
		}
		c, f := bits.Mul64(frac, mp)
		frac = f
		v += int(pair[c])
	}
	for range n - 2*pairs {
		used *= m
		if used > MaxProduct {
			frac, used = src.Uint64(), m
		}
		c, f := bits.Mul64(frac, m)
		frac = f
		v += int(val[c])
	}
	s.src, s.frac, s.used = src, frac, used
	return v
}
