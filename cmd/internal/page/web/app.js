// odds at the table: the page's start, its routes and its home. Routes
// are the link's hash: #/SYSTEM/ACTION?QUERY (the JSON API's query),
// #/roll?expr=…, #/cards; a link works on any static host. The engine
// runs in a worker (engine.js); nothing here knows a rule system.
import { Engine } from "./engine.js";
import { el, words } from "./fmt.js";
import { actionPage } from "./ask.js";
import { rollPage } from "./roll.js";
import { cardsPage } from "./cards.js";
import { recent } from "./share.js";
import { files, unitsOf } from "./store.js";

const app = {
  main: document.getElementById("main"),
  engine: new Engine("worker.js"),
  catalog: null,
  // cards: the built-in cards of a system and the user's own.
  cards(system) {
    const builtin = (app.catalog.cards?.[system] || []).map((c) => (typeof c === "string" ? { name: c } : c));
    const user = files().filter((f) => f.problems === 0).flatMap((f) => unitsOf(f.text)).filter((u) => u.system === system);
    return { builtin, user };
  },
  cardsChanged() {},
};

function home() {
  document.title = "odds at the table";
  const systems = app.catalog.systems.map((s) => el("section", { class: "system", "aria-labelledby": "sys-" + s.name },
    el("h2", { id: "sys-" + s.name }, words(s.name), el("small", {}, " ", s.short || "")),
    el("ul", { class: "actions" }, s.actions.map((a) => el("li", {}, el("a", { href: "#/" + s.name + "/" + a.name, class: "action-link" }, el("strong", {}, words(a.name)), el("span", {}, a.short || "")))))));
  app.main.replaceChildren(...[
    el("h1", { class: "visually-hidden" }, "odds"),
    el("p", { class: "lead intro" }, "Pick what you are about to roll: the odds change as you tap the modifiers. Everything runs on this device and works offline after this visit; add the page to your home screen to keep it at hand."),
    recent(),
    el("section", { class: "system", "aria-labelledby": "sys-roll" }, el("h2", { id: "sys-roll" }, "dice"),
      el("ul", { class: "actions" }, el("li", {}, el("a", { href: "#/roll?expr=4d6kh3", class: "action-link" }, el("strong", {}, "roll"), el("span", {}, "any dice: 6d6>=4, 4d6kh3, d10+3 vs d10+1"))))),
    ...systems,
    el("p", { class: "lead" }, el("a", { href: "#/cards" }, "Your cards and dice"), ": make, import and export unit cards and dice; they stay in this browser."),
  ].filter(Boolean));
}

function route() {
  const h = location.hash.replace(/^#\/?/, "");
  const [path, qs = ""] = h.split("?");
  const parts = path.split("/").filter(Boolean).map(decodeURIComponent);
  for (const a of document.querySelectorAll("header nav a")) a.toggleAttribute("aria-current", a.getAttribute("href") === "#/" + (parts[0] || ""));
  if (!parts.length) return home();
  if (parts[0] === "roll") return rollPage(app, qs);
  if (parts[0] === "cards") return cardsPage(app, qs);
  const sys = app.catalog.systems.find((s) => s.name === parts[0]);
  const act = sys && (parts[1] ? sys.actions.find((a) => a.name === parts[1]) : sys.actions[0]);
  if (!act) {
    home();
    app.main.prepend(el("p", { class: "problem", role: "alert" }, "No page " + location.hash + ": pick a system below."));
    return;
  }
  actionPage(app, sys, act, qs);
}

async function start() {
  app.main.replaceChildren(el("p", { class: "loading", id: "loading" }, "Loading the engine…"));
  try {
    // The built-ins' catalog, asked for by boot.js; the engine's describe
    // where it could not be read.
    app.catalog = (await globalThis.oddsBoot?.catalog) || (await app.engine.call({ op: "describe" }));
  } catch (err) {
    app.main.replaceChildren(el("p", { class: "problem", role: "alert" }, "The engine did not start: " + err.message));
    return;
  }
  document.getElementById("version").textContent = app.catalog.version || "";
  window.addEventListener("hashchange", () => {
    route();
    window.scrollTo(0, 0);
    if (!document.activeElement || document.activeElement === document.body || !app.main.contains(document.activeElement)) app.main.focus({ preventScroll: true });
  });
  route();
}

// The service worker keeps the page for offline use. It is registered
// once the engine runs: its install then finds the engine in the HTTP
// cache (revalidated, not sent again), so a first visit fetches the
// engine once, and it takes no bandwidth from the first answer.
if ("serviceWorker" in navigator && location.protocol !== "file:") {
  app.engine.ready.then(() => navigator.serviceWorker.register("sw.js")).catch(() => {});
}
start();
