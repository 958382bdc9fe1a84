package query

import (
	"context"
	"errors"
	"strings"
	"testing"

	"odds/resolve"
	"odds/sim"
)

// symbolSweep is symbol fire at 30 red attack dice against 20 blue
// defence dice, swept over damage capacity 1..6: six points, each
// compiled and kept before any trial (tens of MB of tables each).
func symbolSweep(t *testing.T) *Query {
	t.Helper()
	sys := system(t, "symbol")
	act := sys.Action("fire")
	sp := Spec{System: sys, Action: act, Values: map[string][]resolve.Value{}, Cards: map[string]string{}}
	for name, s := range map[string]string{"attack": "red:30", "defence": "blue:20", "target": "infantry", "damage-capacity": "1..6"} {
		vals, err := resolve.ParseValues(act.Param(name), s)
		if err != nil {
			t.Fatal(err)
		}
		sp.Values[name] = vals
	}
	q, _, err := New(sp, builtins)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// TestCompileMemoryBound: a run whose compiled points outgrow
// MaxCompileBytes is refused with one line, before any trial, instead of
// compiling every point (one GET of a 30v20 symbol sweep ran odds serve
// out of memory: its trial budget applied only after compiling). The
// bound is lowered to 16 MB here so that six points pass it.
func TestCompileMemoryBound(t *testing.T) {
	defer func(old int64) { MaxCompileBytes = old }(MaxCompileBytes)
	MaxCompileBytes = 16 << 20
	_, err := Run(context.Background(), []*Query{symbolSweep(t)}, Options{Sim: sim.Options{Method: sim.MC, Trials: 1, Seed: 1, Workers: 1}})
	var qe *Error
	if !errors.As(err, &qe) || !strings.Contains(err.Error(), "MB of compiled tables, more than the 16 MB one run may use") || strings.Contains(err.Error(), "\n") {
		t.Fatalf("err %v; want the compile memory bound", err)
	}
	// Ctrl-C before or while compiling: no point is compiled after it.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := CompileChecked(ctx, []*Query{symbolSweep(t)}, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled compile: err %v, want context.Canceled", err)
	}
}

// A chain compiles a plan a state of its target: the bound holds state
// by state, so one point of 30 red against 20 blue dice, whose states'
// tables pass 16 MB, is refused before any trial.
func TestCompileMemoryBoundChain(t *testing.T) {
	defer func(old int64) { MaxCompileBytes = old }(MaxCompileBytes)
	MaxCompileBytes = 16 << 20
	q := symbolSweep(t)
	q.Values["damage-capacity"] = q.Values["damage-capacity"][:1]
	q.Until = &Until{Outcome: "eliminated", Attacks: 3}
	_, err := Run(context.Background(), []*Query{q}, Options{Sim: sim.Options{Method: sim.MC, Trials: 1, Seed: 1, Workers: 1}})
	var qe *Error
	if !errors.As(err, &qe) || !strings.Contains(err.Error(), "MB of compiled tables, more than the 16 MB one run may use") {
		t.Fatalf("err %v; want the compile memory bound", err)
	}
}
