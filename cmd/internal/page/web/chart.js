// Charts drawn in the page as SVG, sized for a phone (390 px): a sweep's
// outcomes as lines over the swept value (with 95% bands for Monte
// Carlo), a roster as a stacked bar per card, two roles as a table of
// one figure. Axes are percentages; swept values are whole numbers.
import { el, pct, words } from "./fmt.js";

// Okabe–Ito: colours that colour-blind readers tell apart.
export const palette = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#7a6a00", "#000000"];

// varying names the params and card roles whose values differ between results.
export function varying(results) {
  const params = [], roles = [];
  if (results.length < 2) return { params, roles };
  const first = results[0];
  for (const k of Object.keys(first.params || {})) if (results.some((r) => JSON.stringify(r.params[k]) !== JSON.stringify(first.params[k]))) params.push(k);
  for (const k of Object.keys(first.cards || {})) if (results.some((r) => r.cards?.[k] !== first.cards[k])) roles.push(k);
  return { params, roles };
}

const live = (results) => (results[0].outcomes || []).map((o) => o.name).filter((n) => results.some((r) => (r.outcomes.find((o) => o.name === n)?.p ?? 0) > 0));

// legend names the colours.
function legend(names) {
  return el("ul", { class: "legend" }, names.map((n, i) => {
    const sw = el("span", { class: "swatch", "aria-hidden": "true" });
    sw.style.background = palette[i % palette.length];
    return el("li", {}, sw, words(n));
  }));
}

// axes starts a chart over the whole numbers xs, W×H with margins L, R,
// T, B: gridlines at yTicks (written by yText) over y0..y1, a tick at
// about xTicks of the xs (and the last), the x axis and its label; sx and
// sy place a point, left and right are the plot's edges. attrs are the
// svg's, head goes first in it.
export function axes({ W = 360, H, L, R = 12, T = 12, B = 40, xs, y0 = 0, y1 = 1, yTicks = [0, 0.25, 0.5, 0.75, 1], yText = (t) => Math.round(t * 100) + "%", xTicks, xLabel, attrs, head }) {
  const x0 = Math.min(...xs), x1 = Math.max(...xs);
  const sx = (v) => L + (x1 === x0 ? (W - L - R) / 2 : ((v - x0) / (x1 - x0)) * (W - L - R));
  const sy = (y) => T + (1 - (y - y0) / (y1 - y0 || 1)) * (H - T - B);
  const svg = el("svg:svg", { viewBox: `0 0 ${W} ${H}`, ...attrs }, head);
  for (const t of yTicks) {
    svg.append(el("svg:line", { x1: L, x2: W - R, y1: sy(t), y2: sy(t), class: "grid" }));
    svg.append(el("svg:text", { x: L - 6, y: sy(t) + 4, class: "tick", "text-anchor": "end" }, yText(t)));
  }
  const every = Math.ceil(xs.length / xTicks);
  xs.forEach((v, i) => {
    if (i % every && i !== xs.length - 1) return;
    svg.append(el("svg:line", { x1: sx(v), x2: sx(v), y1: H - B, y2: H - B + 4, class: "axis" }));
    svg.append(el("svg:text", { x: sx(v), y: H - B + 17, class: "tick", "text-anchor": "middle" }, String(v)));
  });
  svg.append(el("svg:line", { x1: L, x2: W - R, y1: H - B, y2: H - B, class: "axis" }));
  svg.append(el("svg:text", { x: L + (W - L - R) / 2, y: H - 4, class: "label", "text-anchor": "middle" }, xLabel));
  return { svg, sx, sy, left: L, right: W - R };
}

// sweep draws results over the numeric param x, one line per outcome.
export function sweep(results, x, title, xLabel = words(x)) {
  const names = live(results);
  const pts = results.map((r) => ({ x: Number(r.params[x]), r })).filter((p) => Number.isFinite(p.x)).sort((a, b) => a.x - b.x);
  const { svg, sx, sy } = axes({
    H: 230, L: 44, xs: pts.map((p) => p.x), xTicks: 10, xLabel,
    attrs: { class: "chart", role: "img", "aria-labelledby": "chart-title", "data-x": x }, head: el("svg:title", { id: "chart-title" }, title),
  });
  names.forEach((n, i) => {
    const c = palette[i % palette.length];
    const at = pts.map((p) => ({ x: p.x, o: p.r.outcomes.find((o) => o.name === n), exact: p.r.exact }));
    if (at.some((a) => !a.exact)) {
      const up = at.map((a) => `${sx(a.x)},${sy(a.o.ci95[1])}`);
      const down = at.map((a) => `${sx(a.x)},${sy(a.o.ci95[0])}`).reverse();
      const band = el("svg:polygon", { points: up.concat(down).join(" "), class: "band" });
      band.style.fill = c;
      svg.append(band);
    }
    const line = el("svg:polyline", { points: at.map((a) => `${sx(a.x)},${sy(a.o.p)}`).join(" "), class: "line", "data-outcome": n });
    line.style.stroke = c;
    svg.append(line);
    for (const a of at) {
      const dot = el("svg:circle", { cx: sx(a.x), cy: sy(a.o.p), r: 3.5, class: "dot", "data-outcome": n, "data-x": a.x, "data-p": a.o.p },
        el("svg:title", {}, `${words(x)} ${a.x}: ${words(n)} ${pct(a.o.p)}`));
      dot.style.fill = c;
      svg.append(dot);
    }
  });
  // The figures behind the chart, as a table (screen readers, exact reading).
  const table = el("table", { class: "sweep-table" },
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, words(x)), names.map((n) => el("th", { scope: "col" }, words(n))))),
    el("tbody", {}, pts.map((p) => el("tr", { "data-x": p.x }, el("th", { scope: "row" }, String(p.x)),
      names.map((n) => el("td", { "data-outcome": n }, pct(p.r.outcomes.find((o) => o.name === n).p)))))));
  return el("figure", { class: "sweep" }, el("figcaption", {}, title), svg, legend(names),
    el("details", { class: "figures" }, el("summary", {}, "Figures"), el("div", { class: "scroll" }, table)));
}

// roster draws one stacked bar of the outcomes per card of the role.
// name(r) labels a result's bar (default: its card of role).
export function roster(results, role, title, name = (r) => words(r.cards?.[role] ?? "")) {
  const names = live(results);
  const list = el("ul", { class: "roster" });
  for (const r of results) {
    const stack = el("span", { class: "stack", "aria-hidden": "true" });
    names.forEach((n, i) => {
      const p = r.outcomes.find((o) => o.name === n)?.p ?? 0;
      const seg = el("span", { class: "seg-part", title: words(n) + " " + pct(p) });
      seg.style.width = (100 * p).toFixed(2) + "%";
      seg.style.background = palette[i % palette.length];
      stack.append(seg);
    });
    const text = names.map((n) => words(n) + " " + pct(r.outcomes.find((o) => o.name === n)?.p ?? 0)).join(", ");
    list.append(el("li", { "data-card": r.cards?.[role] }, el("span", { class: "name" }, name(r)), stack, el("span", { class: "sr" }, text)));
  }
  const scale = el("div", { class: "scale", "aria-hidden": "true" }, ["0%", "25%", "50%", "75%", "100%"].map((t) => el("span", {}, t)));
  const table = el("table", { class: "sweep-table" },
    el("thead", {}, el("tr", {}, el("th", {}), names.map((n) => el("th", { scope: "col" }, words(n))))),
    el("tbody", {}, results.map((r) => el("tr", {}, el("th", { scope: "row" }, name(r)),
      names.map((n) => el("td", { "data-outcome": n }, pct(r.outcomes.find((o) => o.name === n)?.p ?? 0)))))));
  return el("figure", { class: "roster-fig" }, el("figcaption", {}, title), list, scale, legend(names),
    el("details", { class: "figures" }, el("summary", {}, "Figures"), el("div", { class: "scroll" }, table)));
}

// matrix is a roster of two roles: one figure per pair, shaded by value.
// Its title is a paragraph above the table, so that it wraps at the
// screen's width however wide the table is; the figures are percentages
// without the sign (the title says so), so that six cards fit a phone.
export function matrix(m, results) {
  const fig = m?.metric || results[0].outcomes[0].name;
  const mean = fig.startsWith("mean:");
  const title = el("p", { class: "matrix-title", id: "matrix-title" }, words(fig) + (mean ? "" : ", %") + ": " + (m?.rows || "") + " (rows) against " + (m?.columns || "") + " (columns)");
  const table = el("table", { class: "matrix", "aria-labelledby": "matrix-title" });
  if (!m) return el("div", {}, title, table);
  table.append(el("thead", {}, el("tr", {}, el("th", {}), m.column_cards.map((c) => el("th", { scope: "col" }, words(c))))));
  const body = el("tbody");
  m.row_cards.forEach((rc, i) => {
    body.append(el("tr", {}, el("th", { scope: "row" }, words(rc)), m.values[i].map((v) => {
      const td = el("td", { title: mean ? undefined : pct(v) }, mean ? String(Math.round(v * 1000) / 1000) : pct(v).replace(/%$/, ""));
      if (!mean) td.style.background = `rgba(0, 114, 178, ${(0.08 + 0.6 * v).toFixed(3)})`;
      return td;
    })));
  });
  table.append(body);
  return el("div", { class: "matrix-wrap" }, title, el("div", { class: "scroll" }, table));
}

// markScrolls says, under each table in box that is wider than the
// screen, that it scrolls sideways and how many columns are out of
// sight (call it once the box is on the page).
export function markScrolls(box) {
  for (const s of box.querySelectorAll(".scroll")) {
    s.nextElementSibling?.classList.contains("scroll-note") && s.nextElementSibling.remove();
    const t = s.querySelector("table");
    if (!t || s.scrollWidth <= s.clientWidth + 1) continue;
    const right = s.getBoundingClientRect().right;
    const hidden = [...(t.querySelector("thead tr, tr")?.children || [])].filter((c) => c.getBoundingClientRect().right > right + 1).length;
    if (!hidden) continue;
    s.classList.add("overflows");
    s.after(el("p", { class: "scroll-note" }, "Swipe the table sideways: " + hidden + (hidden === 1 ? " more column" : " more columns") + " →"));
  }
}

// matrixOf is a roster of two roles drawn from the results: the chosen
// outcome's probability for each pair, rows the first role's cards.
export function matrixOf(results, roles, pick, onpick) {
  const [rr, cr] = roles;
  const names = live(results);
  const fig = names.includes(pick) ? pick : names[0];
  const rows = [...new Set(results.map((r) => r.cards[rr]))];
  const cols = [...new Set(results.map((r) => r.cards[cr]))];
  const at = new Map(results.map((r) => [r.cards[rr] + "\u0000" + r.cards[cr], r]));
  const sel = el("select", { id: "matrix-outcome", "aria-label": "Outcome shown" }, names.map((n) => el("option", { value: n }, words(n))));
  sel.value = fig;
  sel.addEventListener("change", () => onpick(sel.value));
  const m = {
    metric: fig, rows: rr, columns: cr, row_cards: rows, column_cards: cols,
    values: rows.map((a) => cols.map((b) => at.get(a + "\u0000" + b)?.outcomes.find((o) => o.name === fig)?.p ?? 0)),
  };
  return el("div", { class: "matrix-box" }, el("label", { for: "matrix-outcome", class: "lab" }, "Outcome"), sel, matrix(m, results));
}
