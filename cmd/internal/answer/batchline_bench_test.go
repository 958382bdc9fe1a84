//go:build !(js && wasm)

package answer

import (
	"context"
	"testing"

	"odds/profiles"
	"odds/resolve/all"
)

// batchLineQuestion is BenchmarkServeExact's question as a line of odds
// batch: the same answer, read from JSON rather than a URL.
const batchLineQuestion = `["opposed","fire","--hesa","3","--def","1","--method","exact","--seed","1"]`

// BenchmarkBatchLine answers one line of odds batch (answerLine: parse,
// run, render, compact), in process, as a batch worker does. Goal, with
// BenchmarkServeExact's: under 8 KB a line (issue 36).
func BenchmarkBatchLine(b *testing.B) {
	systems := all.Systems()
	reg, err := profiles.New(systems)
	if err != nil {
		b.Fatal(err)
	}
	e := &Engine{Systems: systems, Reg: reg, MaxTrials: 100_000_000}
	ctx := context.Background()
	line := []byte(batchLineQuestion)
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := answerLine(ctx, e, line); err != nil {
			b.Fatal(err)
		}
	}
}
