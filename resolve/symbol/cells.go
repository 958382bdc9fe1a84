package symbol

import (
	"math/bits"

	"odds/resolve"
)

// compactCells numbers only the cells a fire plan can reach. A cell was
// (row, remaining tally), row*n+ri over every row (an outcome; with
// stateCells a state code; with a building whether it collapsed too) and
// each of the n tallies the attack can leave, but a tally reaches at
// most one row from each of the few states the critical hits leave
// (three or so of six outcomes, of seventeen state codes): 40 dice a
// side held 1.26 million cells, of which 0.63 million can happen. The
// reachable ones keep their order (row-major, as before), numbered
// 0..m-1; final and blastFinal are renumbered, and cellRow holds each
// cell's row. Sums over cells (outcomes, statistics) add the same terms
// in the same order as over all the cells, less zeros: the answers are
// the same to the bit.
func (p *firePlan) compactCells(rows int, outcomes, stats []string, classify func(row int, vals []float64) int) {
	n := len(p.remains)
	all := rows * n
	reach := make([]uint64, (all+63)/64)
	for _, c := range p.final {
		reach[c>>6] |= 1 << (c & 63)
	}
	for _, c := range p.blastFinal {
		reach[c>>6] |= 1 << (c & 63)
	}
	rank := make([]int32, len(reach)) // the reachable cells before each word
	m := int32(0)
	for w, b := range reach {
		rank[w] = m
		m += int32(bits.OnesCount64(b))
	}
	id := func(c int32) int32 {
		return rank[c>>6] + int32(bits.OnesCount64(reach[c>>6]&(1<<(c&63)-1)))
	}
	p.cellRow = make([]uint8, m)
	rem := make([]int32, m)
	for w, b := range reach {
		for b != 0 {
			c := w*64 + bits.TrailingZeros64(b)
			b &= b - 1
			i := id(int32(c))
			p.cellRow[i], rem[i] = uint8(c/n), int32(c%n)
		}
	}
	for i, c := range p.final {
		p.final[i] = id(c)
	}
	for i, c := range p.blastFinal {
		p.blastFinal[i] = id(c)
	}
	p.layout = resolve.NewLayout(outcomes, stats, int(m), func(c int, vals []float64) int {
		r := p.remains[rem[c]]
		for k := range kinds {
			vals[k] = float64(r.Count(k))
		}
		return classify(int(p.cellRow[c]), vals)
	})
}
