package symbol

import (
	"context"
	"math"
	"testing"

	"odds/dice"
	"odds/sim"
)

// Fire's Monte Carlo runs in one kernel (dice.Versus) where there is no
// spotting roll: the attack and defence pools against each other, the
// cancelling and the comparison roll tabled. Its histogram matches the
// exact answer cell by cell (outcome and every remaining count): a cell
// the exact answer cannot reach is never hit, and each other is within 5
// standard errors over 400,000 trials (fixed seed). The cases cover both
// cancelling rules, a recruit's automatic X suppression, a building's
// blast roll and more critical hits than the comparison roll's odds hold
// (both finished by the plan's own code), and repeated attacks' state
// cells, and pools of one, two (the kernel's written-out loop) and three
// groups of dice. A spotting roll runs Trial instead. The first Run compiles the
// kernel (a plan answered exactly never does).
func TestFireKernel(t *testing.T) {
	for _, c := range []struct {
		name string
		set  map[string]string
	}{
		{"example", map[string]string{"attack": "red:2,green:2,blue:2", "defence": "red:1,green:2,blue:1", "target": "vehicle"}},
		{"kind-or-weaker, recruit", map[string]string{"attack": "red:2,green:2", "defence": "red:1,blue:2", "target": "infantry", "cancel": "kind-or-weaker",
			"defender-experience": "recruit", "target-status": "suppressed", "damage-capacity": "2"}},
		{"building", map[string]string{"attack": "red:2,green:1", "defence": "blue:1", "target": "vehicle", "building": "true", "blast": "red:1"}},
		{"six critical hits", map[string]string{"attack": "red:6", "defence": "green:1", "target": "infantry"}},
		{"three groups", map[string]string{"attack": "red:4,green:3,blue:3", "defence": "blue:2", "target": "vehicle"}},
	} {
		p := compile(t, "fire", c.set).(*firePlan)
		checkKernel(t, c.name, p)
	}
	from := state{suppressed: true}
	p, err := compileFireFrom(args(t, "fire", map[string]string{"attack": "red:3,green:1", "defence": "blue:2", "target": "infantry"}), &from)
	if err != nil {
		t.Fatal(err)
	}
	checkKernel(t, "state cells", p)

	spot := compile(t, "fire", map[string]string{"attack": "red:1", "defence": "blue:1", "target": "infantry", "spot": "true", "attacker-type": "vehicle", "terrain": "light-forest"}).(*firePlan)
	spot.Run(dice.New(3, 0), 1, make([]uint64, spot.Layout().Cells))
	if spot.versus != nil {
		t.Error("a spotting roll compiled into the kernel, which does not roll it")
	}
}

func checkKernel(t *testing.T, name string, p *firePlan) {
	t.Helper()
	const n = 400_000
	counts := make([]uint64, p.Layout().Cells)
	p.Run(dice.New(3, 0), n, counts)
	if p.versus == nil {
		t.Errorf("%s: no kernel", name)
		return
	}
	res, err := sim.Run(context.Background(), p, sim.Options{Method: sim.Exact})
	if err != nil {
		t.Fatal(err)
	}
	for cell, want := range res.Prob {
		got := float64(counts[cell]) / n
		if want == 0 {
			if got != 0 {
				t.Errorf("%s: cell %d hit %d times, exact probability 0", name, cell, counts[cell])
			}
			continue
		}
		se := math.Sqrt(max(want*(1-want), 1.0/n) / n)
		if math.Abs(got-want) > 5*se {
			t.Errorf("%s: cell %d: %.6f, exact %.6f (%.1f standard errors)", name, cell, got, want, math.Abs(got-want)/se)
		}
	}
}
