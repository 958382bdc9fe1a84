// The page's first script, read before its modules: it starts the engine's
// worker (which asks for the engine at once) and asks for the catalog, so
// that neither waits for the page's modules to arrive. engine.js adopts
// the worker; app.js reads the catalog.
"use strict";
self.oddsBoot = {
  worker: typeof Worker === "function" ? new Worker("worker.js") : null,
  catalog: fetch("catalog.json").then((r) => (r.ok ? r.json() : null)).catch(() => null),
};
