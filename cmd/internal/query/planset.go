package query

import (
	"encoding/binary"
	"math"

	"odds/resolve"
)

// planSet keeps one plan of each kind a run compiles where plans say
// enough to tell: two plans that roll the same dice into the same cells
// (resolve.Shared) and read them through equal layouts answer alike, so
// the run keeps the first and lets the others go. An opposed sweep of
// 100,000 points has a few dozen distinct duels: its points then share
// their plans, layouts and summaries.
type planSet struct {
	seen map[string]resolve.Plan
	key  []byte
}

// intern is the plan of the set that answers as p does, p itself if
// none does yet (or p cannot tell).
func (s *planSet) intern(p resolve.Plan) resolve.Plan {
	sp, ok := p.(resolve.Shared)
	if !ok {
		return p
	}
	k := sp.DiceKey()
	s.key = layoutKey(append(binary.AppendUvarint(s.key[:0], uint64(len(k))), k...), p.Layout())
	if q, ok := s.seen[string(s.key)]; ok {
		return q
	}
	if s.seen == nil {
		s.seen = map[string]resolve.Plan{}
	}
	s.seen[string(s.key)] = p
	return p
}

// layoutKey appends what l says about each cell to b, unambiguously.
func layoutKey(b []byte, l *resolve.Layout) []byte {
	word := func(n int) { b = binary.AppendUvarint(b, uint64(n)) }
	text := func(ss []string) {
		word(len(ss))
		for _, s := range ss {
			word(len(s))
			b = append(b, s...)
		}
	}
	word(l.Cells)
	text(l.Outcomes)
	text(l.Stats)
	text(l.Counts)
	for _, o := range l.Outcome {
		word(o)
	}
	word(len(l.Values))
	for _, vs := range l.Values {
		word(len(vs))
		for _, v := range vs {
			b = binary.LittleEndian.AppendUint64(b, math.Float64bits(v))
		}
	}
	return b
}
