package dice

import "math/bits"

// MaxJoint bounds the joint outcomes a kernel should table: 32 KB of
// cells (5d6, 3d10, 3d20), in the first-level cache with the histogram.
const MaxJoint = 1 << 13

// Joint calls f once for every joint outcome of the dice f rolls, on a
// stream that rolls exactly that outcome, and returns f's results by
// outcome: the table of a trial that always rolls the same dice, whose
// sides multiply to product (at most MaxProduct). A Monte Carlo run then
// draws one outcome for all the dice and looks its result up
// (TallyTable): one multiply instead of one a die, and the trial's own
// work done once per outcome at compile time. ok is false if f rolled
// dice whose sides do not multiply to product.
//
// Outcome c is the word whose mixed-radix digits (first die most
// significant) are c's: the least x with floor(x*product/2^64) = c, so
// that every die f draws from it, whatever kernel draws it, shows c's
// digit.
func Joint(product int, f func(*Stream) int) (table []int32, ok bool) {
	if product < 1 || product > MaxProduct {
		return nil, false
	}
	p := uint64(product)
	table = make([]int32, product)
	var s Stream
	for c := range p {
		q, r := bits.Div64(c, 0, p) // c*2^64 / p
		if r != 0 {
			q++
		}
		s.frac, s.used = q, 1
		table[c] = int32(f(&s))
		if s.used != p {
			return nil, false
		}
	}
	return table, true
}

// TallyTable runs trials of a tabled trial (Joint): each draws one outcome
// of len(table) and adds one to counts[table[outcome]]. Monte Carlo mode
// only.
func (s *Stream) TallyTable(trials int, table []int32, counts []uint64) {
	m := uint64(len(table))
	src, frac, used := s.src, s.frac, s.used
	for range trials {
		used *= m
		if used > MaxProduct {
			frac, used = src.Uint64(), m
		}
		c, f := bits.Mul64(frac, m)
		frac = f
		counts[table[c]]++
	}
	s.src, s.frac, s.used = src, frac, used
}

// Lookup draws one outcome of a tabled roll (Joint) and returns its
// result: the dice of the roll in one multiply. Enumerating, it branches
// once over the outcomes, as many paths as rolling the dice would make.
func (s *Stream) Lookup(table []int32) int {
	return int(table[s.draw(uint64(len(table)))])
}
