package symbol

import (
	"slices"

	"odds/dice"
)

// cancelGrid computes what an attack pool leaves after a defence pool
// cancels it, die by die rather than tally pair by tally pair.
//
// Cancelling is associative in the defence: what a leaves after d1 and
// then d2 is what it leaves after d1+d2, under both rules (same-kind:
// max(0, a_k-d1_k-d2_k) per kind; kind-or-weaker: the strongest-first
// greedy match of defence symbols to their kind or a weaker one leaves
// the same whether the defence symbols come at once or in two lots,
// TestCancelAssociative checks every small case). So the distribution of
// the remaining tally is the attack's tally distribution pushed through
// one defence die at a time: each die moves the mass of every cell to the
// cell its faces leave. The work is the dice times their distinct faces
// times the cells of the attack's downset, where pairing tallies took the
// attack's tallies times the defence's (30 dice a side: 79,431 x 52,151).
type cancelGrid struct {
	b    box       // the attack's counts, kind 0 most significant
	rb   box       // the rows: counts of kinds 0..2 (the last kind's shape 1)
	rows []gridRow // the rows (counts of kinds 0..2) the attack's downset reaches
	at   []int32   // at[rb.at(row)]: the row's first place in cur and nxt (rows that are not reached: -1)
	rule int
	cur  []float64 // the distribution, row after row
	nxt  []float64
	// plan caches what each face of the last die cancelled leaves of
	// every row (a pool's dice of one colour are alike).
	planOf []dice.Tally
	plan   []rowShift
}

// gridRow is a row of the grid along the last kind: its first place, its
// counts of kinds 0..2 and its length (one more than the largest count of
// the last kind in the downset on that row).
type gridRow struct {
	off int32
	x   [kinds - 1]uint8
	n   int32
}

// rowShift is where a face sends a row: the first place of the row it
// lands on, and how much it lowers the last kind's count.
type rowShift struct{ to, last int32 }

// newCancelGrid is the grid of an attack whose tallies are ts. The rows
// are stored one after another, not in a dense box of the four counts:
// at 40 dice a side the box has 1.4 million places and the rows 0.2
// million.
func newCancelGrid(ts []dice.Tally, rule int) *cancelGrid {
	shape := dice.Shape(ts)
	g := &cancelGrid{b: newBox(shape), rule: rule}
	// ext[row]: the row's length; carried down in kinds 0..2 from the top
	// so that every row below an attack tally is as long as its.
	g.rb = newBox([kinds]int{shape[0], shape[1], shape[2], 1})
	rb := &g.rb
	ext := make([]int32, rb.size)
	for _, a := range ts {
		r := rb.at(a &^ (0xff << (8 * (kinds - 1))))
		ext[r] = max(ext[r], int32(a.Count(kinds-1)+1))
	}
	for k := range kinds - 1 {
		for i := rb.size - 1; i >= 0; i-- {
			if ext[i] > 0 && rb.count(i, k) > 0 {
				j := i - rb.stride[k]
				ext[j] = max(ext[j], ext[i])
			}
		}
	}
	g.at = make([]int32, rb.size)
	off := int32(0)
	for i, n := range ext {
		g.at[i] = -1
		if n > 0 {
			var x [kinds - 1]uint8
			for k := range kinds - 1 {
				x[k] = uint8(rb.count(i, k))
			}
			g.rows = append(g.rows, gridRow{off: off, x: x, n: n})
			g.at[i] = off
			off += n
		}
	}
	g.cur = make([]float64, off)
	g.nxt = make([]float64, off)
	return g
}

// place is the place of tally t in cur and nxt (t's row must be reached).
func (g *cancelGrid) place(t dice.Tally) int {
	return int(g.at[g.rb.at(t&^(0xff<<(8*(kinds-1))))]) + t.Count(kinds-1)
}

// setup is the work of making the grid: its two arrays and the rows' index,
// zeroed at about a tenth of a step a place (a step, one multiply-add of
// shift, is about 2.5 ns: 30 dice a side take 1.05e7 steps and about 25
// ms).
func (g *cancelGrid) setup() int64 { return (2*g.cells() + int64(g.rb.size)) / 10 }

// cells is the number of grid places the rows hold: the work of one face.
func (g *cancelGrid) cells() int64 { return int64(len(g.cur)) }

// load sets the distribution to the attack's, tallies ts with chances ps.
func (g *cancelGrid) load(ts []dice.Tally, ps []float64) {
	clear(g.cur)
	for i, a := range ts {
		g.cur[g.place(a)] += ps[i]
	}
}

// faceSet is a die's distinct faces and their chances, in the die's order.
type faceSet struct {
	t []dice.Tally
	p []float64
}

func facesOf(d dice.Die) faceSet {
	var f faceSet
	for _, t := range d {
		if i := slices.Index(f.t, t); i >= 0 {
			f.p[i] += 1 / float64(len(d))
		} else {
			f.t, f.p = append(f.t, t), append(f.p, 1/float64(len(d)))
		}
	}
	return f
}

// work is the steps cancelling by dice costs: per die, its distinct faces
// times the cells (clearing the rows is a small part of a step a place).
func (g *cancelGrid) work(dice []dice.Die) int64 {
	faces := int64(0)
	for _, d := range dice {
		faces += int64(len(facesOf(d).t))
	}
	return faces * g.cells()
}

// cancel pushes the distribution through one defence die.
func (g *cancelGrid) cancel(d dice.Die) { g.cancelBy(facesOf(d)) }

// cancelBy pushes the distribution through a defence roll of tallies f.t
// with chances f.p (one die, or a whole roll that is not a sum of
// independent dice, such as one with re-rolls).
func (g *cancelGrid) cancelBy(f faceSet) {
	if !slices.Equal(f.t, g.planOf) {
		g.planOf = slices.Clone(f.t)
		g.plan = g.plan[:0]
		for _, t := range f.t {
			g.plan = g.shifts(t, g.plan)
		}
	}
	clear(g.nxt)
	for i := range f.t {
		g.shift(g.plan[i*len(g.rows):(i+1)*len(g.rows)], f.p[i])
	}
	g.cur, g.nxt = g.nxt, g.cur
}

// shifts appends where defence face f sends each row. Along a row only
// the last kind's count changes, and what f leaves of the other kinds
// (and, under kind-or-weaker, the defence symbols it carries down to the
// last kind) depends on the row alone: the row's mass lands on one row,
// the last kind's count lowered by a fixed amount (at least 0), a
// contiguous run.
func (g *cancelGrid) shifts(f dice.Tally, out []rowShift) []rowShift {
	const top = 127 // a last count above any attack's: what is left of it tells what f spends there
	for _, r := range g.rows {
		var row dice.Tally
		for k := range kinds - 1 {
			row = row.With(k, int(r.x[k]))
		}
		left := leftAfter(row.With(kinds-1, top), f, g.rule)
		out = append(out, rowShift{to: g.at[g.rb.at(left&^(0xff<<(8*(kinds-1))))], last: int32(top - left.Count(kinds-1))})
	}
	return out
}

// shift adds p times the distribution, each tally replaced by what a
// defence face leaves of it (sh: where the face sends each row), to nxt.
// A row lands on a row at least as long (rows are carried down whole).
func (g *cancelGrid) shift(sh []rowShift, p float64) {
	for i, r := range g.rows {
		src := g.cur[r.off : r.off+r.n]
		dst := g.nxt[sh[i].to:]
		last := int(sh[i].last)
		if last == 0 {
			dst = dst[:len(src)]
			for i, q := range src {
				dst[i] += p * q
			}
			continue
		}
		s := 0.0
		for _, q := range src[:min(last, len(src))] {
			s += q
		}
		dst[0] += p * s
		if last < len(src) {
			dst = dst[:len(src)-last]
			for i, q := range src[last:] {
				dst[i] += p * q
			}
		}
	}
}

// each calls fn with every tally of the grid and its probability, if not
// zero.
func (g *cancelGrid) each(fn func(t dice.Tally, p float64)) {
	for _, r := range g.rows {
		var row dice.Tally
		for k := range kinds - 1 {
			row = row.With(k, int(r.x[k]))
		}
		for i, q := range g.cur[r.off : r.off+r.n] {
			if q != 0 {
				fn(row.With(kinds-1, i), q)
			}
		}
	}
}
