package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"odds/cmd/internal/answer"
	"odds/cmd/internal/query"
	"odds/profiles"
	"odds/resolve/all"
)

// pageOps is the page's engine (what cmd/odds-wasm runs) with the
// built-in profiles.
func pageOps(t *testing.T) *answer.Ops {
	t.Helper()
	systems := all.Systems()
	reg, err := profiles.New(systems)
	if err != nil {
		t.Fatal(err)
	}
	return &answer.Ops{Base: &answer.Engine{Systems: systems, Reg: reg}, Version: "test"}
}

// pageReply is a reply of the page's engine.
type pageReply struct {
	ID     int             `json:"id"`
	OK     bool            `json:"ok"`
	Result json.RawMessage `json:"result"`
	Error  *answer.ErrorDoc
}

func askPage(t *testing.T, ops *answer.Ops, req map[string]any, progress answer.Progress) pageReply {
	t.Helper()
	b, _ := json.Marshal(req)
	var r pageReply
	if err := json.Unmarshal(ops.Handle(context.Background(), b, progress), &r); err != nil {
		t.Fatal(err)
	}
	return r
}

// sameDoc reports whether two JSON documents are equal apart from their
// timings (elapsed_ms).
func sameDoc(a, b []byte) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	return reflect.DeepEqual(dropTimings(x), dropTimings(y))
}

func dropTimings(v any) any {
	switch x := v.(type) {
	case map[string]any:
		delete(x, "elapsed_ms")
		for k, e := range x {
			x[k] = dropTimings(e)
		}
	case []any:
		for i, e := range x {
			x[i] = dropTimings(e)
		}
	}
	return v
}

// The page's engine answers the document the command line prints (apart
// from timings): exact, Monte Carlo with a seed, a sweep, cards, a --vs
// comparison and rolls; and bad input with the CLI's one-line message,
// its flag and 400.
func TestPageEngineIsTheCLI(t *testing.T) {
	ops := pageOps(t)
	for _, c := range []struct {
		req  map[string]any
		args []string
	}{
		{map[string]any{"op": "query", "system": "opposed", "action": "fire", "query": "hesa=3&def=1&method=exact&seed=7"},
			[]string{"opposed", "fire", "--hesa", "3", "--def", "1", "--method", "exact", "--seed", "7"}},
		{map[string]any{"op": "query", "system": "opposed", "action": "fire", "query": "hesa=3&def=1&cover=soft&method=mc&trials=200000&seed=7"},
			[]string{"opposed", "fire", "--hesa", "3", "--def", "1", "--cover", "soft", "--method", "mc", "--trials", "200000", "--seed", "7"}},
		{map[string]any{"op": "query", "system": "opposed", "action": "fire", "query": "hesa=1..3&def=1&smoke=both&seed=7"},
			[]string{"opposed", "fire", "--hesa", "1..3", "--def", "1", "--smoke=both", "--seed", "7"}},
		{map[string]any{"op": "query", "system": "symbol", "action": "fire", "query": "attacker=mg-team&defender=rifle-squad&range=close&seed=3"},
			[]string{"symbol", "fire", "--attacker", "mg-team", "--defender", "rifle-squad", "--range", "close", "--seed", "3"}},
		{map[string]any{"op": "query", "system": "opposed", "action": "fire", "query": "hesa=3&def=1&vs=--smoke&seed=2&method=mc&trials=70000"},
			[]string{"opposed", "fire", "--hesa", "3", "--def", "1", "--vs", "--smoke", "--seed", "2", "--method", "mc", "--trials", "70000"}},
		{map[string]any{"op": "query", "system": "opposed", "action": "fire", "query": "def=1&find=out-of-action>%3D0.5&vary=hesa&seed=7"},
			[]string{"opposed", "fire", "--def", "1", "--find", "out-of-action>=0.5", "--vary", "hesa", "--seed", "7"}},
		{map[string]any{"op": "query", "system": "opposed", "action": "fire", "query": "hesa=3&def=1&sensitivity=first&seed=7"},
			[]string{"opposed", "fire", "--hesa", "3", "--def", "1", "--sensitivity", "--seed", "7"}},
		{map[string]any{"op": "query", "system": "opposed", "action": "fire", "query": "hesa=3&def=1&until=out-of-action&attacks=4&seed=7"},
			[]string{"opposed", "fire", "--hesa", "3", "--def", "1", "--until", "out-of-action", "--attacks", "4", "--seed", "7"}},
		{map[string]any{"op": "roll", "query": "expr=4d6kh3&seed=1"}, []string{"roll", "4d6kh3", "--seed", "1"}},
		{map[string]any{"op": "roll", "query": "expr=6d6>=4&method=mc&trials=50000&seed=9"}, []string{"roll", "6d6>=4", "--method", "mc", "--trials", "50000", "--seed", "9"}},
	} {
		c.req["id"] = 7
		r := askPage(t, ops, c.req, nil)
		code, cli, stderr := run(context.Background(), append(c.args, "--format", "json")...)
		if code != 0 || !r.OK || r.ID != 7 || !sameDoc(r.Result, []byte(cli)) {
			t.Errorf("%v: reply %d ok=%v %v\n%.400s\nCLI (exit %d, %s):\n%.400s", c.req, r.ID, r.OK, r.Error, r.Result, code, stderr, cli)
		}
	}
	for _, c := range []struct {
		req  map[string]any
		args []string
		flag string
	}{
		{map[string]any{"op": "query", "system": "opposed", "action": "fire", "query": "hesa=99&def=1"}, []string{"opposed", "fire", "--hesa", "99", "--def", "1"}, "hesa"},
		{map[string]any{"op": "query", "system": "symbol", "action": "fire", "query": "attacker=nosuch&defender=tank&range=close"}, []string{"symbol", "fire", "--attacker", "nosuch", "--defender", "tank", "--range", "close"}, "attacker"},
		{map[string]any{"op": "roll", "query": "expr=4d6kh9"}, []string{"roll", "4d6kh9"}, "expr"},
	} {
		r := askPage(t, ops, c.req, nil)
		code, _, stderr := run(context.Background(), c.args...)
		first := strings.TrimPrefix(strings.SplitN(stderr, "\n", 2)[0], "odds: error: ")
		if code != 2 || r.OK || r.Error == nil || r.Error.Message != first || r.Error.Flag != c.flag || r.Error.Status != 400 {
			t.Errorf("%v: error %+v; the CLI says %q (exit %d), want flag %q, status 400", c.req, r.Error, first, code, c.flag)
		}
	}
}

// The page's own card files are added to the built-ins, as --profiles
// adds them; validate reports a file's problems with odds profiles
// validate's words.
func TestPageEngineProfiles(t *testing.T) {
	ops := pageOps(t)
	dir := t.TempDir()
	good := "units:\n  - name: my-mg\n    system: opposed\n    element: inf\n    hesa: 4\n    def: 2\n"
	bad := "units:\n  - name: x\n    system: opposed\n    hesa: 99\n  - name: y\n    system: nosuch\n"
	goodPath, badPath := filepath.Join(dir, "mine.yaml"), filepath.Join(dir, "bad.yaml")
	for p, text := range map[string]string{goodPath: good, badPath: bad} {
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	mine := []map[string]any{{"name": goodPath, "text": good}}
	r := askPage(t, ops, map[string]any{"id": 1, "op": "query", "system": "opposed", "action": "fire", "query": "attacker=my-mg&def=1&seed=1", "profiles": mine}, nil)
	_, cli, stderr := run(context.Background(), "--profiles", goodPath, "opposed", "fire", "--attacker", "my-mg", "--def", "1", "--seed", "1", "--format", "json")
	if !r.OK || !sameDoc(r.Result, []byte(cli)) {
		t.Errorf("a card of the page's own: %v %.300s\nCLI (%s): %.300s", r.Error, r.Result, stderr, cli)
	}
	r = askPage(t, ops, map[string]any{"id": 2, "op": "describe", "profiles": mine}, nil)
	var cat answer.Catalog
	if err := json.Unmarshal(r.Result, &cat); !r.OK || err != nil || !strings.Contains(fmt.Sprint(cat.Cards["opposed"]), "my-mg") {
		t.Errorf("describe with the page's cards: %v %v; cards %v", r.Error, err, cat.Cards["opposed"])
	}
	r = askPage(t, ops, map[string]any{"id": 3, "op": "validate", "name": badPath, "text": bad}, nil)
	var v answer.Validation
	if err := json.Unmarshal(r.Result, &v); err != nil || !r.OK {
		t.Fatalf("validate: %v %v", r.Error, err)
	}
	code, _, stderr := run(context.Background(), "profiles", "validate", badPath)
	var want []string
	for _, line := range strings.Split(strings.TrimSpace(stderr), "\n") {
		want = append(want, strings.TrimPrefix(line, "odds: error: "))
	}
	var got []string
	for _, p := range v.Problems {
		got = append(got, p.Text)
		if !strings.HasPrefix(p.Text, fmt.Sprintf("%s:%d:%d: %s", p.File, p.Line, p.Col, p.Message)) {
			t.Errorf("problem %+v: its text is not file:line:col: message", p)
		}
	}
	if code != 2 || len(got) < 2 || !reflect.DeepEqual(got, want) {
		t.Errorf("validate: page %q\nCLI (exit %d) %q", got, code, want)
	}
	r = askPage(t, ops, map[string]any{"id": 4, "op": "validate", "name": goodPath, "text": good}, nil)
	if err := json.Unmarshal(r.Result, &v); err != nil || !r.OK || len(v.Problems) != 0 {
		t.Errorf("validate a sound file: %v %v %+v", r.Error, err, v.Problems)
	}
}

// A Monte Carlo run tells its progress: the last report is every trial,
// and no two reports but the last are less than 100 ms apart (at most
// ten a second, whatever the run's speed).
func TestPageEngineProgress(t *testing.T) {
	ops := pageOps(t)
	var done, total []int64
	var at []time.Time
	r := askPage(t, ops, map[string]any{"id": 1, "op": "query", "system": "symbol", "action": "fire", "query": "attacker=mg-team&defender=rifle-squad&range=close&method=mc&trials=8000000&seed=1"},
		func(d, n int64) { done, total, at = append(done, d), append(total, n), append(at, time.Now()) })
	if !r.OK || len(done) == 0 || done[len(done)-1] != 8_000_000 || total[0] != 8_000_000 {
		t.Fatalf("progress: ok=%v, done %v of %v; want the last 8000000 of 8000000", r.OK, done, total)
	}
	t.Logf("%d progress reports over %v", len(at), at[len(at)-1].Sub(at[0]))
	// The engine spaces its reports 100 ms apart by its own clock; the
	// test stamps them when they arrive, a little later and unevenly, so
	// two may land a few milliseconds nearer (99.99 ms was seen): 90 ms
	// is the bound. Twenty a second (50 ms apart) still fails.
	for i := 1; i < len(at)-1; i++ {
		if gap := at[i].Sub(at[i-1]); gap < 90*time.Millisecond {
			t.Errorf("progress reports %d and %d are %v apart: want at most ten a second", i-1, i, gap)
		}
	}
	var rolls []int64
	r = askPage(t, ops, map[string]any{"id": 2, "op": "roll", "query": "expr=3d6&method=mc&trials=300000&seed=1"}, func(d, n int64) { rolls = append(rolls, d, n) })
	if !r.OK || len(rolls) < 2 || rolls[len(rolls)-2] != 300_000 || rolls[len(rolls)-1] != 300_000 {
		t.Errorf("roll progress: ok=%v %v", r.OK, rolls)
	}
}

// describe gives each parameter its sheet section: opposed fire groups
// what the firer adds and what the target adds (sheet 004), and every
// parameter of every opposed action has a section.
func TestPageEngineSections(t *testing.T) {
	r := askPage(t, pageOps(t), map[string]any{"id": 1, "op": "describe"}, nil)
	var cat answer.Catalog
	if err := json.Unmarshal(r.Result, &cat); err != nil || !r.OK {
		t.Fatalf("describe: %v %v", r.Error, err)
	}
	for _, sys := range cat.Systems {
		if sys.Name != "opposed" {
			continue
		}
		for _, a := range sys.Actions {
			got := map[string][]string{}
			for _, p := range a.Params {
				if p.Section == "" {
					t.Errorf("opposed %s --%s has no section", a.Name, p.Name)
				}
				got[p.Section] = append(got[p.Section], p.Name)
			}
			if a.Name == "fire" {
				want := map[string][]string{
					"Firer":  {"hesa", "ap", "target", "within-4", "firer-suppressed", "not-front", "firer-quality"},
					"Target": {"def", "cover", "smoke", "hull-down", "firer-moved", "over-half-range", "target-quality"},
				}
				if !reflect.DeepEqual(got, want) {
					t.Errorf("opposed fire's sections: %v, want %v", got, want)
				}
			}
		}
	}
}

// A panic in the engine (a bug: here, an engine with no registry) fails
// its request with status 500, and the engine answers the next one: the
// page's worker outlives it.
func TestPageEngineSurvivesPanic(t *testing.T) {
	broken := &answer.Ops{}
	r := askPage(t, broken, map[string]any{"id": 5, "op": "query", "system": "opposed", "action": "fire", "query": "hesa=3&def=1"}, nil)
	if r.OK || r.ID != 5 || r.Error == nil || r.Error.Status != 500 || !strings.Contains(r.Error.Message, "internal error") {
		t.Errorf("a panic: %+v %+v, want status 500 with the panic's text", r, r.Error)
	}
	if r := askPage(t, broken, map[string]any{"id": 6, "op": "roll", "query": "expr=2d6"}, nil); !r.OK { // a roll needs no registry
		t.Errorf("after a panic: %+v", r.Error)
	}
}

// The page's engine reads the built-in profiles only when a question
// needs them: an exact fire without cards answers without them, a
// question with a card loads them once.
func TestPageEngineLoadsProfilesLate(t *testing.T) {
	systems := all.Systems()
	loads := 0
	load := sync.OnceValues(func() (*profiles.Registry, error) { loads++; return profiles.New(systems) })
	ops := &answer.Ops{Base: &answer.Engine{Systems: systems, Load: load}, Version: "test"}
	if r := askPage(t, ops, map[string]any{"id": 1, "op": "query", "system": "opposed", "action": "fire", "query": "hesa=3&def=1&seed=1"}, nil); !r.OK || loads != 0 {
		t.Errorf("a question without cards: ok=%v %v, %d loads of the profiles; want none", r.OK, r.Error, loads)
	}
	for i := range 2 {
		if r := askPage(t, ops, map[string]any{"id": 2 + i, "op": "query", "system": "opposed", "action": "fire", "query": "attacker=mg-team&def=1&seed=1"}, nil); !r.OK || loads != 1 {
			t.Errorf("a question with a card: ok=%v %v, %d loads; want 1", r.OK, r.Error, loads)
		}
	}
}

// describe says which actions repeat (until=, most severe first: the
// page's Repeat until offers them) and the bounds of attacks=; an action
// whose sheet does not say how a state carries has no until.
func TestPageEngineUntil(t *testing.T) {
	r := askPage(t, pageOps(t), map[string]any{"id": 1, "op": "describe"}, nil)
	var cat answer.Catalog
	if err := json.Unmarshal(r.Result, &cat); err != nil || !r.OK {
		t.Fatalf("describe: %v %v", r.Error, err)
	}
	until := map[string][]string{}
	for _, sys := range cat.Systems {
		for _, a := range sys.Actions {
			if a.Until != nil {
				until[sys.Name+" "+a.Name] = a.Until
			}
		}
	}
	want := map[string][]string{
		"opposed fire":        {"out-of-action", "suppressed", "fall-back", "no-effect"},
		"opposed tank-hunt":   {"out-of-action", "suppressed", "no-effect", "hunter-fall-back"},
		"symbol fire":         {"eliminated", "immobilized", "fallback", "damaged", "suppressed", "no-effect"},
		"cohesion fire":       {"destroyed", "casualty", "shocked", "disrupted", "concealment-lost", "no-effect"},
		"rof fire":            {"target-team-destroyed", "target-team-killed", "target-team-suppressed", "target-team-ready"},
		"opposed melee":       {"defender-out-of-action", "defender-suppressed", "defender-fall-back", "draw", "attacker-fall-back", "attacker-suppressed", "attacker-out-of-action"},
		"opposed overrun":     {"defender-out-of-action", "defender-suppressed", "defender-fall-back", "draw", "attacker-fall-back", "attacker-suppressed", "attacker-out-of-action"},
		"rof rfc":             {"killed", "suppressed", "ready"},
		"rof assault":         {"first-enemy-team-destroyed", "first-enemy-team-suppressed", "first-enemy-team-unharmed"},
		"symbol close-combat": {"attacker-holds", "both-eliminated", "both-leave", "defender-withdrew", "both-remain", "attacker-withdrew", "defender-holds"},
		"symbol air":          {"eliminated", "immobilized", "fallback", "damaged", "suppressed", "no-effect", "tas-aborted", "tas-destroyed"},
		"symbol barrage":      {"eliminated", "immobilized", "fallback", "damaged", "suppressed", "no-effect", "not-arrived"},
		"cohesion assault":    {"defender-destroyed", "14", "10..13", "6..9", "defender-retreats", "2..5", "-1..1", "..-2", "attacker-retreats"},
	}
	if !reflect.DeepEqual(until, want) {
		t.Errorf("describe's until: %v, want %v", until, want)
	}
	i := slices.IndexFunc(cat.Runs, func(p answer.ParamDoc) bool { return p.Name == "attacks" })
	if i < 0 || cat.Runs[i].Min != 1 || cat.Runs[i].Max != query.MaxAttacks || cat.Runs[i].Default != float64(query.DefaultAttacks) {
		t.Errorf("describe's run settings: %+v, want attacks 1..%d, default %d", cat.Runs, query.MaxAttacks, query.DefaultAttacks)
	}
}
