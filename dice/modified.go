package dice

import (
	"math/bits"
	"slices"
)

// Modified dice (exploding, re-rolled) drawn a block of rolls at a time.
// A die that explodes rolls again on its highest face, so its rolls vary
// in number; drawn die by die, each roll waits on the one before and
// branches on it. Here one mixed-radix digit of sides^m stands for m rolls
// at once and a table made at compile time gives what they make: the
// die's value when a roll among them stands, or "all m exploded, go on".
// A die re-rolled once on r or less is two rolls, always: one digit of
// their odds (reduce) and a look-up. The distributions are exactly the
// die-by-die ones (the digits of a word are independent uniform rolls,
// within MaxProduct's bound), and enumerating streams still roll die by
// die, so exact drivers see the same paths as before.

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
	mark         []int32  // val, with exploded for 0 (the kernels' sums)
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
	e.val, e.mark = make([]uint16, e.block), make([]int32, e.block)
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
		e.mark[c] = int32(e.val[c])
		if e.val[c] == 0 {
			e.mark[c] = exploded
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
	// One die's digit: its two rolls (sides^2 equally likely pairs)
	// reduced to as few outcomes as its odds allow (reduce), face[x] the
	// 0-based face outcome x leaves: d6r2 is 18 outcomes, d6r1 stays 36.
	m    uint64
	face []int32
	sum  groups[uint16] // a group of dice's sum of 0-based faces
}

// NewRerolled returns the die with the given sides re-rolled once on r or
// less; ok is false for more than maxBlock sides (a digit of up to
// maxBlock^2 outcomes), fewer than one, or r below 0.
func NewRerolled(sides, r int) (d *Rerolled, ok bool) {
	if sides < 1 || sides > maxBlock || r < 0 {
		return nil, false
	}
	d = &Rerolled{sides: sides, r: r}
	d.face = reduce(sides*sides, func(x int) int32 {
		a, b := x/sides+1, x%sides+1
		if a <= r {
			a = b
		}
		return int32(a - 1)
	})
	d.m = uint64(len(d.face))
	d.sum = newGroups(int(d.m), 255, func(x int) uint16 { return uint16(d.face[x]) })
	return d, true
}

// reduce is a digit of n equally likely outcomes, outcome x worth
// value(x), as the fewest outcomes with the same odds of every value: each
// value v comes up in c(v) of the n, and over g, the divisor n and every
// c(v) share, in c(v)/g of n/g. It returns the worth of each of the n/g
// outcomes, smallest first. A die counted at 4 or more (d6r1: 21 of 36
// pairs count) is then a digit of 12 (7 counting), and three of them one
// digit of 1,728 where the pairs of rolls made 46,656.
func reduce(n int, value func(x int) int32) []int32 {
	c := map[int32]int{}
	for x := range n {
		c[value(x)]++
	}
	g := n
	for _, k := range c {
		g = gcd(g, k)
	}
	vals := make([]int32, 0, len(c))
	for v := range c {
		vals = append(vals, v)
	}
	slices.Sort(vals)
	out := make([]int32, 0, n/g)
	for _, v := range vals {
		for range c[v] / g {
			out = append(out, v)
		}
	}
	return out
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// Reroll rolls one re-rolled die and returns its value. A Monte Carlo
// stream draws the die's reduced digit (both rolls at once); an
// enumerating one rolls the second only when it counts.
func (s *Stream) Reroll(d *Rerolled) int {
	if s.enum == nil {
		return int(d.face[s.draw(d.m)]) + 1
	}
	if v := s.D(d.sides); v > d.r {
		return v
	}
	return s.D(d.sides)
}

// TallyExplode runs trials of n exploding dice summed: each adds one to
// counts[total+off]. A block a digit, three a word (any exploding die's
// block is at most 216 outcomes, so three fit a word's budget), written
// out three at a time: each trial starts a fresh word and lays its
// blocks the same way, so no die checks the budget, and a trial's last
// word masks the second block if it rolls one die. A block whose every roll
// exploded leaves the sum below anyExploded (e.mark), and the trial is
// redone from its words, going on die by die. Measured against a die at
// a time with a budget check (5d6!): 1.5x the trials a second. Monte Carlo
// mode only.
func (s *Stream) TallyExplode(trials, n int, e *Exploder, off int, counts []uint64) {
	if n == 1 {
		s.tallyExplode1(trials, e, off, counts)
		return
	}
	m, t := e.block, e.mark
	q, r := n/3, n%3
	k1 := int64(0) // the last word's second block: rolled (-1) or not
	if r == 2 {
		k1 = -1
	}
	src := s.src
	for range trials {
		start, v := src, int64(off)
		for range q {
			src += wyInc
			c0, f := bits.Mul64(wymix(uint64(src)), m)
			c1, f := bits.Mul64(f, m)
			c2, _ := bits.Mul64(f, m)
			v += int64(t[c0]) + int64(t[c1]) + int64(t[c2])
		}
		if r > 0 {
			src += wyInc
			c0, f := bits.Mul64(wymix(uint64(src)), m)
			c1, _ := bits.Mul64(f, m)
			v += int64(t[c0]) + int64(t[c1])&k1
		}
		if v < anyExploded {
			s.src = src
			v = s.redoExplode(e, n, start, off)
			src = s.src
		}
		counts[v]++
	}
	s.src, s.used = src, MaxProduct+1
}

// redoExplode is a trial of TallyExplode whose words follow generator
// state start, a block of which exploded on every roll: the same blocks,
// each such die going on die by die from s's next words.
func (s *Stream) redoExplode(e *Exploder, n int, start wyrand, off int) int64 {
	s.used = MaxProduct + 1
	v, f := int64(off), uint64(0)
	for i := range n {
		if i%3 == 0 {
			start += wyInc
			f = wymix(uint64(start))
		}
		var c uint64
		c, f = bits.Mul64(f, e.block)
		x := int(e.val[c])
		if x == 0 {
			x = e.m*int(e.sides) + s.explodeFrom(e, e.m)
		}
		v += int64(x)
	}
	return v
}

// tallyExplode1 is TallyExplode of one die a trial (roll 'd6!'): three
// trials a word, written out, then the one or two trials left a digit of
// a word each.
func (s *Stream) tallyExplode1(trials int, e *Exploder, off int, counts []uint64) {
	m, val, step := e.block, e.val, e.m*int(e.sides)
	src := s.src
	for range trials / 3 {
		src += wyInc
		c0, f := bits.Mul64(wymix(uint64(src)), m)
		c1, f := bits.Mul64(f, m)
		c2, _ := bits.Mul64(f, m)
		x0, x1, x2 := int(val[c0]), int(val[c1]), int(val[c2])
		if x0 == 0 || x1 == 0 || x2 == 0 { // every roll of a block exploded: the rest die by die
			s.src, s.used = src, MaxProduct+1
			if x0 == 0 {
				x0 = step + s.explodeFrom(e, e.m)
			}
			if x1 == 0 {
				x1 = step + s.explodeFrom(e, e.m)
			}
			if x2 == 0 {
				x2 = step + s.explodeFrom(e, e.m)
			}
			src = s.src
		}
		counts[x0+off]++
		counts[x1+off]++
		counts[x2+off]++
	}
	for range trials % 3 {
		src += wyInc
		c, _ := bits.Mul64(wymix(uint64(src)), m)
		x := int(val[c])
		if x == 0 {
			s.src, s.used = src, MaxProduct+1
			x = step + s.explodeFrom(e, e.m)
			src = s.src
		}
		counts[x+off]++
	}
	s.src, s.used = src, MaxProduct+1
}

// RerollCount counts the re-rolled dice of a pool that show lo..hi, as
// RerollSum sums them. Build one when compiling a plan
// (Rerolled.Counter).
type RerollCount struct {
	die    *Rerolled // for enumeration
	lo, hi int
	// A die as a digit of its odds of counting (reduce: d6r1 counted at 4
	// or more is 12 outcomes, 7 counting), as many a group as
	// GroupTable allows.
	groups[uint8]
}

// Counter returns the count of d's dice showing lo..hi.
func (d *Rerolled) Counter(lo, hi int) *RerollCount {
	hit := reduce(int(d.m), func(x int) int32 {
		if v := int(d.face[x]) + 1; lo <= v && v <= hi {
			return 1
		}
		return 0
	})
	return &RerollCount{die: d, lo: lo, hi: hi, groups: newGroups(len(hit), 255, func(x int) uint8 { return uint8(hit[x]) })}
}

// ExplodeSum rolls n exploding dice and returns their total: Explode n
// times, the same digits in the same order, with the word in registers
// across the dice (as Sum keeps it) instead of a call or three a die.
// Enumerating, die by die.
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

// RerollSum rolls n re-rolled dice and returns their total, as many dice
// a digit as GroupTable allows. Enumerating, die by die.
func (s *Stream) RerollSum(d *Rerolled, n int) int {
	if s.enum != nil {
		t := 0
		for range n {
			t += s.Reroll(d)
		}
		return t
	}
	return int(d.sum.draw(s, n)) + n // faces are 0-based
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
	return int(c.draw(s, n))
}
