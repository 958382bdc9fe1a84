package dice

import (
	"math"
	"testing"
)

// leftOf is a class of tallies that depends only on their difference:
// what a's counts exceed d's by, kind by kind, as a dense index (counts
// below 16).
func leftOf(a, d Tally) int {
	c := 0
	for k := range 4 {
		c = c*16 + max(0, a.Count(k)-d.Count(k))
	}
	return c
}

// Every joint outcome of a Versus's groups lands on the place whose class
// is that of the pools' own tallies: three dice against three, in a group
// that holds dice of both pools (five d6: the three of the first pool and
// two of the second) and a group of the last die, counted over all 6^6
// outcomes by their faces (each group's joint face, first die most
// significant).
func TestVersusPlaces(t *testing.T) {
	die := func(fs ...Tally) Die { return Die(fs) }
	k := func(counts ...int) Tally {
		var t Tally
		for i, c := range counts {
			t = t.With(i, c)
		}
		return t
	}
	att := []Die{
		die(0, k(1), k(0, 1), k(0, 0, 2), k(1, 1), k(0, 0, 0, 1)),
		die(k(2), 0, k(0, 1), k(0, 1, 1), k(0, 0, 0, 2), k(1)),
	}
	def := []Die{
		die(0, 0, k(1), k(0, 1), k(0, 0, 1), k(0, 0, 0, 1)),
		die(k(0, 2), 0, k(1, 0, 1), k(0, 1), 0, k(0, 0, 0, 1)),
	}
	var a, d []Die
	for i := range 3 {
		a, d = append(a, att[i%2]), append(d, def[i%2])
	}
	classes := make([]VersusClass, 16*16*16*16)
	for i := range classes {
		classes[i].Cells = []int32{int32(i)}
	}
	v, ok := NewVersus(NewPool(a), NewPool(d), classes, leftOf, nil)
	if !ok {
		t.Fatal("NewVersus refused 3 dice against 3")
	}
	if len(v.steps) != 2 || v.steps[0].m != 7776 || v.steps[1].m != 6 {
		t.Fatalf("%d groups, want two of 7776 and 6 joint faces", len(v.steps))
	}
	all := append(append([]Die{}, a...), d...)
	faces := make([]int, len(all))
	for {
		var ta, td Tally
		for i, f := range faces {
			if i < len(a) {
				ta += all[i][f]
			} else {
				td += all[i][f]
			}
		}
		at, i := v.start, 0
		for _, st := range v.steps {
			x := 0
			for m := 1; m < int(st.m); m *= 6 {
				x = x*6 + faces[i]
				i++
			}
			at += st.place[x]
		}
		if got, want := int(v.class[at]), leftOf(ta, td); got != want {
			t.Fatalf("faces %v: class %x, want %x", faces, got, want)
		}
		j := len(faces) - 1
		for ; j >= 0 && faces[j] == 5; j-- {
			faces[j] = 0
		}
		if j < 0 {
			break
		}
		faces[j]++
	}
}

// TallyVersus draws each class's cell with its odds: a d6 of faces 0..5
// kind-0 symbols against a d3 of 0..2. Of the 18 face pairs, six lead by
// 0 or less (0-0, 0-1, 0-2, 1-1, 1-2, 2-2: class 0, cell 0), six by 1 or 2
// (1-0, 2-0, 2-1, 3-1, 3-2, 4-2: class 1, odds 1:2:3 of cells 1, 2, 3),
// six by 3 to 5 (class 2: slow, a d4 for cells 4..7). A million trials,
// fixed seed, every cell within 5 standard errors, and no allocations.
func TestTallyVersusOdds(t *testing.T) {
	var a, d Die
	for i := range 6 {
		a = append(a, Tally(i))
	}
	for i := range 3 {
		d = append(d, Tally(i))
	}
	o, _ := NewOdds(1, 2, 3)
	classes := []VersusClass{{Cells: []int32{0}}, {Odds: o, Cells: []int32{1, 2, 3}}, {}}
	v, ok := NewVersus(NewPool([]Die{a}), NewPool([]Die{d}), classes, func(ta, td Tally) int {
		switch lead := ta.Count(0) - td.Count(0); {
		case lead <= 0:
			return 0
		case lead <= 2:
			return 1
		}
		return 2
	}, func(s *Stream, class int) int { return 3 + s.D(4) })
	if !ok {
		t.Fatal("NewVersus refused a d6 against a d3")
	}
	want := []float64{6. / 18, 6. / 18 / 6, 6. / 18 * 2 / 6, 6. / 18 * 3 / 6, 6. / 18 / 4, 6. / 18 / 4, 6. / 18 / 4, 6. / 18 / 4}
	const n = 1_000_000
	counts := make([]uint64, 8)
	s := New(7, 0)
	s.TallyVersus(n, v, counts)
	for c, p := range want {
		se := math.Sqrt(p * (1 - p) / n)
		if got := float64(counts[c]) / n; math.Abs(got-p) > 5*se {
			t.Errorf("cell %d: %.5f, want %.5f (%.1f standard errors)", c, got, p, math.Abs(got-p)/se)
		}
	}
	if a := testing.AllocsPerRun(10, func() { s.TallyVersus(1000, v, counts) }); a != 0 {
		t.Errorf("%.1f allocations per run", a)
	}
}

// NewVersus refuses what its tables cannot hold.
func TestVersusBounds(t *testing.T) {
	big := make(Die, 256) // a face of each count 0..255 of kind 0
	for i := range big {
		big[i] = Tally(i)
	}
	one := []VersusClass{{Cells: []int32{0}}}
	zero := func(Tally, Tally) int { return 0 }
	p := NewPool([]Die{big})
	if _, ok := NewVersus(p, p, one, zero, nil); !ok {
		t.Error("a grid of 511 places refused")
	}
	wide := Die{0, Tally(0x01010101) * 200}
	q := NewPool([]Die{wide})
	if _, ok := NewVersus(q, q, one, zero, nil); ok {
		t.Error("a grid of 401^4 places accepted")
	}
	o, _ := NewOdds(1, 1, 1, 1, 1, 1)
	if _, ok := NewVersus(p, p, []VersusClass{{Odds: o, Cells: make([]int32, 6)}}, zero, nil); ok {
		t.Error("odds of six outcomes accepted")
	}
	o, _ = NewOdds(1, 1)
	if _, ok := NewVersus(p, p, []VersusClass{{Odds: o, Cells: make([]int32, 3)}}, zero, nil); ok {
		t.Error("odds of two outcomes with three cells accepted")
	}
}
