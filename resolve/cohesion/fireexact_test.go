package cohesion

import (
	"context"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"odds/dice"
	"odds/resolve"
	"odds/sim"
	"odds/sim/simtest"
)

// enumerate is the reference: every dice path of Trial, weighted
// (dice.Enumerator), independent of the closed form.
func enumerate(p resolve.Plan) []float64 {
	prob := make([]float64, p.Layout().Cells)
	e := dice.NewEnumerator(64)
	for {
		prob[p.Trial(e.Stream())] += e.Weight()
		if !e.Next() {
			return prob
		}
	}
}

func drms(r *rand.Rand, n int) string {
	s := ""
	for i := range n {
		if i > 0 {
			s += "+"
		}
		s += strconv.Itoa(r.IntN(9) - 2)
	}
	return s
}

// The closed form agrees with the enumeration of Trial's paths cell by
// cell (every outcome and every numeric result together) on 400 fires
// drawn with a fixed seed: units (concealed, disrupted, heroic, marked,
// riders, a better leader) and vehicles (AFV or not, rear, ATV), up to
// five dice, mortars with and without MV 2.
func TestFireExactAgreesWithEnumeration(t *testing.T) {
	r := rand.New(rand.NewPCG(25, 3))
	for i := range 400 {
		set := map[string]string{}
		nMortar := r.IntN(3)
		if nMortar > 0 {
			set["mortar-drm"] = drms(r, nMortar)
		}
		set["mv"] = strconv.Itoa(2 * r.IntN(2))
		if r.IntN(3) == 0 {
			set["at-drm"] = drms(r, 1+r.IntN(4-nMortar/2))
			set["av"] = strconv.Itoa(3 + r.IntN(9))
			set["atv"] = strconv.Itoa(r.IntN(3) - 1)
			if r.IntN(2) == 0 {
				set["afv"] = "true"
			}
			if r.IntN(3) == 0 {
				set["rear"], set["eav"] = "true", strconv.Itoa(2+r.IntN(6))
			}
		} else {
			if nSA := r.IntN(5 - nMortar); nSA > 0 || nMortar == 0 {
				set["sa-drm"] = drms(r, max(1, nSA))
			}
			set["cohesion"] = strconv.Itoa(1 + r.IntN(10))
			for _, flag := range []string{"concealed", "disrupted", "heroic", "rider"} {
				if r.IntN(3) == 0 {
					set[flag] = "true"
				}
			}
			if r.IntN(4) == 0 {
				set["nationality"] = nationalities[1+r.IntN(2)]
			}
			if r.IntN(3) == 0 {
				set["leader-cohesion"] = strconv.Itoa(1 + r.IntN(10))
			}
		}
		p := compile(t, "fire", set).(*firePlan)
		got, _ := p.Exact(context.Background(), 0)
		want := enumerate(p)
		for c := range want {
			if math.Abs(got[c]-want[c]) > 1e-9 { // the enumeration sums up to 1e5 path weights
				t.Errorf("case %d %v: cell %d = %.15f, enumeration %.15f", i, set, c, got[c], want[c])
				break
			}
		}
	}
	// Stacks (ties at random, a leader's -1, a concealed member).
	for _, set := range []map[string]string{
		{"sa-drm": "1+2", "mortar-drm": "0", "mv": "2", "stack": "squad-7+squad-7b+mg-7:concealed+leader-8"},
		{"sa-drm": "3", "stack": "squad-7:concealed+squad-7b:concealed+tank"},
		{"mortar-drm": "2+1", "mv": "2", "stack": "squad-5:rider+squad-7+squad-7b"},
	} {
		p := stackPlan(t, set).(*firePlan)
		got, _ := p.Exact(context.Background(), 0)
		want := enumerate(p)
		for c := range want {
			if math.Abs(got[c]-want[c]) > 1e-9 { // the enumeration sums up to 1e5 path weights
				t.Errorf("%v: cell %d = %.15f, enumeration %.15f", set, c, got[c], want[c])
			}
		}
	}
}

// Eight and 32 small-arms rolls (+0) at a stack of six Cohesion 7 units,
// in closed form: every unit ties, each die is a d10 whose result beats
// 7 on 8-10 and reaches 10 on a 10 (hand figures: no effect 0.7^n,
// casualty 1-0.9^n, the failed check 0.3 of the hits). Eight rolls were
// refused by path enumeration (about 1.9e9 paths); 32 is the most a fire
// takes.
func TestFireExactManyRollsStack(t *testing.T) {
	for _, n := range []int{8, maxRolls} {
		set := map[string]string{"sa-drm": strings.TrimSuffix(strings.Repeat("0+", n), "+"), "stack": "squad-7+squad-7+mg-7+squad-7+mg-7+squad-7"}
		p := stackPlan(t, set)
		res, err := sim.Run(context.Background(), p, sim.Options{Method: sim.Exact})
		if err != nil {
			t.Fatal(err)
		}
		fn := float64(n)
		hit := 1 - math.Pow(0.7, fn)
		want := map[string]float64{"no-effect": math.Pow(0.7, fn), "disrupted": math.Pow(0.9, fn) - math.Pow(0.7, fn), "casualty": 1 - math.Pow(0.9, fn)}
		l := p.Layout()
		got := map[string]float64{}
		failed := 0.0
		for c, q := range res.Prob {
			got[l.Outcomes[l.Outcome[c]]] += q
			failed += q * l.Values[0][c]
		}
		for o, w := range want {
			if math.Abs(got[o]-w) > 1e-12 {
				t.Errorf("%d rolls: P(%s) = %.12f, want %.12f", n, o, got[o], w)
			}
		}
		if math.Abs(failed-0.3*hit) > 1e-12 {
			t.Errorf("%d rolls: check-failed = %.12f, want %.12f", n, failed, 0.3*hit)
		}
	}
}

func BenchmarkFireExact(b *testing.B) {
	act := System().Action("fire")
	p, err := act.Compile(simtest.Args(b, act, map[string]string{"sa-drm": "0+1+2+3", "mortar-drm": "0+1+2+3", "mv": "2", "stack": "squad-7+squad-7+mg-7+squad-7+mg-7+squad-7"}, stackEnv()))
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		p.(*firePlan).Exact(context.Background(), 0)
	}
}
