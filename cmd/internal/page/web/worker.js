// The page's engine: odds's query pipeline compiled to WebAssembly
// (odds.wasm.gz: built from cmd/odds-wasm and compressed), answering the
// page's messages. It tells the page {ready: true, timing} once the
// engine runs (timing: when it asked for the engine, had its answer's
// headers, had it compiled and running, in ms of the worker's clock,
// whose origin is timing.origin; timing.from: where the engine came
// from), and {handled: {op, got, done}} once it has answered its first
// question (when it got it and answered it, on the same clock).
// Every request carries a numeric id and every reply echoes it:
//   {id, op: "describe"}                                  -> {id, ok, result: CATALOG}
//   {id, op: "query", system, action, query, profiles}    -> {id, progress: {done, total}}*, {id, ok, result: REPORT}
//   {id, op: "roll", query}                               -> the same shapes
//   {id, op: "variant", system, action, query, profiles}  -> {id, ok, result: {values: {NAME: TEXT}, cards: {ROLE: CARD}}}
//   {id, op: "validate", name, text, profiles}            -> {id, ok, result: {problems: [...]}}
// A failure is {id, ok: false, error: {message, flag, hint, status}}.
// Go's WebAssembly is single-threaded: a request runs to its end before
// the next is read; to cancel, the page terminates this worker and
// starts another.
"use strict";
// The engine is asked for first, while Go's loader is read: on a slow
// network the engine's bytes are most of the wait. The page's first
// worker (named "boot") is told by boot.js where its engine is: handed
// to it as boot.js's response arrives, {op: "engine", ok, status,
// statusText, body: a ReadableStream or an ArrayBuffer} or {op:
// "engine", error}; or at a URL of the service worker's cache, {op:
// "engine", url} (odds.wasm.gz where that fails).
const timing = { origin: performance.timeOrigin, start: performance.now() };
const own = () => fetch("odds.wasm.gz");
let handed;
const fetched = self.name === "boot"
  ? new Promise((resolve, reject) => {
    handed = (m) => {
      if (m.url) resolve(fetch(m.url).then((r) => (r.ok ? r : own()), own));
      else if (m.error) reject(new Error(m.error));
      else resolve(new Response(m.body, m));
    };
  })
  : own();
importScripts("wasm_exec.js");
// The page reads the catalog itself (boot.js); the worker asks for it
// only if the page asks it to describe.
let catalog = null;
const builtins = () => (catalog ??= fetch("catalog.json.gz").then(async (r) => {
  if (!r.ok) return null;
  let bytes = new Uint8Array(await r.arrayBuffer());
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) { // gzip as sent (see wasm() below)
    bytes = new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
  }
  return JSON.parse(new TextDecoder().decode(bytes));
}).catch(() => null));

const started = new Promise((resolve) => { self.oddsReady = resolve; });

// wasm is the engine as a WebAssembly response. Every host sends
// odds.wasm.gz as it is, and it is decompressed here as it arrives; a
// host that sends it with Content-Encoding: gzip has the browser do that
// already, so the first bytes tell which it is (gzip's 1f 8b, or
// WebAssembly's 00 61 73 6d).
async function wasm() {
  const resp = await fetched;
  timing.response = performance.now();
  timing.from = resp.url.replace(/.*\//, "") || "boot.js";
  if (!resp.ok) throw new Error("odds.wasm.gz: " + resp.status + " " + resp.statusText);
  // Already WebAssembly (the service worker's odds.wasm): compiled as it
  // streams, with no decompression on the way.
  if (resp.url.endsWith("/odds.wasm")) return resp;
  const reader = resp.body.getReader();
  let head = new Uint8Array(0);
  while (head.length < 2) {
    const { done, value } = await reader.read();
    if (done) break;
    const both = new Uint8Array(head.length + value.length);
    both.set(head);
    both.set(value, head.length);
    head = both;
  }
  let body = new ReadableStream({
    start(c) { c.enqueue(head); },
    async pull(c) {
      const { done, value } = await reader.read();
      if (done) c.close();
      else c.enqueue(value);
    },
    cancel(why) { return reader.cancel(why); },
  });
  if (head[0] === 0x1f && head[1] === 0x8b) body = body.pipeThrough(new DecompressionStream("gzip"));
  return new Response(body, { headers: { "Content-Type": "application/wasm" } });
}

async function start() {
  const go = new Go();
  const resp = await wasm();
  const inst = WebAssembly.instantiateStreaming
    ? await WebAssembly.instantiateStreaming(resp, go.importObject)
    : await WebAssembly.instantiate(await resp.arrayBuffer(), go.importObject);
  timing.compiled = performance.now();
  go.run(inst.instance); // runs main, which calls oddsReady and then waits for requests
  await started;
  timing.ready = performance.now();
  self.postMessage({ ready: true, timing });
}

const engine = start();
// describe without the page's own cards is the catalog of the built-ins
// (catalog, above): it needs no engine.

let handled = false;
self.onmessage = async (ev) => {
  const msg = ev.data || {};
  if (msg.op === "engine") return handed?.(msg);
  const id = typeof msg.id === "number" ? msg.id : 0;
  if (msg.op === "describe" && !(msg.profiles && msg.profiles.length)) {
    const result = await builtins();
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
  const t0 = performance.now();
  try {
    reply = JSON.parse(self.oddsHandle(JSON.stringify({ ...msg, id }), progress));
    // How long the engine took over the first question, for whoever
    // measures the page (engine.js marks it).
    if (!handled) {
      handled = true;
      self.postMessage({ handled: { op: msg.op, got: t0, done: performance.now() } });
    }
  } catch (e) { // the Go program has exited: the page starts a new worker
    reply = { id, ok: false, error: { message: "the engine stopped: " + e.message, status: 500 } };
  }
  self.postMessage(reply);
};
