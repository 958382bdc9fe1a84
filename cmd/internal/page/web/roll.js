// roll: the dice language with its own field. The answer is its values,
// each exactly, at least or at most, with the previous answer as ghosts.
import { el } from "./fmt.js";
import { how, outcomes, took, viewSwitch } from "./views.js";
import { RUN, runSettings } from "./ask.js";
import { shareBox } from "./share.js";
import { remember } from "./store.js";
import { latest } from "./engine.js";

const EXAMPLES = ["4d6kh3", "6d6>=4", "2d6+d4-1", "d10+3 vs d10+1", "3d6!", "(2d6+1)>=8"];

export function rollPage(app, qs) {
  const q = new URLSearchParams(qs);
  const st = { run: new Map(), view: q.get("view") || "eq" };
  for (const k of RUN) if (q.get(k)) st.run.set(k, q.get(k));
  const expr = el("input", { type: "text", id: "expr", name: "expr", value: q.get("expr") || "", autocomplete: "off", autocapitalize: "off", spellcheck: "false", inputmode: "text", placeholder: "e.g. 4d6kh3", "aria-describedby": "expr-help" });
  const status = el("div", { class: "status", id: "status" });
  const body = el("div", { class: "answer-body", id: "answer-body" });
  const answer = el("section", { id: "answer", class: "answer", "aria-live": "polite", "aria-labelledby": "answer-h" }, el("div", { class: "answer-head" }, el("h1", { id: "answer-h" }, "Roll"), status), body);
  const chips = el("div", { class: "chips", "aria-label": "Examples" }, EXAMPLES.map((x) => el("button", { type: "button", class: "chip", onclick: () => ((expr.value = x), ask()) }, x)));
  const runBox = runSettings(st, () => ask());
  app.main.replaceChildren(
    el("form", { class: "question roll", onsubmit: (e) => (e.preventDefault(), ask()) },
      el("div", { class: "field" }, el("label", { for: "expr", class: "lab" }, "Dice expression"), expr,
        el("small", { class: "hint", id: "expr-help" }, "6d6>=4 counts 4+; 4d6kh3 keeps the highest 3; 3d6! explodes; d10+3 vs d10+1 is the difference")),
      chips),
    answer, runBox);
  document.title = "odds: roll";
  const question = latest(app.engine, busy);
  let timer = 0, prev = null, last = null, rep = null, lastExpr = null;
  expr.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(ask, 250);
  });

  function query() {
    const p = new URLSearchParams({ expr: expr.value.trim() });
    for (const [k, v] of st.run) if (v) p.set(k, v);
    return p.toString();
  }

  function ask() {
    const qs = query();
    if (!expr.value.trim()) {
      body.replaceChildren(el("p", { class: "hint" }, "Type dice, or pick an example."));
      return;
    }
    history.replaceState(null, "", "#/roll?" + qs + (st.view !== "eq" ? "&view=" + st.view : ""));
    if (qs === last) return;
    last = qs;
    question({ op: "roll", query: qs }).then((r) => {
      status.replaceChildren();
      if (lastExpr !== null && lastExpr !== expr.value.trim() && rep) prev = rep.results[0];
      lastExpr = expr.value.trim();
      rep = r;
      draw();
    }, (err) => {
      status.replaceChildren(err.cancelled ? "Cancelled." : "");
      if (err.cancelled) {
        last = null;
        return;
      }
      body.replaceChildren(el("div", { class: "problem", role: "alert", id: "error" }, el("p", {}, err.message), err.hint ? el("p", { class: "hint" }, err.hint) : null));
    });
  }

  function busy(pr) {
    let cancel = status.querySelector("#cancel");
    if (!cancel) {
      cancel = el("button", { type: "button", class: "small", id: "cancel", onclick: () => app.engine.cancel() }, "Cancel");
      status.replaceChildren(el("span", {}, "computing…"), cancel);
    }
    if (!pr || !(pr.total > 0)) return;
    let bar = status.querySelector("#progress");
    if (!bar) {
      bar = el("progress", { id: "progress", "aria-label": "Monte Carlo trials done" });
      status.replaceChildren(bar, cancel);
    }
    bar.max = pr.total;
    bar.value = pr.done;
  }

  function draw() {
    const r = rep.results[0];
    answer.querySelector("h1").textContent = "Roll " + (r.params?.expr ?? expr.value.trim());
    const seed = r.exact ? undefined : r.seed;
    const hash = "#/roll?" + query() + (seed && !st.run.get("seed") ? "&seed=" + seed : "") + (st.view !== "eq" ? "&view=" + st.view : "");
    history.replaceState(null, "", hash);
    body.replaceChildren(
      prev ? el("p", { class: "changed" }, "Outlines: ", el("code", {}, prev.params?.expr ?? ""), "") : "",
      viewSwitch(st.view, (v) => ((st.view = v), draw())),
      outcomes(r, prev, st.view),
      shareBox(hash, "roll " + expr.value.trim(), how(r), took(r.elapsed_ms)));
    remember({ hash, title: "roll " + expr.value.trim(), summary: "" });
  }

  ask();
  expr.focus({ preventScroll: true });
}
