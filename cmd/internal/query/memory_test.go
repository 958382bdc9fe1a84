package query

import (
	"context"
	"errors"
	"runtime"
	"strings"
	"testing"

	"odds/dice"
	"odds/resolve"
	"odds/sim"
)

// symbolSweep is symbol fire at 30 red attack dice against 20 blue
// defence dice, swept over damage capacity 1..6: six points, each
// compiled and kept before any trial (9 MB of tables each; 26 MB before
// only the cells that can happen were made).
func symbolSweep(t *testing.T) *Query {
	t.Helper()
	flags := map[string]string{"attack": "red:30", "defence": "blue:20", "target": "infantry", "damage-capacity": "1..6"}
	q, _, err := New(spec(t, "symbol", "fire", flags, map[string]string{}), builtins)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// bigQuery is a query of points whose plans have 2^20 cells and no
// values: 8 MB of layout, 10 MB by planBytes, each. compiled counts the
// points compiled; onCompile, if set, runs as each is.
func bigQuery(t *testing.T, points string, compiled *int, onCompile func()) *Query {
	t.Helper()
	act := &resolve.Action{Name: "big", Outcome: []string{"x"},
		Params: []resolve.Param{resolve.IntParam("n", 1, 100, 1, "a point")},
		Compile: func(resolve.Args) (resolve.Plan, error) {
			*compiled++
			if onCompile != nil {
				onCompile()
			}
			l := resolve.NewLayout([]string{"x"}, nil, 1<<20, func(int, []float64) int { return 0 })
			return resolve.NewPlan(l, func(*dice.Stream) int { return 0 }), nil
		}}
	vals, err := resolve.ParseValues(act.Param("n"), points)
	if err != nil {
		t.Fatal(err)
	}
	return &Query{System: &resolve.System{Name: "test", Actions: []*resolve.Action{act}}, Action: act, Values: map[string][]resolve.Value{"n": vals}}
}

// TestCompileMemoryEstimate: before each point is compiled, the run's
// size is estimated from the points compiled so far (each point left as
// large as the largest), and a run over MaxCompileBytes is refused then,
// with one line: the 450-point symbol sweep at 30 dice was
// refused only after 40 points, a gigabyte and 3 s. A run that fits
// exactly compiles whole.
func TestCompileMemoryEstimate(t *testing.T) {
	defer func(old int64) { MaxCompileBytes = old }(MaxCompileBytes)
	MaxCompileBytes = 64 << 20
	opts := Options{Sim: sim.Options{Method: sim.MC, Trials: 1, Seed: 1, Workers: 1}}
	n := 0
	_, err := CompileChecked(context.Background(), []*Query{bigQuery(t, "1..10", &n, nil)}, nil)
	const want = "the run's 10 results would hold about 100 MB of compiled tables, more than the 64 MB one run may use"
	var qe *Error
	if !errors.As(err, &qe) || err.Error() != want || n != 1 {
		t.Errorf("10 points of 10 MB under 64 MB: %d compiled, err %v; want 1 compiled and %q", n, err, want)
	}
	n = 0
	if _, err := CompileChecked(context.Background(), []*Query{bigQuery(t, "1..6", &n, nil)}, nil); err != nil || n != 6 {
		t.Errorf("6 points of 10 MB under 64 MB: %d compiled, err %v; want all 6", n, err)
	}
	// Several queries are one run: the second is estimated on top of the first.
	n = 0
	_, err = CompileChecked(context.Background(), []*Query{bigQuery(t, "1..4", &n, nil), bigQuery(t, "1..4", &n, nil)}, nil)
	if err == nil || !strings.Contains(err.Error(), "the run's 8 results would hold about 80 MB") || n != 5 {
		t.Errorf("two queries of 4 points: %d compiled, err %v; want 5 compiled, then 80 MB refused", n, err)
	}
	// A comparison compiles A and B of each cell under the same bound.
	n = 0
	q := bigQuery(t, "1..4", &n, nil)
	if _, err := Compare(context.Background(), q, q, "--n 1", opts); err == nil || !strings.Contains(err.Error(), "the run's 8 results would hold about 80 MB") || n != 1 {
		t.Errorf("compare of 4 cells: %d compiled, err %v; want 1 compiled, then 80 MB refused", n, err)
	}
	// The real thing: six symbol fire points of 13 MB by symbol fire's
	// own estimate (9 MB held) under 40 MB are refused before the first
	// is compiled.
	MaxCompileBytes = 40 << 20
	_, err = Run(context.Background(), []*Query{symbolSweep(t)}, opts)
	if !errors.As(err, &qe) || !strings.Contains(err.Error(), "the run's 6 results would hold about 8") || strings.Contains(err.Error(), "\n") {
		t.Errorf("symbol sweep: err %v; want the estimate's refusal", err)
	}
}

// tablePlan is a plan of one cell that holds a table beside it.
type tablePlan struct {
	resolve.Plan
	table []byte
}

// TestCompileMemoryBound: a run whose compiled points outgrow
// MaxCompileBytes in the heap, in tables the estimate does not see (a
// layout of one cell), is refused with one line, before any trial.
func TestCompileMemoryBound(t *testing.T) {
	defer func(old int64) { MaxCompileBytes = old }(MaxCompileBytes)
	MaxCompileBytes = 16 << 20
	act := &resolve.Action{Name: "table", Outcome: []string{"x"},
		Params: []resolve.Param{resolve.IntParam("n", 1, 100, 1, "a point")},
		Compile: func(resolve.Args) (resolve.Plan, error) {
			l := resolve.NewLayout([]string{"x"}, nil, 1, func(int, []float64) int { return 0 })
			table := make([]byte, 10<<20)
			for i := range table {
				table[i] = 1 // touched: the heap holds it
			}
			return tablePlan{resolve.NewPlan(l, func(*dice.Stream) int { return 0 }), table}, nil
		}}
	vals, _ := resolve.ParseValues(act.Param("n"), "1..5")
	q := &Query{System: &resolve.System{Name: "test", Actions: []*resolve.Action{act}}, Action: act, Values: map[string][]resolve.Value{"n": vals}}
	runtime.GC() // the garbage of earlier tests is not this run's
	_, err := Run(context.Background(), []*Query{q}, Options{Sim: sim.Options{Method: sim.MC, Trials: 1, Seed: 1, Workers: 1}})
	var qe *Error
	// Two points' 20 MB pass the bound; the heap is measured, so garbage
	// of other tests running beside this one may bring it a point sooner.
	if !errors.As(err, &qe) || !strings.HasPrefix(err.Error(), "the run's first ") || strings.HasPrefix(err.Error(), "the run's first 5") ||
		!strings.HasSuffix(err.Error(), " MB of compiled tables, more than the 16 MB one run may use") {
		t.Fatalf("err %v; want the compile memory bound after one or two points", err)
	}
}

// TestCompileCancel: Ctrl-C (or a request's deadline) while compiling
// stops before the next point: no point is compiled after it (a point
// compiles in at most about a tenth of a second, 30 dice a side).
func TestCompileCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	n := 0
	q := bigQuery(t, "1..5", &n, func() {
		if n == 2 {
			cancel()
		}
	})
	if _, err := CompileChecked(ctx, []*Query{q}, nil); !errors.Is(err, context.Canceled) || n != 2 {
		t.Errorf("cancelled at the second point: %d compiled, err %v; want 2 and context.Canceled", n, err)
	}
	n = 0
	if _, err := Compare(ctx, q, q, "--n 1", Options{Sim: sim.Options{Method: sim.MC, Trials: 1, Seed: 1, Workers: 1}}); !errors.Is(err, context.Canceled) || n != 0 {
		t.Errorf("compare, cancelled: %d compiled, err %v; want none and context.Canceled", n, err)
	}
	ctx, cancel = context.WithCancel(context.Background())
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

// TestCompileMemoryExpect: an action that estimates its plan's size from
// its arguments (resolve.Action.Bytes) is weighed before each point is
// compiled, the first one too: a single point over the bound compiles
// nothing, and symbol fire at 40 dice a side (about 29 MB by its
// estimate) is refused under 16 MB with one line, and runs under the
// default bound. A comparison weighs its points the same way.
func TestCompileMemoryExpect(t *testing.T) {
	defer func(old int64) { MaxCompileBytes = old }(MaxCompileBytes)
	MaxCompileBytes = 16 << 20
	n := 0
	q := bigQuery(t, "1..3", &n, nil)
	q.Action.Bytes = func(a resolve.Args) int64 { return int64(a.Int("n")) * 6 << 20 }
	_, err := CompileChecked(context.Background(), []*Query{q}, nil)
	if err == nil || err.Error() != "the run's 3 results would hold about 18 MB of compiled tables, more than the 16 MB one run may use" || n != 0 {
		t.Errorf("3 points of 6 MB by estimate under 16 MB: %d compiled, err %v; want none compiled", n, err)
	}
	// A comparison weighs A and B of each cell before compiling them.
	n = 0
	opts := Options{Sim: sim.Options{Method: sim.MC, Trials: 1, Seed: 1, Workers: 1}}
	if _, err := Compare(context.Background(), q, q, "--n 1", opts); err == nil || !strings.Contains(err.Error(), "the run's 6 results would hold about") || n != 0 {
		t.Errorf("compare of 3 cells of 6 MB by estimate under 16 MB: %d compiled, err %v; want none compiled", n, err)
	}
	q.Action.Bytes = func(resolve.Args) int64 { return 17 << 20 }
	n = 0
	q.Values["n"] = q.Values["n"][:1]
	if _, err := CompileChecked(context.Background(), []*Query{q}, nil); err == nil || n != 0 {
		t.Errorf("one point of 17 MB by estimate under 16 MB: %d compiled, err %v; want none compiled", n, err)
	}
	flags := map[string]string{"attack": "red:20,blue:20", "defence": "blue:20,red:20", "target": "infantry"}
	sq, _, err := New(spec(t, "symbol", "fire", flags, map[string]string{}), builtins)
	if err != nil {
		t.Fatal(err)
	}
	_, err = CompileChecked(context.Background(), []*Query{sq}, nil)
	var qe *Error
	if !errors.As(err, &qe) || !strings.HasPrefix(err.Error(), "the run's 1 results would hold about ") || strings.Contains(err.Error(), "\n") {
		t.Errorf("40 dice a side under 16 MB: err %v; want the estimate's refusal", err)
	}
	MaxCompileBytes = 1 << 30
	if _, err := CompileChecked(context.Background(), []*Query{sq}, nil); err != nil {
		t.Errorf("40 dice a side under 1 GB: %v", err)
	}
}
