package sim

import (
	"context"
	"math"
	"slices"
	"sync/atomic"
	"testing"

	"odds/dice"
	"odds/resolve"
)

// dieAtLeast is one d6 scoring a hit on need or more, with the die as a
// numeric result.
func dieAtLeast(need int) resolve.Plan {
	layout := resolve.NewLayout([]string{"miss", "hit"}, []string{"die"}, 6, func(c int, v []float64) int {
		v[0] = float64(c + 1)
		return resolve.B2I(c+1 >= need)
	})
	return resolve.NewPlan(layout, func(s *dice.Stream) int { return s.D(6) - 1 })
}

// A hit on 4+ against one on 3+: exactly 1/6 apart. The paired interval
// holds it, and is much narrower than two independent runs' (the same
// die decides both but on a 3): variance (1/6)(5/6) a trial against
// (1/2)(1/2) + (2/3)(1/3).
func TestPairedNarrowerThanIndependent(t *testing.T) {
	const n = 200_000
	p, err := RunPaired(context.Background(), dieAtLeast(4), dieAtLeast(3), Options{Method: MC, Trials: n, Seed: 3, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	d := Compare(dieAtLeast(4).Layout(), dieAtLeast(3).Layout(), p)
	hit := d[slices.IndexFunc(d, func(x Diff) bool { return x.Name == "hit" })]
	if hit.Lo > 1.0/6 || hit.Hi < 1.0/6 || !hit.Significant {
		t.Errorf("P(hit) difference %v [%v, %v], want 1/6 inside and significant", hit.D, hit.Lo, hit.Hi)
	}
	paired := (hit.Hi - hit.Lo) / 2
	independent := z * math.Sqrt((0.25+2.0/9)/n)
	if paired > 0.6*independent {
		t.Errorf("paired half-width %v, independent %v: not narrower", paired, independent)
	}
	// The die is the same in both: its mean difference is exactly 0.
	die := d[slices.IndexFunc(d, func(x Diff) bool { return x.Name == "die" })]
	if die.D != 0 || die.Lo != 0 || die.Hi != 0 || die.Significant {
		t.Errorf("the same die differs: %+v", die)
	}
}

// Exact when both sides are: the difference is exact.
func TestPairedExact(t *testing.T) {
	p, err := RunPaired(context.Background(), dieAtLeast(4), dieAtLeast(3), Options{Method: Auto, Trials: 1000})
	if err != nil || !p.Exact {
		t.Fatalf("exact: %v, %v", p, err)
	}
	for _, d := range Compare(dieAtLeast(4).Layout(), dieAtLeast(3).Layout(), p) {
		want := map[string]float64{"hit": 1.0 / 6, "miss": -1.0 / 6}[d.Name]
		if math.Abs(d.D-want) > 1e-12 || d.Lo != d.D || d.Hi != d.D {
			t.Errorf("%s: %+v, want %v exactly", d.Name, d, want)
		}
	}
}

// The same seed gives the same comparison for any worker count, and a
// precision asks for more trials until the difference's half-width is
// at most it.
func TestPairedReproducible(t *testing.T) {
	run := func(workers int, precision float64) *Paired {
		p, err := RunPaired(context.Background(), newSumPlan(), dieAtLeast(2), Options{Method: MC, Trials: 3_000_000, Seed: 9, Workers: workers, Precision: precision})
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	a, b := run(1, 0), run(3, 0)
	if !slices.Equal(a.Joint, b.Joint) || !slices.Equal(a.DiffSq, b.DiffSq) || !slices.Equal(a.A.Counts, b.A.Counts) {
		t.Error("1 and 3 workers differ")
	}
	p := run(2, 0.0006)
	for _, d := range Compare(newSumPlan().Layout(), dieAtLeast(2).Layout(), p) {
		if !d.Mean && (d.Hi-d.Lo)/2 > 0.0006 {
			t.Errorf("%s: half-width %v after %d trials", d.Name, (d.Hi-d.Lo)/2, p.Trials)
		}
	}
	if p.Trials >= 3_000_000 || p.Trials <= 16*ChunkSize {
		t.Errorf("precision 0.0006 ran %d trials", p.Trials)
	}
}

// Two plans with the same dice key are paired on one batch of dice: a hit
// on 4+ against 3+ on the same die differs by exactly the die showing 3,
// and the die itself not at all. The comparison is reproducible across
// workers.
func TestPairedSharedDice(t *testing.T) {
	a, b := keyed{dieAtLeast(4), "d6"}, keyed{dieAtLeast(3), "d6"}
	const n = 300_001
	var first *Paired
	for _, w := range []int{1, 3} {
		var told atomic.Int64
		p, err := RunPaired(context.Background(), a, b, Options{Method: MC, Trials: n, Seed: 3, Workers: w, Progress: func(k int64) { told.Add(k) }})
		if err != nil {
			t.Fatal(err)
		}
		if told.Load() != n {
			t.Errorf("progress told of %d trials, want %d", told.Load(), n)
		}
		if !slices.Equal(p.A.Counts, p.B.Counts) || p.Trials != n {
			t.Fatalf("sides differ: %v / %v after %d trials", p.A.Counts, p.B.Counts, p.Trials)
		}
		// joint: (miss, miss), (miss, hit), (hit, miss), (hit, hit)
		if p.Joint[2] != 0 || p.Joint[1] != p.A.Counts[2] {
			t.Errorf("joint %v: A hits that B misses, or B's extra hits are not the 3s (%d)", p.Joint, p.A.Counts[2])
		}
		if first == nil {
			first = p
		} else if !slices.Equal(first.Joint, p.Joint) {
			t.Error("joint counts differ across workers")
		}
	}
	for _, d := range Compare(a.Layout(), b.Layout(), first) {
		switch d.Name {
		case "hit":
			if se := math.Sqrt(5.0 / 36 / n); math.Abs(d.D-1.0/6) > 5*se || d.Lo > 1.0/6 || d.Hi < 1.0/6 {
				t.Errorf("hit: B-A %g [%g, %g], want 1/6 within", d.D, d.Lo, d.Hi)
			}
		case "die":
			if d.D != 0 || d.Lo != 0 || d.Hi != 0 {
				t.Errorf("die: B-A %g [%g, %g], want exactly 0", d.D, d.Lo, d.Hi)
			}
		}
	}
}
