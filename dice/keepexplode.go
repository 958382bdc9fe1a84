package dice

import "math/bits"

// Keeps of exploding dice (4d6!kh3). A Keeper's table of kept states
// cannot hold them (a die's total is unbounded but for the cap: a d6!
// shows 1..60), so each die's total is drawn as TallyExplode draws it (a
// block of rolls a digit, three blocks a word, a block whose every roll
// exploded going on die by die) and the dice kept are kept in registers:
// a small array in order, each new die pushed through it by min/max
// compare-exchange, with no branch on the dice. Only the smaller side is
// tracked: the highest 3 of 4 are the total less the lowest one.

// MaxKeepTracked bounds the dice a keep of exploding dice tracks (the
// kept ones or the dropped ones, whichever are fewer): each die costs a
// compare-exchange for each. Keeps beyond it are rolled die by die.
const MaxKeepTracked = 8

// KeepExploded is a keep of n exploding dice, each kept die worth
// worth[total] (its total, or 1 if it passes a test): build one when
// compiling a plan.
type KeepExploded struct {
	e     *Exploder
	n     int
	track int   // dice tracked: the kept ones, or the dropped ones (drop)
	drop  bool  // the tracked dice are the dropped ones
	flip  int64 // a die's key is its total ^ flip: 0 tracks the lowest, -1 the highest
	words int   // a trial's words: three blocks a word
	// key is each block's key (its total ^ flip), or keyExploded where
	// every roll of it exploded; 256 entries, so a digit indexes it
	// without a bounds check.
	key [256]int64
	// A trial adds (sum of its keys ^ flip) & keepAll plus the sum of
	// add[total] over the tracked dice: the worth of the kept dice, or
	// the total of all less that of the dropped, and base.
	keepAll int64
	add     []int64
	base    int
	worth   []int32 // for redoing a trial
}

// keyExploded is a block's key where every roll exploded: a trial's sum
// of keys holding one is below keyAnyExploded (the others' keys are at
// most a few thousand each in size, the dice at most MaxRolled).
const (
	keyExploded    = -(1 << 40)
	keyAnyExploded = -(1 << 39)
)

// keyTop starts the tracked keys: above every total's key.
const keyTop = 1 << 30

// NewKeepExploded returns the keep of the highest (high) or lowest keep
// of n dice e, each kept die worth worth[total] (nil: its total); ok is
// false when more than MaxKeepTracked dice would be tracked, or keep is
// not 1..n-1.
func NewKeepExploded(e *Exploder, n, keep int, high bool, worth []int32) (k *KeepExploded, ok bool) {
	if keep < 1 || keep >= n {
		return nil, false
	}
	k = &KeepExploded{e: e, n: n, track: keep, words: (n + 2) / 3}
	// A test's worth is not the total: then track the kept dice.
	canDrop := worth == nil
	if worth == nil {
		worth = make([]int32, (e.max+1)*int(e.sides)+1)
		for x := range worth {
			worth[x] = int32(x)
		}
	}
	k.worth = worth
	trackHigh := high
	if canDrop && n-keep < keep {
		k.track, k.drop, trackHigh = n-keep, true, !high
	}
	if k.track > MaxKeepTracked {
		return nil, false
	}
	if trackHigh {
		k.flip = -1
	}
	for c, v := range e.val {
		k.key[c] = int64(v) ^ k.flip
		if v == 0 {
			k.key[c] = keyExploded
		}
	}
	k.add = make([]int64, len(worth))
	for x, w := range worth {
		k.add[x] = int64(w)
		if k.drop {
			k.add[x] = -int64(w)
		}
	}
	if k.drop {
		// The sum of n complemented keys is -(total)-n: (sum ^ -1) is
		// -(sum)-1, n-1 over.
		k.keepAll, k.base = -1, (1-n)&int(k.flip)
	}
	return k, true
}

// TallyKeepExploded runs trials of k's keep: each adds one to
// counts[kept+off], kept the worth of the kept dice. Each trial starts a
// fresh word and lays its blocks the same way (three a word), so no die
// checks a budget. A block whose every roll exploded adds keyExploded to
// the trial's sum of keys: the loop (keepRun) stops there, and the trial
// is redone from its words, each such die going on die by die
// (redoKeepExploded). The loop makes no call, and carries few values:
// Go's register allocator spilled the tracked keys round every die when
// it did (3x the time). Monte Carlo mode only.
func (s *Stream) TallyKeepExploded(trials int, k *KeepExploded, off int, counts []uint64) {
	src := s.src
	for trials > 0 {
		left := 0
		if k.track == 1 {
			left, src = keepRun1(src, trials, &k.key, k.e.block, k.n, k.flip, k.keepAll, k.add, off+k.base, counts)
		} else {
			left, src = keepRun(src, trials, k, off+k.base, counts)
		}
		if trials = left; trials > 0 {
			s.src = src
			counts[int(s.redoKeepExploded(k, src-wyrand(k.words)*wyInc))+off]++
			src = s.src
			trials--
		}
	}
	s.src, s.used = src, MaxProduct+1
}

// keepRun1 runs trials of a keep tracking one die (4d6!kh3, 2d20!kh1)
// from generator state src until one rolls a block whose every roll
// exploded: it returns the trials left (that one among them, its words
// drawn) and the state after the last word drawn. The tracked key is a
// register, three blocks a word written out (any exploding die's block is
// at most 216 outcomes), each word's least key found apart from the
// trial's (a chain of one min a word, not three).
//
//go:noinline
func keepRun1(src wyrand, trials int, key *[256]int64, m uint64, n int, flip, keepAll int64, add []int64, off int, counts []uint64) (int, wyrand) {
	q, r := n/3, n%3
	for ; trials > 0; trials-- {
		a, sum := int64(keyTop), int64(0)
		for range q {
			src += wyInc
			c0, f := bits.Mul64(wymix(uint64(src)), m)
			c1, f := bits.Mul64(f, m)
			c2, _ := bits.Mul64(f, m)
			x0, x1, x2 := key[uint8(c0)], key[uint8(c1)], key[uint8(c2)]
			sum += x0 + x1 + x2
			a = min64(a, min64(min64(x0, x1), x2))
		}
		if r > 0 {
			src += wyInc
			c0, f := bits.Mul64(wymix(uint64(src)), m)
			x0 := key[uint8(c0)]
			if r == 2 {
				c1, _ := bits.Mul64(f, m)
				x1 := key[uint8(c1)]
				sum += x1
				x0 = min64(x0, x1)
			}
			sum += x0
			a = min64(a, x0)
		}
		if sum < keyAnyExploded {
			return trials, src
		}
		counts[int((sum^flip)&keepAll+add[a^flip])+off]++
	}
	return 0, src
}

// keepRun is keepRun1 tracking up to MaxKeepTracked dice, in order, in
// an array.
//
//go:noinline
func keepRun(src wyrand, trials int, k *KeepExploded, off int, counts []uint64) (int, wyrand) {
	m, n, track, flip, keepAll, add, key := k.e.block, k.n, k.track, k.flip, k.keepAll, k.add, &k.key
	for ; trials > 0; trials-- {
		var a [MaxKeepTracked]int64
		for i := range a {
			a[i] = keyTop
		}
		sum, f := int64(0), uint64(0)
		for i := range n {
			if i%3 == 0 {
				src += wyInc
				f = wymix(uint64(src))
			}
			var c uint64
			c, f = bits.Mul64(f, m)
			x := key[uint8(c)]
			sum += x
			for j := range track {
				lo := min64(a[j], x)
				x = a[j] + x - lo
				a[j] = lo
			}
		}
		if sum < keyAnyExploded {
			return trials, src
		}
		v := (sum ^ flip) & keepAll
		for j := range track {
			v += add[a[j]^flip]
		}
		counts[int(v)+off]++
	}
	return 0, src
}

// min64 is min(a, b) without a branch: Go compiles min within these
// loops to branches, which a die's random total mispredicts half the
// time. Keys are a few
// thousand at most in size, or keyTop or keyExploded: no overflow.
func min64(a, b int64) int64 {
	d := a - b
	return b + d&(d>>63)
}

// redoKeepExploded is a trial of TallyKeepExploded whose words follow
// generator state start, a block of which exploded on every roll: the
// same blocks, each such die going on die by die from s's next words, and
// the tracked dice kept in order by insertion.
func (s *Stream) redoKeepExploded(k *KeepExploded, start wyrand) int64 {
	e := k.e
	s.used = MaxProduct + 1
	var buf [MaxKeepTracked]int64
	a := buf[:0]
	all, f := int64(0), uint64(0)
	for i := range k.n {
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
		all += int64(x)
		key := int64(x) ^ k.flip
		switch {
		case len(a) < k.track:
			a = append(a, key)
		case key >= a[len(a)-1]:
			continue
		default:
			a[len(a)-1] = key
		}
		for j := len(a) - 1; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
	v := int64(0)
	for _, key := range a {
		v += int64(k.worth[key^k.flip])
	}
	if k.drop {
		v = all - v
	}
	return v
}
