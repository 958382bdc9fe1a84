// The action page: the answer at the top, the question's controls below.
// Every change asks again at once (text after a short pause); the answer
// keeps the previous one as ghost bars with B − A. Compare mode fixes the
// question as A and edits B (the API's vs: paired on the same dice).
import { controls, defaultOf, label, plain, showCards } from "./form.js";
import { el, group, num, pct, words } from "./fmt.js";
import { compare, how, numeric, outcomes, shown as shownRows, stats, took, viewSwitch } from "./views.js";
import { beyondControls, beyondOf, beyondQuery, beyondSummary, engageQuery, flagsText, markVaried } from "./beyond.js";
import { beyondView } from "./beyondviews.js";
import { markScrolls, matrix, matrixOf, roster, sweep, varying } from "./chart.js";
import { shareBox } from "./share.js";
import { profiles, remember } from "./store.js";
import { latest } from "./engine.js";

// RUN are the run settings a link carries (runSettings edits them).
export const RUN = ["method", "trials", "seed", "precision"];

// stateOf reads a question from the link's query string. A compare
// link's vs is read by the engine (its variant op: the command line's
// --vs parser), which says what B changes from A; a vs it refuses
// leaves B as A, with the refusal in st.vsRefused.
export async function stateOf(app, sys, act, qs) {
  const q = new URLSearchParams(qs);
  const st = { values: new Map(), cards: new Map(), run: new Map(), b: null, view: q.get("view") || "eq", beyond: beyondOf(app.catalog, act, q) };
  const asked = new URLSearchParams(); // the question and its vs, for the engine
  for (const r of act.roles || []) if (q.get(r.name ?? r)) st.cards.set(r.name ?? r, q.get(r.name ?? r)), asked.set(r.name ?? r, q.get(r.name ?? r));
  for (const p of act.params || []) if (q.has(p.name)) st.values.set(p.name, q.get(p.name)), asked.set(p.name, q.get(p.name));
  for (const k of RUN) if (q.get(k)) st.run.set(k, q.get(k));
  if (q.get("vs") && !st.beyond.mode) {
    st.b = { values: new Map(st.values), cards: new Map(st.cards) };
    asked.set("vs", q.get("vs"));
    if (app.engine.running) app.engine.cancel(); // the page left is not waited for
    try {
      const v = await app.engine.call({ op: "variant", system: sys.name, action: act.name, query: asked.toString(), profiles: profiles() });
      for (const [k, x] of Object.entries(v.values || {})) st.b.values.set(k, x);
      for (const [k, x] of Object.entries(v.cards || {})) st.b.cards.set(k, x);
    } catch (err) {
      st.vsRefused = err.message || String(err);
    }
  }
  return st;
}

// queryOf writes a question as the JSON API's query string (what differs
// from the defaults only), with vs for compare mode.
export function queryOf(act, st, extra = {}) {
  const q = new URLSearchParams();
  const a = st.b ? st.a : st;
  for (const r of act.roles || []) {
    const v = a.cards.get(r.name ?? r);
    if (v) q.set(r.name ?? r, v);
  }
  for (const p of act.params || []) {
    const v = a.values.get(p.name) ?? "";
    if (v !== "" && v !== defaultOf(p)) q.set(p.name, v);
  }
  if (!st.b) beyondQuery(st.beyond, q);
  for (const k of RUN) if (st.run.get(k)) q.set(k, st.run.get(k));
  if (st.b) {
    const vs = [];
    for (const r of act.roles || []) {
      const n = r.name ?? r;
      const va = a.cards.get(n) || "", vb = st.b.cards.get(n) || "";
      if (vb && va !== vb) vs.push("--" + n + "=" + vb);
    }
    for (const p of act.params || []) {
      const va = a.values.get(p.name) || defaultOf(p), vb = st.b.values.get(p.name) || defaultOf(p);
      if (vb !== "" && va !== vb) vs.push("--" + p.name + "=" + vb);
    }
    if (vs.length) q.set("vs", vs.join(" "));
  }
  for (const [k, v] of Object.entries(extra)) if (v !== undefined && v !== "") q.set(k, v);
  return q.toString();
}

// nonDefault are a side's values that differ from the defaults.
function nonDefault(act, values) {
  const m = new Map();
  for (const p of act.params || []) {
    const v = values.get(p.name) ?? "";
    if (v !== "" && v !== defaultOf(p)) m.set(p.name, v);
  }
  return m;
}

// summary is a short reading of the question: the values given.
function summary(act, st) {
  const parts = [];
  for (const r of act.roles || []) if (st.cards.get(r.name ?? r)) parts.push((r.name ?? r) + " " + words(st.cards.get(r.name ?? r)));
  for (const p of act.params || []) {
    const v = st.values.get(p.name) ?? "";
    if (v === "" || v === defaultOf(p)) continue;
    parts.push(p.kind === "bool" && v === "true" ? words(p.name) : p.kind === "bool" && v === "false" ? "no " + words(p.name) : words(p.name) + " " + v);
  }
  return parts.join(", ") || "defaults";
}

// changes says what B changes from A.
function changes(act, a, b) {
  const parts = [];
  for (const r of act.roles || []) {
    const n = r.name ?? r;
    if ((a.cards.get(n) || "") !== (b.cards.get(n) || "")) parts.push(n + " " + (b.cards.get(n) ? words(b.cards.get(n)) : "none"));
  }
  for (const p of act.params || []) {
    const va = a.values.get(p.name) || defaultOf(p), vb = b.values.get(p.name) || defaultOf(p);
    if (va === vb) continue;
    parts.push(p.kind === "bool" && vb === "true" ? words(p.name) : p.kind === "bool" && vb === "false" ? "no " + words(p.name) : words(p.name) + " " + (vb || "not given"));
  }
  return parts.join(", ") || "nothing yet: change a control below";
}

// opening fills a question opened with nothing given (from the home
// page or the pickers) so that the first screen is an answer: each role
// gets the first built-in card that fits it (another card than the roles
// before it where there is one). It says whether it did.
function opening(app, sys, act, st) {
  if (st.cards.size || st.values.size || st.run.size || st.beyond.mode) return false;
  const cards = app.cards(sys.name).builtin;
  const used = new Set();
  for (const r of act.roles || []) {
    const name = r.name ?? r;
    const fits = cards.filter((c) => !c.roles || c.roles.includes(name));
    const c = fits.find((x) => !used.has(x.name)) || fits[0];
    if (!c) continue;
    st.cards.set(name, c.name);
    used.add(c.name);
  }
  return true;
}

// startValue is the value a question opened with nothing given takes for
// a parameter the engine needs and no card gave: a number's lowest value
// that is something (1 for 0..12), a choice's first; none for the rest.
function startValue(p) {
  if (p.kind === "int") return String(Math.min(p.max ?? 99, Math.max(p.min ?? 0, 1)));
  if (p.kind === "choice" && p.choices?.length) return p.choices[0];
  return "";
}

export async function actionPage(app, sys, act, qs) {
  const at = location.hash;
  const st = await stateOf(app, sys, act, qs);
  if (location.hash !== at) return; // another page was opened meanwhile
  // starting: the question is the page's own opening one; a value the
  // engine says is missing is filled (a few times at most) rather than
  // shown as a problem.
  let starting = opening(app, sys, act, st) ? 4 : 0;
  if (st.b) st.a = { values: st.values, cards: st.cards };
  const title = words(sys.name) + " " + words(act.name);
  let editing = st.b || st; // the side the controls edit
  let prev = null; // the last single result shown: the ghost
  let shown = null;
  let lastQuery = null;
  const question = latest(app.engine, busy);
  let timer = 0;
  let changed = null;
  let countView = "ge";
  let matrixPick = "";
  let rememberTimer = 0;
  let prevChain = null; // the last chain shown: its ghost
  // Engage: the form edits side A's attack (the question) or side B's
  // (st.beyond.b); the card pickers are the two sides' units either way:
  // A's attacker card is side A's, its defender card side B's, and B's
  // attack sees them the other way round.
  let side = "a";
  const swap = (n) => (n === "attacker" ? "defender" : n === "defender" ? "attacker" : n);
  const sideB = {
    get values() { return st.beyond.b; },
    cards: { get: (n) => st.cards.get(swap(n)), set: (n, v) => st.cards.set(swap(n), v) },
  };

  const answer = el("section", { id: "answer", class: "answer", "aria-labelledby": "answer-h" });
  const announce = el("p", { class: "sr", "aria-live": "polite", id: "announce" });
  const status = el("div", { class: "status", id: "status" });
  const body = el("div", { class: "answer-body", id: "answer-body" });
  const form = el("form", { id: "question", class: "question", onsubmit: (e) => e.preventDefault() });
  const cmpBtn = el("button", { type: "button", class: "small", id: "compare", "aria-pressed": String(!!st.b) }, st.b ? "Stop comparing" : "Compare A vs B");
  const cmpNote = el("p", { class: "cmp-note", id: "cmp-note" });
  const runBox = runSettings(st, () => change({ name: "run", text: "run settings", value: "" }));
  // The side switch stays in view over the form with the answer's
  // headline (sideLive), so that a thumb sets either side and sees the
  // odds move; the note under it says what the controls set.
  const sideLive = el("p", { class: "side-live", id: "side-live", "aria-hidden": "true" });
  const sideBox = el("div", { class: "sides", id: "sides", hidden: true });
  const sideNote = el("p", { class: "side-note", id: "side-note", hidden: true });
  const beyondBox = beyondControls(app.catalog, act, st.beyond, (info) => change(info), () => {
    if (st.b) stopCompare();
    cmpBtn.hidden = !!st.beyond.mode;
    prevChain = null;
    if (st.beyond.mode === "engage" && !st.beyond.b.size) for (const [k, v] of st.values) st.beyond.b.set(k, v);
    if (st.beyond.mode !== "engage") side = "a";
    editing = side === "b" ? sideB : st;
    draw();
  });
  cmpBtn.hidden = !!st.beyond.mode;

  const sysSel = el("select", { id: "pick-system", "aria-label": "System" }, app.catalog.systems.map((s) => el("option", { value: s.name }, words(s.name))));
  sysSel.value = sys.name;
  sysSel.addEventListener("change", () => (location.hash = "#/" + sysSel.value + "/" + app.catalog.systems.find((s) => s.name === sysSel.value).actions[0].name));
  const actSel = el("select", { id: "pick-action", "aria-label": "Action" }, sys.actions.map((a) => el("option", { value: a.name }, words(a.name))));
  actSel.value = act.name;
  actSel.addEventListener("change", () => (location.hash = "#/" + sys.name + "/" + actSel.value));

  const more = el("details", { class: "more", id: "more", hidden: true });
  answer.append(el("div", { class: "answer-head" }, el("h1", { id: "answer-h" }, title), status), body, announce);
  // The first screen is the answer and the values a player changes
  // every turn; what is asked of the answer (numeric results, repeat,
  // find, compare) and how follow the question.
  app.main.replaceChildren(
    el("nav", { class: "pick", "aria-label": "System and action" }, sysSel, actSel),
    answer,
    cmpNote,
    sideBox,
    sideNote,
    form,
    more,
    beyondBox,
    el("div", { class: "tools" }, cmpBtn),
    runBox,
    el("p", { class: "sheet" }, act.short ? act.short + ". " : "", act.sheet ? "Sheet " + act.sheet + "." : ""));
  document.title = "odds: " + title;

  const draw = () => {
    controls(form, act, editing, app.cards(sys.name), change);
    markVaried(form, st.beyond);
    drawSides();
  };
  // drawSides is engage's side switch over the form: which side's attack
  // the controls set, and what the other side's is.
  function drawSides() {
    sideBox.hidden = sideNote.hidden = st.beyond.mode !== "engage";
    if (sideBox.hidden) return sideBox.replaceChildren();
    const seg = el("div", { class: "seg sides-seg", role: "radiogroup", "aria-label": "The controls set" });
    for (const [v, text] of [["a", "Side A's attack"], ["b", "Side B's attack"]]) {
      const r = el("input", { type: "radio", name: "side", id: "side-" + v, value: v });
      r.checked = side === v;
      r.addEventListener("change", () => {
        if (!r.checked) return;
        side = v;
        editing = side === "b" ? sideB : st;
        draw();
      });
      seg.append(r, el("label", { for: "side-" + v }, text));
    }
    const other = side === "a" ? "B" : "A";
    sideBox.replaceChildren(seg, sideLive);
    sideNote.replaceChildren(side === "a" ? "A fires at B: A's firer values and B's target values. " : "B fires at A: B's firer values and A's target values. ",
      el("span", { class: "other" }, other + "'s attack: " + summary(act, side === "a" ? sideB : st)));
  }
  draw();
  // stopCompare keeps B as the question.
  function stopCompare() {
    st.vsRefused = "";
    st.values = st.b.values;
    st.cards = st.b.cards;
    st.b = st.a = null;
    editing = st;
    cmpBtn.setAttribute("aria-pressed", "false");
    cmpBtn.textContent = "Compare A vs B";
    noteCompare();
  }
  cmpBtn.addEventListener("click", () => {
    if (st.b) {
      stopCompare();
    } else {
      st.a = { values: new Map(st.values), cards: new Map(st.cards) };
      st.b = { values: new Map(st.values), cards: new Map(st.cards) };
      editing = st.b;
    }
    cmpBtn.setAttribute("aria-pressed", String(!!st.b));
    cmpBtn.textContent = st.b ? "Stop comparing" : "Compare A vs B";
    draw();
    change({ name: "compare", text: st.b ? "compare" : "compare off", value: "" });
  });

  function noteCompare() {
    cmpNote.textContent = st.b ? "A is fixed at: " + summary(act, st.a) + ". The controls below set B." + (st.vsRefused ? " The link's B was not read: " + plain(act, st.vsRefused) : "") : "";
    cmpNote.hidden = !st.b;
  }

  // apply makes a sensitivity's change (a tapped row) in the question:
  // the flag set on the form, the same question asked of the new point.
  function apply(flag, to, text) {
    const p = (act.params || []).find((x) => x.name === flag);
    if (!p) return;
    editing.values.set(flag, to === defaultOf(p) ? "" : to);
    if (p.group) for (const q of act.params) if (q !== p && q.group === p.group) editing.values.set(q.name, "");
    draw();
    change({ name: flag, text: "made", value: text });
  }

  function change(info) {
    changed = info;
    clearTimeout(timer);
    if (info.slow) timer = setTimeout(ask, 300);
    else ask();
  }

  function ask() {
    noteCompare();
    const query = queryOf(act, st);
    history.replaceState(null, "", "#/" + sys.name + "/" + act.name + (query ? "?" + query : ""));
    if (query === lastQuery) return;
    lastQuery = query;
    const t0 = performance.now();
    const engage = st.beyond.mode === "engage";
    if (engage) drawSides();
    const msg = engage
      ? { op: "engage", query: engageQuery(sys.name, act, flagsText(nonDefault(act, st.values)), st.cards, st.beyond, st.run), profiles: profiles() }
      : { op: "query", system: sys.name, action: act.name, query, profiles: profiles() };
    question(msg).then((rep) => {
      show(rep, query, performance.now() - t0);
    }, (err) => {
      if (err.cancelled) {
        idle("Cancelled.");
        lastQuery = null;
        return;
      }
      fail(err);
    });
  }

  // busy shows a run's progress and its Cancel button; progress updates
  // the bar in place, so a tap on Cancel never lands on a button being
  // replaced.
  function busy(pr) {
    body.classList.add("stale");
    let cancel = status.querySelector("#cancel");
    if (!cancel) {
      cancel = el("button", { type: "button", class: "small cancel", id: "cancel", onclick: () => app.engine.cancel() }, "Cancel");
      status.replaceChildren(el("span", { class: "spinner" }, "computing…"), cancel);
    }
    if (!pr || !(pr.total > 0)) return;
    let bar = status.querySelector("#progress");
    if (!bar) {
      bar = el("progress", { id: "progress", "aria-label": "Monte Carlo trials done" });
      status.replaceChildren(bar, el("span", { class: "pr-text" }), cancel);
    }
    bar.max = pr.total;
    bar.value = pr.done;
    status.querySelector(".pr-text").textContent = Math.floor((100 * pr.done) / pr.total) + "%";
  }

  function idle(text) {
    status.replaceChildren(text ? el("span", { class: "pr-text" }, text) : "");
    body.classList.remove("stale");
  }

  function clearErrors() {
    for (const e of app.main.querySelectorAll(".error")) {
      e.hidden = true;
      e.textContent = "";
    }
    for (const f of app.main.querySelectorAll(".field.bad, .field.missing")) f.classList.remove("bad", "missing");
  }

  function fail(err) {
    idle();
    // An engagement's error names its side's attack: its controls show.
    const errSide = st.beyond.mode === "engage" && /^([AB])'s attack: /.exec(err.message || "")?.[1].toLowerCase();
    if (errSide && errSide !== side) {
      side = errSide;
      editing = side === "b" ? sideB : st;
      draw();
    }
    clearErrors();
    const at = err.flag && app.main.querySelector("#err-" + CSS.escape(err.flag));
    const p = (act.params || []).find((x) => x.name === err.flag);
    const missing = p && (editing.values.get(p.name) ?? "") === "" && defaultOf(p) === "";
    if (missing && starting > 0 && startValue(p) !== "") {
      starting--;
      editing.values.set(p.name, startValue(p));
      draw();
      change({ name: p.name, text: "", value: "" });
      changed = null;
      return;
    }
    const message = plain(act, err.message);
    // A value that is missing is said once, in the answer, with a link
    // to its control; a value refused is said at its control too.
    if (at) {
      at.textContent = missing ? "" : message;
      at.hidden = !!missing;
      at.closest(".field")?.classList.add(missing ? "missing" : "bad");
      for (let d = at.closest("details"); d; d = d.parentElement.closest("details")) d.open = true;
    }
    announce.textContent = message;
    body.replaceChildren(el("div", { class: missing ? "need" : "problem", role: missing ? "status" : "alert", id: "error" },
      el("p", {}, message),
      err.hint ? el("p", { class: "hint" }, plain(act, err.hint)) : null,
      at ? el("p", {}, el("a", { href: "#", onclick: (e) => (e.preventDefault(), at.closest(".field").querySelector("input,select")?.focus()) }, "Go to " + plain(act, label((act.params || []).find((p) => p.name === err.flag) || { name: err.flag }).text))) : null));
  }

  function show(rep, query, ms) {
    performance.mark("odds-answer", { detail: { ms } }); // for whoever measures the page
    idle();
    clearErrors();
    starting = 0;
    showCards(form, act, rep.results?.length === 1 ? rep.results[0] : null);
    const results = rep.results || [];
    const eng = rep.engagements || [];
    const mc = eng.some((e) => !e.exact) || results.some((r) => !r.exact) || (rep.comparisons || []).some((c) => !c.exact) ||
      (rep.finds || []).some((f) => !f.exact) || (rep.sensitivities || []).some((s) => !s.exact);
    const seed = mc ? eng[0]?.seed ?? results[0]?.seed ?? rep.comparisons?.[0]?.a?.seed ?? rep.finds?.[0]?.seed ?? rep.sensitivities?.[0]?.result?.seed : undefined;
    const hash = "#/" + sys.name + "/" + act.name + "?" + queryOf(act, st, { seed: st.run.get("seed") ? undefined : seed });
    if (mc) history.replaceState(null, "", hash);
    const out = [];
    let howText = "";
    let tookMS = 0;
    let said = "";
    more.hidden = true;
    answer.classList.remove("pinned");
    const beyond = beyondView(rep, { act, prev: prevChain, changed, ms, apply, sides: { a: summary(act, st), b: summary(act, sideB) } });
    if (beyond) {
      out.push(...beyond.nodes);
      howText = beyond.how;
      tookMS = beyond.ms;
      said = beyond.summary;
      sideLive.textContent = beyond.live || "";
      prevChain = beyond.chain || null;
      shown = null;
    } else if (rep.kind === "compare" && rep.comparisons?.length) {
      for (const c of rep.comparisons.slice(0, 12)) out.push(compare(c, { a: summary(act, st.a), b: "as A, but " + changes(act, st.a, st.b) }));
      if (rep.comparisons.length > 12) out.push(el("p", { class: "hint" }, rep.comparisons.length - 12 + " more comparisons: ask for fewer"));
      howText = how(rep.comparisons[0].a);
      tookMS = rep.comparisons[0].a.elapsed_ms;
      shown = null;
    } else if (results.length === 1) {
      const r = results[0];
      const ghost = prev && changed ? prev : null;
      if (changed && ghost) out.push(el("p", { class: "changed", id: "changed" }, el("strong", {}, changed.text), changed.value ? ": " + changed.value : "", el("span", { class: "legend-ghost" }, " — outlines show the answer before")));
      if (numeric(r)) out.push(viewSwitch(st.view, (v) => ((st.view = v), show(rep, query, ms))));
      // Notes in a player's words (the engine's name flags).
      const worded = { ...r, note: plain(act, r.note), outcomes: (r.outcomes || []).map((o) => (o.note ? { ...o, note: plain(act, o.note) } : o)) };
      const notes = Object.fromEntries(Object.entries(act.notes || {}).map(([k, v]) => [k, plain(act, v)]));
      out.push(outcomes(worded, ghost, numeric(r) ? st.view : "eq", notes));
      howText = how(r);
      tookMS = r.elapsed_ms;
      const s = stats(r, ghost, countView, (v) => ((countView = v), show(rep, query, ms)));
      if (s) {
        const means = Object.entries(r.stats).slice(0, 2).map(([n, x]) => words(n) + " " + num(x.mean)).join(", ");
        more.replaceChildren(el("summary", {}, "Numeric results", el("small", {}, " — mean " + means)), s);
      }
      more.hidden = !s;
      answer.classList.toggle("pinned", !numeric(r) && shownRows(r).length <= 7);
      shown = r;
    } else if (results.length > 1) {
      const { params, roles } = varying(results);
      const cardParams = params.filter((k) => results.some((r) => r.sources?.[k] && r.sources[k] !== "flag" && r.sources[k] !== "default"));
      const swept = params.filter((k) => !cardParams.includes(k));
      if (rep.matrix) out.push(matrix(rep.matrix, results));
      else if (roles.length >= 2 && !swept.length) out.push(matrixOf(results, roles, matrixPick, (v) => ((matrixPick = v), show(rep, query, ms))));
      else if (roles.length === 1 && !swept.length) out.push(roster(results, roles[0], "Every " + roles[0] + " card"));
      else if (params.length >= 1 && !roles.length) {
        const x = params[0];
        const rest = params.slice(1);
        const groups = new Map();
        for (const r of results) {
          const key = rest.map((k) => words(k) + " " + r.params[k]).join(", ");
          if (!groups.has(key)) groups.set(key, []);
          groups.get(key).push(r);
        }
        let n = 0;
        const xl = label((act.params || []).find((p) => p.name === x) || { name: x }).text;
        out.push(el("p", { class: "fixed" }, summary(act, st)));
        for (const [key, rs] of groups) {
          if (n++ >= 8) break;
          if (rs.every((r) => Number.isFinite(Number(r.params[x])) && typeof r.params[x] !== "boolean")) {
            out.push(sweep(rs, x, xl + " " + rs[0].params[x] + " to " + rs[rs.length - 1].params[x] + (key ? ", " + key : ""), xl));
          } else {
            out.push(roster(rs, "", xl + (key ? ", " + key : ""), (r) => (typeof r.params[x] === "boolean" ? (r.params[x] ? "yes" : "no") : words(r.params[x]))));
          }
        }
      } else {
        out.push(el("p", {}, results.length + " results: sweep one number or one card role for a chart."));
      }
      howText = results.length + " results, " + how(results[0]);
      tookMS = results[0].elapsed_ms;
      shown = null;
    }
    out.push(shareBox(hash, title, howText, took(tookMS)));
    body.replaceChildren(...out);
    markScrolls(body);
    for (const d of body.querySelectorAll("details")) d.addEventListener("toggle", () => markScrolls(body));
    announce.textContent = beyond ? beyond.announce : shown ? shown.outcomes.filter((o) => o.p > 0).map((o) => words(o.name) + " " + pct(o.p)).join(", ") : rep.comparisons?.length ? "comparison ready" : results.length + " results";
    prev = shown;
    app.answered?.(ms);
    clearTimeout(rememberTimer);
    rememberTimer = setTimeout(() => remember({ hash, title, summary: [summary(act, st.b || st), beyondSummary(st.beyond)].filter(Boolean).join("; ") + (said ? " → " + said : "") + (shown ? " → " + shown.outcomes.filter((o) => o.p > 0).slice(0, 2).map((o) => words(o.name) + " " + pct(o.p)).join(", ") : "") }), 1500);
  }

  change({ name: "", text: "", value: "" });
  changed = null;
}

// runSettings: how the answer is found (method, trials, seed, precision).
export function runSettings(st, onchange) {
  const box = el("details", { class: "run", id: "run" }, el("summary", {}, "Method, trials and seed"));
  const fields = [
    ["method", "Method", "auto: exact where cheap, else Monte Carlo", ["auto", "exact", "mc"]],
    ["trials", "Monte Carlo trials", "per result (default 1,000,000; 1e5 works)"],
    ["seed", "Seed", "the same seed gives the same Monte Carlo answer"],
    ["precision", "Precision", "Monte Carlo until every 95% half-width is at most this (e.g. 0.001)"],
  ];
  let timer = 0;
  for (const [name, text, hint, choices] of fields) {
    const id = "run-" + name;
    let input;
    if (choices) {
      input = el("select", { id }, choices.map((c) => el("option", { value: c === "auto" ? "" : c }, c === "mc" ? "Monte Carlo" : c)));
      input.value = st.run.get(name) || "";
      input.addEventListener("change", () => (st.run.set(name, input.value), onchange()));
    } else {
      input = el("input", { id, type: "text", inputmode: "decimal", autocomplete: "off", value: st.run.get(name) || "", placeholder: name === "trials" ? group(1000000) : "" });
      input.addEventListener("input", () => {
        st.run.set(name, input.value.trim().replace(/,/g, ""));
        clearTimeout(timer);
        timer = setTimeout(onchange, 400);
      });
    }
    box.append(el("div", { class: "field", id: "field-" + name }, el("label", { for: id, class: "lab" }, text, el("code", { class: "flag" }, "--" + name)), input, el("small", { class: "hint" }, hint), el("p", { class: "error", id: "err-" + name, role: "alert", hidden: true })));
  }
  return box;
}
