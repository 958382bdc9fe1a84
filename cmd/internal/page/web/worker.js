// The page's engine: odds's query pipeline compiled to WebAssembly
// (odds.wasm, built from cmd/odds-wasm), answering the page's messages.
// Every request carries a numeric id and every reply echoes it:
//   {id, op: "describe"}                                  -> {id, ok, result: CATALOG}
//   {id, op: "query", system, action, query, profiles}    -> {id, progress: {done, total}}*, {id, ok, result: REPORT}
//   {id, op: "roll", query}                               -> the same shapes
//   {id, op: "validate", name, text, profiles}            -> {id, ok, result: {problems: [...]}}
// A failure is {id, ok: false, error: {message, flag, hint, status}}.
// Go's WebAssembly is single-threaded: a request runs to its end before
// the next is read; to cancel, the page terminates this worker and
// starts another.
"use strict";
importScripts("wasm_exec.js");

const started = new Promise((resolve) => { self.oddsReady = resolve; });

async function start() {
  const go = new Go();
  const resp = await fetch("odds.wasm");
  if (!resp.ok) throw new Error("odds.wasm: " + resp.status + " " + resp.statusText);
  let inst;
  if (WebAssembly.instantiateStreaming && (resp.headers.get("Content-Type") || "").startsWith("application/wasm")) {
    inst = await WebAssembly.instantiateStreaming(resp, go.importObject);
  } else {
    inst = await WebAssembly.instantiate(await resp.arrayBuffer(), go.importObject);
  }
  go.run(inst.instance); // runs main, which calls oddsReady and then waits for requests
  await started;
}

const engine = start();
// The catalog of the built-ins (what describe answers without the page's
// own cards), fetched while the engine starts: describe needs no engine.
const catalog = fetch("catalog.json").then((r) => (r.ok ? r.json() : null)).catch(() => null);

self.onmessage = async (ev) => {
  const msg = ev.data || {};
  const id = typeof msg.id === "number" ? msg.id : 0;
  if (msg.op === "describe" && !(msg.profiles && msg.profiles.length)) {
    const result = await catalog;
    if (result) {
      self.postMessage({ id, ok: true, result });
      return;
    }
  }
  try {
    await engine;
  } catch (e) {
    self.postMessage({ id, ok: false, error: { message: "the engine did not start: " + e.message, status: 500 } });
    return;
  }
  const progress = (done, total) => self.postMessage({ id, progress: { done, total } });
  let reply;
  try {
    reply = JSON.parse(self.oddsHandle(JSON.stringify({ ...msg, id }), progress));
  } catch (e) { // the Go program has exited: the page starts a new worker
    reply = { id, ok: false, error: { message: "the engine stopped: " + e.message, status: 500 } };
  }
  self.postMessage(reply);
};
