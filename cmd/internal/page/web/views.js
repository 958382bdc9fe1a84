// The answer: outcome bars with their 95% intervals and the previous
// answer as a ghost bar (with B − A), at-least / at-most views of every
// numeric result, the numeric results, and the footer saying how the
// answer was found. Charts (sweeps, rosters) are in chart.js.
import { el, group, num, pct, signedNum, signedPct, words } from "./fmt.js";

// numeric: outcomes that are values (roll, move distance) carry at_least.
export const numeric = (r) => (r.outcomes || []).some((o) => o.at_least);

// shown drops what an exact answer says cannot happen, as the CLI's table does.
export const shown = (r) => (r.outcomes || []).filter((o) => !(r.exact && o.p === 0));

export function bar(p, top, ghost, lo, hi) {
  const w = (x) => (top > 0 ? (100 * x) / top : 0).toFixed(2) + "%";
  const fill = el("span", { class: "fill" });
  fill.style.width = w(p);
  const b = el("span", { class: "bar", "aria-hidden": "true" }, fill);
  if (lo !== undefined && hi > lo) {
    const wh = el("span", { class: "whisker" });
    wh.style.left = w(lo);
    wh.style.width = w(hi - lo);
    b.append(wh);
  }
  if (ghost !== undefined) {
    const g = el("span", { class: "ghost" });
    g.style.width = w(ghost);
    b.append(g);
  }
  return b;
}

function ci(r, lo, hi) {
  return r.exact ? null : el("span", { class: "ci", title: "95% interval" }, "95%: " + pct(lo) + " – " + pct(hi));
}

// outcomes draws one result's outcome rows. view: "eq" (each outcome),
// "ge" (at least), "le" (at most) for numeric outcomes. prev: the
// previous answer's result, drawn as ghosts with the difference.
export function outcomes(r, prev, view = "eq", notes = {}) {
  const rows = shown(r).map((o) => {
    const pick = (x) => (view === "ge" ? x?.at_least : view === "le" ? x?.at_most : x);
    const v = pick(o);
    return { o, p: v?.p ?? 0, lo: v?.ci95?.[0] ?? 0, hi: v?.ci95?.[1] ?? 0 };
  });
  const before = new Map();
  if (prev) for (const o of prev.outcomes || []) {
    const v = view === "ge" ? o.at_least : view === "le" ? o.at_most : o;
    if (v) before.set(o.name, v.p);
  }
  const top = Math.max(view === "eq" ? 0 : 1, ...rows.map((x) => (r.exact ? x.p : x.hi)), ...before.values());
  const sign = view === "ge" ? "≥ " : view === "le" ? "≤ " : numeric(r) ? "= " : "";
  const list = el("ul", { class: "outcomes" + (before.size ? "" : " no-delta") + (numeric(r) ? " numeric" : ""), "data-view": view });
  for (const { o, p, lo, hi } of rows) {
    const g = before.get(o.name);
    const d = g === undefined ? null : p - g;
    const note = o.note || notes[o.name];
    list.append(el("li", { "data-outcome": o.name, class: d !== null && Math.abs(d) >= 5e-5 ? "moved" : "" },
      el("span", { class: "name" }, sign + words(o.name)),
      el("span", { class: "p", "data-outcome": o.name }, pct(p)),
      bar(p, top, g, r.exact ? undefined : lo, hi),
      d !== null ? el("span", { class: "delta " + (d > 5e-5 ? "up" : d < -5e-5 ? "down" : "same"), title: "change from the previous answer (" + pct(g) + ")" }, signedPct(d)) : null,
      ci(r, lo, hi),
      note ? el("small", { class: "note" }, note) : null));
  }
  if (!r.note) return list;
  return el("div", { class: "outcomes-box" }, list, el("p", { class: "action-note", id: "action-note" }, r.note));
}

// viewSwitch is the segmented control of the outcome views.
export function viewSwitch(view, onpick, id = "view") {
  const box = el("div", { class: "seg views", role: "radiogroup", "aria-label": "Show" });
  for (const [v, text] of [["eq", "exactly"], ["ge", "at least"], ["le", "at most"]]) {
    const rid = id + "-" + v;
    const r = el("input", { type: "radio", name: id, id: rid, value: v });
    r.checked = v === view;
    r.addEventListener("change", () => r.checked && onpick(v));
    box.append(r, el("label", { for: rid }, text));
  }
  return box;
}

// stats is the numeric results: mean (with its change), spread, and for
// counts the chance of at least / at most k.
export function stats(r, prev, countView = "ge", onCountView) {
  const names = Object.keys(r.stats || {});
  if (!names.length) return null;
  const box = el("section", { class: "stats", "aria-label": "Numeric results" });
  const table = el("table", { class: "stat-table" },
    el("caption", {}, "Numeric results"),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "result"), el("th", { scope: "col" }, "mean"), el("th", { scope: "col" }, "median"), el("th", { scope: "col" }, "5–95%"))));
  const body = el("tbody");
  for (const n of names) {
    const s = r.stats[n];
    const was = prev?.stats?.[n]?.mean;
    body.append(el("tr", { "data-stat": n },
      el("th", { scope: "row" }, words(n)),
      el("td", {}, num(s.mean), was !== undefined && Math.abs(s.mean - was) > 1e-12 ? el("small", { class: "delta " + (s.mean > was ? "up" : "down") }, " " + signedNum(s.mean - was)) : null),
      el("td", {}, num(s.median)),
      el("td", {}, num(s.p5) + " to " + num(s.p95))));
  }
  table.append(body);
  box.append(table);
  for (const n of names) {
    const s = r.stats[n];
    if (!s.at_least?.length) continue;
    box.append(countChart(r, n, s, prev?.stats?.[n], countView, onCountView));
  }
  return box;
}

// countChart: P(at least k) / P(at most k) for a count (teams killed …).
function countChart(r, name, s, prev, view, onpick) {
  const ge = new Map(s.at_least.map((x) => [x.k, x]));
  const pge = new Map((prev?.at_least || []).map((x) => [x.k, x.p]));
  const ks = s.at_least.map((x) => x.k);
  const kmax = Math.max(...ks);
  const at = (k, m, dflt) => (k <= 0 ? 1 : m.get(k)?.p ?? m.get(k) ?? dflt);
  const rows = [];
  for (let k = view === "ge" ? 1 : 0; k <= (view === "ge" ? kmax : kmax - 1); k++) {
    if (view === "ge") {
      const x = ge.get(k);
      rows.push({ k, p: x?.p ?? 0, lo: x?.ci95?.[0] ?? 0, hi: x?.ci95?.[1] ?? 0, g: prev ? at(k, pge, 0) : undefined });
    } else {
      const x = ge.get(k + 1);
      rows.push({ k, p: 1 - (x?.p ?? 0), lo: 1 - (x?.ci95?.[1] ?? 0), hi: 1 - (x?.ci95?.[0] ?? 0), g: prev ? 1 - at(k + 1, pge, 0) : undefined });
    }
  }
  const id = "count-" + name;
  const list = el("ul", { class: "outcomes count numeric" + (prev ? "" : " no-delta"), "data-stat": name, "data-view": view });
  for (const x of rows) {
    const d = x.g === undefined ? null : x.p - x.g;
    list.append(el("li", { "data-k": x.k },
      el("span", { class: "name" }, (view === "ge" ? "≥ " : "≤ ") + x.k),
      el("span", { class: "p" }, pct(x.p)),
      bar(x.p, 1, x.g, r.exact ? undefined : x.lo, x.hi),
      d !== null ? el("span", { class: "delta " + (d > 5e-5 ? "up" : d < -5e-5 ? "down" : "same") }, signedPct(d)) : null,
      ci(r, x.lo, x.hi)));
  }
  return el("div", { class: "count-view" },
    el("h3", {}, words(name)),
    viewSwitchTwo(view, onpick, id),
    list);
}

function viewSwitchTwo(view, onpick, id) {
  const box = el("div", { class: "seg views", role: "radiogroup", "aria-label": "Show" });
  for (const [v, text] of [["ge", "at least"], ["le", "at most"]]) {
    const rid = id + "-" + v;
    const r = el("input", { type: "radio", name: id, id: rid, value: v });
    r.checked = v === view;
    r.addEventListener("change", () => r.checked && onpick?.(v));
    box.append(r, el("label", { for: rid }, text));
  }
  return box;
}

// how says how the answer was found; took, how long it took (apart, so
// that a screenshot can leave it out: docs/page-*.png stay the same).
export function how(r) {
  if (r.exact) return "exact (" + (r.how || "enumeration") + ")";
  return "Monte Carlo, " + group(r.trials) + " trials, seed " + r.seed;
}

export function took(ms) {
  if (!(ms > 0)) return "";
  return ms < 1 ? Math.max(1, Math.round(ms * 1000)) + " µs" : ms < 1000 ? Math.round(ms) + " ms" : (ms / 1000).toFixed(1) + " s";
}

// compare draws a paired A/B comparison (the API's vs): each outcome's
// A and B side by side and B − A with its interval.
export function compare(c, labels) {
  const rows = c.diffs || [];
  const top = Math.max(0, ...rows.filter((d) => d.kind === "outcome").flatMap((d) => [d.a, d.b]));
  const table = el("table", { class: "compare" },
    el("caption", {}, "A: ", labels.a, el("br"), "B: ", labels.b),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, ""), el("th", { scope: "col" }, "A"), el("th", { scope: "col" }, "B"), el("th", { scope: "col" }, "B − A"))));
  const body = el("tbody");
  for (const d of rows) {
    const isP = d.kind === "outcome";
    if (isP && c.exact && d.a === 0 && d.b === 0) continue;
    const f = isP ? pct : num;
    const sf = isP ? signedPct : signedNum;
    body.append(el("tr", { "data-outcome": d.name, class: d.significant ? "sig" : "" },
      el("th", { scope: "row" }, (isP ? "" : "mean ") + words(d.name)),
      el("td", {}, f(d.a), isP ? bar(d.a, top) : null),
      el("td", {}, f(d.b), isP ? bar(d.b, top) : null),
      el("td", { class: "diff" }, sf(d.diff), c.exact ? null : el("small", { class: "ci" }, sf(d.ci95[0]) + " to " + sf(d.ci95[1])))));
  }
  table.append(body);
  return table;
}
