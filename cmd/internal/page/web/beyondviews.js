// The answers beyond one roll (issue 26), drawn from the engine's JSON:
// a chain (repeated attacks) as bars of P(reached by attack k) and the
// target's state after N; a find as its answer and the scan as a chart
// with the threshold; a sensitivity as a tornado, largest change on top.
import { el, group, num, pct, signedNum, signedPct, words } from "./fmt.js";
import { bar, how } from "./views.js";
import { axes, palette, sweep } from "./chart.js";

const cap = (t) => t.charAt(0).toUpperCase() + t.slice(1);
const isMean = (metric) => String(metric).startsWith("mean:");
const metricLabel = (m) => (isMean(m) ? "mean " + words(m.slice(5)) : "P(" + words(m) + ")");
const fig = (m, x) => (isMean(m) ? num(x) : pct(x));
const signed = (m, x) => (isMean(m) ? signedNum(x) : signedPct(x));
const ciText = (m, lo, hi, f = fig) => "95%: " + f(m, lo) + " – " + f(m, hi);

// pointText names a result's point by the values of params that differ
// between the answers (a sweep gives one answer a point).
function pointText(params, keys) {
  return keys.map((k) => words(k) + " " + params[k]).join(", ");
}

function differing(list) {
  if (list.length < 2) return [];
  const first = list[0];
  return Object.keys(first).filter((k) => list.some((p) => JSON.stringify(p[k]) !== JSON.stringify(first[k])));
}

// beyondView draws a report of the beyond questions, or returns null.
// ctx: {act, prev (the last chain shown, for ghosts), changed, ms,
// apply(flag, to): make a sensitivity's change in the question}.
// The document's kind (the question's, as the engine names it) says its
// shape: nothing is guessed from which lists it holds.
export function beyondView(rep, ctx) {
  const rs = rep.results || [];
  switch (rep.kind) {
    case "find": return finds(rep.finds, ctx);
    case "sensitivity": return sensitivities(rep.sensitivities, ctx);
    case "sequence": return rs.length ? sequences(rs) : null;
    case "until": return rs.length ? chains(rs, ctx) : null;
    case "engage": return rep.engagements?.length ? engagements(rep.engagements, ctx) : null;
  }
  return null;
}

// sequences draw a sequence's answer: the target's state after each step
// as a stacked bar a step, then the same as a table (a row a state, a
// column a step) with each step's chance of being made and, with a goal,
// of having reached it.
function sequences(rs) {
  const keys = differing(rs.map((r) => r.params || {}));
  const nodes = rs.slice(0, 6).map((r) => sequence(r, keys.length ? pointText(r.params, keys) : ""));
  if (rs.length > 6) nodes.push(el("p", { class: "hint" }, rs.length - 6 + " more points: sweep fewer values"));
  const s = rs[0].sequence;
  const k = s.steps.length;
  const last = s.until ? s.steps[k - 1].reached.p : null;
  return {
    nodes, how: rs[0].exact ? "exact (a Markov chain over the target's states, step by step)" : how(rs[0]), ms: rs[0].elapsed_ms,
    announce: s.until ? words(s.until) + " by step " + k + ": " + pct(last) : k + " steps answered",
    summary: s.until ? "by step " + k + " " + pct(last) : k + " steps",
  };
}

function sequence(r, point) {
  const s = r.sequence;
  const names = [];
  for (const st of s.steps) for (const x of st.states || []) if (x.p > 0 && !names.includes(x.name)) names.push(x.name);
  const colour = (name) => palette[names.indexOf(name) % palette.length];
  const bars = el("div", { class: "seq-bars", id: point ? undefined : "seq-bars", "aria-hidden": "true" });
  s.steps.forEach((st, i) => {
    const stack = el("span", { class: "stack" });
    for (const x of st.states || []) {
      if (!(x.p > 0)) continue;
      const seg = el("span", { class: "seg-part", title: words(x.name) + " " + pct(x.p) });
      seg.style.height = (100 * x.p).toFixed(2) + "%";
      seg.style.background = colour(x.name);
      stack.append(seg);
    }
    bars.append(el("span", { class: "col" }, stack, el("span", { class: "col-k" }, String(i + 1))));
  });
  const key = el("ul", { class: "seq-key" }, names.map((n) => {
    const sw = el("span", { class: "sw" });
    sw.style.background = colour(n);
    return el("li", {}, sw, words(n));
  }));
  const cell = (iv) => (r.exact ? pct(iv.p) : pct(iv.p) + " ±" + pct((iv.ci95[1] - iv.ci95[0]) / 2));
  const head = el("tr", {}, el("th", { scope: "col" }, "target"), ...s.steps.map((_, i) => el("th", { scope: "col" }, "after " + (i + 1))));
  const rows = names.map((n) => el("tr", { "data-state": n }, el("th", { scope: "row" }, words(n)),
    ...s.steps.map((st) => {
      const x = (st.states || []).find((y) => y.name === n);
      return el("td", {}, x ? cell(x) : "·");
    })));
  rows.push(el("tr", { class: "made" }, el("th", { scope: "row" }, "step made"), ...s.steps.map((st) => el("td", {}, cell(st.made)))));
  if (s.until) rows.push(el("tr", { class: "reached" }, el("th", { scope: "row" }, words(s.until)), ...s.steps.map((st) => el("td", {}, cell(st.reached)))));
  const steps = el("ol", { class: "seq-steps" }, s.steps.map((st) => el("li", {}, el("code", {}, st.step))));
  return el("div", { class: "seq-box", "data-until": s.until || "" },
    el("h2", { class: "view-h" }, (point ? point + ": " : "") + "The target after each step"),
    steps, bars, key,
    el("div", { class: "seq-scroll" }, el("table", { class: "seq-table", id: point ? undefined : "seq-table" }, el("thead", {}, head), el("tbody", {}, rows))),
    el("p", { class: "chain-sum" }, s.until ? el("span", {}, "Not reached: ", el("strong", {}, cell(s.not_reached)), " · ") : null,
      (s.until ? "steps used, stopping once reached: " : "steps made: "), el("strong", {}, num(s.steps_used))));
}

function chains(rs, ctx) {
  const keys = differing(rs.map((r) => r.params || {}));
  const nodes = [];
  // The ghost is the chain before a change of the question's modifiers:
  // the same outcome over the same attacks.
  const same = (a, b) => a?.until === b.until && a?.attacks === b.attacks;
  const prev = rs.length === 1 && same(ctx.prev?.chain, rs[0].chain) ? ctx.prev : null;
  if (prev && ctx.changed) nodes.push(el("p", { class: "changed", id: "changed" }, el("strong", {}, ctx.changed.text), ctx.changed.value ? ": " + ctx.changed.value : "", el("span", { class: "legend-ghost" }, " — outlines show the answer before")));
  for (const r of rs.slice(0, 6)) nodes.push(chain(r, prev, ctx.act, keys.length ? pointText(r.params, keys) : ""));
  if (rs.length > 6) nodes.push(el("p", { class: "hint" }, rs.length - 6 + " more points: sweep fewer values"));
  const c = rs[0].chain;
  const last = c.by_attack[c.by_attack.length - 1];
  return {
    nodes, how: rs[0].exact ? "exact (a Markov chain over the target's states)" : how(rs[0]), ms: rs[0].elapsed_ms, chain: rs.length === 1 ? rs[0] : null,
    announce: words(c.until) + " by attack " + last.k + ": " + pct(last.p),
    summary: "by attack " + last.k + " " + pct(last.p),
  };
}

function chain(r, prev, act, point) {
  const c = r.chain;
  const worse = (act.until || []).indexOf(c.until) > 0 ? " or worse" : "";
  const before = new Map((prev?.chain.by_attack || []).map((x) => [x.k, x.p]));
  const list = el("ul", { class: "outcomes chain" + (before.size ? "" : " no-delta"), id: point ? undefined : "chain" });
  for (const x of c.by_attack) {
    const g = before.get(x.k);
    const d = g === undefined ? null : x.p - g;
    list.append(el("li", { "data-k": x.k, class: d !== null && Math.abs(d) >= 5e-5 ? "moved" : "" },
      el("span", { class: "name" }, "by attack " + x.k),
      el("span", { class: "p" }, pct(x.p)),
      bar(x.p, 1, g, r.exact ? undefined : x.ci95[0], x.ci95[1]),
      d !== null ? el("span", { class: "delta " + (d > 5e-5 ? "up" : d < -5e-5 ? "down" : "same") }, signedPct(d)) : null,
      r.exact ? null : el("span", { class: "ci" }, ciText("", x.ci95[0], x.ci95[1]))));
  }
  const mean = Number.isFinite(c.mean_attacks_if_reached) ? c.mean_attacks_if_reached : null;
  const states = el("ul", { class: "outcomes states no-delta" });
  for (const s of c.states || []) {
    states.append(el("li", { "data-state": s.name },
      el("span", { class: "name" }, words(s.name)),
      el("span", { class: "p" }, pct(s.p)),
      bar(s.p, 1, undefined, r.exact ? undefined : s.ci95[0], s.ci95[1]),
      r.exact ? null : el("span", { class: "ci" }, ciText("", s.ci95[0], s.ci95[1]))));
  }
  return el("div", { class: "chain-box", "data-until": c.until },
    el("h2", { class: "view-h" }, (point ? point + ": " : "") + cap(words(c.until)) + worse + ", by attack"),
    list,
    el("p", { class: "chain-sum", id: point ? undefined : "chain-sum" },
      "Not reached in " + c.attacks + ": ", el("strong", {}, pct(c.not_reached.p)),
      mean !== null ? el("span", {}, " · mean attacks when reached: ", el("strong", {}, num(mean))) : null),
    el("h3", { class: "view-h" }, "The target after " + c.attacks + " attack" + (c.attacks === 1 ? "" : "s")),
    states);
}

function finds(fs, ctx) {
  const keys = differing(fs.map((f) => f.params || {}));
  const nodes = fs.slice(0, 6).map((f) => find(f, ctx.act, keys.length ? pointText(f.params, keys) : ""));
  if (fs.length > 6) nodes.push(el("p", { class: "hint" }, fs.length - 6 + " more points: sweep fewer values"));
  const f = fs[0];
  const range = f.scan.length ? f.scan[0].value + ".." + f.scan[f.scan.length - 1].value : "";
  return {
    nodes, ms: ctx.ms,
    how: f.exact ? "exact, every " + f.vary + " in " + range + " tried" : "Monte Carlo, " + group(f.trials) + " trials a value, seed " + f.seed,
    announce: answerText(f), summary: f.found ? f.vary + " " + f.at.value : "none in range",
  };
}

const op = (f) => (f.op === "<=" ? "≤" : "≥");
const scanFig = (f, s) => fig(f.metric, s.x) + (f.exact ? "" : " (" + fig(f.metric, s.ci95[0]) + " – " + fig(f.metric, s.ci95[1]) + ")");

// answerText is one find's answer in a sentence, as the CLI says it.
function answerText(f) {
  const m = metricLabel(f.metric);
  const v = words(f.vary);
  if (!f.found) {
    const live = f.scan.filter((s) => !s.does_not_apply);
    const best = live.reduce((a, s) => (!a || (f.op === "<=" ? s.x < a.x : s.x > a.x) ? s : a), null);
    return "None in range: " + m + " " + op(f) + " " + fig(f.metric, f.threshold) + " at no " + v + (best ? "; the closest is " + scanFig(f, best) + " at " + best.value : "");
  }
  let t = v + " " + f.at.value + ": " + m + " " + scanFig(f, f.at);
  t += f.before ? "; at " + v + " " + f.before.value + ": " + scanFig(f, f.before) : " (it holds from the end of the range)";
  return t;
}

function find(f, act, point) {
  const head = el("p", { class: "find-answer" + (f.found ? "" : " none"), id: point ? undefined : "find-answer" });
  const text = answerText(f);
  if (f.found) {
    const cut = text.indexOf(":");
    head.append(el("strong", {}, text.slice(0, cut)), text.slice(cut));
  } else {
    head.append(text);
  }
  const notes = [];
  if (f.found && !f.sure) notes.push("Not sure: a value before it has an interval across the threshold; raise the trials.");
  if (!f.found && !f.sure) notes.push("Some intervals straddle the threshold: raise the trials.");
  if (!f.monotone && f.holding?.length) notes.push("The figure is not monotone in " + words(f.vary) + ": it holds at " + runs(f.holding) + ".");
  return el("div", { class: "find-box", "data-vary": f.vary },
    el("h2", { class: "view-h" }, (point ? point + ": " : "") + "Where " + metricLabel(f.metric) + " " + op(f) + " " + fig(f.metric, f.threshold)),
    head,
    notes.map((n) => el("p", { class: "hint find-note" }, n)),
    scanChart(f, act));
}

function runs(vs) {
  const out = [];
  for (let i = 0; i < vs.length; ) {
    let j = i;
    while (j + 1 < vs.length && vs[j + 1] === vs[j] + 1) j++;
    out.push(j > i ? vs[i] + ".." + vs[j] : String(vs[i]));
    i = j + 1;
  }
  return out.join(", ");
}

// ticks are about five round values from lo to hi.
function ticks(lo, hi) {
  const span = hi - lo || 1;
  const raw = span / 4;
  const p = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * p).find((s) => s >= raw);
  const out = [];
  for (let t = Math.ceil(lo / step) * step; t <= hi + 1e-9; t += step) out.push(+t.toPrecision(12));
  return out;
}

// scanChart: the figure over the varied flag, the threshold dashed, the
// values that hold filled, the answer ringed, 95% whiskers by Monte Carlo.
function scanChart(f, act) {
  const pts = f.scan.filter((s) => !s.does_not_apply);
  const mean = isMean(f.metric);
  let y0 = 0, y1 = 1;
  if (mean) {
    const ys = pts.flatMap((s) => [s.ci95[0], s.ci95[1], s.x]).concat(f.threshold);
    const t = ticks(Math.min(...ys), Math.max(...ys));
    [y0, y1] = [Math.min(t[0], ...ys), Math.max(t[t.length - 1], ...ys)];
  }
  const param = (act.params || []).find((p) => p.name === f.vary);
  const xl = words(f.vary);
  const title = metricLabel(f.metric) + " over " + xl + ", threshold " + fig(f.metric, f.threshold);
  const { svg, sx, sy, left, right } = axes({
    H: 220, L: 46, xs: f.scan.map((s) => s.value), y0, y1, ...(mean ? { yTicks: ticks(y0, y1), yText: num } : {}), xTicks: 13,
    xLabel: param ? xl + " (--" + f.vary + ")" : xl, attrs: { class: "chart scan", role: "img", "aria-label": title, "data-vary": f.vary },
  });
  svg.append(el("svg:line", { x1: left, x2: right, y1: sy(f.threshold), y2: sy(f.threshold), class: "threshold", "data-threshold": f.threshold }));
  const line = el("svg:polyline", { points: pts.map((s) => `${sx(s.value)},${sy(s.x)}`).join(" "), class: "line" });
  line.style.stroke = palette[0];
  svg.append(line);
  for (const s of pts) {
    if (!f.exact) svg.append(el("svg:line", { x1: sx(s.value), x2: sx(s.value), y1: sy(s.ci95[0]), y2: sy(s.ci95[1]), class: "whisker-v" }));
  }
  for (const s of pts) {
    svg.append(el("svg:circle", { cx: sx(s.value), cy: sy(s.x), r: 4.5, class: "dot holds-" + s.holds, "data-value": s.value, "data-x": s.x, "data-holds": s.holds },
      el("svg:title", {}, `${xl} ${s.value}: ${scanFig(f, s)}, ${s.holds === "yes" ? "holds" : s.holds === "no" ? "does not hold" : "not sure"}`)));
  }
  if (f.found) svg.append(el("svg:circle", { cx: sx(f.at.value), cy: sy(f.at.x), r: 9, class: "answer-ring", id: "answer-ring", "data-value": f.at.value }));
  const key = (cls, text) => el("li", {}, el("span", { class: "key " + cls, "aria-hidden": "true" }), text);
  const legend = el("ul", { class: "legend" },
    key("k-yes", "holds"), key("k-no", "does not"), f.exact ? null : key("k-unsure", "not sure"),
    key("k-threshold", fig(f.metric, f.threshold)), f.found ? key("k-answer", "the answer") : null);
  const table = el("table", { class: "sweep-table" },
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, xl), el("th", { scope: "col" }, metricLabel(f.metric)), el("th", { scope: "col" }, "holds"))),
    el("tbody", {}, f.scan.map((s) => el("tr", { "data-value": s.value }, el("th", { scope: "row" }, String(s.value)),
      el("td", {}, s.does_not_apply ? "—" : scanFig(f, s)), el("td", {}, s.does_not_apply ? "does not apply" : s.holds)))));
  return el("figure", { class: "sweep" }, svg, legend,
    el("details", { class: "figures" }, el("summary", {}, "Figures"), el("div", { class: "scroll" }, table)));
}

function sensitivities(ss, ctx) {
  const keys = differing(ss.map((s) => s.result.params || {}));
  // A change is made by a tap only where there is one point: in a sweep
  // it would set the swept flag to one value.
  const apply = ss.length === 1 ? ctx.apply : null;
  const nodes = ss.slice(0, 4).map((s) => tornado(s, keys.length ? pointText(s.result.params, keys) : "", apply));
  if (ss.length > 4) nodes.push(el("p", { class: "hint" }, ss.length - 4 + " more points: sweep fewer values"));
  const s = ss[0];
  const top = s.changes.filter((c) => !c.does_not_apply).slice(0, 3);
  return {
    nodes, ms: ctx.ms,
    how: s.exact ? "exact: each change alone" : "paired Monte Carlo, " + group(s.trials) + " trials a side on the same dice, seed " + s.result.seed,
    announce: top.map((c) => changeText(c) + " " + signed(s.metric, c.diff)).join(", "),
    summary: top.slice(0, 1).map((c) => changeText(c) + " " + signed(s.metric, c.diff)).join(""),
  };
}

// changeText is a change as a player reads it: "smoke on", "hesa 3→4".
function changeText(c) {
  if (c.from === "false" && c.to === "true") return words(c.flag) + " on";
  if (c.from === "true" && c.to === "false") return words(c.flag) + " off";
  return words(c.flag) + " " + words(c.from) + "→" + words(c.to);
}

function baseFigure(s) {
  const r = s.result;
  if (isMean(s.metric)) return r.stats?.[s.metric.slice(5)]?.mean;
  return r.outcomes?.find((o) => o.name === s.metric)?.p;
}

// tornado: a bar per change from the middle (up right, down left), the
// largest on top; changes that move nothing are named below, as are the
// changes the rules refuse here, with why. With apply, a tap on a row
// makes its change in the question: the player follows the biggest lever.
function tornado(s, point, apply) {
  const m = s.metric;
  const moves = (c) => !c.does_not_apply && (c.diff !== 0 || (!s.exact && (c.ci95[0] !== 0 || c.ci95[1] !== 0)));
  const rows = s.changes.filter(moves);
  const still = s.changes.filter((c) => !c.does_not_apply && !moves(c));
  const refused = s.changes.filter((c) => c.does_not_apply);
  const top = Math.max(1e-12, ...rows.flatMap((c) => (s.exact ? [Math.abs(c.diff)] : [Math.abs(c.ci95[0]), Math.abs(c.ci95[1]), Math.abs(c.diff)])));
  const w = (x) => ((50 * Math.abs(x)) / top).toFixed(2) + "%";
  const list = el("ul", { class: "tornado", id: point ? undefined : "tornado" });
  for (const c of rows) {
    const fill = el("span", { class: "t-fill " + (c.diff >= 0 ? "t-up" : "t-down") });
    fill.style.width = w(c.diff);
    if (c.diff >= 0) fill.style.left = "50%";
    else fill.style.right = "50%";
    const b = el("span", { class: "t-bar", "aria-hidden": "true" }, fill);
    if (!s.exact) {
      const wh = el("span", { class: "whisker" });
      wh.style.left = (50 + (50 * c.ci95[0]) / top).toFixed(2) + "%";
      wh.style.width = ((50 * (c.ci95[1] - c.ci95[0])) / top).toFixed(2) + "%";
      b.append(wh);
    }
    const li = el("li", { "data-flag": c.flag, "data-to": c.to, class: (c.significant ? "sig" : "") + (apply ? " applies" : "") },
      apply ? el("button", { type: "button", class: "name", title: "make this change" }, changeText(c)) : el("span", { class: "name" }, changeText(c)),
      el("span", { class: "d" }, signed(m, c.diff)),
      b,
      el("span", { class: "sr" }, "to " + fig(m, c.b)),
      s.exact ? null : el("span", { class: "ci" }, ciText(m, c.ci95[0], c.ci95[1], signed)));
    if (apply) li.addEventListener("click", () => apply(c.flag, c.to, changeText(c)));
    list.append(li);
  }
  const base = baseFigure(s);
  return el("div", { class: "sens-box", "data-metric": m },
    el("h2", { class: "view-h" }, (point ? point + ": " : "") + "What moves " + metricLabel(m) + (base !== undefined ? " (" + fig(m, base) + ")" : "") + " most"),
    rows.length ? list : el("p", {}, "No change moves it: the action has no modifier that matters here."),
    rows.length ? el("p", { class: "hint" }, "Each change alone, from the question as set; bars to the right raise it, to the left lower it." + (apply ? " Tap a change to make it." : "")) : null,
    still.length ? el("p", { class: "hint", id: point ? undefined : "sens-still" }, "Moves nothing: " + still.map(changeText).join(", ") + ".") : null,
    refused.length ? el("p", { class: "hint", id: point ? undefined : "sens-refused" }, "Does not apply here: " + refused.map((c) => changeText(c) + " (" + c.does_not_apply + ")").join("; ") + ".") : null);
}

// engagements draw odds engage's answer: who wins as bars, the mean
// rounds, P(A has won) and P(B has won) by round, each side at the end,
// the points traded where both cards have points; a sweep, a line each.
function engagements(es, ctx) {
  const e = es[0];
  const [a, b] = ["a-wins", "b-wins"].map((n) => oc(e, n).p);
  const wins = (x) => "A wins " + pct(oc(x, "a-wins").p) + " · B wins " + pct(oc(x, "b-wins").p);
  return {
    ms: ctx.ms, summary: "A wins " + pct(a) + ", B " + pct(b), live: es.length > 1 ? es.length + " engagements" : wins(e),
    how: e.exact ? "exact: a Markov chain over " + e.states.join("×") + " states of the two sides" : "Monte Carlo, " + group(e.trials) + " engagements, seed " + e.seed,
    announce: "A wins " + pct(a) + ", B wins " + pct(b),
    nodes: es.length > 1
      ? [el("ul", { class: "eng-sweep" }, es.slice(0, 40).map((x) => el("li", {}, el("strong", {}, engPoint(x, es) + ": "), wins(x))))]
      : [engagement(e, ctx)],
  };
}

const oc = (e, name) => e.outcomes.find((o) => o.name === name) || { p: 0, ci95: [0, 0] };
const sideName = (e, s) => s.toUpperCase() + (e[s].cards?.attacker ? " (" + words(e[s].cards.attacker) + ")" : "");

// engPoint names an engagement of a sweep by what differs.
function engPoint(e, es) {
  const part = (s) => pointText(e[s].params, differing(es.map((x) => x[s].params)));
  return ["a", "b"].map((s) => (part(s) ? s.toUpperCase() + " " + part(s) : "")).filter(Boolean).join(", ");
}

function engagement(e, ctx) {
  const both = e.first === "simultaneous";
  const rows = [["a-wins", sideName(e, "a") + " wins"], ["b-wins", sideName(e, "b") + " wins"],
    ...(both ? [["both-out", "both out at once"]] : []), ["neither", "neither within " + e.rounds + " rounds"]];
  const list = el("ul", { class: "outcomes no-delta", id: "engage" }, rows.map(([n, text]) => {
    const o = oc(e, n);
    return el("li", { "data-outcome": n }, el("span", { class: "name" }, text), el("span", { class: "p", id: "eng-" + n }, pct(o.p)),
      bar(o.p, 1, undefined, e.exact ? undefined : o.ci95[0], o.ci95[1]), e.exact ? null : el("span", { class: "ci" }, ciText("", o.ci95[0], o.ci95[1])));
  }));
  const mean = Number.isFinite(e.mean_rounds) ? num(e.mean_rounds) : "none end";
  return el("div", { class: "engage-box" },
    el("h2", { class: "view-h" }, "Who wins the exchange"),
    el("p", { class: "eng-setup", id: "eng-setup" }, (both ? "Both fire at once" : e.first.toUpperCase() + " fires first") + ", until " +
      (e.ends === "out-of-the-fight" ? "a side is out of the fight" : "an attack's result is " + words(e.ends) + " or worse") + ", up to " + e.rounds + " rounds."),
    list,
    el("p", { class: "chain-sum" }, "Mean rounds of the exchanges that end: ", el("strong", { id: "eng-mean-rounds" }, mean)),
    e.points_traded === undefined ? null : el("p", { id: "eng-points" }, "Points traded: ", el("strong", { id: "eng-points-traded" }, signedNum(e.points_traded)),
      el("small", { class: "hint" }, " (B's expected loss less A's: A loses " + num(e.points_lost[0]) + " of " + e.a.points + ", B " + num(e.points_lost[1]) + " of " + e.b.points + ")")),
    roundsChart(e),
    el("h3", { class: "view-h" }, "Each side at the end"),
    el("div", { class: "seq-scroll" }, el("table", { class: "seq-table", id: "eng-states" },
      el("thead", {}, el("tr", {}, el("th", {}, "state"), el("th", { scope: "col" }, "A"), el("th", { scope: "col" }, "B"))),
      el("tbody", {}, (e.states_a || []).map((x, i) => el("tr", {}, el("th", { scope: "row" }, words(x.name)),
        [x, e.states_b?.[i]].map((y) => el("td", {}, y ? pct(y.p) + (e.exact ? "" : " ±" + pct((y.ci95[1] - y.ci95[0]) / 2)) : "·"))))))),
    ctx.sides ? el("p", { class: "hint" }, "A's attack: " + ctx.sides.a + ". B's attack: " + ctx.sides.b + ".") : null);
}

// roundsChart: P(A has won) and P(B has won) by round (chart.js's sweep
// over the rounds) until under 0.1% go on.
function roundsChart(e) {
  const c = { a: 0, b: 0, both: 0 };
  const rs = [];
  for (const r of e.by_round) {
    if (rs.length >= 3 && 1 - c.a - c.b - c.both < 0.001) break;
    for (const k in c) c[k] += r[k];
    const o = (name, p) => ({ name, p, ci95: [p, p] });
    rs.push({ exact: true, params: { round: r.round }, outcomes: [o("A has won", c.a), o("B has won", c.b), ...(e.first === "simultaneous" ? [o("both out", c.both)] : [])] });
  }
  return el("div", { id: "eng-chart" }, sweep(rs, "round", "P(A has won) and P(B has won) by round" + (rs.length < e.rounds ? ", to round " + rs.length + " (under 0.1% go on after)" : "")));
}
