//go:build !(js && wasm)

package answer

import (
	"bytes"
	"context"
	"fmt"
	"testing"

	"odds/profiles"
	"odds/resolve/all"
)

// pageRequest is BenchmarkServeExact's question as the page's engine is
// asked it (worker.js's query op).
const pageRequest = `{"id":1,"op":"query","system":"opposed","action":"fire","query":"hesa=3&def=1&method=exact&seed=1"}`

// BenchmarkPageExact answers the page's exact question (Ops.Handle:
// the request decoded, the question read, run and rendered, the reply
// encoded) natively, in process: the page's engine runs this same path
// compiled to WebAssembly, about 30x slower per answer (issue 36), so
// this is its proxy. Goal: the page's exact question under 0.2 ms.
func BenchmarkPageExact(b *testing.B) {
	systems := all.Systems()
	reg, err := profiles.New(systems)
	if err != nil {
		b.Fatal(err)
	}
	ops := &Ops{Base: &Engine{Systems: systems, Reg: reg}, Version: "bench"}
	ctx := context.Background()
	req := []byte(pageRequest)
	b.ReportAllocs()
	for b.Loop() {
		if reply := ops.Handle(ctx, req, nil); !bytes.HasPrefix(reply, []byte(`{"id":1,"ok":true,`)) {
			b.Fatalf("%.300s", reply)
		}
	}
}

// BenchmarkPageFresh is BenchmarkPageExact with a question the engine
// was never asked (a new seed each time: an exact answer's figures do
// not depend on it), so nothing of it is kept from before.
func BenchmarkPageFresh(b *testing.B) {
	systems := all.Systems()
	reg, err := profiles.New(systems)
	if err != nil {
		b.Fatal(err)
	}
	ops := &Ops{Base: &Engine{Systems: systems, Reg: reg}, Version: "bench"}
	ctx := context.Background()
	b.ReportAllocs()
	seed := 0
	for b.Loop() {
		seed++
		req := fmt.Appendf(nil, `{"id":1,"op":"query","system":"opposed","action":"fire","query":"hesa=3&def=1&method=exact&seed=%d"}`, seed)
		if reply := ops.Handle(ctx, req, nil); !bytes.HasPrefix(reply, []byte(`{"id":1,"ok":true,`)) {
			b.Fatalf("%.300s", reply)
		}
	}
}
