// Under the race detector sync.Pool drops a share of what it is given,
// on purpose, and allocations are not what a batch sees.
//go:build !race && !(js && wasm)

package answer

import (
	"context"
	"runtime"
	"testing"

	"odds/profiles"
	"odds/resolve/all"
)

// TestBatchLineAllocates: one exact line of odds batch allocates at most
// 12 KB, measured as TestServeExactAllocates measures a request (one
// thread, 200 lines): 11.1 KB with the query, sim and serve changes of
// issue 36, 17.1 KB before. Issue 36's goal is under 8 KB; what is left
// is the line's own path (its JSON decoded into words, the words into a
// document, the document into URL values, the answer rendered into a
// new buffer and compacted into another); the bound keeps what was won.
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
	if per := (after.TotalAlloc - before.TotalAlloc) / n; per > 12<<10 {
		t.Errorf("an exact batch line allocates %d bytes, want at most %d", per, 12<<10)
	} else {
		t.Logf("an exact batch line allocates %d bytes", per)
	}
}
