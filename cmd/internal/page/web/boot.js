// The page's first script, read before its stylesheet and its modules: it
// starts the engine's worker and asks for the engine and the catalog
// (index.html preloads both, so their requests leave with the page's
// first bytes), so that none of them waits for the page's modules to
// arrive. The engine's response is handed to the worker as it streams
// in; engine.js adopts the worker; app.js reads the catalog.
"use strict";
// gunzipJSON reads a response of gzip-compressed JSON, as every host sends
// catalog.json.gz; a host that sends it with Content-Encoding: gzip has
// the browser decompress it already, so the first bytes tell which.
self.oddsGunzipJSON = async (resp) => {
  if (!resp.ok) return null;
  let bytes = new Uint8Array(await resp.arrayBuffer());
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    bytes = new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
  }
  return JSON.parse(new TextDecoder().decode(bytes));
};
self.oddsBoot = {
  // A worker named "boot" waits for its engine from here (worker.js);
  // any other fetches its own.
  worker: typeof Worker === "function" ? new Worker("worker.js", { name: "boot" }) : null,
  catalog: fetch("catalog.json.gz").then(self.oddsGunzipJSON).catch(() => null),
};
if (self.oddsBoot.worker && navigator.serviceWorker?.controller) {
  // A later visit: the service worker holds the engine uncompressed
  // (sw.js); the worker fetches it there.
  // index.html's preload of odds.wasm.gz is taken and dropped.
  self.oddsBoot.worker.postMessage({ op: "engine", url: "odds.wasm" });
  fetch("odds.wasm.gz").then((r) => r.body?.cancel(), () => {});
} else if (self.oddsBoot.worker) {
  const w = self.oddsBoot.worker;
  fetch("odds.wasm.gz").then((r) => {
    const head = { op: "engine", ok: r.ok, status: r.status, statusText: r.statusText };
    try {
      w.postMessage({ ...head, body: r.body }, [r.body]); // a stream, as it arrives
    } catch { // a browser that cannot hand a stream on: the bytes, once all here
      r.arrayBuffer().then((b) => w.postMessage({ ...head, body: b }, [b]), (e) => w.postMessage({ op: "engine", error: e.message }));
    }
  }, (e) => w.postMessage({ op: "engine", error: e.message }));
}
