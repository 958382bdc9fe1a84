package dice

import "math/bits"

// Odds is an event whose odds are known exactly in whole numbers: outcome
// i comes up in weights[i] of total equally likely ways, as when dice
// whose sides multiply to total are rolled and each joint outcome is
// classified. Pick draws it from one mixed-radix digit of total instead
// of die by die: the outcome is the number of cumulative weights the
// digit reaches. That is one multiply and a compare per outcome however
// many dice stand behind it, and no branch to mispredict. Its
// distribution is exactly the weights, within the MaxProduct bound that
// holds for any dice of one word.
//
// Build an Odds when compiling a plan (NewOdds), not in a trial.
type Odds struct {
	total uint64
	cum   []uint64  // cumulative weight of outcomes 0..i, for i below the last
	probs []float64 // weights/total, for enumeration
}

// NewOdds returns the odds of outcomes with the given weights. ok is false
// when the weights total zero or more than MaxProduct.
func NewOdds(weights ...uint64) (o *Odds, ok bool) {
	var total uint64
	for _, w := range weights {
		total += w
		if w > MaxProduct || total > MaxProduct {
			return nil, false
		}
	}
	if total == 0 {
		return nil, false
	}
	o = &Odds{total: total, probs: make([]float64, len(weights))}
	var cum uint64
	for i, w := range weights {
		o.probs[i] = float64(w) / float64(total)
		cum += w
		if i < len(weights)-1 {
			o.cum = append(o.cum, cum)
		}
	}
	return o, true
}

// Pick draws one outcome of o. Enumerating, it branches once over the
// outcomes.
func (s *Stream) Pick(o *Odds) int {
	if s.enum != nil {
		return s.enum.choose(o.probs)
	}
	return pick(uint64(s.draw(o.total)), o.cum)
}

// pick is the number of cumulative weights digit c reaches.
func pick(c uint64, cum []uint64) int {
	k := 0
	for _, t := range cum {
		_, borrow := bits.Sub64(c, t, 0)
		k += int(1 - borrow)
	}
	return k
}

// groups draws a pool of dice a group at a time: one multiply draws a
// group's joint outcome (the mixed-radix digit whose digits are its dice,
// as Joint reads them) and a table made at compile time gives what the
// group adds: a count (Counter) or packed face counts (FaceCounter).
// Rolling die by die chains a multiply through every die; here the chain
// is one link per group.
type groups[T uint8 | uint16 | uint64] struct {
	size     int      // dice per look-up: the most whose outcomes fit GroupTable
	tables   [][]T    // tables[g][x]: what the g dice of outcome x add
	products []uint64 // products[g] = sides^g
}

// GroupTable bounds the outcomes of one group: 4096 cells (four d6, three
// d10) stay in the first-level cache.
const GroupTable = 1 << 12

// newGroups tables groups of up to most dice with the given sides, each
// die adding die(face) for its 0-based face.
func newGroups[T uint8 | uint16 | uint64](sides, most int, die func(face int) T) groups[T] {
	gs := groups[T]{tables: [][]T{{0}}, products: []uint64{1}}
	for g := 1; g == 1 || g <= most; g++ {
		p := gs.products[g-1] * uint64(sides)
		if g > 1 && p > GroupTable {
			break
		}
		// Outcome x of g dice extends outcome x/sides of the first g-1
		// by a last die showing face x%sides.
		t := make([]T, p)
		prev := gs.tables[g-1]
		for x := range t {
			t[x] = prev[x/sides] + die(x%sides)
		}
		gs.tables = append(gs.tables, t)
		gs.products = append(gs.products, p)
		gs.size = g
	}
	return gs
}

// draw rolls n dice from s a group at a time and adds up what they add.
// The word and its budget stay in registers across the groups (see Count).
func (gs *groups[T]) draw(s *Stream, n int) uint64 {
	src, frac, used := s.src, s.frac, s.used
	var sum uint64
	for n > 0 {
		g := min(n, gs.size)
		n -= g
		m := gs.products[g]
		used *= m
		if used > MaxProduct {
			frac, used = src.Uint64(), m
		}
		d, f := bits.Mul64(frac, m)
		frac = f
		sum += uint64(gs.tables[g][d])
	}
	s.src, s.frac, s.used = src, frac, used
	return sum
}

// Counter counts the dice of a pool that show lo..hi, a group of dice at a
// time (four d6, three d10 per multiply). Build one when compiling a plan
// (NewCounter).
type Counter struct {
	sides, lo, hi int
	coin          bool // the dice are fair coins (coins.go): drawn as bits
	groups[uint8]      // how many of a group's dice show lo..hi
}

// NewCounter returns a Counter of the dice with the given sides that show
// lo..hi (1 <= lo <= hi <= sides <= MaxSides).
func NewCounter(sides, lo, hi int) *Counter {
	return &Counter{sides: sides, lo: lo, hi: hi, coin: coin(sides, lo, hi), groups: newGroups(sides, 255, func(face int) uint8 { // 255 d1 at most: byte counts
		if lo <= face+1 && face+1 <= hi {
			return 1
		}
		return 0
	})}
}

// CountWith rolls n dice and counts those c counts, as Count does, drawing
// them a group at a time: the dice of a group are the same as Count's, but
// a group that does not fit the current word's budget starts a fresh word,
// so the same seed can give other counts than Count. Dice that are fair
// coins (Coin) are drawn as bits instead. Enumerating, it branches once
// over the count, as Count does.
func (s *Stream) CountWith(c *Counter, n int) int {
	if s.enum != nil {
		return s.enum.count(n, c.sides, c.lo, c.hi)
	}
	if c.coin {
		return s.coins(n)
	}
	return int(c.draw(s, n))
}

// TallyCount runs trials pools of n dice, counting in each the dice c
// counts, and adds one to counts[k] for each pool's count k: CountWith in
// a loop with the word kept in registers across pools, the Monte Carlo
// kernel of every success-count question. counts must have at least n+1
// entries. Monte Carlo mode only.
func (s *Stream) TallyCount(trials int, c *Counter, n int, counts []uint64) {
	counts = counts[:n+1]
	if c.coin {
		s.tallyCoins(trials, n, counts)
		return
	}
	src, frac, used := s.src, s.frac, s.used
	// draw's loop, repeated so that the word stays in registers across
	// pools too, with the groups' sizes, which are the same every pool,
	// read once: q full groups, then a rest of r dice as group q if r > 0.
	q, r := n/c.size, n%c.size
	groups := q + min(r, 1)
	mq, tq := c.products[c.size], c.tables[c.size]
	mr, tr := c.products[r], c.tables[r]
	for range trials {
		k := 0
		for i := range groups {
			m, t := mq, tq
			if i == q {
				m, t = mr, tr
			}
			used *= m
			if used > MaxProduct {
				frac, used = src.Uint64(), m
			}
			d, f := bits.Mul64(frac, m)
			frac = f
			k += int(t[d])
		}
		counts[k]++
	}
	s.src, s.frac, s.used = src, frac, used
}

// FaceCounter counts a pool's dice by face as Faces does, a group at a
// time (three d10 per multiply), into the same packed word. Build one when
// compiling a plan (NewFaceCounter).
type FaceCounter struct {
	n, sides       int
	width          uint      // FacesWidth of the pool
	groups[uint64]           // a group's packed face counts
	reroll         *Rerolled // the dice are re-rolled ones (NewRerolledFaces), else plain
}

// NewFaceCounter returns a FaceCounter for pools of n dice with the given
// sides; ok is false where Faces cannot count them (more than 255 dice, or
// the counts do not fit a word).
func NewFaceCounter(sides, n int) (c *FaceCounter, ok bool) {
	w := FacesWidth(n)
	if n > 255 || uint(sides)*w > 64 {
		return nil, false
	}
	return &FaceCounter{n: n, sides: sides, width: w, groups: newGroups(sides, n, func(face int) uint64 {
		return 1 << (w * uint(face))
	})}, true
}

// Width is the bits each face's count takes in FacesWith's word.
func (c *FaceCounter) Width() uint { return c.width }

// FacesWith rolls c's pool and returns how many dice show each face,
// packed as Faces packs them. The dice of a group are those Faces would
// roll, but a group that does not fit the current word's budget starts a
// fresh word. Enumerating, it rolls die by die.
func (s *Stream) FacesWith(c *FaceCounter) uint64 {
	if s.enum != nil && c.reroll != nil {
		var packed uint64
		for range c.n {
			packed += 1 << (c.width * uint(s.Reroll(c.reroll)-1))
		}
		return packed
	}
	if s.enum != nil {
		return s.Faces(c.n, c.sides)
	}
	return c.draw(s, c.n)
}

// NewRerolledFaces returns a FaceCounter for pools of n dice re-rolled as
// d is: each die is one outcome of d's digit (its two rolls reduced to
// their odds), counted at the value the rolls leave, a group of dice per
// multiply (two d6r1 of 36 outcomes each: 1296). ok is false where
// NewFaceCounter's would be.
func NewRerolledFaces(d *Rerolled, n int) (c *FaceCounter, ok bool) {
	w := FacesWidth(n)
	if n > 255 || uint(d.sides)*w > 64 {
		return nil, false
	}
	return &FaceCounter{n: n, sides: d.sides, width: w, reroll: d, groups: newGroups(int(d.m), n, func(x int) uint64 {
		return 1 << (w * uint(d.face[x]))
	})}, true
}
