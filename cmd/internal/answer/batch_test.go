//go:build !(js && wasm)

package answer

import (
	"io"
	"runtime"
	"testing"
)

// readLines reads a line far longer than MaxBatchLine through, calling
// back once with it marked too long, and never holds it: 100 MiB
// without a newline allocate well under 16 MiB.
func TestReadLinesLong(t *testing.T) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	var calls []bool
	err := readLines(io.LimitReader(repeatReader('x'), 100<<20), MaxBatchLine, func(n int, text []byte, tooLong bool) bool {
		calls = append(calls, tooLong && text == nil && n == 1)
		return true
	})
	runtime.ReadMemStats(&after)
	if err != nil || len(calls) != 1 || !calls[0] {
		t.Errorf("100 MiB line: err %v, calls %v; want one call, too long", err, calls)
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 16<<20 {
		t.Errorf("reading a 100 MiB line allocated %d MiB", grew>>20)
	}
}

// repeatReader reads as its byte, for ever.
type repeatReader byte

func (r repeatReader) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(r)
	}
	return len(p), nil
}
