package dice

import (
	"fmt"
	"math"
	"slices"
	"testing"
)

// agreeProgram runs 2e6+1 trials of p (seed fixed; the odd one alone) and checks every value's
// share against want within 5 standard errors; a value want gives no
// chance must never come up.
func agreeProgram(t *testing.T, name string, p *Program, lo, hi int, want map[int]float64) {
	t.Helper()
	const trials = 2_000_001
	counts := make([]uint64, hi-lo+1)
	New(7, 1).TallyProgram(trials, p, -lo, counts)
	total := 0.0
	for c, n := range counts {
		q, got := want[lo+c], float64(n)/trials
		total += q
		se := math.Sqrt(q * (1 - q) / trials)
		if math.Abs(got-q) > 5*se || q == 0 && n != 0 {
			t.Errorf("%s: P(%d) = %.6f, want %.6f (5 SE %.6f)", name, lo+c, got, q, 5*se)
		}
	}
	if math.Abs(total-1) > 1e-9 {
		t.Fatalf("%s: the hand answer sums to %g", name, total)
	}
}

func ones(sides, sign int) []int32 {
	v := make([]int32, sides)
	for f := range v {
		v[f] = int32(sign * (f + 1))
	}
	return v
}

// Plain dice a group a digit: 3d6 (one digit of 216) against the 25 ways
// to total 10 and the one to total 3; 5d6 counting fives and sixes (a
// group of four, then one) against the binomial at 1/3.
func TestProgramDice(t *testing.T) {
	p := &Program{}
	p.Dice(3, 6, ones(6, 1))
	want := map[int]float64{}
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			for c := 1; c <= 6; c++ {
				want[a+b+c] += 1.0 / 216
			}
		}
	}
	if math.Abs(want[10]-27.0/216) > 1e-12 || math.Abs(want[3]-1.0/216) > 1e-12 {
		t.Fatalf("hand count of 3d6: P(10) %g P(3) %g", want[10], want[3])
	}
	agreeProgram(t, "3d6", p, 3, 18, want)

	p = &Program{}
	p.Dice(5, 6, []int32{0, 0, 0, 0, 1, 1})
	if p.Steps() != 1 {
		t.Fatalf("5d6>=5: %d steps, want a group of four and one merged into one", p.Steps())
	}
	want = map[int]float64{}
	for k := 0; k <= 5; k++ {
		want[k] = float64(binomial(5, k)) * math.Pow(1.0/3, float64(k)) * math.Pow(2.0/3, float64(5-k))
	}
	agreeProgram(t, "5d6>=5", p, 0, 5, want)

	// d1s: a digit of one outcome takes nothing from a word (one step of
	// m = 1, tallyWord1's trials a word bounded all the same).
	p = &Program{}
	p.Dice(3, 1, ones(1, 1))
	agreeProgram(t, "3d1", p, 3, 3, map[int]float64{3: 1})
}

func binomial(n, k int) int {
	c := 1
	for i := range k {
		c = c * (n - i) / (i + 1)
	}
	return c
}

// An exploding d6 taken away, beside a d4: -d6! + d4. d6!: 1..5 at 1/6,
// 7..11 at 1/36, 13..17 at 1/216 (a block of three rolls), 19..23 at
// 1/1296 (the block exploded: the rest die by die), the tenth roll standing.
func TestProgramExplode(t *testing.T) {
	e, _ := NewExploder(6, 9)
	p := &Program{}
	p.Explode(e, 1, -1, 0, 0)
	p.Dice(1, 4, ones(4, 1))
	bang := explodeDist(6, 9) // the tenth roll stands, its highest face too
	want := map[int]float64{}
	for v, q := range bang {
		for d := 1; d <= 4; d++ {
			want[d-v] += q / 4
		}
	}
	agreeProgram(t, "-d6!+d4", p, -59, 3, want)
}

// Two, three and four exploding dice, each its own step (a step holds
// one exploding die), the first two in one word, four in two: d6!+d6!-d4,
// 3d6! and 4d6!, against the exact sums of -d6!+d4's d6!
// (TestProgramExplode). A trial in which a
// block of every die exploded (1 in 46,656 for two) goes on die by die
// for each of them.
func TestProgramExplodeTogether(t *testing.T) {
	e, _ := NewExploder(6, 9)
	bang := explodeDist(6, 9) // the tenth roll stands, its highest face too
	add := func(a, b map[int]float64) map[int]float64 {
		out := map[int]float64{}
		for x, p := range a {
			for y, q := range b {
				out[x+y] += p * q
			}
		}
		return out
	}
	minusD4 := map[int]float64{-1: 0.25, -2: 0.25, -3: 0.25, -4: 0.25}
	two := &Program{}
	two.Explode(e, 2, 1, 0, 0)
	two.Dice(1, 4, ones(4, -1))
	three := &Program{}
	three.Explode(e, 3, 1, 0, 0)
	four := &Program{} // two words: the loop over steps
	four.Explode(e, 4, 1, 0, 0)
	for _, c := range []struct {
		name    string
		p       *Program
		steps   int
		oneWord bool
		want    map[int]float64
	}{{"d6!+d6!-d4", two, 2, true, add(add(bang, bang), minusD4)}, {"3d6!", three, 3, true, add(add(bang, bang), bang)},
		{"4d6!", four, 4, false, add(add(bang, bang), add(bang, bang))}} {
		if c.p.Steps() != c.steps || c.p.oneWord != c.oneWord {
			t.Fatalf("%s: %d steps (one word: %v), want %d (%v)", c.name, c.p.Steps(), c.p.oneWord, c.steps, c.oneWord)
		}
		lo, hi := 1000, -1000
		for v := range c.want {
			lo, hi = min(lo, v), max(hi, v)
		}
		agreeProgram(t, c.name, c.p, lo, hi, c.want)
	}
}

// Re-rolled dice merged a digit while the joint table fits MergeTable:
// 4d6r1 (three, 46,656 outcomes, then one). d6r1: 1 at 1/36, 2..6 at 7/36
// each.
func TestProgramRerolled(t *testing.T) {
	d, _ := NewRerolled(6, 1)
	p := &Program{}
	p.Rerolled(d, 4, ones(6, 1))
	if p.Steps() != 2 {
		t.Fatalf("4d6r1: %d steps, want three and one", p.Steps())
	}
	die := []float64{1.0 / 36, 7.0 / 36, 7.0 / 36, 7.0 / 36, 7.0 / 36, 7.0 / 36}
	want := map[int]float64{}
	for a := range 6 {
		for b := range 6 {
			for c := range 6 {
				for e := range 6 {
					want[a+b+c+e+4] += die[a] * die[b] * die[c] * die[e]
				}
			}
		}
	}
	if four := 1.0 / (36 * 36 * 36 * 36); math.Abs(want[4]-four) > 1e-15 {
		t.Fatalf("4d6r1: P(4) %g, by hand %g", want[4], four)
	}
	agreeProgram(t, "4d6r1", p, 4, 24, want)

	// 600d6r1 (roll's largest term is 1,000 dice): 200 steps of three
	// dice, all alike, hold one table of 46,656 cells between them, not
	// 200 (36 MB).
	p = &Program{}
	p.Rerolled(d, 600, ones(6, 1))
	tables := map[*int32]bool{}
	for _, g := range p.steps {
		tables[&g.tab[0]] = true
	}
	if p.Steps() != 200 || len(tables) != 1 {
		t.Errorf("600d6r1: %d steps, %d tables; want 200 steps sharing one", p.Steps(), len(tables))
	}
}

// keepByHand is the kept sum of n dice (faces 1..sides at die[f-1]),
// keep highest (or lowest), over every tuple of faces.
func keepByHand(die []float64, n, keep int, high bool, sign int) map[int]float64 {
	sides := len(die)
	want := map[int]float64{}
	faces := make([]int, n)
	var walk func(i int, q float64)
	walk = func(i int, q float64) {
		if i == n {
			s := slices.Clone(faces)
			slices.Sort(s)
			if high {
				slices.Reverse(s)
			}
			v := 0
			for _, f := range s[:keep] {
				v += f
			}
			want[sign*v] += q
			return
		}
		for f := 1; f <= sides; f++ {
			faces[i] = f
			walk(i+1, q*die[f-1])
		}
	}
	walk(0, 1)
	return want
}

// A keep of plain dice through a Keeper's states (5d6kh3: the first three
// one digit, two more a digit), and of re-rolled dice (4d6r2kh3: each die
// a digit of its two rolls), taken away: against every tuple of faces.
// 4d6r2kh3's 18 by hand: three or four sixes, each 8/36.
func TestProgramKeep(t *testing.T) {
	k, _ := NewKeeper(6, 5, 3, true)
	value := make([]int32, k.States())
	for st := range value {
		for _, f := range k.Kept(st) {
			value[st] -= int32(f)
		}
	}
	p := &Program{}
	p.Keep(k, value)
	plain := []float64{1.0 / 6, 1.0 / 6, 1.0 / 6, 1.0 / 6, 1.0 / 6, 1.0 / 6}
	agreeProgram(t, "-5d6kh3", p, -18, -3, keepByHand(plain, 5, 3, true, -1))

	d, _ := NewRerolled(6, 2)
	k, _ = NewKeeper(6, 4, 3, true)
	value = make([]int32, k.States())
	for st := range value {
		for _, f := range k.Kept(st) {
			value[st] += int32(f)
		}
	}
	p = &Program{}
	if !p.KeepRerolled(d, k, value) {
		t.Fatal("4d6r2kh3 refused")
	}
	die := []float64{2.0 / 36, 2.0 / 36, 8.0 / 36, 8.0 / 36, 8.0 / 36, 8.0 / 36}
	want := keepByHand(die, 4, 3, true, 1)
	q := 8.0 / 36
	if six := math.Pow(q, 4) + 4*math.Pow(q, 3)*(1-q); math.Abs(want[18]-six) > 1e-12 {
		t.Fatalf("4d6r2kh3: P(18) %g, by hand %g", want[18], six)
	}
	agreeProgram(t, "4d6r2kh3", p, 3, 18, want)

	// Keep lowest, two of five d4 re-rolled on 1.
	d, _ = NewRerolled(4, 1)
	k, _ = NewKeeper(4, 5, 2, false)
	value = make([]int32, k.States())
	for st := range value {
		for _, f := range k.Kept(st) {
			value[st] += int32(f)
		}
	}
	p = &Program{}
	if !p.KeepRerolled(d, k, value) {
		t.Fatal("5d4r1kl2 refused")
	}
	die = []float64{1.0 / 16, 5.0 / 16, 5.0 / 16, 5.0 / 16}
	agreeProgram(t, "5d4r1kl2", p, 2, 8, keepByHand(die, 5, 2, false, 1))
}

// A keep of re-rolled dice past one word is a chain of states
// (tallyChain): six d6 re-rolled on 1, the highest three kept, and seven
// d4 re-rolled on 1, the lowest two, against every tuple of the dice.
func TestProgramChain(t *testing.T) {
	for _, c := range []struct {
		sides, r, n, keep int
		high              bool
		die               []float64
	}{
		{6, 1, 6, 3, true, []float64{1.0 / 36, 7.0 / 36, 7.0 / 36, 7.0 / 36, 7.0 / 36, 7.0 / 36}},
		{4, 1, 7, 2, false, []float64{1.0 / 16, 5.0 / 16, 5.0 / 16, 5.0 / 16}},
	} {
		d, _ := NewRerolled(c.sides, c.r)
		k, _ := NewKeeper(c.sides, c.n, c.keep, c.high)
		value := make([]int32, k.States())
		for st := range value {
			for _, f := range k.Kept(st) {
				value[st] += int32(f)
			}
		}
		p := &Program{}
		name := fmt.Sprintf("%dd%dr%dk%d high %v", c.n, c.sides, c.r, c.keep, c.high)
		if !p.KeepRerolled(d, k, value) {
			t.Fatalf("%s refused", name)
		}
		if p.oneWord || !p.chain() {
			t.Fatalf("%s: one word %v, a chain %v; want a chain over words", name, p.oneWord, p.chain())
		}
		agreeProgram(t, name, p, c.keep, c.keep*c.sides, keepByHand(c.die, c.n, c.keep, c.high, 1))
	}
}

// Steps past one word's budget start a fresh one mid-trial: 14d6 (four
// digits of 1296, more than 2^24 a word) against its mean and the one way
// to total 14.
func TestProgramWords(t *testing.T) {
	p := &Program{}
	p.Dice(14, 6, ones(6, 1))
	fresh := 0
	for _, g := range p.steps {
		if g.fresh {
			fresh++
		}
	}
	if fresh < 2 {
		t.Fatalf("14d6: %d fresh words a trial, want 2 or more", fresh)
	}
	want := map[int]float64{0: 1}
	for range 14 {
		next := map[int]float64{}
		for v, q := range want {
			for f := 1; f <= 6; f++ {
				next[v+f] += q / 6
			}
		}
		want = next
	}
	agreeProgram(t, "14d6", p, 14, 84, want)
}

func TestProgramNoAllocations(t *testing.T) {
	d, _ := NewRerolled(6, 2)
	k, _ := NewKeeper(6, 4, 3, true)
	p := &Program{}
	p.KeepRerolled(d, k, make([]int32, k.States()))
	e, _ := NewExploder(6, 9)
	p.Explode(e, 1, 1, 0, 0)
	s, counts := New(1, 2), make([]uint64, 64)
	if a := testing.AllocsPerRun(100, func() { s.TallyProgram(100, p, 0, counts) }); a != 0 {
		t.Errorf("%.1f allocations per TallyProgram", a)
	}
}

// Three re-rolled d6 (46,656 joint outcomes) merge into one step, and the
// last kept die with a plain d6 into another: 4d6r1kh3+d6 in two digits,
// against every tuple of faces (d6r1: 1 at 1/36, 2..6 at 7/36; 18 needs
// three or four sixes, then the d6).
func TestProgramKeepRerolledMerged(t *testing.T) {
	d, _ := NewRerolled(6, 1)
	k, _ := NewKeeper(6, 4, 3, true)
	value := make([]int32, k.States())
	for st := range value {
		for _, f := range k.Kept(st) {
			value[st] += int32(f)
		}
	}
	p := &Program{}
	if !p.KeepRerolled(d, k, value) {
		t.Fatal("4d6r1kh3 refused")
	}
	p.Dice(1, 6, ones(6, 1))
	if p.Steps() != 2 {
		t.Fatalf("4d6r1kh3+d6: %d steps, want three dice a digit, then the fourth with the d6", p.Steps())
	}
	die := []float64{1.0 / 36, 7.0 / 36, 7.0 / 36, 7.0 / 36, 7.0 / 36, 7.0 / 36}
	kept := keepByHand(die, 4, 3, true, 1)
	q := 7.0 / 36
	if six := math.Pow(q, 4) + 4*math.Pow(q, 3)*(1-q); math.Abs(kept[18]-six) > 1e-12 {
		t.Fatalf("4d6r1kh3: P(18) %g, by hand %g", kept[18], six)
	}
	want := map[int]float64{}
	for v, q := range kept {
		for f := 1; f <= 6; f++ {
			want[v+f] += q / 6
		}
	}
	agreeProgram(t, "4d6r1kh3+d6", p, 4, 24, want)
}

// An exploding die, then a keep in two steps of its own, in one word:
// d4! + 4d6r2kh3 (the d4!'s block, the keep's first three dice as a
// state, the fourth die's look-up of what is kept), and the other way
// round, the d4!'s block merged into the keep's look-up (4d6r2kh3 + d4!:
// two steps), against the exact sum of the two.
func TestProgramWordWithKeep(t *testing.T) {
	e, _ := NewExploder(4, 9)
	d, _ := NewRerolled(6, 2)
	k, _ := NewKeeper(6, 4, 3, true)
	value := make([]int32, k.States())
	for st := range value {
		for _, f := range k.Kept(st) {
			value[st] += int32(f)
		}
	}
	p, q := &Program{}, &Program{}
	p.Explode(e, 1, 1, 0, 0)
	if !p.KeepRerolled(d, k, value) || !q.KeepRerolled(d, k, value) {
		t.Fatal("4d6r2kh3 refused")
	}
	q.Explode(e, 1, 1, 0, 0)
	if p.Steps() != 3 || q.Steps() != 2 || !p.oneWord || !q.oneWord || p.additive || q.additive {
		t.Fatalf("d4!+4d6r2kh3, 4d6r2kh3+d4!: %d and %d steps (one word %v %v, additive %v %v), want three and two keeping a state in one word",
			p.Steps(), q.Steps(), p.oneWord, q.oneWord, p.additive, q.additive)
	}
	bang := explodeDist(4, 9) // the tenth roll stands, its highest face too
	kept := keepByHand([]float64{2.0 / 36, 2.0 / 36, 8.0 / 36, 8.0 / 36, 8.0 / 36, 8.0 / 36}, 4, 3, true, 1)
	want := map[int]float64{}
	for x, p := range bang {
		for y, q := range kept {
			want[x+y] += p * q
		}
	}
	agreeProgram(t, "d4!+4d6r2kh3", p, 4, 58, want)
	agreeProgram(t, "4d6r2kh3+d4!", q, 4, 58, want)
}
