package dice

import (
	"math"
	"math/bits"
)

// Program is a roll of several terms compiled into one Monte Carlo kernel
// (TallyProgram): a trial is a fixed list of steps, each one mixed-radix
// digit of the trial's words and one look-up, laid on words the same way
// every trial (a fresh word a trial, as TallyKeep does), so no step checks
// a word's budget or calls out, and the trials are independent of each
// other (the processor overlaps them). A step either adds what its digit
// shows to the trial's value (plain dice a group at a time, an exploding
// die's block of rolls, re-rolled dice a pair at a time), or moves a keep's
// state (the dice kept so far, as a Keeper's), its last step adding what
// the kept dice are worth. Build one when compiling a plan, with the
// methods below in the order the terms roll; enumerating streams never
// use it (the exact drivers roll the terms as before).
type Program struct {
	steps []progStep
	used  uint64 // the budget of the last word laid so far
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
}

const (
	opAdd      = iota // value += tab[d] (an exploded block: go on die by die)
	opState           // state = tab[state*m+d]
	opStateAdd        // value += tab[state*m+d]; state = 0
)

// exploded marks an exploding die's block whose every roll exploded.
const exploded = math.MinInt32

// MaxProgramSteps bounds a Program's digits a trial.
const MaxProgramSteps = 256

// Steps is the number of digits a trial draws (an exploding die's rare
// further rolls aside).
func (p *Program) Steps() int { return len(p.steps) }

func (p *Program) push(m uint64, tab []int32, op uint8) *progStep {
	st := progStep{m: m, tab: tab, vmask: -1}
	if op == opState {
		st.vmask, st.smask = 0, -1
	}
	if len(p.steps) == 0 || p.used*m > MaxProduct {
		st.fresh, p.used = true, m
	} else {
		p.used *= m
	}
	p.steps = append(p.steps, st)
	return &p.steps[len(p.steps)-1]
}

// Dice adds n dice of the given sides, each worth value[f-1] on face f
// (sign and any success test folded in), as many dice a digit as
// GroupTable allows: one look-up of the group's total.
func (p *Program) Dice(n, sides int, value []int32) {
	m := uint64(sides)
	g := 1
	for g < n && m*uint64(sides) <= GroupTable {
		m *= uint64(sides)
		g++
	}
	for left := n; left > 0; {
		k := min(g, left)
		left -= k
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
		p.push(uint64(len(tab)), tab, opAdd)
	}
}

// Explode adds one exploding die, times sign (+1 or -1): a block of its
// rolls a digit (Explode's), the rest die by die when the whole block
// exploded (1 in 216 for a d6).
func (p *Program) Explode(e *Exploder, sign int) {
	tab := make([]int32, len(e.val))
	for x, v := range e.val {
		tab[x] = int32(sign) * int32(v)
		if v == 0 {
			tab[x] = exploded
		}
	}
	st := p.push(e.block, tab, opAdd)
	st.e, st.sign = e, sign
}

// Rerolled adds n re-rolled dice, each worth value[f-1] on face f, two dice
// a digit where their four rolls fit GroupTable.
func (p *Program) Rerolled(d *Rerolled, n int, value []int32) {
	one := make([]int32, d.both)
	for x, v := range d.val {
		one[x] = value[v]
	}
	if d.pair != nil {
		two := make([]int32, d.both*d.both)
		for x := range two {
			two[x] = one[uint64(x)/d.both] + one[uint64(x)%d.both]
		}
		for range n / 2 {
			p.push(d.both*d.both, two, opAdd)
		}
		n %= 2
	}
	for range n {
		p.push(d.both, one, opAdd)
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
// value[state]: each die is one digit of its two rolls, the first keep
// dice building the first group's outcome face by face, each later die a
// step of k's one-die table. ok is false where a table would pass
// KeepTable cells or k has no one-die step.
func (p *Program) KeepRerolled(d *Rerolled, k *Keeper, value []int32) (ok bool) {
	sides, both := uint64(d.sides), d.both
	if len(k.steps) < 2 || k.n-k.keep < 1 {
		return false
	}
	// The first keep dice: the state is the plain outcome so far (first die
	// most significant), and the keep-th die's step gives Keeper's state.
	size := uint64(1)
	var tabs [][]int32
	for i := range k.keep {
		if size*both > KeepTable {
			return false
		}
		tab := make([]int32, size*both)
		for x := range size {
			for c := range both {
				y := x*sides + uint64(d.val[c])
				if i == k.keep-1 {
					y = uint64(k.first[y])
				}
				tab[x*both+c] = int32(y)
			}
		}
		tabs = append(tabs, tab)
		size *= sides
	}
	states := uint64(len(k.kept))
	if states*both > KeepTable {
		return false
	}
	one, last := make([]int32, states*both), make([]int32, states*both)
	for st := range states {
		for c := range both {
			next := k.steps[1][st*sides+uint64(d.val[c])]
			one[st*both+c], last[st*both+c] = int32(next), value[next]
		}
	}
	for _, tab := range tabs {
		p.push(both, tab, opState)
	}
	for i := k.keep; i < k.n; i++ {
		if i == k.n-1 {
			p.push(both, last, opStateAdd)
		} else {
			p.push(both, one, opState)
		}
	}
	return true
}

// TallyProgram runs trials of p and adds one to counts[value+off] for the
// value each leaves. Monte Carlo mode only.
func (s *Stream) TallyProgram(trials int, p *Program, off int, counts []uint64) {
	steps := p.steps
	src := s.src
	var frac uint64
	for range trials {
		v, st := int64(off), uint64(0)
		for i := range steps {
			g := &steps[i]
			if g.fresh {
				src += wyInc
				frac = wymix(uint64(src))
			}
			var d uint64
			d, frac = bits.Mul64(frac, g.m)
			x := int64(g.tab[st*g.m+d])
			if x == exploded { // every roll of the block exploded: the rest die by die
				s.src, s.used = src, MaxProduct+1
				x = int64(g.sign * (g.e.m*int(g.e.sides) + s.explodeFrom(g.e, g.e.m)))
				src = s.src
			}
			v += x & g.vmask
			st = uint64(x & g.smask)
		}
		counts[v]++
	}
	s.src, s.used = src, MaxProduct+1
}
