// Under the race detector sync.Pool drops a share of what it is given,
// on purpose, and allocations are not what a batch sees.
//go:build !race && !(js && wasm)

package answer

import (
	"bytes"
	"context"
	"runtime"
	"testing"

	"odds/profiles"
	"odds/resolve/all"
)

// TestBatchLineAllocates: one exact line of odds batch allocates under
// 8 KB (issue 36's goal) and at most 52 allocations, measured as
// TestServeExactAllocates measures a request (one thread, 200 lines):
// 6.4 KB and 49 with the answer written compact rather than indented and
// compacted, and the question, its plans and exact results kept between
// lines; 11.1 KB with the
// query, sim and serve changes of issue 36, 17.1 KB before. What is left
// is mostly the line's own decoding (its JSON decoded into words, the
// words into a document) and the answer's result.
func TestBatchLineAllocates(t *testing.T) {
	systems := all.Systems()
	reg, err := profiles.New(systems)
	if err != nil {
		t.Fatal(err)
	}
	e := &Engine{Systems: systems, Reg: reg, MaxTrials: 100_000_000}
	ctx := context.Background()
	line := []byte(batchLineQuestion)
	ask := func() {
		if _, _, err := answerLine(ctx, e, line); err != nil {
			t.Fatal(err)
		}
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	ask() // warm up
	const n = 200
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range n {
		ask()
	}
	runtime.ReadMemStats(&after)
	if per := (after.TotalAlloc - before.TotalAlloc) / n; per >= 8<<10 {
		t.Errorf("an exact batch line allocates %d bytes, want under %d", per, 8<<10)
	} else {
		t.Logf("an exact batch line allocates %d bytes", per)
	}
	allocs := testing.AllocsPerRun(n, ask)
	t.Logf("%v allocations", allocs)
	if allocs > 52 {
		t.Errorf("an exact batch line makes %v allocations, want at most 52", allocs)
	}
}

// TestPageExactAllocates: the page engine's exact question (Ops.Handle,
// BenchmarkPageExact's) allocates under 4.5 KB and at most 36
// allocations, measured natively as TestBatchLineAllocates measures a
// line: 3.9 KB and 32 with its reply written around the compact answer
// and the question (its plans, its exact results) kept and found from
// its query string; 7.5 KB and 70 when the
// reply re-encoded an indented document and every question was read and
// compiled anew.
func TestPageExactAllocates(t *testing.T) {
	systems := all.Systems()
	reg, err := profiles.New(systems)
	if err != nil {
		t.Fatal(err)
	}
	ops := &Ops{Base: &Engine{Systems: systems, Reg: reg}, Version: "test"}
	ctx := context.Background()
	req := []byte(pageRequest)
	ask := func() {
		if reply := ops.Handle(ctx, req, nil); !bytes.HasPrefix(reply, []byte(`{"id":1,"ok":true,`)) {
			t.Fatalf("%.300s", reply)
		}
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	ask() // warm up
	const n = 200
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range n {
		ask()
	}
	runtime.ReadMemStats(&after)
	if per := (after.TotalAlloc - before.TotalAlloc) / n; per >= 4608 {
		t.Errorf("the page's exact question allocates %d bytes, want under %d", per, 4608)
	} else {
		t.Logf("the page's exact question allocates %d bytes", per)
	}
	allocs := testing.AllocsPerRun(n, ask)
	t.Logf("%v allocations", allocs)
	if allocs > 36 {
		t.Errorf("the page's exact question makes %v allocations, want at most 36", allocs)
	}
}
