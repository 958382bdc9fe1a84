package dice

// The slow paths of a keep of exploding dice: a trial in which a block
// exploded on every roll, its dice going on die by die.

import "math/bits"

// goOnKeep is the value of a trial that drops the lowest die, v, whose
// kept dice include v/keyGoesOn whose block exploded on every roll: each
// goes on die by die from s's next words.
func (s *Stream) goOnKeep(k *KeepExploded, v int64) int64 {
	s.used = MaxProduct + 1
	x := v % keyGoesOn
	for range v / keyGoesOn {
		x += int64(s.explodeFrom(k.e, k.e.m))
	}
	return x
}

// redoKeepExploded is a trial of TallyKeepExploded whose words follow
// generator state start, a block of which exploded on every roll: the
// same blocks, each such die going on die by die from s's next words, and
// the tracked dice kept in order by insertion.
func (s *Stream) redoKeepExploded(k *KeepExploded, start wyrand) int64 {
	return s.redoKeepFrom(k, start, start+wyrand(k.words)*wyInc, 0)
}

// redoKeepFrom is redoKeepExploded where the trial's last word is last
// and its blocks there start at digit skip (a trial of a pair that shares
// its last word, keepPairs4).
func (s *Stream) redoKeepFrom(k *KeepExploded, start, last wyrand, skip int) int64 {
	e := k.e
	s.used = MaxProduct + 1
	var buf [MaxKeepTracked]int64
	a := buf[:0]
	all, f := int64(0), uint64(0)
	for i := range k.n {
		if i%3 == 0 {
			w, sk := start+wyrand(i/3+1)*wyInc, 0
			if i/3 == k.n/3 { // the last word, holding fewer than three
				w, sk = last, skip
			}
			f = wymix(uint64(w))
			for range sk {
				_, f = bits.Mul64(f, e.block)
			}
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
