package rof

import (
	"context"
	"math"
	"strconv"
	"testing"

	"odds/resolve"
	"odds/sim"
	"odds/sim/simtest"
)

// Fire's dynamic programme against the enumeration of its dice, cell by
// cell, over the rules that change a team's share and dice.
func TestFireExactDP(t *testing.T) {
	for _, set := range []map[string]string{
		{"rof": "3", "target-teams": "2"},
		{"rof": "4+2", "leader": "true", "concealed": "true", "target-teams": "3", "small-teams": "1", "target-small": "true"},
		{"rof": "3", "target-teams": "2", "team": "vehicle", "ar": "3", "at": "5"},
		{"rof": "2", "firing-teams": "2", "target-teams": "3", "team": "vehicle", "ar": "4", "at": "3", "cover": "hard"},
		{"rof": "2", "target-teams": "1", "team": "vehicle", "ar": "8", "at": "3"},
	} {
		exactAgrees(t, compileArgs(t, "fire", set), set)
	}
	// The example: 10 x 3 firing teams at 6 armoured teams.
	p := compileArgs(t, "fire", map[string]string{"rof": "10", "firing-teams": "3", "target-teams": "6", "team": "vehicle", "ar": "3", "at": "5"})
	if _, ok := p.(sim.Exacter).Exact(context.Background(), sim.AutoPaths); !ok {
		t.Error("30 dice at 6 armoured teams: no exact answer within the auto budget")
	}
}

// Artillery's exact answer (a two-way branch per deviation roll) against
// the enumeration of its d10s, cell by cell; the largest barrage is exact
// within the auto budget.
func TestArtilleryExact(t *testing.T) {
	for _, set := range []map[string]string{
		{"battery": "2", "radius": "3", "turns": "3"},
		{"battery": "3", "radius": "0", "turns": "2", "mortar-observing": "true", "cover": "hard"},
		{"battery": "4", "radius": "2", "turns": "2", "team": "vehicle", "flank-ar": "2"},
		{"battery": "2", "radius": "11", "turns": "1"},
	} {
		exactAgrees(t, compileArgs(t, "artillery", set), set)
	}
	p := compileArgs(t, "artillery", map[string]string{"battery": strconv.Itoa(maxBattery), "turns": "6", "radius": "1"})
	if _, ok := p.(sim.Exacter).Exact(context.Background(), sim.AutoPaths); !ok {
		t.Error("the largest barrage: no exact answer within the auto budget")
	}
}

// Assault's exact answer (a convolution over the enemy teams) against the
// enumeration of every check, cell by cell; the largest assault is exact
// within the auto budget.
func TestAssaultExact(t *testing.T) {
	for _, set := range []map[string]string{
		{"assault": "4", "teams": "3", "enemy-teams": "2"},
		{"assault": "5", "support": "1", "teams": "4", "enemy-teams": "2", "suppressed": "true", "quality": "4"},
		{"assault": "4", "teams": "3", "enemy-teams": "3", "enemy": "vehicle", "at": "3", "flank-ar": "2"},
		{"assault": "3", "teams": "2", "enemy-teams": "1", "enemy": "vehicle", "flank-ar": "4", "open-topped": "true"},
		{"assault": "4", "teams": "1", "enemy-teams": "2", "enemy": "vehicle", "at": "1", "flank-ar": "5"},
	} {
		exactAgrees(t, compileArgs(t, "assault", set), set)
	}
	p := compileArgs(t, "assault", map[string]string{"assault": "6", "teams": "6", "enemy-teams": "6", "enemy": "vehicle", "at": "5", "flank-ar": "3", "suppressed": "true", "quality": "4"})
	if _, ok := p.(sim.Exacter).Exact(context.Background(), sim.AutoPaths); !ok {
		t.Error("the largest assault: no exact answer within the auto budget")
	}
}

// exactAgrees checks a plan's own exact answer against the enumeration of
// its Trial, cell by cell.
func exactAgrees(t *testing.T, p resolve.Plan, set map[string]string) {
	t.Helper()
	own, ok := p.(sim.Exacter).Exact(context.Background(), sim.AutoPaths)
	if !ok {
		t.Fatalf("%v: no exact answer", set)
	}
	res, err := sim.Run(context.Background(), struct{ resolve.Plan }{p}, sim.Options{Method: sim.Exact})
	if err != nil {
		t.Fatal(err)
	}
	for c := range own {
		if math.Abs(own[c]-res.Prob[c]) > 1e-12 {
			t.Errorf("%v: cell %d: %.15f by the plan, %.15f enumerated", set, c, own[c], res.Prob[c])
		}
	}
}

// compileArgs compiles an action from flag-like settings.
func compileArgs(t *testing.T, action string, set map[string]string) resolve.Plan {
	t.Helper()
	act := System().Action(action)
	p, err := act.Compile(simtest.Args(t, act, set, nil))
	if err != nil {
		t.Fatal(err)
	}
	return p
}
