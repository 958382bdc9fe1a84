//go:build js && wasm

// Command odds-wasm is the page's engine: odds's query pipeline compiled
// to WebAssembly, run in the page's Web Worker (worker.js). It sets
// globalThis.oddsHandle(request, progress) -> reply, where request and
// reply are the JSON messages of cmd/internal/answer.Ops (the page
// contract), and progress(done, total) is called at most ten times a
// second during a Monte Carlo run; then it calls globalThis.oddsReady()
// and waits for requests. Built by go generate in cmd/internal/page.
package main

import (
	"context"
	"runtime"
	"sync"
	"syscall/js"

	"odds/cmd/internal/answer"
	"odds/profiles"
	"odds/resolve/all"
)

func main() {
	systems := all.Systems()
	// The built-in profiles are parsed when a question first needs them
	// (a card, a system's dice): the first answer of a question without
	// cards does not wait for them.
	load := sync.OnceValues(func() (*profiles.Registry, error) { return profiles.New(systems) })
	ops := &answer.Ops{Base: &answer.Engine{Systems: systems, Load: load}, Version: answer.PageVersion(runtime.Version())}
	handle := js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) < 1 || args[0].Type() != js.TypeString {
			return `{"id":0,"ok":false,"error":{"message":"oddsHandle: want a JSON request","status":400}}`
		}
		var progress answer.Progress
		if len(args) > 1 && args[1].Type() == js.TypeFunction {
			tell := args[1]
			progress = func(done, total int64) { tell.Invoke(float64(done), float64(total)) }
		}
		return string(ops.Handle(context.Background(), []byte(args[0].String()), progress))
	})
	js.Global().Set("oddsHandle", handle)
	js.Global().Call("oddsReady")
	select {}
}
