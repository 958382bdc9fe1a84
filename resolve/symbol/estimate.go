package symbol

import (
	"math/bits"
	"slices"

	"odds/dice"
	"odds/resolve"
)

// fireBytes estimates what a compiled fire plan holds, from its attack
// dice alone and without convolving them (resolve.Action.Bytes): its
// tables grow with the tallies the attack can leave (downsetSize), about
// remainBytes each, and with the dense grid of the attack's counts that
// indexes them, 4 bytes a place. 0 where the attack is refused anyway.
func fireBytes(v resolve.Args) int64 {
	att, err := attackPool(v)
	if err != nil || len(att) > resolve.MaxPool {
		return 0
	}
	n, grid := downsetSize(att.dice())
	per := int64(remainBytes)
	if v.Bool("building") {
		per = remainBuildingBytes
	}
	return n*per + 4*grid
}

// remainBytes is what a compiled fire plan holds a tally the attack can
// leave: the attack's distribution (12 bytes a tally), the tally and its
// cells after the critical hits' few states (4 and 12), and its cells'
// layout (1.1 to 2.5 cells of 49 bytes: 2 taken). Measured: 40 dice a
// side of two colours leave 210,651 tallies in a grid of 1.45 million
// places; the plan holds 20 MB, estimated 31. remainBuildingBytes: with a
// building's blast roll, the cells of every blast symbol (20 bytes a
// state) and a fifth value a cell; 40 red dice hold 69 MB, estimated 71.
const (
	remainBytes         = 120
	remainBuildingBytes = 230
)

// downsetSize is the number of tallies below some tally the dice can
// show (the remaining tallies a fire plan tabulates) and the size of the
// dense grid of their counts, counted without probabilities: the
// downset of a sum of dice is the sum of the dice's downsets (x below a+b
// splits into min(x, a) below a and the rest below b), so a bit set over
// the grid is shifted by each tally under each die's faces in turn and
// or-ed: a few milliseconds at 40 dice, where convolving takes tenths of
// a second.
func downsetSize(dd []dice.Die) (n, grid int64) {
	var shape [kinds]int
	for k := range kinds {
		shape[k] = 1
		for _, d := range dd {
			top := 0
			for _, f := range d {
				top = max(top, f.Count(k))
			}
			shape[k] += top
		}
	}
	b := newBox(shape)
	set := make([]uint64, (b.size+64)/64)
	next := make([]uint64, len(set))
	set[0] = 1
	top := 0 // the last word with a bit set
	for _, d := range dd {
		var offs []int
		for _, f := range d {
			for _, t := range below(f) {
				if o := b.at(t); !slices.Contains(offs, o) {
					offs = append(offs, o)
				}
			}
		}
		reach := top + (slices.Max(offs)+63)/64 + 1
		clear(next[:min(reach+1, len(next))])
		for _, o := range offs {
			w, s := o/64, uint(o%64)
			for i, x := range set[:top+1] {
				if x == 0 {
					continue
				}
				next[i+w] |= x << s
				if s != 0 && i+w+1 < len(next) {
					next[i+w+1] |= x >> (64 - s)
				}
			}
		}
		set, next = next, set
		top = min(reach, len(set)-1)
	}
	for _, x := range set[:top+1] {
		n += int64(bits.OnesCount64(x))
	}
	return n, int64(b.size)
}

// below is every tally at most t, kind by kind.
func below(t dice.Tally) []dice.Tally {
	out := []dice.Tally{0}
	for k := range kinds {
		for _, u := range slices.Clone(out) {
			for c := 1; c <= t.Count(k); c++ {
				out = append(out, u.With(k, c))
			}
		}
	}
	return out
}
