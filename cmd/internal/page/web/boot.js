// The page's first script, read before its modules: it starts the engine's
// worker (which asks for the engine at once) and asks for the catalog, so
// that neither waits for the page's modules to arrive. engine.js adopts
// the worker; app.js reads the catalog.
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
  worker: typeof Worker === "function" ? new Worker("worker.js") : null,
  catalog: fetch("catalog.json.gz").then(self.oddsGunzipJSON).catch(() => null),
};
