package serve

import (
	"io"
	"net/http/httptest"
	"strconv"
	"testing"

	"odds/profiles"
	"odds/resolve/all"
)

// BenchmarkServeFresh is BenchmarkServeExact (cmd/odds) with a question
// the server was never asked: each request's seed is new (an exact
// answer's figures do not depend on it), so nothing of it is kept from
// before; its question is read, settled and compiled, as every question
// was before the engine kept them.
func BenchmarkServeFresh(b *testing.B) {
	reg, err := profiles.New(all.Systems())
	if err != nil {
		b.Fatal(err)
	}
	s := New(all.Systems(), reg, DefaultMaxTrials, io.Discard, io.Discard)
	b.ReportAllocs()
	seed := 0
	for b.Loop() {
		seed++
		req := httptest.NewRequest("GET", "/api/v1/opposed/fire?hesa=3&def=1&method=exact&seed="+strconv.Itoa(seed), nil)
		w := httptest.NewRecorder()
		s.ServeHTTP(w, req)
		if w.Code != 200 {
			b.Fatal(w.Body.String())
		}
	}
}
