package symbol

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"odds/dice"
	"odds/sim"
	"odds/sim/simtest"
)

// faceCounts is a die's faces (the test's dice) as symbol counts.
func faceCounts(fs [][]string) [][kinds]int {
	var out [][kinds]int
	for _, f := range fs {
		var c [kinds]int
		for _, sym := range f {
			c[slices.Index(symbolNames, sym)]++
		}
		out = append(out, c)
	}
	return out
}

// diceOf is the test's dice of a pool written colour:count,…
func diceOf(t *testing.T, pool string, byColour map[string][][]string) [][][kinds]int {
	var out [][][kinds]int
	for _, item := range strings.Split(pool, ",") {
		colour, count, _ := strings.Cut(item, ":")
		var n int
		if _, err := fmt.Sscan(count, &n); err != nil || byColour[colour] == nil {
			t.Fatalf("pool %q", pool)
		}
		for range n {
			out = append(out, faceCounts(byColour[colour]))
		}
	}
	return out
}

// eachRoll calls fn with every roll of dd (one face a die, all equally
// likely): the symbol counts.
func eachRoll(dd [][][kinds]int, fn func(c [kinds]int)) {
	total := 1
	for _, d := range dd {
		total *= len(d)
	}
	for i := range total {
		var c [kinds]int
		x := i
		for _, d := range dd {
			f := d[x%len(d)]
			x /= len(d)
			for k := range kinds {
				c[k] += f[k]
			}
		}
		fn(c)
	}
}

// cancelCounts cancels attack a by defence d symbol by symbol with ints:
// the same kind, or (kind-or-weaker) a spare defence symbol of a stronger
// kind cancels a weaker one.
func cancelCounts(a, d [kinds]int, rule int) [kinds]int {
	var r [kinds]int
	spare := 0
	for k := range kinds {
		avail := d[k]
		if rule == kindOrWeaker {
			avail += spare
		}
		r[k] = max(0, a[k]-avail)
		spare = avail - (a[k] - r[k])
	}
	return r
}

// Small mixed pools, face by face: every roll of every attack and defence
// die, cancelled count by count, the critical hits' comparison roll every
// face of its n green and n blue dice; the target's effects read from
// what is left. The exact answer's outcomes and the means of its numeric
// results agree to 1e-12, under both cancellation rules, against a
// recruit (the automatic X) too.
func TestFireBruteForce(t *testing.T) {
	att := map[string][][]string{"red": redAttack, "green": greenAttack, "blue": blueAttack}
	def := map[string][][]string{"red": redDefence, "green": greenDef, "blue": blueDefence}
	green, blue := faceCounts(greenAttack), faceCounts(blueDefence)
	for _, c := range []struct {
		attack, defence, target string
		rule                    int
		recruit                 bool
	}{
		{"red:2,blue:1", "blue:1,red:1", "infantry", sameKind, false},
		{"red:2,green:1", "green:1,red:1", "vehicle", kindOrWeaker, false},
		{"red:1,green:1,blue:1", "red:1,blue:1", "artillery", sameKind, true},
	} {
		name := fmt.Sprintf("%s vs %s at %s, %s", c.attack, c.defence, c.target, cancelRules[c.rule])
		set := map[string]string{"attack": c.attack, "defence": c.defence, "target": c.target, "cancel": cancelRules[c.rule]}
		if c.recruit {
			set["defender-experience"] = "recruit"
		}
		p := compile(t, "fire", set)
		tgt := target{kind: slices.Index(unitTypes, c.target), capacity: 1, suppressedAgain: true}
		// Whole-number counts of the rolls first, so that the sums below
		// have few terms.
		left := map[[kinds]int]int{}
		rolls := 0
		eachRoll(diceOf(t, c.attack, att), func(a [kinds]int) {
			eachRoll(diceOf(t, c.defence, def), func(d [kinds]int) {
				r := cancelCounts(a, d, c.rule)
				if c.recruit {
					r[xsupp]++
				}
				left[r]++
				rolls++
			})
		})
		// The comparison roll of n critical hits: how many of its rolls
		// leave each strongest symbol.
		compare := func(n int) (by [kinds + 1]int, rolls int) {
			var g, b [][][kinds]int
			for range n {
				g, b = append(g, green), append(b, blue)
			}
			eachRoll(g, func(x [kinds]int) {
				eachRoll(b, func(y [kinds]int) {
					left, sym := cancelCounts(x, y, c.rule), kinds
					if k := slices.IndexFunc(left[:], func(n int) bool { return n > 0 }); k >= 0 {
						sym = k // the strongest symbol left
					}
					by[sym]++
					rolls++
				})
			})
			return by, rolls
		}
		want := map[string]float64{}
		var mean [kinds]float64
		for r, n := range left {
			pr := float64(n) / float64(rolls)
			for k := range kinds {
				mean[k] += pr * float64(r[k])
			}
			by, all := [kinds + 1]int{kinds: 1}, 1
			if r[crit] > 0 {
				by, all = compare(r[crit])
			}
			for sym, m := range by {
				st := tgt.afterCrits(tgt.critEffect(state{}, sym), tallyOfCounts(r))
				want[fireOutcomes[st.outcome()]] += pr * float64(m) / float64(all)
			}
		}
		_, sum := exactSummary(t, p)
		for _, o := range sum.Outcomes {
			if math.Abs(o.P-want[o.Name]) > 1e-12 {
				t.Errorf("%s: P(%s) = %.12f, face by face %.12f", name, o.Name, o.P, want[o.Name])
			}
		}
		for k, s := range sum.Stats {
			if math.Abs(s.Mean-mean[k]) > 1e-12 {
				t.Errorf("%s: mean %s = %.12f, face by face %.12f", name, s.Name, s.Mean, mean[k])
			}
		}
	}
}

// 40 dice a side of two colours: Monte Carlo (the fire kernel) agrees
// with the exact answer within 5 standard errors, with a fixed seed.
func TestFire40MonteCarlo(t *testing.T) {
	if testing.Short() {
		t.Skip("40 dice a side: about a second")
	}
	p := compile(t, "fire", map[string]string{"attack": "red:20,blue:20", "defence": "blue:20,red:20", "target": "infantry"})
	res, err := sim.Run(context.Background(), p, sim.Options{Method: sim.Exact})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]float64{}
	for _, o := range sim.Summarize(p.Layout(), res).Outcomes {
		want[o.Name] = o.P
	}
	simtest.AgreeMC(t, p, want, 200_000, 40)
}

// tallyOfCounts is counts as a dice.Tally.
func tallyOfCounts(c [kinds]int) dice.Tally {
	var t dice.Tally
	for k, n := range c {
		t = t.With(k, n)
	}
	return t
}

// downsetSize counts, without convolving, the tallies a fire plan
// tabulates: the same number as the plan's, for mixed pools and a half-
// strength attack; and for dice without a blank face, the tallies below
// some sum of their faces, found one by one.
func TestDownsetSize(t *testing.T) {
	for _, set := range []map[string]string{
		{"attack": "red:3,green:2,blue:4", "defence": "blue:1", "target": "infantry"},
		{"attack": "red:7,blue:5", "defence": "blue:1", "target": "infantry", "half-strength": "true"},
		{"attack": "green:6", "defence": "blue:1", "target": "infantry", "defender-experience": "recruit"},
	} {
		p := compile(t, "fire", set).(*firePlan)
		att, err := attackPool(args(t, "fire", set))
		if err != nil {
			t.Fatal(err)
		}
		if n, _ := downsetSize(att.dice()); n != int64(len(p.remains)) {
			t.Errorf("%v: downsetSize %d, the plan tabulates %d", set, n, len(p.remains))
		}
	}
	one := func(k, n int) dice.Tally { return dice.Tally(0).With(k, n) }
	d1 := dice.Die{one(crit, 1), one(damage, 1) + one(supp, 1), one(xsupp, 2)}
	d2 := dice.Die{one(supp, 1), one(damage, 2)}
	dd := []dice.Die{d1, d1, d2, d1, d2}
	sums := map[dice.Tally]bool{0: true}
	for _, d := range dd {
		next := map[dice.Tally]bool{}
		for s := range sums {
			for _, f := range d {
				next[s+f] = true
			}
		}
		sums = next
	}
	down := map[dice.Tally]bool{}
	for s := range sums {
		for _, x := range below(s) {
			down[x] = true
		}
	}
	if n, _ := downsetSize(dd); n != int64(len(down)) || len(down) <= len(sums) {
		t.Errorf("dice without a blank face: downsetSize %d, want %d (of %d sums)", n, len(down), len(sums))
	}
}
