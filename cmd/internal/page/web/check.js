// The engine's check page (index.html): the page-ui's app.js replaces it.
"use strict";
if ("serviceWorker" in navigator) navigator.serviceWorker.register("sw.js");
// The engine starts on the first question (a link with #/...), not
// before: the browser test times its own worker's first answer.
let worker;
let next = 1;
const waiting = new Map();
function start() {
  worker = new Worker("worker.js");
  worker.onmessage = (ev) => {
    const m = ev.data;
    if (m.progress) { document.getElementById("status").textContent = `${m.progress.done} of ${m.progress.total} trials`; return; }
    const w = waiting.get(m.id);
    waiting.delete(m.id);
    if (w) w(m);
  };
}
function ask(req) {
  if (!worker) start();
  return new Promise((resolve) => { const id = next++; waiting.set(id, resolve); worker.postMessage({ ...req, id }); });
}
async function show() {
  const [path, query = ""] = document.getElementById("q").value.replace(/^#?\/?/, "").split("?");
  const [system, action] = path.split("/");
  const req = system === "roll" ? { op: "roll", query } : { op: "query", system, action, query };
  const m = await ask(req);
  document.getElementById("status").textContent = m.ok ? "answered" : m.error.message;
  document.getElementById("answer").textContent = m.ok ? JSON.stringify(m.result, null, 2) : "";
}
document.getElementById("ask").addEventListener("submit", (ev) => { ev.preventDefault(); location.hash = "#/" + document.getElementById("q").value; });
window.addEventListener("hashchange", () => { document.getElementById("q").value = location.hash.slice(2); show(); });
if (location.hash.startsWith("#/")) {
  document.getElementById("q").value = location.hash.slice(2);
  show();
} else {
  document.getElementById("status").textContent = "ask a question: SYSTEM/ACTION?QUERY, or roll?expr=…";
}
