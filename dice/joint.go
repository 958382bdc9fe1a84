package dice

import "math/bits"

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
	frac, used := s.frac, s.used
	for range trials {
		used *= m
		if used > MaxProduct {
			frac, used = s.src.Uint64(), m
		}
		c, f := bits.Mul64(frac, m)
		frac = f
		counts[table[c]]++
	}
	s.frac, s.used = frac, used
}

// FacesWidth is the bits a face's count takes in Faces' word: 4 bits for
// pools of up to 15 dice (16 faces fit), else 8 (8 faces, 255 dice).
func FacesWidth(n int) uint {
	if n < 16 {
		return 4
	}
	return 8
}

// Faces rolls n dice with the given sides and returns how many show each
// face, packed: face f's count in FacesWidth(n) bits from bit
// FacesWidth(n)*(f-1). sides*FacesWidth(n) must be at most 64 and n at
// most 255. Counting into a word keeps the tally in a register, where a
// histogram in memory would chain every die through a store and a load.
// Enumerating, it rolls die by die.
func (s *Stream) Faces(n, sides int) uint64 {
	w := FacesWidth(n)
	var packed uint64
	if s.enum != nil {
		for range n {
			packed += 1 << (w * uint(s.D(sides)-1))
		}
		return packed
	}
	m := uint64(sides)
	frac, used := s.frac, s.used
	for range n {
		used *= m
		if used > MaxProduct {
			frac, used = s.src.Uint64(), m
		}
		d, f := bits.Mul64(frac, m)
		frac = f
		packed += 1 << (w * uint(d))
	}
	s.frac, s.used = frac, used
	return packed
}
