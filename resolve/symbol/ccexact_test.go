package symbol

import (
	"context"
	"math"
	"testing"

	"odds/sim"
)

// Close combat's exact chain cancels die by die (effectsByDice) where it
// paired every attack tally with every defence tally (effectsOf, kept
// for the support actions and as this test's oracle): the effects of
// every (attack, defence) pair of rolls a fight uses agree to 1e-12, with
// re-rolls on either side (a re-rolled defence cancels as one roll), both
// cancellation rules, half strength, vehicles and immobilized defenders.
func TestEffectsByDiceMatchPairs(t *testing.T) {
	pools := []string{"red:1", "red:2,green:1", "red:1,green:2,blue:2", "green:3,blue:1"}
	extras := []map[string]string{
		{},
		{"attacker-supported": "true", "defender-supported": "true", "support-reroll": "every-round"},
		{"outflanked": "true", "defender-half-strength": "true", "attacker-half-strength": "true"},
		{"defender-type": "vehicle", "defender-immobilized": "true", "defender-supported": "true"},
		{"attacker-type": "vehicle", "defender-activated": "true", "barbed-wire": "true", "fast-action": "true"},
	}
	n := 0
	for i, a := range pools {
		for j, d := range pools {
			for _, extra := range extras {
				for _, rule := range cancelRules {
					set := map[string]string{"attacker-attack": a, "attacker-defence": d, "defender-attack": d, "defender-defence": a, "cancel": rule}
					if (i+j)%2 == 1 {
						set["defender-defence"] = "red:1,green:1,blue:1"
					}
					for k, v := range extra {
						set[k] = v
					}
					p := cc(t, set).(*ccPlan)
					for ini := range 2 {
						for half := range 2 {
							for imm := range 2 {
								checkEffects(t, set, p.aAtt[ini][half][imm], p.dDef[ini], p.rule)
							}
							checkEffects(t, set, p.dAtt[ini][half], p.aDef[ini], p.rule)
							n++
						}
					}
				}
			}
		}
	}
	if n < 300 {
		t.Errorf("only %d cases", n)
	}
}

func checkEffects(t *testing.T, set map[string]string, att, def *roll, rule int) {
	t.Helper()
	ad, dd := att.distribution(math.MaxInt64), def.distribution(math.MaxInt64)
	work := int64(math.MaxInt64 / 2)
	got, ok := effectsByDice(ad, def, rule, &work)
	if !ok {
		t.Fatalf("%v: no effects", set)
	}
	type key struct {
		c, d int
		s    bool
	}
	want := map[key]float64{}
	for _, e := range effectsOf(ad, dd, rule) {
		want[key{e.crits, e.damage, e.supp}] += e.p
	}
	for _, e := range got {
		k := key{e.crits, e.damage, e.supp}
		if math.Abs(e.p-want[k]) > 1e-12 {
			t.Fatalf("%v: %+v: %v, want %v", set, k, e.p, want[k])
		}
		delete(want, k)
	}
	for k, p := range want {
		if p > 1e-12 {
			t.Fatalf("%v: %+v missing (want %v)", set, k, p)
		}
	}
}

// 20 dice a side, each way, capacity 3: within the default exact budget
// (pairing tallies, 9e8 steps, was refused). With the attacker supported
// its re-rolled pool's 2.2e7 multisets of faces, a round, are over it.
func TestCloseCombat20v20Exact(t *testing.T) {
	pool := "red:7,green:7,blue:6"
	set := map[string]string{"attacker-attack": pool, "attacker-defence": pool, "defender-attack": pool, "defender-defence": pool,
		"attacker-capacity": "3", "defender-capacity": "3"}
	if _, ok := cc(t, set).(sim.Exacter).Exact(context.Background(), sim.MaxPaths); !ok {
		t.Error("no exact answer within the default budget")
	}
	set["attacker-supported"] = "true"
	if _, ok := cc(t, set).(sim.Exacter).Exact(context.Background(), sim.MaxPaths); ok {
		t.Error("supported: an exact answer within the default budget, which its work does not fit")
	}
}
