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
	// Tracking one die, a trial is (sum of keys ^ flip) & keepAll plus
	// the die's total (neg 0) or less it (neg -1), then its worth where
	// the kept die has one (tested: worth1).
	neg    int64
	worth1 []int64
}

// keyExploded is a block's key where every roll exploded: a trial's sum
// of keys holding one is below keyAnyExploded (the others' keys are at
// most a few thousand each in size, the dice at most MaxRolled).
const (
	keyExploded    = -(1 << 40)
	keyAnyExploded = -(1 << 39)
)

// keyGoesOn marks, in a trial's value, each kept die whose block exploded
// on every roll and that goes on die by die when tallied (a keep that
// drops the lowest die).
const keyGoesOn = 1 << 24

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
		switch {
		case v == 0 && k.drop && k.flip == 0 && k.track == 1:
			// Dropping the lowest die, one that exploded on every roll of
			// its block is kept unless every die did: its total so far
			// and keyGoesOn, and the tally goes on with it.
			k.key[c] = int64(e.m*int(e.sides)) + keyGoesOn
		case v == 0:
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
		k.keepAll, k.base, k.neg = -1, (1-n)&int(k.flip), -1
	}
	if !canDrop {
		k.worth1 = k.add
	}
	return k, true
}

// TallyKeepExploded runs trials of k's keep: each adds one to
// counts[kept+off], kept the worth of the kept dice. Each trial starts a
// fresh word and lays its blocks the same way (three a word), so no die
// checks a budget. A block whose every roll exploded adds keyExploded to
// the trial's sum of keys, and the trial is redone from its words, each
// such die going on die by die (redoKeepExploded; dropping the lowest
// die, goOnKeep). Monte Carlo mode only.
//
// Measured (BenchmarkKernelCPU, thread CPU time, interleaved with the
// interpreter's die by die): 4d6!kh3 from 54-70 ns a trial to 6.2-6.9,
// about 2.2x the throughput floor a roll; keeps tracking several dice
// (keepRun) 2x to 4x fewer ns than the interpreter.
func (s *Stream) TallyKeepExploded(trials int, k *KeepExploded, off int, counts []uint64) {
	if k.track == 1 {
		s.tallyKeep1(trials, k, off, counts)
		return
	}
	src := s.src
	for trials > 0 {
		if trials, src = keepRun(src, trials, k, off+k.base, counts); trials > 0 {
			s.src = src
			counts[int(s.redoKeepExploded(k, src-wyrand(k.words)*wyInc))+off]++
			src = s.src
			trials--
		}
	}
	s.src, s.used = src, MaxProduct+1
}

// keepBatch is the trials keepBatch1 rolls before they are tallied.
const keepBatch = 256

// tallyKeep1 is TallyKeepExploded tracking one die (4d6!kh3, 2d20!kh1):
// keepBatch1 rolls a batch of trials (keepPairs4 two at a time for four
// dice), then each is tallied, gone on with or redone.
func (s *Stream) tallyKeep1(trials int, k *KeepExploded, off int, counts []uint64) {
	var vals [keepBatch]int64
	src, m, words := s.src, k.e.block, wyrand(k.words)
	worth, base := k.worth1, off+k.base
	q, paired := wyrand(k.n/3), k.n == 4
	for trials > 0 {
		b := min(trials, keepBatch)
		switch {
		case paired && b > 1:
			b &^= 1
			keepPairs4(src, &k.key, m, k.flip, k.keepAll, k.neg, vals[:b])
		default:
			paired = false // the last trial alone
			keepBatch1(src, &k.key, m, k.n, k.flip, k.keepAll, k.neg, vals[:b])
		}
		trials -= b
		start := src
		if paired {
			src += wyrand(b/2) * (2*q + 1) * wyInc
		} else {
			src += wyrand(b) * words * wyInc
		}
		for j, v := range vals[:b] {
			if v >= 0 {
				if v >= keyGoesOn {
					s.src = src
					v = s.goOnKeep(k, v)
					src = s.src
				}
				if worth != nil {
					v = worth[v]
				}
				counts[int(v)+base]++
				continue
			}
			s.src = src
			if paired { // pair j/2: j's words, the other's, the shared one
				p := start + wyrand(j/2)*(2*q+1)*wyInc
				counts[int(s.redoKeepFrom(k, p+wyrand(j%2)*q*wyInc, p+(2*q+1)*wyInc, j%2))+off]++
			} else {
				counts[int(s.redoKeepExploded(k, start+wyrand(j)*words*wyInc))+off]++
			}
			src = s.src
		}
	}
	s.src, s.used = src, MaxProduct+1
}

// keepPairs4 is keepBatch1 for four dice (4d6!kh3), two trials at a
// time, written out: each trial leaves one block for its second word, so
// the first's word, the second's, then one word whose first two blocks
// are each one's last die (three words a pair, not four). Measured
// 4d6!kh3 against keepBatch1: 6.2 against 7.4 ns a trial (a loop over
// words of both trials, the last shared, measured no better than
// keepBatch1: Go spilled the generator state and the trials' sums and
// least keys each word).
//
//go:noinline
func keepPairs4(src wyrand, key *[256]int64, m uint64, flip, keepAll, neg int64, vals []int64) {
	for t := 0; t+1 < len(vals); t += 2 {
		w1 := src + wyInc
		w2 := w1 + wyInc
		src = w2 + wyInc
		c0, f := bits.Mul64(wymix(uint64(w1)), m)
		c1, f := bits.Mul64(f, m)
		c2, _ := bits.Mul64(f, m)
		a0, a1, a2 := key[uint8(c0)], key[uint8(c1)], key[uint8(c2)]
		c0, f = bits.Mul64(wymix(uint64(w2)), m)
		c1, f = bits.Mul64(f, m)
		c2, _ = bits.Mul64(f, m)
		b0, b1, b2 := key[uint8(c0)], key[uint8(c1)], key[uint8(c2)]
		c0, f = bits.Mul64(wymix(uint64(src)), m)
		c1, _ = bits.Mul64(f, m)
		a3, b3 := key[uint8(c0)], key[uint8(c1)]
		vals[t] = keptValue(a0+a1+a2+a3, min64(min64(a0, a1), min64(a2, a3)), flip, keepAll, neg)
		vals[t+1] = keptValue(b0+b1+b2+b3, min64(min64(b0, b1), min64(b2, b3)), flip, keepAll, neg)
	}
}

// keptValue is a trial tracking one die from its sum of keys and least
// key: (sum ^ flip) & keepAll plus or less (neg) the die's total, or -1
// where a block exploded on every roll (dropping the lowest die, where
// the dropped one did: every die did; goOnKeep takes the others). Its
// mins and this are conditional moves: Go compiles a min to a branch
// (which a die's random total mispredicts half the time) where its value
// goes on to index a load, so the values are written to a batch and
// tallied after it.
func keptValue(sum, a, flip, keepAll, neg int64) int64 {
	v := (sum^flip)&keepAll + (a ^ flip ^ neg - neg)
	if sum < keyAnyExploded || a >= keyGoesOn {
		v = -1
	}
	return v
}

// keepBatch1 rolls len(vals) trials of a keep tracking one die from
// generator state src, each trial's words after the one before, and
// writes each one's keptValue. The least key is a register, three blocks
// a word written out (any exploding die's block is at most 216 outcomes),
// each word's least key found apart from the trial's (a chain of one min
// a word, not three).
//
//go:noinline
func keepBatch1(src wyrand, key *[256]int64, m uint64, n int, flip, keepAll, neg int64, vals []int64) {
	q, r := n/3, n%3
	for t := range vals {
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
			sum += x0
			if r == 2 {
				c1, _ := bits.Mul64(f, m)
				x1 := key[uint8(c1)]
				sum += x1
				x0 = min64(x0, x1)
			}
			a = min64(a, x0)
		}
		vals[t] = keptValue(sum, a, flip, keepAll, neg)
	}
}

// keepRun runs trials of a keep tracking up to MaxKeepTracked dice, in
// order, in an array, from generator state src until one rolls a block
// whose every roll exploded: it returns the trials left (that one among
// them, its words drawn) and the state after the last word drawn. The
// loop makes no call: Go's register allocator spilled its values round
// every die when it did.
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

// min64 is min(a, b), written so that Go compiles it to a conditional
// move: the builtin min compiled to branches in these loops, which a
// die's random total mispredicts half the time (measured 4d6!kh3: 2.2x
// the time).
func min64(a, b int64) int64 {
	if b < a {
		a = b
	}
	return a
}
