package dice

import "math/bits"

// Keeper rolls a pool of plain dice and keeps its highest (or lowest) few
// without sorting them or counting them by face. The dice kept so far are
// a state, one of the sorted multisets of keep faces (at most MaxKeepStates
// of them), and tables built at compile time give the state a group of dice
// leaves from the state before it and the group's joint outcome: the first
// keep dice are one group whose outcome is the first state, and the rest
// come a group at a time, one multiply and one look-up a group. What the
// kept dice add up to, or how many of them succeed, is then one more
// look-up by state, made by the plan (Kept gives each state's faces).
//
// Build one when compiling a plan (NewKeeper), not in a trial.
type Keeper struct {
	n, keep  int
	kept     [][]int    // kept[state]: the kept faces, best first
	first    []uint8    // first[x]: the state the first keep dice of outcome x leave
	size     int        // dice in each later group (the last may have fewer)
	steps    [][]uint8  // steps[g][state*sides^g+x]: the state after g more dice of outcome x
	products []uint64   // products[g] = sides^g
	sched    []keepStep // the later groups as TallyKeep lays them on words
}

// MaxKeepStates bounds a Keeper's states (byte states): keeping three of
// d10s has 220, three of d6s 56.
const MaxKeepStates = 256

// KeepTable bounds the cells of one of a Keeper's tables: 32 KB, the
// first-level cache (two d10 a group after three kept: 220 states × 100).
const KeepTable = 1 << 15

// NewKeeper returns a Keeper of the highest (high) or lowest keep of n
// dice with the given sides. ok is false where its tables would not fit
// (more than MaxKeepStates states, or sides^keep above KeepTable).
func NewKeeper(sides, n, keep int, high bool) (k *Keeper, ok bool) {
	if sides < 1 || keep < 1 || keep > n {
		return nil, false
	}
	// The states: every multiset of keep faces, listed best first.
	var kept [][]int
	var walk func(prefix []int, top int)
	walk = func(prefix []int, top int) {
		if len(prefix) == keep {
			kept = append(kept, append([]int(nil), prefix...))
			return
		}
		for f := top; f >= 1 && len(kept) <= MaxKeepStates; f-- {
			walk(append(prefix, f), f)
		}
	}
	walk(nil, sides)
	if len(kept) > MaxKeepStates {
		return nil, false
	}
	if !high { // the same multisets, best (lowest) first
		for _, st := range kept {
			for i, f := range st {
				st[i] = sides + 1 - f
			}
		}
	}
	index := make(map[uint64]uint8, len(kept))
	for i, st := range kept {
		index[keepKey(st, sides)] = uint8(i)
	}
	better := func(a, b int) bool { return a > b == high && a != b }
	// add is the state after one more die of face f.
	add := func(st []int, f int) uint8 {
		next := append([]int(nil), st...)
		last := len(next) - 1
		if better(f, next[last]) {
			next[last] = f
			for i := last; i > 0 && better(next[i], next[i-1]); i-- {
				next[i], next[i-1] = next[i-1], next[i]
			}
		}
		return index[keepKey(next, sides)]
	}

	k = &Keeper{n: n, keep: keep, kept: kept, steps: [][]uint8{nil}, products: []uint64{1}}
	// The first keep dice: outcome x's digits, first die most significant.
	p := 1
	for range keep {
		if p *= sides; p > KeepTable {
			return nil, false
		}
	}
	k.first = make([]uint8, p)
	for x := range k.first {
		st := make([]int, 0, keep)
		for r := x; len(st) < keep; r /= sides {
			st = append(st, r%sides+1)
		}
		// Sort best first (keep is small).
		for i := range st {
			for j := i; j > 0 && better(st[j], st[j-1]); j-- {
				st[j], st[j-1] = st[j-1], st[j]
			}
		}
		k.first[x] = index[keepKey(st, sides)]
	}
	// Later groups of g dice: outcome x extends outcome x/sides of g-1
	// dice by a last die of face x%sides+1.
	for g := 1; g <= n-keep; g++ {
		m := k.products[g-1] * uint64(sides)
		if g > 1 && uint64(len(kept))*m > KeepTable {
			break
		}
		t := make([]uint8, uint64(len(kept))*m)
		for st := range kept {
			for x := range m {
				prev := uint8(st)
				if g > 1 {
					prev = k.steps[g-1][uint64(st)*(m/uint64(sides))+x/uint64(sides)]
				}
				t[uint64(st)*m+x] = add(kept[prev], int(x%uint64(sides))+1)
			}
		}
		k.steps = append(k.steps, t)
		k.products = append(k.products, m)
		k.size = g
	}
	k.sched = k.schedule()
	return k, true
}

// keepKey names a multiset of faces listed in order.
func keepKey(faces []int, sides int) uint64 {
	var key uint64
	for _, f := range faces {
		key = key*uint64(sides+1) + uint64(f)
	}
	return key
}

// States is the number of states KeepWith returns, 0..States()-1.
func (k *Keeper) States() int { return len(k.kept) }

// Kept is the faces a state keeps, best first. Do not change them.
func (k *Keeper) Kept(state int) []int { return k.kept[state] }

// KeepWith rolls k's pool and returns the state its kept dice leave: the
// dice are drawn a group at a time (the first keep dice, then groups of
// k's size), a group that does not fit the current word's budget starting
// a fresh word. Enumerating, it branches once per group over the group's
// joint outcomes.
func (s *Stream) KeepWith(k *Keeper) int {
	if s.enum != nil {
		st := int(k.first[s.draw(uint64(len(k.first)))])
		for left := k.n - k.keep; left > 0; {
			g := min(left, k.size)
			left -= g
			m := k.products[g]
			st = int(k.steps[g][uint64(st)*m+uint64(s.draw(m))])
		}
		return st
	}
	// As groups.draw: the word and its budget stay in registers.
	src, frac, used := s.src, s.frac, s.used
	m := uint64(len(k.first))
	if used *= m; used > MaxProduct {
		frac, used = src.Uint64(), m
	}
	d, frac := bits.Mul64(frac, m)
	st := uint64(k.first[d])
	for left := k.n - k.keep; left > 0; {
		g := min(left, k.size)
		left -= g
		m = k.products[g]
		if used *= m; used > MaxProduct {
			frac, used = src.Uint64(), m
		}
		d, frac = bits.Mul64(frac, m)
		st = uint64(k.steps[g][st*m+d])
	}
	s.src, s.frac, s.used = src, frac, used
	return int(st)
}

// keepStep is one group of a Keeper's trial as TallyKeep draws it: the
// group's outcomes, its table, and whether it starts a fresh word.
type keepStep struct {
	m     uint64
	table []uint8
	fresh bool
}

// schedule lays the later groups of a trial on words: each trial starts a
// fresh word, and a group that would take a word past MaxProduct starts
// the next, the same way every trial.
func (k *Keeper) schedule() []keepStep {
	var out []keepStep
	used := uint64(len(k.first))
	for left := k.n - k.keep; left > 0; {
		g := min(left, k.size)
		left -= g
		m := k.products[g]
		st := keepStep{m: m, table: k.steps[g]}
		if used *= m; used > MaxProduct {
			st.fresh, used = true, m
		}
		out = append(out, st)
	}
	return out
}

// TallyKeep runs trials of k's pool and adds one to counts[kept[state]+off]
// for the state each leaves. Each trial starts a fresh word and lays its
// groups on words the same way (Keeper.schedule), so the word's budget is
// never checked: KeepWith, drawing trial after trial from one word, takes
// a branch on it each group whose pattern changes from trial to trial
// (10d10kh3: 10^10 outcomes a trial against 2^24 a word). A trial uses at
// most one word more than KeepWith's dice would. Each group's look-up
// waits on the state the one before left, so two trials go side by side,
// their chains in step (10d10kh3: 1.55x the trials a second of one chain
// at a time). Monte Carlo mode only.
func (s *Stream) TallyKeep(trials int, k *Keeper, kept []int32, off int, counts []uint64) {
	m0, first, sched := uint64(len(k.first)), k.first, k.sched
	src := s.src
	for range trials / 2 {
		src += wyInc
		da, fa := bits.Mul64(wymix(uint64(src)), m0)
		src += wyInc
		db, fb := bits.Mul64(wymix(uint64(src)), m0)
		sa, sb := uint64(first[da]), uint64(first[db])
		for i := range sched {
			g := &sched[i]
			if g.fresh {
				src += wyInc
				fa = wymix(uint64(src))
				src += wyInc
				fb = wymix(uint64(src))
			}
			da, fa = bits.Mul64(fa, g.m)
			db, fb = bits.Mul64(fb, g.m)
			sa = uint64(g.table[sa*g.m+da])
			sb = uint64(g.table[sb*g.m+db])
		}
		counts[int(kept[sa])+off]++
		counts[int(kept[sb])+off]++
	}
	if trials%2 == 1 {
		src += wyInc
		d, frac := bits.Mul64(wymix(uint64(src)), m0)
		st := uint64(first[d])
		for i := range sched {
			g := &sched[i]
			if g.fresh {
				src += wyInc
				frac = wymix(uint64(src))
			}
			d, frac = bits.Mul64(frac, g.m)
			st = uint64(g.table[st*g.m+d])
		}
		counts[int(kept[st])+off]++
	}
	s.src, s.used = src, MaxProduct+1
}
