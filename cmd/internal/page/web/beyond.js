// Beyond one roll (issue 26): repeat the attack until an outcome
// (until=OUTCOME&attacks=N), a sequence of attacks on the same target
// (then=ACTION FLAGS, a value a step, with until=OUTCOME), find what it takes (find=COND&vary=FLAG) and
// what matters most (sensitivity=METRIC), and an engagement of two sides
// (engage=B's FLAGS with first, rounds, ends: the question is side A's
// attack, engage B's on A). The question's part is here
// (state from the link, the query, the controls); the answers' drawings
// are in beyondviews.js. The engine answers all three as the JSON API does.
import { label } from "./form.js";
import { el, words } from "./fmt.js";

// metrics are what find and sensitivity may measure: the action's named
// outcomes (not a description such as rof move's) and its results' means.
export function metrics(act) {
  const out = (act.outcomes || []).filter((o) => /^\S+$/.test(o)).map((o) => ({ value: o, text: "P(" + words(o) + ")", mean: false }));
  return out.concat((act.stats || []).map((s) => ({ value: "mean:" + s, text: "mean " + words(s), mean: true })));
}

// varies are the integer parameters find may vary over their bounds.
export const varies = (act) => (act.params || []).filter((p) => p.kind === "int" && !p.terms);

const attacksDoc = (catalog) => (catalog.run || []).find((p) => p.name === "attacks") || { min: 1, max: 100, default: 6 };

// modes the action offers: repeated attacks where its sheet says how the
// target's state carries (the catalog's until), find where it has a
// number to vary; mode is kept if a link asks for it (the engine says why not).
function modes(act, mode) {
  return [["", "Once"], ["until", "Repeat until"], ["then", "Then…"], ["find", "Find"], ["sensitivity", "What matters"], ["engage", "Engage"]].filter(([m]) =>
    m === "" || m === mode || m === "sensitivity" || ((m === "until" || m === "then") && act.until?.length) || (m === "find" && varies(act).length) ||
    (m === "engage" && act.engage));
}

const isMean = (metric) => metric.startsWith("mean:");

// beyondOf reads the beyond part of a link's query.
export function beyondOf(catalog, act, q) {
  const b = {
    mode: "", until: act.until?.[0] || "", attacks: String(attacksDoc(catalog).default),
    metric: act.until?.[0] || metrics(act)[0]?.value || "", op: ">=", x: "50", vary: varies(act)[0]?.name || "", sens: "first", raw: null,
    steps: [], goal: "",
    // engage: side B's attack (its values by name, as the query writes
    // them), who fires first (a, b or simultaneous), the rounds, the
    // outcome that ends it ("": a side out of the fight), the readings on.
    b: new Map(), first: "a", rounds: String(DEFAULT_ROUNDS), ends: "", readings: new Set(),
  };
  if (q.has("engage")) {
    b.mode = "engage";
    b.b = flagValues(q.get("engage"));
    if (q.get("simultaneous") === "true" || q.get("simultaneous") === "") b.first = "simultaneous";
    else if (q.get("first") === "b") b.first = "b";
    if (q.get("rounds")) b.rounds = q.get("rounds");
    b.ends = q.get("ends") || "";
    for (const r of act.engage?.readings || []) if (q.has(r.name) && q.get(r.name) !== "false") b.readings.add(r.name);
  } else if (q.getAll("then").some((t) => t.trim())) {
    b.mode = "then";
    b.steps = q.getAll("then").filter((t) => t.trim());
    b.goal = q.get("until") || "";
  } else if (q.get("until")) {
    b.mode = "until";
    b.until = q.get("until");
    if (q.get("attacks")) b.attacks = q.get("attacks");
  } else if (q.get("find") || q.get("vary")) {
    b.mode = "find";
    if (q.get("vary")) b.vary = q.get("vary");
    const m = (q.get("find") || "").match(/^\s*(\S+?)\s*(>=|<=)\s*(-?\d*\.?\d+)\s*(%?)\s*$/);
    if (m) {
      b.metric = m[1];
      b.op = m[2];
      b.x = isMean(m[1]) || m[4] ? m[3] : String(+(100 * Number(m[3])).toPrecision(12));
    } else {
      b.raw = q.get("find") || "";
    }
  } else if (q.get("sensitivity")) {
    b.mode = "sensitivity";
    b.sens = q.get("sensitivity");
  }
  return b;
}

// findText is find's condition as the query writes it: a probability as
// a fraction (out-of-action>=0.5), a mean as it is.
export function findText(b) {
  if (b.raw !== null) return b.raw;
  const x = b.x.trim();
  const v = isMean(b.metric) || x === "" || !Number.isFinite(Number(x)) ? x : String(+(Number(x) / 100).toPrecision(12));
  return b.metric + b.op + v;
}

// DEFAULT_ROUNDS are odds engage's rounds when none are given; an
// engagement has at most MAX_ROUNDS.
export const DEFAULT_ROUNDS = 20;
const MAX_ROUNDS = 100;

// flagValues reads side B's flags (engage=--hesa=2 --def=2 --smoke) as
// values by name; flagsText writes them back, each --name=value (a
// value has no spaces: the engine splits the attack at them).
export function flagValues(text) {
  const m = new Map();
  for (const tok of (text || "").trim().split(/\s+/)) {
    const x = tok.match(/^--([\w-]+)(?:=(.*))?$/);
    if (x) m.set(x[1], x[2] ?? "true");
  }
  return m;
}

export const flagsText = (values) => [...values].filter(([, v]) => v !== "").map(([k, v]) => "--" + k + "=" + v).join(" ");

// engageQuery is the engine's engage request for side A's attack (the
// question's own values, flags and cards: aFlags, cards by role) and
// the beyond part b: each side's attack as odds engage takes it, the
// attacker card as side A's unit and the defender card as side B's.
export function engageQuery(sys, act, aFlags, cards, b, run) {
  const q = new URLSearchParams();
  q.set("a-attack", (sys + " " + act.name + " " + aFlags).trim());
  q.set("b-attack", (sys + " " + act.name + " " + flagsText(b.b)).trim());
  if (cards.get("attacker")) q.set("a", cards.get("attacker"));
  if (cards.get("defender")) q.set("b", cards.get("defender"));
  engageSettings(b, q);
  for (const [k, v] of run) if (v) q.set(k, v);
  return q.toString();
}

function engageSettings(b, q) {
  if (b.first === "simultaneous") q.set("simultaneous", "true");
  else if (b.first === "b") q.set("first", "b");
  if (b.rounds !== String(DEFAULT_ROUNDS)) q.set("rounds", b.rounds);
  if (b.ends) q.set("ends", b.ends);
  for (const r of b.readings) q.set(r, "true");
}

// beyondQuery adds the beyond part to the query q; find's flag is left
// out, as the engine wants (it scans the flag's whole range).
export function beyondQuery(b, q) {
  if (b.mode === "engage") {
    q.set("engage", flagsText(b.b));
    engageSettings(b, q);
  } else if (b.mode === "then") {
    for (const t of b.steps) if (t.trim()) q.append("then", t.trim());
    if (b.goal) q.set("until", b.goal);
  } else if (b.mode === "until") {
    q.set("until", b.until);
    q.set("attacks", b.attacks);
  } else if (b.mode === "find") {
    q.delete(b.vary);
    q.set("find", findText(b));
    q.set("vary", b.vary);
  } else if (b.mode === "sensitivity") {
    q.set("sensitivity", b.sens || "first");
  }
}

// beyondSummary says the beyond question in a few words (recent questions).
export function beyondSummary(b) {
  if (b.mode === "until") return "until " + words(b.until) + ", " + b.attacks + " attacks";
  if (b.mode === "then") return "then " + b.steps.map((t) => t.split(/\s+/)[0]).join(", then ") + (b.goal ? ", until " + words(b.goal) : "");
  if (b.mode === "find") return "find " + words(findText(b)) + " varying " + words(b.vary);
  if (b.mode === "sensitivity") return "what matters most";
  if (b.mode === "engage") return "engage B (" + ([...b.b].filter(([, v]) => v !== "").map(([k, v]) => words(k) + " " + v).join(", ") || "defaults") + "), " + (b.first === "simultaneous" ? "at once" : b.first.toUpperCase() + " first") + ", " + b.rounds + " rounds";
  return "";
}

const errEl = (name) => el("p", { class: "error", id: "err-" + name, role: "alert", hidden: true });

function select(id, options, value, onpick) {
  const sel = el("select", { id }, options.map(([v, t]) => el("option", { value: v }, t)));
  if (!options.some(([v]) => v === value)) sel.append(el("option", { value }, words(value)));
  sel.value = value;
  sel.addEventListener("change", () => onpick(sel.value));
  return sel;
}

// beyondControls is the beyond part of the question: the mode's
// segmented control and the mode's fields. onchange(info) asks again;
// onmode() is told of a new mode or varied flag (the form redraws).
export function beyondControls(catalog, act, b, onchange, onmode) {
  const box = el("section", { class: "beyond", id: "beyond", "aria-label": "The question" });
  const ms = modes(act, b.mode);
  const seg = el("div", { class: "seg modes" + (ms.length > 5 ? " many" : ""), role: "radiogroup", "aria-label": "Ask" });
  for (const [m, text] of ms) {
    const id = "mode-" + (m || "once");
    const r = el("input", { type: "radio", name: "mode", id, value: m });
    r.checked = m === b.mode;
    r.addEventListener("change", () => {
      if (!r.checked) return;
      b.mode = m;
      b.raw = null;
      fields.replaceChildren(...draw());
      onmode();
      onchange({ name: "mode", text: text.toLowerCase(), value: "" });
    });
    seg.append(r, el("label", { for: id }, text));
  }
  const fields = el("div", { class: "beyond-fields" });
  const draw = () => {
    if (b.mode === "until") return untilFields(catalog, act, b, onchange);
    if (b.mode === "then") return thenFields(catalog, act, b, onchange);
    if (b.mode === "find") return findFields(act, b, onchange, onmode);
    if (b.mode === "sensitivity") return sensFields(act, b, onchange);
    if (b.mode === "engage") return engageFields(act, b, onchange);
    return [];
  };
  fields.replaceChildren(...draw());
  box.append(seg, fields);
  return box;
}

function untilFields(catalog, act, b, onchange) {
  const sev = act.until || [];
  const until = select("in-until", sev.map((o) => [o, words(o)]), b.until, (v) => ((b.until = v), onchange({ name: "until", text: "until", value: words(v) })));
  const ad = attacksDoc(catalog);
  return [
    el("div", { class: "field", id: "field-until" },
      el("label", { for: "in-until", class: "lab" }, "Repeat the attack until", el("code", { class: "flag" }, "--until")),
      until,
      el("small", { class: "hint" }, "reached by an attack whose result is this or worse; the target's state carries to the next attack as its sheet says"),
      errEl("until")),
    el("div", { class: "field", id: "field-attacks" },
      el("label", { for: "in-attacks", class: "lab" }, "Attacks at most", el("code", { class: "flag" }, "--attacks")),
      ...stepper(b, "attacks", ad, onchange)),
  ];
}

// stepper is a count's − and + and its field, b[name] within d.min..d.max.
function stepper(b, name, d, onchange) {
  const input = el("input", { type: "number", id: "in-" + name, inputmode: "numeric", min: d.min, max: d.max, step: 1, value: b[name], autocomplete: "off" });
  const step = (k) => {
    const n = Number(b[name]);
    input.value = b[name] = String(Math.min(d.max, Math.max(d.min, Number.isInteger(n) ? n + k : d.default)));
    onchange({ name, text: name, value: b[name] });
  };
  input.addEventListener("input", () => {
    b[name] = input.value.trim();
    onchange({ name, text: name, value: b[name], slow: true });
  });
  return [
    el("div", { class: "stepper" },
      el("button", { type: "button", class: "step", "aria-label": "fewer " + name, onclick: () => step(-1) }, "−"),
      input,
      el("button", { type: "button", class: "step", "aria-label": "more " + name, onclick: () => step(1) }, "+")),
    el("small", { class: "hint bounds" }, el("span", { class: "bounds" }, d.min + "–" + d.max)),
    errEl(name)];
}

// chainedOf are the actions of act's system that take part in a
// sequence (those with an until list), act's first.
function chainedOf(catalog, act) {
  const sys = (catalog.systems || []).find((s) => (s.actions || []).includes(act));
  const acts = (sys?.actions || []).filter((a) => a.until?.length);
  return acts.length ? acts : [act];
}

// thenFields are a sequence's steps after the question's own attack: each
// an action and its flags as --then takes them, moved up or down or
// removed with a thumb; a step is added at the end; the goal is optional.
function thenFields(catalog, act, b, onchange) {
  const acts = chainedOf(catalog, act);
  const list = el("ol", { class: "steps", id: "then-steps", "aria-label": "Steps after this attack" });
  const changed = (text, value, slow) => onchange({ name: "then", text, value, slow });
  const draw = () => {
    list.replaceChildren(...b.steps.map((t, i) => stepRow(i)));
  };
  const stepRow = (i) => {
    const words0 = b.steps[i].trim().split(/\s+/);
    const name = acts.some((a) => a.name === words0[0]) ? words0[0] : acts[0].name;
    const flags = el("input", { type: "text", id: "then-flags-" + i, class: "step-flags", autocomplete: "off", autocapitalize: "off", spellcheck: "false",
      placeholder: "its flags, e.g. --hesa 2 --def 1", "aria-label": "step " + (i + 2) + " flags", value: words0[0] === name ? words0.slice(1).join(" ") : b.steps[i].trim() });
    const sel = select("then-act-" + i, acts.map((a) => [a.name, words(a.name)]), name, (v) => {
      b.steps[i] = (v + " " + flags.value).trim();
      changed("step " + (i + 2), words(v));
    });
    sel.setAttribute("aria-label", "step " + (i + 2) + " action");
    flags.addEventListener("input", () => {
      b.steps[i] = (sel.value + " " + flags.value).trim();
      changed("step " + (i + 2), flags.value, true);
    });
    const move = (d) => {
      const j = i + d;
      if (j < 0 || j >= b.steps.length) return;
      [b.steps[i], b.steps[j]] = [b.steps[j], b.steps[i]];
      draw();
      changed("step " + (i + 2), d < 0 ? "moved up" : "moved down");
    };
    return el("li", { class: "step-row", "data-step": i + 2 },
      el("span", { class: "step-n", "aria-hidden": "true" }, String(i + 2)),
      sel, flags,
      el("span", { class: "step-tools" },
        el("button", { type: "button", class: "step", "aria-label": "move step " + (i + 2) + " up", disabled: i === 0 ? "" : undefined, onclick: () => move(-1) }, "↑"),
        el("button", { type: "button", class: "step", "aria-label": "move step " + (i + 2) + " down", disabled: i === b.steps.length - 1 ? "" : undefined, onclick: () => move(1) }, "↓"),
        el("button", { type: "button", class: "step", "aria-label": "remove step " + (i + 2), onclick: () => {
          b.steps.splice(i, 1);
          draw();
          changed("step " + (i + 2), "removed");
        } }, "✕")));
  };
  if (!b.steps.length) b.steps.push(act.name);
  draw();
  const add = el("button", { type: "button", class: "add-step", id: "then-add", onclick: () => {
    b.steps.push(b.steps[b.steps.length - 1]?.split(/\s+/)[0] || act.name);
    draw();
    list.querySelector(".step-row:last-child .step-flags")?.focus();
    changed("step " + (b.steps.length + 1), "added");
  } }, "+ Add a step");
  const goals = [...new Set(acts.flatMap((a) => a.until || []))];
  const goal = select("in-then-until", [["", "none: the target's state after each step"], ...goals.map((o) => [o, words(o)])], b.goal,
    (v) => ((b.goal = v), onchange({ name: "until", text: "until", value: v ? words(v) : "none" })));
  return [
    el("div", { class: "field", id: "field-then" },
      el("span", { class: "lab" }, "Then, on the same target", el("code", { class: "flag" }, "--then")),
      list, add,
      el("small", { class: "hint" }, "each step its own action and flags (its own --attacker card); the target's state carries as its sheet says; a step on a target out of the fight is skipped"),
      errEl("then")),
    el("div", { class: "field", id: "field-then-until" },
      el("label", { for: "in-then-until", class: "lab" }, "Until", el("code", { class: "flag" }, "--until")),
      goal,
      errEl("until")),
  ];
}

function findFields(act, b, onchange, onmode) {
  const ms = metrics(act);
  const metric = select("in-find", ms.map((m) => [m.value, m.text]), b.metric, (v) => {
    const was = isMean(b.metric);
    b.metric = v;
    b.raw = null;
    if (isMean(v) !== was) b.x = isMean(v) ? "1" : "50";
    threshold.value = b.x;
    unit.textContent = isMean(v) ? "" : "%";
    onchange({ name: "find", text: "find", value: words(v) });
  });
  const ops = el("div", { class: "seg ops", role: "radiogroup", "aria-label": "at least or at most" });
  for (const [op, text] of [[">=", "≥ at least"], ["<=", "≤ at most"]]) {
    const id = "find-op-" + (op === ">=" ? "ge" : "le");
    const r = el("input", { type: "radio", name: "find-op", id, value: op });
    r.checked = b.op === op;
    r.addEventListener("change", () => r.checked && ((b.op = op), (b.raw = null), onchange({ name: "find", text: "find", value: text })));
    ops.append(r, el("label", { for: id }, text));
  }
  const threshold = el("input", { type: "number", id: "find-x", inputmode: "decimal", step: "any", value: b.x, autocomplete: "off", "aria-label": "threshold" });
  threshold.addEventListener("input", () => {
    b.x = threshold.value;
    b.raw = null;
    onchange({ name: "find", text: "threshold", value: b.x, slow: true });
  });
  const unit = el("span", { class: "unit" }, isMean(b.metric) ? "" : "%");
  const vs = varies(act);
  const vary = select("in-vary", vs.map((p) => [p.name, label(p).text + " (--" + p.name + ")"]), b.vary, (v) => {
    b.vary = v;
    onmode();
    onchange({ name: "vary", text: "vary", value: words(v) });
  });
  return [
    el("div", { class: "field", id: "field-find" },
      el("label", { for: "in-find", class: "lab" }, "Find where", el("code", { class: "flag" }, "--find")),
      metric,
      el("div", { class: "find-cond" }, ops, el("span", { class: "x" }, threshold, unit)),
      errEl("find")),
    el("div", { class: "field", id: "field-vary" },
      el("label", { for: "in-vary", class: "lab" }, "by changing", el("code", { class: "flag" }, "--vary")),
      vary,
      el("small", { class: "hint" }, "every value in its range is tried, the rest of the question as set below"),
      errEl("vary")),
  ];
}

function sensFields(act, b, onchange) {
  const ms = metrics(act);
  const first = ms[0] ? "first outcome, " + ms[0].text : "first outcome";
  const sel = select("in-sensitivity", [["first", first], ...ms.filter((m, i) => i > 0).map((m) => [m.value, m.text])], b.sens,
    (v) => ((b.sens = v), onchange({ name: "sensitivity", text: "what matters to", value: v === "first" ? "the first outcome" : words(v) })));
  return [el("div", { class: "field", id: "field-sensitivity" },
    el("label", { for: "in-sensitivity", class: "lab" }, "What matters most to", el("code", { class: "flag" }, "--sensitivity")),
    sel,
    el("small", { class: "hint" }, "each modifier changed alone, one step, from the question as set below"),
    errEl("sensitivity"))];
}

// engageFields: who fires first, the rounds at most, what ends it and
// the readings where the sheet is silent (B's attack is set in the form).
function engageFields(act, b, onchange) {
  const g = act.engage || { ends: [] };
  const seg = el("div", { class: "seg", role: "radiogroup", "aria-labelledby": "eng-first-l" });
  for (const v of ["a", "b", ...(g.simultaneous || b.first === "simultaneous" ? ["simultaneous"] : [])]) {
    const text = v === "simultaneous" ? "both at once" : "side " + v.toUpperCase();
    const r = el("input", { type: "radio", name: "eng-first", id: "eng-first-" + v, value: v });
    r.checked = b.first === v;
    r.addEventListener("change", () => r.checked && ((b.first = v), onchange({ name: "first", text: "fires first", value: text })));
    seg.append(r, el("label", { for: r.id }, text));
  }
  const ends = select("in-ends", [["", "a side is out of the fight"], ...g.ends.slice(0, -1).map((o) => [o, words(o) + " or worse"])], b.ends,
    (v) => ((b.ends = v), onchange({ name: "ends", text: "ends at", value: v ? words(v) : "out of the fight" })));
  const readings = (g.readings || []).map((r) => {
    const box = el("input", { type: "checkbox", role: "switch", id: "eng-" + r.name });
    box.checked = b.readings.has(r.name);
    box.addEventListener("change", () => (b.readings[box.checked ? "add" : "delete"](r.name), onchange({ name: r.name, text: words(r.name), value: box.checked ? "on" : "off" })));
    return el("div", { class: "field switch", id: "field-" + r.name },
      el("label", { for: box.id, class: "lab" }, box, el("span", { class: "track", "aria-hidden": "true" }), el("span", { class: "txt" }, cap(words(r.name)))),
      el("small", { class: "hint" }, r.usage.replace(/^[\w ]+: /, "")), errEl(r.name));
  });
  return [
    el("div", { class: "field", id: "field-first" }, el("span", { class: "lab", id: "eng-first-l" }, "Fires first"), seg,
      el("small", { class: "hint" }, "the sides take turns, each side's state carrying as its sheet says: a suppressed firer may lose its bonus or its fire"), errEl("first")),
    el("div", { class: "field", id: "field-rounds" }, el("label", { for: "in-rounds", class: "lab" }, "Rounds at most"),
      ...stepper(b, "rounds", { min: 1, max: MAX_ROUNDS, default: DEFAULT_ROUNDS }, onchange)),
    el("div", { class: "field", id: "field-ends" }, el("label", { for: "in-ends", class: "lab" }, "Ends when"), ends,
      el("small", { class: "hint" }, "an attack's result this bad ends it; by default a side must be out of the fight"), errEl("ends")),
    ...readings,
  ];
}

const cap = (t) => t.charAt(0).toUpperCase() + t.slice(1);

// markVaried greys the form's field that find varies: the engine scans it.
export function markVaried(form, b) {
  if (b.mode !== "find") return;
  const f = form.querySelector("#field-" + CSS.escape(b.vary));
  if (!f) return;
  f.classList.add("varied");
  for (const c of f.querySelectorAll("input, button, select")) c.disabled = true;
  f.append(el("small", { class: "varied-note" }, "Find tries every value of this: see the answer"));
}
