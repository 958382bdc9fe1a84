// The page's service worker: every file of the page is cached when it
// installs (CACHE and FILES, above, are written by odds from the files
// it serves: the cache's name changes with any file, so a new odds
// replaces the old cache), and answered from the cache first, so that
// the page loads and answers with the network off.
"use strict";

self.addEventListener("install", (ev) => {
  ev.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (ev) => {
  ev.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith("odds-") && k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (ev) => {
  const req = ev.request;
  if (req.method !== "GET" || new URL(req.url).origin !== self.location.origin) return;
  // A page link (#/opposed/fire?...) loads index.html: the fragment never
  // reaches here. The JSON API is not cached: it is not the page's.
  if (new URL(req.url).pathname.includes("/api/")) return;
  ev.respondWith(caches.open(CACHE).then(async (c) => {
    const hit = await c.match(req, { ignoreSearch: true });
    if (hit) return hit;
    const resp = await fetch(req);
    if (resp.ok && resp.type === "basic") c.put(req, resp.clone());
    return resp;
  }));
});
