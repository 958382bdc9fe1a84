// The dice editor: the dice a player owns, for a system whose faces the
// sheets do not publish (the catalog's `die`: its roles, colours,
// symbols, how many faces and how many symbols a face holds). Each die's
// faces are tapped from the sheet's symbols; every change is checked by
// the engine and saved with the cards, as the YAML of odds profiles
// (FILE), so that every question rolls these dice. The dice themselves
// are kept as they were tapped (KEY), to open the editor on them again.
import { el, words } from "./fmt.js";
import { files, putFile, removeFile } from "./store.js";

const FILE = (sys) => "my-" + sys + "-dice.yaml";
const KEY = (sys) => "odds.dice." + sys;

function load(sys) {
  try {
    const v = JSON.parse(localStorage.getItem(KEY(sys)));
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
}

function keep(sys, dice) {
  try {
    localStorage.setItem(KEY(sys), JSON.stringify(dice));
  } catch {
    // storage full or off: the file below is what counts
  }
}

// yaml writes dice as odds profiles read them; a face is a flow list.
export function yaml(dice) {
  const lines = ["# Written by the page's dice editor: edit your dice there.", "dice:"];
  for (const d of dice) {
    lines.push("  - name: " + d.colour + "-" + d.role, "    role: " + d.role, "    colour: " + d.colour, "    strength: " + d.strength, "    faces:");
    for (const f of d.faces) lines.push("      - [" + f.join(", ") + "]");
  }
  return lines.join("\n") + "\n";
}

// symbol is a symbol as the sheet writes it: "X suppression".
const symbol = (s) => words(s).replace(/^x /, "X ");

// faceText says what a face shows: "damage point + suppression", "blank".
const faceText = (f) => (f.length ? f.map(symbol).join(" + ") : "blank");

// diceEditor is the editor of sys's dice: its section of the cards page.
// check(name, text) asks the engine for the problems of a file; changed()
// is called once a file was saved or removed.
export function diceEditor(app, sys, check, changed) {
  const schema = sys.die;
  const examples = app.catalog.dice?.[sys.name] || [];
  let dice = load(sys.name);
  const list = el("div", { class: "dice", id: "dice-list" });
  const status = el("p", { class: "status-line", role: "status", id: "dice-status" });
  const problems = el("ul", { class: "problems", id: "dice-problems", "aria-live": "polite" });
  const addBtn = el("button", { type: "button", class: "small", id: "dice-add" }, "Add a die");
  const exampleBtn = el("button", { type: "button", class: "small quiet", id: "dice-examples" }, "Start from the example dice");
  const section = el("section", { class: "dice-editor", id: "dice", "aria-labelledby": "dice-h" },
    el("h2", { id: "dice-h" }, "Your " + words(sys.name) + " dice"),
    el("p", { class: "lead" }, "The sheets do not publish these dice's faces: enter the dice you own. Tap each face's symbols (two at most; tap one twice for a double), or Blank. Your dice are checked and saved with your cards as " + FILE(sys.name) + ", and every question rolls them; a colour you do not give keeps the example die."),
    el("div", { class: "row" }, addBtn, exampleBtn), list, status, problems);

  const blankDie = () => {
    const used = new Set(dice.map((d) => d.role + " " + d.colour));
    let role = schema.Roles[0], colour = schema.Colours[0];
    outer: for (const r of schema.Roles) for (const c of schema.Colours) if (!used.has(r + " " + c)) {
      [role, colour] = [r, c];
      break outer;
    }
    const strength = Math.max(1, schema.Colours.indexOf(colour) + 1);
    return { role, colour, strength, faces: Array.from({ length: 6 }, () => []) };
  };
  addBtn.addEventListener("click", () => {
    dice.push(blankDie());
    save(dice.length - 1);
  });
  exampleBtn.addEventListener("click", () => {
    dice = examples.map((d) => ({ role: d.role, colour: d.colour, strength: d.strength, faces: d.faces.map((f) => [...f]) }));
    save(0);
  });

  // save draws the dice, keeps them, and saves their file once the engine
  // finds no problem in it (a file with problems is kept, not used).
  async function save(open = -1) {
    keep(sys.name, dice);
    draw(open);
    if (!dice.length) {
      removeFile(FILE(sys.name));
      status.textContent = "No dice of your own: the example dice are rolled.";
      problems.replaceChildren();
      changed();
      return;
    }
    const text = yaml(dice);
    const ps = await check(FILE(sys.name), text);
    putFile({ name: FILE(sys.name), text, problems: ps.length });
    status.textContent = ps.length ? "Not used until the problems below are fixed." : "Saved, in use in every answer: " + dice.length + (dice.length === 1 ? " die." : " dice.");
    // The engine names a die by its place in the file: dice[1] is die 2.
    problems.replaceChildren(...ps.map((p) => el("li", { class: "problem" }, p.message.replace(/^dice\[(\d+)\]/, (m, n) => "Die " + (Number(n) + 1)))));
    changed();
  }

  function draw(open) {
    exampleBtn.hidden = dice.length > 0 || !examples.length;
    list.replaceChildren(...dice.map((d, i) => dieBox(d, i, i === open)));
  }

  function dieBox(d, i, open) {
    const id = "die-" + i;
    const name = () => words(d.colour) + " " + words(d.role) + " die";
    const summary = el("summary", {}, el("span", { class: "die-name" }, name()), el("small", { class: "die-faces" }, " " + d.faces.map(faceText).join(" · ")));
    const select = (key, choices) => {
      const s = el("select", { id: id + "-" + key, "aria-label": words(key) + " of the " + name() }, choices.map((c) => el("option", { value: c }, words(c))));
      s.value = d[key];
      s.addEventListener("change", () => {
        d[key] = s.value;
        save(i);
      });
      return s;
    };
    const strength = el("input", { type: "number", id: id + "-strength", min: 1, max: 20, value: d.strength, inputmode: "numeric", "aria-label": "strength of the " + name() + " (1 is the weakest colour)" });
    strength.addEventListener("change", () => {
      d.strength = Math.min(20, Math.max(1, Math.round(Number(strength.value) || 1)));
      save(i);
    });
    const count = el("select", { id: id + "-count", "aria-label": "faces of the " + name() },
      Array.from({ length: schema.MaxFaces - schema.MinFaces + 1 }, (_, k) => el("option", { value: schema.MinFaces + k }, schema.MinFaces + k + " faces")));
    count.value = String(d.faces.length);
    count.addEventListener("change", () => {
      const n = Number(count.value);
      d.faces = Array.from({ length: n }, (_, k) => d.faces[k] || []);
      save(i);
    });
    const faces = el("ol", { class: "faces" }, d.faces.map((f, k) => {
      const shows = el("span", { class: "face-shows", id: id + "-face-" + k }, faceText(f));
      const tap = (sym) => () => {
        d.faces[k] = sym === null ? [] : f.length >= schema.MaxSymbols ? [sym] : [...f, sym];
        save(i);
      };
      return el("li", { class: "face", "data-face": k },
        el("div", { class: "face-head" }, el("span", { class: "face-n" }, "Face " + (k + 1) + ": "), shows),
        el("div", { class: "symbols", role: "group", "aria-label": "symbols of face " + (k + 1) },
          schema.Symbols.map((s) => el("button", { type: "button", class: "small sym", "data-symbol": s, onclick: tap(s) }, symbol(s))),
          el("button", { type: "button", class: "small quiet sym", "data-symbol": "", onclick: tap(null) }, "Blank")));
    }));
    const remove = el("button", { type: "button", class: "small quiet remove-die", onclick: () => {
      dice.splice(i, 1);
      save();
    } }, "Remove this die");
    const det = el("details", { class: "die", id, "data-role": d.role, "data-colour": d.colour }, summary,
      el("div", { class: "die-props" },
        el("label", {}, "Role ", select("role", schema.Roles)),
        el("label", {}, "Colour ", select("colour", schema.Colours)),
        el("label", {}, "Strength ", strength),
        count),
      faces, remove);
    det.open = open;
    return det;
  }

  draw(-1);
  if (dice.length) {
    const f = files().find((x) => x.name === FILE(sys.name));
    status.textContent = f?.problems === 0 ? "Saved, in use in every answer: " + dice.length + (dice.length === 1 ? " die." : " dice.") : "Not used until its problems are fixed.";
  }
  return section;
}
