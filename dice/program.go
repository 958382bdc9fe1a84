package dice

import (
	"math"
	"slices"
)

// Program is a roll of several terms compiled into one Monte Carlo kernel
// (TallyProgram): a trial is a fixed list of steps, each one mixed-radix
// digit of the trial's words and one look-up, laid on words the same way
// every trial (a fresh word a trial, as TallyKeep does), so no step checks
// a word's budget or calls out, and the trials are independent of each
// other (the processor overlaps them). A step either adds what its digit
// shows to the trial's value (plain dice a group at a time, an exploding
// die's block of rolls, a re-rolled die a digit of its reduced odds), or
// moves a keep's state (the dice kept so far, as a Keeper's), its last
// step adding what the kept dice are worth; two steps merge into one where
// their joint table fits MergeTable. Build one when compiling a plan, with the
// methods below in the order the terms roll; enumerating streams never
// use it (the exact drivers roll the terms as before). What the steps of
// a trial add must stay under 2^23 either way (roll's values span at most
// 2^20): an exploded block is found by its look-up far below that.
type Program struct {
	steps    []progStep
	oneWord  bool // every step of a trial fits one word (TallyProgram's one-word kernels)
	additive bool // no step keeps a state
}

// progStep is one digit of a trial: m outcomes, looked up in tab (at
// tab[state*m+d]). The look-up is added to the value (vmask -1) or is the
// next state (smask -1), by mask rather than by branch: the kinds of step
// alternate within a trial.
type progStep struct {
	m            uint64
	tab          []int32
	vmask, smask int64
	fresh        bool      // starts a fresh word
	e            *Exploder // an exploding die's step: the die, for a block whose every roll exploded
	sign         int       // and its sign
	lo, hi       int       // and, if hi > 0, the totals it counts (a 1 for a total in lo..hi)
	in           uint64    // the states the step reads (1: none)
}

const (
	opAdd      = iota // value += tab[d] (an exploded block: go on die by die)
	opState           // state = tab[state*m+d]
	opStateAdd        // value += tab[state*m+d]; state = 0
)

// An exploding die's block whose every roll exploded looks up
// exploded+r, r what the other dice merged into the step add (|r| <
// 1<<23): any look-up below explodedBelow goes on die by die.
const (
	exploded      = math.MinInt32 + 1<<23
	explodedBelow = math.MinInt32 + 1<<24
)

// MergeTable bounds the cells of a step made of two: 256 KB of int32, half
// the second-level cache (measured interleaved against 1<<15 and 1<<17:
// three d6r1, 46,656 joint outcomes, merge, so 4d6r1kh3+d6 is two steps,
// the first three dice and the fourth with the d6, 2.5x to 1.9x the floor
// a die; 2d6!+1 vs d10r1 merges its re-rolled d10 into an exploding die's
// step; no expression measured slower beyond the noise).
const MergeTable = 1 << 16

// MaxProgramSteps bounds a Program's digits a trial.
const MaxProgramSteps = 256

// Steps is the number of digits a trial draws (an exploding die's rare
// further rolls aside).
func (p *Program) Steps() int { return len(p.steps) }

// push appends a step of m outcomes (tab: in states of m cells).
func (p *Program) push(m uint64, tab []int32, op uint8) {
	st := progStep{m: m, tab: tab, vmask: -1, in: uint64(len(tab)) / m}
	if op == opState {
		st.vmask, st.smask = 0, -1
	}
	p.pushStep(st)
}

// pushStep appends st, merged into the step before where their joint
// table fits MergeTable (the digit of m1*m2 is the two digits d1*m2+d2,
// the same rolls), and lays the steps on words again.
func (p *Program) pushStep(st progStep) {
	if n := len(p.steps); n > 0 {
		if merged, ok := merge(&p.steps[n-1], &st); ok {
			// Dice alike merge into alike tables (600d6r1: 200 of
			// 46,656 cells): share the step before's.
			if n > 1 && slices.Equal(p.steps[n-2].tab, merged.tab) {
				merged.tab = p.steps[n-2].tab
			}
			p.steps[n-1] = merged
			p.layout()
			return
		}
	}
	p.steps = append(p.steps, st)
	p.layout()
}

// merge is steps a then b as one step, if they fit: where a adds to the
// value, b neither reads nor makes a state (one look-up cannot both add
// and make a state); at most one of them is an exploding die's.
func merge(a, b *progStep) (progStep, bool) {
	if a.smask == 0 && (b.in > 1 || b.smask != 0) || a.e != nil && b.e != nil {
		return progStep{}, false
	}
	m := a.m * b.m
	if a.in*m > MergeTable || m > MaxProduct {
		return progStep{}, false
	}
	tab := make([]int32, a.in*m)
	for st := range a.in {
		for d1 := range a.m {
			x := int64(a.tab[st*a.m+d1])
			stB, v := uint64(x&a.smask), x&a.vmask
			for d2 := range b.m {
				tab[st*m+d1*b.m+d2] = int32(v + int64(b.tab[stB*b.m+d2]))
			}
		}
	}
	out := progStep{m: m, tab: tab, vmask: b.vmask, smask: b.smask, e: a.e, sign: a.sign, lo: a.lo, hi: a.hi, in: a.in}
	if b.e != nil {
		out.e, out.sign, out.lo, out.hi = b.e, b.sign, b.lo, b.hi
	}
	return out, true
}

// layout lays the steps on words: each trial starts a fresh word, and a
// step that would take a word past MaxProduct starts the next.
func (p *Program) layout() {
	used := uint64(MaxProduct + 1)
	p.oneWord, p.additive = true, true
	for i := range p.steps {
		g := &p.steps[i]
		p.additive = p.additive && g.smask == 0 && g.in == 1
		g.fresh = used*g.m > MaxProduct
		if g.fresh {
			used = g.m
			p.oneWord = p.oneWord && i == 0
		} else {
			used *= g.m
		}
	}
}

// Dice adds n dice of the given sides, each worth value[f-1] on face f
// (sign and any success test folded in), as many dice a digit as
// GroupTable allows: one look-up of the group's total.
func (p *Program) Dice(n, sides int, value []int32) {
	g := 1
	for m := uint64(sides); g < n && m*uint64(sides) <= GroupTable; g++ {
		m *= uint64(sides)
	}
	var full []int32 // the table of a whole group, made once
	for left := n; left > 0; {
		k := min(g, left)
		left -= k
		if k == g && full != nil {
			p.push(uint64(len(full)), full, opAdd)
			continue
		}
		size := uint64(1)
		for range k {
			size *= uint64(sides)
		}
		tab := make([]int32, size)
		for x := range tab {
			r := x
			for range k {
				tab[x] += value[r%sides]
				r /= sides
			}
		}
		if k == g {
			full = tab
		}
		p.push(uint64(len(tab)), tab, opAdd)
	}
}

// Explode adds n exploding dice, times sign (+1 or -1): a block of a die's
// rolls a digit (Explode's), the rest die by die when the whole block
// exploded (1 in 216 for a d6). With hi > 0 each die adds 1 if its total
// is in lo..hi, else 0 (a success count of exploding dice), times sign.
func (p *Program) Explode(e *Exploder, n, sign, lo, hi int) {
	tab := make([]int32, len(e.val))
	for x, v := range e.val {
		tab[x] = int32(sign * worth(int(v), lo, hi))
		if v == 0 {
			tab[x] = exploded
		}
	}
	for range n {
		p.pushStep(progStep{m: e.block, tab: tab, vmask: -1, in: 1, e: e, sign: sign, lo: lo, hi: hi})
	}
}

// worth is what an exploding die of the given total adds: the total, or
// with hi > 0, 1 for a total in lo..hi and 0 for any other.
func worth(total, lo, hi int) int {
	if hi == 0 {
		return total
	}
	if lo <= total && total <= hi {
		return 1
	}
	return 0
}

// Rerolled adds n re-rolled dice, each worth value[f-1] on face f, a die
// a digit of its odds of each worth (reduce: d6r1 counted at 4 or more is
// a digit of 12), merged several a digit where that fits.
func (p *Program) Rerolled(d *Rerolled, n int, value []int32) {
	one := reduce(int(d.m), func(x int) int32 { return value[d.face[x]] })
	for range n {
		p.push(uint64(len(one)), one, opAdd)
	}
}

// Keep adds k's pool, its kept dice worth value[state] (a Keeper state):
// the first keep dice one digit, then k's groups, the last group's table
// giving the kept dice's worth at once.
func (p *Program) Keep(k *Keeper, value []int32) {
	first := make([]int32, len(k.first))
	for x, st := range k.first {
		first[x] = int32(st)
	}
	groups := k.groups()
	if len(groups) == 0 {
		for x, st := range k.first {
			first[x] = value[st]
		}
		p.push(uint64(len(first)), first, opStateAdd)
		return
	}
	p.push(uint64(len(first)), first, opState)
	for i, g := range groups {
		tab := make([]int32, len(k.steps[g]))
		for x, st := range k.steps[g] {
			tab[x] = int32(st)
			if i == len(groups)-1 {
				tab[x] = value[st]
			}
		}
		op := uint8(opState)
		if i == len(groups)-1 {
			op = opStateAdd
		}
		p.push(k.products[g], tab, op)
	}
}

// groups is the sizes of k's later groups in the order they are drawn.
func (k *Keeper) groups() []int {
	var out []int
	for left := k.n - k.keep; left > 0; {
		g := min(left, k.size)
		left -= g
		out = append(out, g)
	}
	return out
}

// KeepRerolled adds a keep of n of d's re-rolled dice, kept as k keeps
// plain dice (k: d's sides, n dice, the same keep), its kept dice worth
// value[state]: each die is a digit of its reduced outcomes, the first
// keep dice building the first group's plain outcome face by face, each
// later die a step of k's one-die table (and steps merged where they fit).
// ok is false where a table would pass KeepTable cells or k has no
// one-die step.
func (p *Program) KeepRerolled(d *Rerolled, k *Keeper, value []int32) (ok bool) {
	face := d.face
	sides, r := uint64(d.sides), d.m
	if len(k.steps) < 2 || k.n-k.keep < 1 {
		return false
	}
	// The first keep dice: the state is the plain outcome so far (first die
	// most significant), and the keep-th die's step gives Keeper's state.
	size := uint64(1)
	var tabs [][]int32
	for i := range k.keep {
		if size*r > KeepTable {
			return false
		}
		tab := make([]int32, size*r)
		for x := range size {
			for c := range r {
				y := x*sides + uint64(face[c])
				if i == k.keep-1 {
					y = uint64(k.first[y])
				}
				tab[x*r+c] = int32(y)
			}
		}
		tabs = append(tabs, tab)
		size *= sides
	}
	states := uint64(len(k.kept))
	if states*r > KeepTable {
		return false
	}
	one, last := make([]int32, states*r), make([]int32, states*r)
	for st := range states {
		for c := range r {
			next := k.steps[1][st*sides+uint64(face[c])]
			one[st*r+c], last[st*r+c] = int32(next), value[next]
		}
	}
	for _, tab := range tabs {
		p.push(r, tab, opState)
	}
	for i := k.keep; i < k.n; i++ {
		if i == k.n-1 {
			p.push(r, last, opStateAdd)
		} else {
			p.push(r, one, opState)
		}
	}
	return true
}
