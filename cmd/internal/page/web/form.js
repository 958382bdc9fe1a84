// The question as controls: an action's card roles as pickers, its
// parameters grouped by the sheet's sections (the catalog's `section`),
// booleans as switches, numbers as steppers with their bounds (and a
// sweep toggle that makes one a range), choices as segmented controls or
// menus, words and dice as text. Labels are the usage's words; the flag
// name is secondary. Every change calls onchange at once.
import { el, words } from "./fmt.js";

// label splits a usage into what a player reads first and the rest:
// "target in smoke (+2; …)" is "Target in smoke" and "+2; …"; a usage
// that starts "with --spot: …" is read from after it, with the flag it
// needs kept in the rest.
export function label(p) {
  let u = p.usage || words(p.name);
  let pre = "";
  const w = u.match(/^(with --[\w-]+): (.*)$/s);
  if (w) [pre, u] = [w[1], w[2]];
  // The head ends at the first ": ", "; ", ", e.g. ", or " (" opening a
  // modifier ("(+2") or the usage's last words ("(counts at most 4)").
  let cut = -1;
  for (let i = 0; i < u.length && cut < 0; i++) {
    if (u.startsWith(": ", i) || u.startsWith("; ", i) || u.startsWith(", e.g. ", i)) cut = i;
    else if (u.startsWith(" (", i) && (/[+\-−\d]/.test(u[i + 2] || "") || u.indexOf(")", i) === u.length - 1)) cut = i;
  }
  if (cut >= 0 && u.slice(0, cut).includes("--") && u.indexOf(": ", cut) > cut) cut = u.indexOf(": ", cut);
  const m = cut >= 0 ? [u, u.slice(0, cut)] : null;
  let head = m ? m[1] : u;
  let rest = m ? u.slice(m[1].length).replace(/^(: |; |, )/, "").trim().replace(/^\(([^()]*)\)$/s, "$1") : "";
  if (head.length < 4) [head, rest] = [u, ""];
  if (pre) rest = pre + (rest ? "; " + rest : "");
  return { text: head.charAt(0).toUpperCase() + head.slice(1), hint: rest };
}

// plain writes a message or usage of the engine in a player's words: a
// flag (--hesa N, --target infantry|vehicle, --defender CARD) becomes its
// control's label (firer's HESA value, target unit type (infantry or
// vehicle), the defender card), and a leading "--flag: " goes (the
// message is shown at its control, or with a link to it).
export function plain(act, text) {
  if (!text) return text;
  const roles = new Set((act.roles || []).map((r) => r.name ?? r));
  const params = new Map((act.params || []).map((p) => [p.name, p]));
  const list = (alts) => (alts.length > 1 ? alts.slice(0, -1).join(", ") + " or " + alts[alts.length - 1] : alts[0]);
  const lead = /^--[\w-]+: /.test(text);
  let t = String(text).replace(/^--[\w-]+: /, "");
  t = t.replace(/--([a-z][\w-]*)(?:(?:=| )(N|CARD|[\w.+:-]+(?:\|[\w.+:-]+)+))?( card)?/g, (m, name, arg, card) => {
    if (roles.has(name)) return card ? name + card : (arg === "CARD" || !arg ? "the " + name + " card" : m);
    const p = params.get(name);
    if (!p) return words(name) + (arg ? " " + arg : "") + (card || "");
    let l = label(p).text.replace(/--([a-z][\w-]*)/g, (x, n) => (roles.has(n) ? n : x));
    if (!/^[A-Z]\S*[A-Z]/.test(l)) l = l.charAt(0).toLowerCase() + l.slice(1); // not HESA, RoF
    const alts = arg && arg.includes("|") ? " (" + list(arg.split("|").map(words)) + ")" : "";
    return l + alts + (card || "");
  });
  return lead ? t.charAt(0).toUpperCase() + t.slice(1) : t;
}

// defaultOf is a parameter's default as the query writes it ("" when absent).
export function defaultOf(p) {
  if (p.optional) return "";
  const d = p.default;
  switch (p.kind) {
    case "bool":
      return d === true || d === 1 || d === "true" ? "true" : "false";
    case "choice":
      return typeof d === "number" ? p.choices?.[d] ?? "" : String(d ?? "");
    default:
      return d === undefined || d === null ? "" : String(d);
  }
}

const isRange = (v) => /^-?\d+\.\.-?\d+$/.test(v);

// controls builds the form of an action into `into`; state holds values
// by name (strings, as the query writes them) and cards by role.
export function controls(into, act, state, catalogCards, onchange) {
  into.replaceChildren();
  carded.clear();
  const roles = act.roles || [];
  if (roles.length) {
    // Closed: its summary names the cards; the values they give show in
    // the fields below.
    const picked = roles.map((r) => r.name ?? r).filter((n) => state.cards.get(n));
    const det = el("details", { class: "section cards", "data-section": "Unit cards" });
    det.open = picked.some((n) => state.cards.get(n) === "all");
    det.append(el("summary", {}, el("span", { class: "sec-name" }, "Unit cards"), picked.length
      ? el("small", { class: "sum-hint", id: "cards-picked" }, " " + picked.map((n) => (state.cards.get(n) === "all" ? "every " + n : words(state.cards.get(n)))).join(" · "))
      : el("small", { class: "sum-hint" }, " fill the values from a card")));
    const box = el("div", { class: "fields" });
    for (const role of roles) box.append(cardPicker(role, act, state, catalogCards, onchange));
    det.append(box);
    into.append(det);
  }
  const sections = [];
  const bySection = new Map();
  for (const p of act.params || []) {
    const s = p.section || "Modifiers";
    if (!bySection.has(s)) {
      bySection.set(s, []);
      sections.push(s);
    }
    bySection.get(s).push(p);
  }
  // Each section shows its first FIRST controls and any that are set,
  // as the sheet orders them (a unit's values, then the common
  // modifiers); the rest fold under a line that names them, with the
  // choices left to the cards (optional: auto) among them.
  const FIRST = 3;
  sections.forEach((s, i) => {
    const ps = bySection.get(s);
    const set = (p) => (state.values.get(p.name) ?? "") !== "";
    const given = ps.filter(set).length;
    const det = el("details", { class: "section", "data-section": s });
    det.open = i < 3 || given > 0;
    det.append(el("summary", {}, el("span", { class: "sec-name" }, s), given ? el("span", { class: "badge", "aria-label": given + " set" }, given) : null));
    const box = el("div", { class: "fields" });
    const rest = [];
    let shown = 0;
    for (const p of ps) {
      const f = field(p, act, state, onchange);
      if (set(p) || (shown < FIRST && !(p.kind === "choice" && p.optional))) {
        box.append(f);
        shown++;
      } else rest.push([p, f]);
    }
    det.append(box);
    if (rest.length) {
      const more = el("details", { class: "more-fields", "data-section": s });
      // Its line sits in the section's heading (style.css): "4 more",
      // the folded controls named for a screen reader and on hover.
      const names = rest.map(([p]) => words(p.name)).join(", ");
      more.append(el("summary", { title: names, "aria-label": rest.length + " more: " + names }, rest.length + " more"),
        el("div", { class: "fields" }, rest.map(([, f]) => f)));
      det.append(more);
    }
    into.append(det);
  });
}

function cardPicker(role, act, state, catalogCards, onchange) {
  const name = typeof role === "string" ? role : role.name;
  const usage = typeof role === "string" ? "" : role.usage || "";
  const id = "card-" + name;
  const sel = el("select", { id, name });
  sel.append(el("option", { value: "" }, "no card"));
  const fits = (c) => !c.roles || c.roles.includes(name);
  const groups = [["Built-in cards", catalogCards.builtin], ["Your cards", catalogCards.user]];
  for (const [title, list] of groups) {
    const cs = (list || []).filter(fits);
    if (!cs.length) continue;
    const og = el("optgroup", { label: title });
    for (const c of cs) og.append(el("option", { value: c.name }, words(c.name)));
    sel.append(og);
  }
  sel.append(el("option", { value: "all" }, "every card (roster)"));
  const cur = state.cards.get(name) || "";
  if (cur && ![...sel.options].some((o) => o.value === cur)) sel.append(el("option", { value: cur }, cur));
  sel.value = cur;
  sel.addEventListener("change", () => {
    state.cards.set(name, sel.value);
    onchange({ name, text: name + " card", value: sel.value ? words(sel.value) : "none" });
  });
  return el("div", { class: "field card", id: "field-" + name },
    el("label", { for: id }, name.charAt(0).toUpperCase() + name.slice(1), el("code", { class: "flag" }, "--" + name)),
    sel,
    usage ? el("small", { class: "hint" }, usage) : null,
    el("p", { class: "error", id: "err-" + name, role: "alert", hidden: true }));
}

// labelIn is p's label among its action's: two parameters that would
// read alike ("Joint fire") are named by their whole usage.
function labelIn(p, act) {
  const l = label(p);
  if ((act.params || []).some((q) => q !== p && label(q).text === l.text)) {
    const u = (p.usage || p.name).replace(/^with --[\w-]+: /, "");
    return { text: plain(act, u.charAt(0).toUpperCase() + u.slice(1)), hint: "" };
  }
  return { text: plain(act, l.text), hint: plain(act, l.hint) };
}

function field(p, act, state, onchange) {
  const { text, hint } = labelIn(p, act);
  const id = "in-" + p.name;
  const hintId = "hint-" + p.name;
  const value = () => state.values.get(p.name) ?? "";
  const set = (v, what, slow) => {
    if (v === defaultOf(p)) v = "";
    state.values.set(p.name, v);
    if (v !== "" && p.group) {
      for (const q of act.params) if (q !== p && q.group === p.group) state.values.set(q.name, "");
      for (const q of act.params) if (q !== p && q.group === p.group) refresh.get(q.name)?.();
    }
    onchange({ name: p.name, text, value: what ?? (v === "" ? "default" : v), slow });
  };
  const head = el("label", { for: id, class: "lab" }, text, el("code", { class: "flag" }, "--" + p.name));
  const wrap = el("div", { class: "field kind-" + p.kind, id: "field-" + p.name, "data-param": p.name });
  const hintEl = hint ? el("small", { class: "hint", id: hintId }, hint) : null;
  const err = el("p", { class: "error", id: "err-" + p.name, role: "alert", hidden: true });
  const describedby = hint ? hintId : undefined;

  if (p.kind === "bool") {
    const box = el("input", { type: "checkbox", role: "switch", id, name: p.name, "aria-describedby": describedby });
    const sync = () => {
      box.checked = (value() || defaultOf(p)) === "true";
    };
    sync();
    refresh.set(p.name, sync);
    box.addEventListener("change", () => set(box.checked ? "true" : "false", box.checked ? "on" : "off"));
    wrap.classList.add("switch");
    wrap.append(el("label", { for: id, class: "lab" }, box, el("span", { class: "track", "aria-hidden": "true" }), el("span", { class: "txt" }, text, el("code", { class: "flag" }, "--" + p.name))), hintEl, err);
    return wrap;
  }

  if (p.kind === "choice") {
    const choices = p.choices || [];
    const opts = p.optional ? ["", ...choices] : choices;
    const short = opts.length <= 4 && opts.every((c) => c.length <= 10);
    if (short) {
      const group = el("div", { class: "seg", role: "radiogroup", "aria-labelledby": id + "-l", "aria-describedby": describedby });
      const sync = () => {
        const cur = value() || defaultOf(p);
        for (const r of group.querySelectorAll("input")) r.checked = r.value === cur;
      };
      opts.forEach((c, i) => {
        const rid = id + "-" + i;
        const r = el("input", { type: "radio", name: p.name, id: rid, value: c });
        r.addEventListener("change", () => r.checked && set(c, c || "auto"));
        group.append(r, el("label", { for: rid }, c === "" ? "auto" : words(c)));
      });
      sync();
      refresh.set(p.name, sync);
      // Three short words fit half the phone's width.
      if (opts.length <= 3 && opts.reduce((n, c) => n + (c || "auto").length, 0) <= 16) wrap.classList.add("narrow");
      wrap.append(el("span", { class: "lab", id: id + "-l" }, text, el("code", { class: "flag" }, "--" + p.name)), group, hintEl, err);
      return wrap;
    }
    const sel = el("select", { id, name: p.name, "aria-describedby": describedby });
    for (const c of opts) sel.append(el("option", { value: c }, c === "" ? "auto" : words(c)));
    const sync = () => {
      sel.value = value() || defaultOf(p);
    };
    sync();
    refresh.set(p.name, sync);
    sel.addEventListener("change", () => set(sel.value, sel.value || "auto"));
    wrap.append(head, sel, hintEl, err);
    return wrap;
  }

  if (p.kind === "int" && !p.terms) {
    const lo = p.min ?? 0, hi = p.max ?? 99;
    const clamp = (n) => Math.min(hi, Math.max(lo, n));
    const num = (attrs) => el("input", { type: "number", inputmode: "numeric", min: lo, max: hi, step: 1, autocomplete: "off", ...attrs });
    const input = num({ id, name: p.name, placeholder: p.optional ? "—" : defaultOf(p), "aria-describedby": describedby });
    const from = num({ id: id + "-from", "aria-label": text + ": from" });
    const to = num({ id: id + "-to", "aria-label": text + ": to" });
    const sweepBtn = el("button", { type: "button", class: "sweep-btn", "aria-pressed": "false", "aria-label": "Sweep " + text + " over a range", title: "sweep over a range" }, "sweep");
    // cur is the value the field holds, or shows: a card's value (the
    // answer's, in the placeholder) or the default.
    const cur = () => {
      const v = value() || (isRange(carded.get(p.name) || "") ? "" : carded.get(p.name)) || defaultOf(p);
      return v === "" || !Number.isFinite(Number(v)) ? null : Number(v);
    };
    // From blank, "+" gives the lowest value that is something (1 for a
    // value of 0..12) and "−" the lowest (0): the first tap is a step.
    const step = (d) => {
      const n = cur();
      set(String(clamp(n === null ? (d > 0 ? Math.max(lo, 1) : Math.max(lo, 0)) : n + d)));
      sync();
    };
    const minus = el("button", { type: "button", class: "step", "aria-label": "less " + text, onclick: () => step(-1) }, "−");
    const plus = el("button", { type: "button", class: "step", "aria-label": "more " + text, onclick: () => step(1) }, "+");
    const clear = p.optional ? el("button", { type: "button", class: "clear", "aria-label": "clear " + text, title: "not given", onclick: () => (set(""), sync()) }, "×") : null;
    const single = el("div", { class: "stepper" }, minus, input, plus, clear);
    const range = el("div", { class: "range", hidden: true }, el("span", {}, "from"), from, el("span", {}, "to"), to);
    function sync() {
      const v = value();
      const swept = isRange(v);
      sweepBtn.setAttribute("aria-pressed", String(swept));
      single.hidden = swept;
      range.hidden = !swept;
      wrap.classList.toggle("swept", swept);
      if (swept) {
        const [a, b] = v.split("..");
        from.value = a;
        to.value = b;
      } else {
        input.value = v;
      }
      if (clear) clear.hidden = v === "";
    }
    sync();
    refresh.set(p.name, sync);
    input.addEventListener("input", () => {
      if (input.value === "" || Number.isInteger(Number(input.value))) set(input.value, undefined, true);
    });
    const onRange = () => {
      if (from.value !== "" && to.value !== "") set(from.value + ".." + to.value, from.value + " to " + to.value, true);
    };
    from.addEventListener("input", onRange);
    to.addEventListener("input", onRange);
    sweepBtn.addEventListener("click", () => {
      if (isRange(value())) {
        const [a] = value().split("..");
        set(a, a);
      } else {
        const n = cur();
        const a = n === null ? Math.max(lo, 0) : n;
        const b = clamp(a + 5) === a ? clamp(a - 5) : clamp(a + 5);
        set(Math.min(a, b) + ".." + Math.max(a, b), "swept");
      }
      sync();
      (isRange(value()) ? to : input).focus();
    });
    wrap.classList.add("stepped");
    wrap.append(el("div", { class: "lab-row" }, head, el("small", { class: "hint" + (hint ? "" : " bounds"), id: hintId }, hint ? hint + " " : "", el("span", { class: "bounds" }, lo + "–" + hi)), sweepBtn), single, range, err);
    input.setAttribute("aria-describedby", hintId);
    return wrap;
  }

  // words, dice pools, terms (4+2+2): text.
  const input = el("input", { type: "text", id, name: p.name, autocomplete: "off", autocapitalize: "off", spellcheck: "false", placeholder: p.terms ? "e.g. 4+2+2" : p.kind === "dice" ? "e.g. red:2,green:1" : defaultOf(p) || "—", "aria-describedby": describedby });
  const sync = () => {
    input.value = value();
  };
  sync();
  refresh.set(p.name, sync);
  input.addEventListener("input", () => set(input.value.trim(), undefined, true));
  wrap.append(head, input, hintEl, err);
  return wrap;
}

// refresh redraws one control from the state (fields of one group clear
// each other).
const refresh = new Map();

// carded holds the values an answer took from its cards, by parameter.
const carded = new Map();

// showCards shows in the form, for each value a card gave the answer r
// (its sources name a card), the card's value in the empty field's
// place, and "from the attacker card" beside it: the steppers step from
// it.
export function showCards(into, act, r) {
  carded.clear();
  for (const e of into.querySelectorAll(".from-card")) e.remove();
  for (const e of into.querySelectorAll(".field.carded")) e.classList.remove("carded");
  for (const p of act.params || []) {
    const src = r?.sources?.[p.name] || "";
    const m = src.match(/^(\w[\w-]*) card /);
    const input = into.querySelector("#in-" + CSS.escape(p.name));
    if (p.kind === "int" && !p.terms && input) input.placeholder = p.optional ? "—" : defaultOf(p);
    else if (input && input.type === "text") input.placeholder = input.dataset.placeholder || input.placeholder;
    if (!m || r.params?.[p.name] === undefined) continue;
    const v = typeof r.params[p.name] === "boolean" ? (r.params[p.name] ? "on" : "off") : String(r.params[p.name]);
    carded.set(p.name, v);
    if (input && (input.type === "number" || input.type === "text")) {
      if (!input.dataset.placeholder) input.dataset.placeholder = input.placeholder;
      input.placeholder = v;
    }
    const f = into.querySelector("#field-" + CSS.escape(p.name));
    if (!f) continue;
    const shown = input && (input.type === "number" || input.type === "text");
    const note = el("small", { class: "hint from-card" }, (shown ? "" : words(v) + " ") + "from " + m[1] + " card");
    if (f.matches(".stepped")) {
      f.classList.add("carded");
      f.querySelector(".lab-row .hint").before(note);
    } else if (f.matches(".narrow")) {
      f.classList.add("carded");
      f.append(note);
    } else f.querySelector(".lab")?.append(" ", note);
  }
}
