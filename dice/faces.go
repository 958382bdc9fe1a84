package dice

import (
	"math/bits"
	"slices"
)

// Tally counts symbols: byte k holds the count of symbol kind k (at most
// four kinds, at most 255 of each). Tallies add as plain integers as long
// as no count overflows a byte, which the pool bounds guarantee (a face
// shows a few symbols; a pool holds at most MaxPoolDice dice).
type Tally uint32

// Count returns the count of symbol kind k.
func (t Tally) Count(k int) int { return int(t>>(8*k)) & 0xff }

// With returns t with the count of kind k set to n (0..255).
func (t Tally) With(k, n int) Tally {
	return t&^(0xff<<(8*k)) | Tally(n)<<(8*k)
}

// MaxPoolDice bounds a pool: 40 dice of at most 3 symbols a face keep
// every count below 128, which the symbol system's saturating byte-wise
// subtraction needs (its faces show at most 2 symbols).
const MaxPoolDice = 40

// Die is a custom die: the tally of each face. Faces are equally likely.
type Die []Tally

// Pool is a pool of custom dice compiled for both drivers: the dice
// themselves for Monte Carlo, and the distribution of the pool's total
// tally for enumeration, computed once by convolution so that the exact
// driver branches over tallies, never over each die's faces.
type Pool struct {
	size    int
	dice    []Die     // the dice one by one
	steps   []Die     // the dice a group at a time: each step's faces are a group's sums
	Tallies []Tally   // the totals the pool can show, ascending
	Probs   []float64 // their probabilities
}

// NewPool compiles a pool. It panics on more than MaxPoolDice dice or a die
// without faces: callers validate user data first.
func NewPool(dice []Die) *Pool {
	if len(dice) > MaxPoolDice {
		panic("dice: pool of more than MaxPoolDice dice")
	}
	for _, d := range dice {
		if len(d) == 0 || len(d) > 256 {
			panic("dice: a custom die needs 1..256 faces")
		}
	}
	p := &Pool{size: len(dice), dice: dice}
	p.Tallies, p.Probs = totals(dice)
	// Monte Carlo draws a group of dice at once, one digit over the
	// group's joint faces (four six-sided dice: 1296 faces, 5 KB), as many
	// dice a group as GroupTable allows: one extraction and one look-up
	// on the word's dependency chain a group instead of one a die.
	for i := 0; i < len(dice); {
		step := dice[i]
		for i++; i < len(dice) && len(step)*len(dice[i]) <= GroupTable; i++ {
			next := make(Die, 0, len(step)*len(dice[i]))
			for _, a := range step {
				for _, b := range dice[i] {
					next = append(next, a+b)
				}
			}
			step = next
		}
		p.steps = append(p.steps, step)
	}
	return p
}

// maxDenseTotals bounds the dense box totals convolves in: 4M counts.
const maxDenseTotals = 1 << 22

// totals is the distribution of the dice's total tally, ascending, by
// convolving one die at a time: in a dense box of the four counts (each
// kind up to the dice's greatest total) when it is small enough, else in
// a map. The box is an order of magnitude faster where pools are large
// (30 dice: 0.1 s instead of 0.8).
func totals(dice []Die) ([]Tally, []float64) {
	var shape [4]int
	for k := range shape {
		shape[k] = 1
		for _, d := range dice {
			top := 0
			for _, f := range d {
				top = max(top, f.Count(k))
			}
			shape[k] += top
		}
	}
	size := shape[0] * shape[1] * shape[2] * shape[3]
	if size > maxDenseTotals {
		return sparseTotals(dice)
	}
	// Kind 3 most significant, so that ascending index is ascending Tally.
	stride := [4]int{1, shape[0], shape[0] * shape[1], shape[0] * shape[1] * shape[2]}
	at := func(t Tally) int {
		return t.Count(0)*stride[0] + t.Count(1)*stride[1] + t.Count(2)*stride[2] + t.Count(3)*stride[3]
	}
	// Rows along kind 0 (the least significant): live[r] says row r may
	// hold mass, so that the scan skips the box's empty rows (most of it:
	// 40 dice a side fill about a seventh), and each place is zeroed as it
	// is read, so that the next step's array needs no clearing. Mass is
	// still added place by place in ascending order, face by face.
	dist, next := make([]float64, size), make([]float64, size)
	rows := size / shape[0]
	live, nextLive := make([]bool, rows), make([]bool, rows)
	dist[0], live[0] = 1, true
	top := 0 // the highest index with mass
	for _, d := range dice {
		w := 1 / float64(len(d))
		offs, orows := make([]int, len(d)), make([]int, len(d))
		step := 0
		for i, f := range d {
			offs[i] = at(f)
			orows[i] = offs[i] / shape[0]
			step = max(step, offs[i])
		}
		for r := range top/shape[0] + 1 {
			if !live[r] {
				continue
			}
			live[r] = false
			for _, o := range orows {
				nextLive[r+o] = true
			}
			row := dist[r*shape[0] : (r+1)*shape[0]]
			for j, q := range row {
				if q == 0 {
					continue
				}
				row[j] = 0
				i := r*shape[0] + j
				for _, o := range offs {
					next[i+o] += q * w
				}
			}
		}
		dist, next = next, dist
		live, nextLive = nextLive, live
		top += step
	}
	var ts []Tally
	var ps []float64
	for i, q := range dist[:top+1] {
		if q == 0 {
			continue
		}
		var t Tally
		for k := range 4 {
			t = t.With(k, i/stride[k]%shape[k])
		}
		ts = append(ts, t)
		ps = append(ps, q)
	}
	return ts, ps
}

// sparseTotals is totals in a map, for boxes too large to hold.
func sparseTotals(dice []Die) ([]Tally, []float64) {
	dist := map[Tally]float64{0: 1}
	for _, d := range dice {
		next := make(map[Tally]float64, len(dist)*len(d))
		w := 1 / float64(len(d))
		for t, p := range dist {
			for _, f := range d {
				next[t+f] += p * w
			}
		}
		dist = next
	}
	ts := make([]Tally, 0, len(dist))
	for t := range dist {
		ts = append(ts, t)
	}
	slices.Sort(ts)
	ps := make([]float64, len(ts))
	for i, t := range ts {
		ps[i] = dist[t]
	}
	return ts, ps
}

// Size is the number of dice in the pool.
func (p *Pool) Size() int { return p.size }

// Roll rolls the pool and returns its total tally. Monte Carlo draws one
// face per die from the stream's mixed-radix words; enumerating branches
// once over the pool's tally distribution.
func (s *Stream) Roll(p *Pool) Tally {
	if s.enum != nil {
		return p.Tallies[s.enum.choose(p.Probs)]
	}
	// The word and its budget stay in registers for the whole pool, as in
	// Count (stream.go says why the loop is written out).
	src, frac, used := s.src, s.frac, s.used
	var t Tally
	for _, d := range p.steps {
		m := uint64(len(d))
		used *= m
		if used > MaxProduct {
			frac, used = src.Uint64(), m
		}
		i, f := bits.Mul64(frac, m)
		frac = f
		t += d[i]
	}
	s.src, s.frac, s.used = src, frac, used
	return t
}
