package dice

import (
	"math"
	"testing"
)

// A die of faces {a}, {a}, {b}, {} and one of {a, b}, {}: the pool's tally
// distribution, counted by hand over the 4 x 2 face pairs.
func TestPoolTallies(t *testing.T) {
	a, b := Tally(0).With(0, 1), Tally(0).With(1, 1)
	p := NewPool([]Die{{a, a, b, 0}, {a + b, 0}})
	want := map[Tally]float64{
		a:       2.0 / 8, // a, then blank
		b:       1.0 / 8,
		0:       1.0 / 8,
		2*a + b: 2.0 / 8,
		a + 2*b: 1.0 / 8,
		a + b:   1.0 / 8, // blank, then {a, b}
	}
	if len(p.Tallies) != len(want) {
		t.Fatalf("%d tallies, want %d", len(p.Tallies), len(want))
	}
	for i, tl := range p.Tallies {
		if math.Abs(p.Probs[i]-want[tl]) > 1e-15 {
			t.Errorf("P(%x) = %g, want %g", tl, p.Probs[i], want[tl])
		}
	}
	if got := (2*a + b).Count(0); got != 2 {
		t.Errorf("Count(0) of 2a+b = %d", got)
	}
}

// Enumerating a pool walks its tallies with their probabilities; Monte
// Carlo agrees within 5 standard errors (fixed seed).
func TestPoolDrivers(t *testing.T) {
	a, b := Tally(0).With(0, 1), Tally(0).With(1, 1)
	die := Die{a, a + b, b, 0, 0, 2 * a}
	p := NewPool([]Die{die, die, die})
	e := NewEnumerator(10)
	exact := map[Tally]float64{}
	paths := 0
	for {
		exact[e.Stream().Roll(p)] += e.Weight()
		paths++
		if !e.Next() {
			break
		}
	}
	if paths != len(p.Tallies) {
		t.Errorf("%d paths, want one per tally (%d)", paths, len(p.Tallies))
	}
	for i, tl := range p.Tallies {
		if math.Abs(exact[tl]-p.Probs[i]) > 1e-12 {
			t.Errorf("enumerated P(%x) = %g, want %g", tl, exact[tl], p.Probs[i])
		}
	}
	const n = 400_000
	s := New(7, 0)
	got := map[Tally]int{}
	for range n {
		got[s.Roll(p)]++
	}
	for tl, q := range exact {
		se := math.Sqrt(q * (1 - q) / n)
		if d := math.Abs(float64(got[tl])/n - q); d > 5*se+1e-9 {
			t.Errorf("MC P(%x) = %g, exact %g (%.1f se)", tl, float64(got[tl])/n, q, d/se)
		}
	}
}

func TestPoolNoAllocations(t *testing.T) {
	die := Die{1, 2, 0x100, 0, 0, 3}
	p := NewPool([]Die{die, die, die, die, die, die, die, die, die, die})
	s := New(1, 1)
	if a := testing.AllocsPerRun(1000, func() { s.Roll(p) }); a != 0 {
		t.Errorf("%.1f allocations per Roll", a)
	}
}

// The dense box and the map convolve to the same distribution, ascending,
// for a pool of every kind of symbol and several per face.
func TestTotalsDenseMatchesSparse(t *testing.T) {
	k := func(c0, c1, c2, c3 int) Tally { return Tally(0).With(0, c0).With(1, c1).With(2, c2).With(3, c3) }
	x := Die{k(1, 0, 0, 0), k(0, 2, 0, 0), k(0, 0, 1, 1), 0, k(2, 1, 0, 0), k(0, 0, 0, 3)}
	y := Die{k(0, 1, 0, 0), k(1, 1, 1, 1), 0, 0}
	dice := []Die{x, y, x, y, x, x, y, x}
	ts, ps := totals(dice)
	st, sp := sparseTotals(dice)
	if len(ts) != len(st) {
		t.Fatalf("dense %d tallies, sparse %d", len(ts), len(st))
	}
	sum := 0.0
	for i := range ts {
		if ts[i] != st[i] || math.Abs(ps[i]-sp[i]) > 1e-15 {
			t.Errorf("tally %d: dense %x %g, sparse %x %g", i, ts[i], ps[i], st[i], sp[i])
		}
		if i > 0 && ts[i] <= ts[i-1] {
			t.Errorf("tally %d: %x after %x, not ascending", i, ts[i], ts[i-1])
		}
		sum += ps[i]
	}
	if math.Abs(sum-1) > 1e-12 {
		t.Errorf("probabilities add up to %g", sum)
	}
}
