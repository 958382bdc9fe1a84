package symbol

import (
	"slices"

	"odds/dice"
	"odds/resolve"
)

// Re-rolls (sheet 001, 11.1.2 and 11.1.3: support, outflanked, immobilized
// vehicles) are decisions. The policy here: a unit with k re-rolls
// re-rolls the k dice showing the weakest results, once each, and keeps
// the new faces. A face's strength is its strongest symbol, a double face
// above a single one of the same symbol, a blank the weakest; between
// equal results the die of the strongest colour is re-rolled (it has the
// better chance of doing better).

// level orders faces for the re-roll policy: 0 is a blank.
func level(t dice.Tally) uint8 {
	k := strongest(t)
	if k == kinds {
		return 0
	}
	n := 0
	for j := range kinds {
		n += t.Count(j)
	}
	return uint8((kinds-k)*4 + min(n, 3))
}

// roll is one roll of a pool with re-rolls, compiled for both drivers.
type roll struct {
	pool    *dice.Pool // the pool without re-rolls
	dice    []dice.Die // its dice, strongest colour first
	levels  [][]uint8  // levels[i][f]: the level of face f of die i
	rerolls int

	dist *tallyDist // exact distribution with re-rolls, made on first use
	cost int64      // the steps making dist took
}

// tallyDist is a distribution of tallies.
type tallyDist struct {
	tallies []dice.Tally
	probs   []float64
}

// newRoll compiles a pool (already in the order pool.sorted gives) with k
// re-rolls; k is at most the number of dice.
func newRoll(p colourPool, k int, flag string) (*roll, error) {
	dp, err := p.compile(flag)
	if err != nil {
		return nil, err
	}
	r := &roll{pool: dp, rerolls: min(k, len(p))}
	for _, d := range p {
		r.dice = append(r.dice, d.faces)
		lv := make([]uint8, len(d.faces))
		for f, t := range d.faces {
			lv[f] = level(t)
		}
		r.levels = append(r.levels, lv)
	}
	return r, nil
}

// sorted orders a pool strongest colour first, the order re-roll ties
// are broken in.
func (p colourPool) sorted() colourPool {
	out := slices.Clone(p)
	slices.SortStableFunc(out, func(a, b colourDie) int { return b.strength - a.strength })
	return out
}

// strongestDie is a pool of the pool's strongest die (none if empty).
func (p colourPool) strongestDie() colourPool {
	if len(p) == 0 {
		return nil
	}
	return colourPool{p.sorted()[0]}
}

// sample rolls the pool and applies the re-rolls. Faces are kept on the
// stack: no allocation per roll.
func (r *roll) sample(s *dice.Stream) dice.Tally {
	if r.rerolls == 0 {
		return s.Roll(r.pool)
	}
	var face [resolve.MaxPool]uint8
	var t dice.Tally
	for i, d := range r.dice {
		f := s.D(len(d)) - 1
		face[i] = uint8(f)
		t += d[f]
	}
	var done [resolve.MaxPool]bool
	for range r.rerolls {
		w := -1
		for i := range r.dice {
			if !done[i] && (w < 0 || r.levels[i][face[i]] < r.levels[w][face[w]]) {
				w = i
			}
		}
		done[w] = true
		d := r.dice[w]
		t += d[s.D(len(d))-1] - d[face[w]]
	}
	return t
}

// leafSteps is what a multiset of faces costs distribution, in steps of
// about 2.5 ns (about 27 ns a multiset measured at 20 dice).
const leafSteps = 10

// charged is the roll's distribution as distribution gives it, its cost
// taken off work the first time it is made; nil if that is more than
// work.
func (r *roll) charged(work *int64) *tallyDist {
	made := r.dist != nil
	d := r.distribution(*work)
	if d == nil {
		return nil
	}
	if !made {
		if *work -= r.cost; *work < 0 {
			return nil
		}
	}
	return d
}

// distribution is the exact distribution of the roll, or nil if it takes
// more than work steps (cost: what it took). Without re-rolls it is the pool's. With re-rolls
// it walks the multisets of faces of each colour (never the faces of each
// die), picks the dice the policy re-rolls in each, and convolves their
// fresh faces.
func (r *roll) distribution(work int64) *tallyDist {
	if r.dist != nil {
		return r.dist
	}
	if r.rerolls == 0 {
		r.dist = &tallyDist{r.pool.Tallies, r.pool.Probs}
		return r.dist
	}
	// Groups of identical dice, strongest first, each with its distinct
	// faces (tally, level, probability).
	type face struct {
		t  dice.Tally
		lv uint8
		p  float64
	}
	type group struct {
		die   dice.Die
		n     int
		faces []face
	}
	var groups []group
	for i, d := range r.dice {
		if len(groups) > 0 && slices.Equal(groups[len(groups)-1].die, d) {
			groups[len(groups)-1].n++
			continue
		}
		g := group{die: d, n: 1}
		for f, t := range d {
			j := slices.IndexFunc(g.faces, func(x face) bool { return x.t == t })
			if j < 0 {
				g.faces = append(g.faces, face{t: t, lv: r.levels[i][f]})
				j = len(g.faces) - 1
			}
			g.faces[j].p += 1 / float64(len(d))
		}
		groups = append(groups, g)
	}
	leaves := int64(1)
	for _, g := range groups {
		leaves *= binomial(g.n+len(g.faces)-1, len(g.faces)-1)
		if leaves*leafSteps > work {
			return nil
		}
	}
	r.cost = leaves * leafSteps
	// The order the policy takes dice in: weakest level first, then the
	// strongest group.
	type bucket struct{ g, f int }
	var order []bucket
	for g := range groups {
		for f := range groups[g].faces {
			order = append(order, bucket{g, f})
		}
	}
	slices.SortStableFunc(order, func(a, b bucket) int {
		if d := int(groups[a.g].faces[a.f].lv) - int(groups[b.g].faces[b.f].lv); d != 0 {
			return d
		}
		return a.g - b.g
	})
	// Fresh faces of the re-rolled dice, by which groups they came from.
	type weighted struct {
		t dice.Tally
		p float64
	}
	fresh := map[string][]weighted{}
	freshOf := func(key []byte) []weighted {
		if m, ok := fresh[string(key)]; ok {
			return m
		}
		m := map[dice.Tally]float64{0: 1}
		for _, g := range key {
			next := map[dice.Tally]float64{}
			for t, p := range m {
				for _, f := range groups[g].faces {
					next[t+f.t] += p * f.p
				}
			}
			m = next
		}
		d := sortedDist(m)
		w := make([]weighted, len(d.tallies))
		for i, t := range d.tallies {
			w[i] = weighted{t, d.probs[i]}
		}
		fresh[string(key)] = w
		return w
	}
	// The result on a dense grid of tallies: a re-roll still shows one
	// face a die, so no count passes the pool's largest.
	b := newBox(r.pool.Shape())
	out := make([]float64, b.size)
	counts := make([][]int, len(groups)) // counts[g][f]: dice of group g showing face f
	for g := range groups {
		counts[g] = make([]int, len(groups[g].faces))
	}
	size := func(g int) int { // dice in group g; 0 past the last
		if g == len(groups) {
			return 0
		}
		return groups[g].n
	}
	var key []byte
	var walk func(g, f, left int, t dice.Tally, p float64)
	walk = func(g, f, left int, t dice.Tally, p float64) {
		if g == len(groups) {
			kept, k := t, r.rerolls
			key = key[:0]
			for _, b := range order {
				if k == 0 {
					break
				}
				n := min(k, counts[b.g][b.f])
				for range n {
					kept -= groups[b.g].faces[b.f].t
					key = append(key, byte(b.g))
				}
				k -= n
			}
			for _, x := range freshOf(key) {
				out[b.at(kept+x.t)] += p * x.p
			}
			return
		}
		gr := groups[g]
		if f == len(gr.faces)-1 { // the last face takes the dice left
			counts[g][f] = left
			q := p * pow(gr.faces[f].p, left) / factorial(left)
			walk(g+1, 0, size(g+1), t+times(gr.faces[f].t, left), q*factorial(size(g+1)))
			return
		}
		for n := 0; n <= left; n++ {
			counts[g][f] = n
			walk(g, f+1, left-n, t+times(gr.faces[f].t, n), p*pow(gr.faces[f].p, n)/factorial(n))
		}
	}
	walk(0, 0, groups[0].n, 0, factorial(groups[0].n))
	d := &tallyDist{}
	for i, q := range out {
		if q != 0 {
			var t dice.Tally
			for k := range kinds {
				t = t.With(k, b.count(i, k))
			}
			d.tallies = append(d.tallies, t)
		}
	}
	slices.Sort(d.tallies)
	for _, t := range d.tallies {
		d.probs = append(d.probs, out[b.at(t)])
	}
	r.dist = d
	return r.dist
}

// sortedDist is a distribution given as a map, tallies ascending.
func sortedDist(m map[dice.Tally]float64) *tallyDist {
	d := &tallyDist{}
	for t := range m {
		d.tallies = append(d.tallies, t)
	}
	slices.Sort(d.tallies)
	for _, t := range d.tallies {
		d.probs = append(d.probs, m[t])
	}
	return d
}

func times(t dice.Tally, n int) dice.Tally { return t * dice.Tally(n) }

func pow(p float64, n int) float64 {
	q := 1.0
	for range n {
		q *= p
	}
	return q
}

func factorial(n int) float64 {
	f := 1.0
	for i := 2; i <= n; i++ {
		f *= float64(i)
	}
	return f
}

func binomial(n, k int) int64 {
	b := int64(1)
	for i := 1; i <= k; i++ {
		b = b * int64(n-k+i) / int64(i)
	}
	return b
}
