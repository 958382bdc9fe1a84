package benchmarks

import (
	"context"
	"testing"

	"odds/sim"
)

// Symbol close combat 8v8 and 10v10 (attack and defence pools alike, each
// way) are answered exactly by --method auto at the default 1e6 trials on
// two workers: exact took 25 and 60 ms where Monte Carlo took 150 to 180
// ms (issue 25), and the old path budget sent them to Monte Carlo.
func TestAutoCloseCombatExact(t *testing.T) {
	for _, pool := range []string{"red:3,green:3,blue:2", "red:4,green:3,blue:3"} {
		p := mustAction(t, "symbol", "close-combat", map[string]string{
			"attacker-attack": pool, "attacker-defence": pool, "attacker-type": "infantry",
			"defender-attack": pool, "defender-defence": pool, "defender-type": "infantry",
			"attacker-capacity": "2", "defender-capacity": "2", "attacker-supported": "true"})
		res, err := sim.Run(context.Background(), p, sim.Options{Method: sim.Auto, Trials: 1_000_000, Seed: 1, Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		if !res.Exact {
			t.Errorf("close combat %s: auto chose %s, want exact", pool, res.How)
		}
	}
}
