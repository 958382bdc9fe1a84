// The page's service worker: every file of the page is cached when it
// installs (CACHE and FILES, above, are written by odds from the files
// it serves: the cache's name changes with any file, so a new odds
// replaces the old cache), and answered from the cache first, so that
// the page loads and answers with the network off.
"use strict";

// One cache per copy of the page: two odds pages on one host (at
// different paths) keep their own.
const SCOPE = self.registration.scope;
const NAME = CACHE + " " + SCOPE;

self.addEventListener("install", (ev) => {
  // cache: "no-cache" asks the host whether each file the browser holds
  // is still current: a host that lets files be cached for a while must
  // not put an older file in the new cache, and a file the page has just
  // fetched (the engine, above all) is not sent again.
  ev.waitUntil(caches.open(NAME)
    .then((c) => c.addAll(FILES.map((f) => new Request(f, { cache: "no-cache" }))).then(() => unpacked(c)))
    .then(() => self.skipWaiting()));
});

// unpacked keeps the engine uncompressed too, as odds.wasm, sent as
// application/wasm: the page's later visits compile it as it streams
// from this cache, with nothing to decompress first, and the browser
// may keep compiled code beside it (its own choice). A host that sent
// odds.wasm.gz with Content-Encoding: gzip has had the browser
// decompress it already: the first bytes tell which.
async function unpacked(c) {
  const gz = await c.match("odds.wasm.gz");
  if (!gz) return;
  let bytes = new Uint8Array(await gz.arrayBuffer());
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    bytes = await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
  }
  await c.put("odds.wasm", new Response(bytes, { headers: { "Content-Type": "application/wasm" } }));
}

self.addEventListener("activate", (ev) => {
  ev.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith("odds-") && k.endsWith(" " + SCOPE) && k !== NAME).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (ev) => {
  const req = ev.request;
  const url = new URL(req.url);
  if (req.method !== "GET" || url.origin !== self.location.origin) return;
  // A page link (#/opposed/fire?...) loads index.html: the fragment never
  // reaches here. The JSON API is not cached: it is not the page's.
  if (url.pathname.includes("/api/")) return;
  ev.respondWith(caches.match(req, { ignoreSearch: true, cacheName: NAME }).then(async (hit) => {
    if (hit) return hit;
    const resp = await fetch(req);
    if (resp.ok && resp.type === "basic") {
      const copy = resp.clone();
      caches.open(NAME).then((c) => c.put(req, copy));
    }
    return resp;
  }));
});
