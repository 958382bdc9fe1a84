//go:build !(js && wasm)

package answer

import (
	"bytes"
	"context"
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
