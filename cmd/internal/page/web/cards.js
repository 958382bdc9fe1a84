// Your cards and dice: YAML files kept in the browser, created from a
// built-in card, edited, imported and exported; each is validated by the
// engine (the messages of odds profiles validate, as file:line:col) and
// the clean ones are sent with every question, so their cards join the
// pickers.
import { el, words } from "./fmt.js";
import { files, putFile, removeFile, unitsOf } from "./store.js";
import { diceEditor } from "./dice.js";

const NAME = /^[a-z0-9][a-z0-9._-]*\.ya?ml$/;

// yamlValue writes a card field's value: scalars plain, the rest as YAML's
// JSON-like flow style.
const yamlValue = (v) => (typeof v === "string" ? (/^[\w.+:,-]+$/.test(v) ? v : JSON.stringify(v)) : JSON.stringify(v));

// template is a new file holding a copy of a built-in card to edit.
export function template(card, sys) {
  const lines = ["units:", "  - name: my-" + card.name, "    system: " + sys.name];
  const fields = card.fields || {};
  const order = (sys.card || []).map((p) => p.name).filter((n) => n in fields);
  for (const k of Object.keys(fields)) if (!order.includes(k)) order.push(k);
  for (const k of order) lines.push("    " + k + ": " + yamlValue(fields[k]));
  return lines.join("\n") + "\n";
}

export function cardsPage(app, qs) {
  const q = new URLSearchParams(qs);
  document.title = "odds: your cards";
  const list = el("ul", { class: "files", id: "files" });
  const editor = el("section", { class: "editor", id: "editor", hidden: true, "aria-labelledby": "editor-h" });
  const importIn = el("input", { type: "file", id: "import", accept: ".yaml,.yml,application/yaml,text/yaml", multiple: true, class: "visually-hidden" });
  const sysSel = el("select", { id: "new-system", "aria-label": "System of the new card" }, app.catalog.systems.map((s) => el("option", { value: s.name }, words(s.name))));
  const cardSel = el("select", { id: "new-from", "aria-label": "Built-in card to start from" });
  const fillCards = () => {
    cardSel.replaceChildren(...(app.catalog.cards?.[sysSel.value] || []).map((c) => el("option", { value: c.name }, words(c.name))));
  };
  sysSel.addEventListener("change", fillCards);
  fillCards();
  const status = el("p", { class: "status-line", role: "status", id: "cards-status" });

  app.main.replaceChildren(
    el("h1", {}, "Your cards and dice"),
    el("p", { class: "lead" }, "Unit cards and dice of your own, in the YAML of odds profiles (docs/profiles.md). They stay in this browser; files without problems are used in every answer, and their cards appear in the pickers."),
    el("div", { class: "row" },
      el("label", { for: "import", class: "button" }, "Import YAML…"), importIn,
      el("button", { type: "button", onclick: () => edit({ name: freeName("my-cards.yaml"), text: "units:\n  - name: my-card\n    system: " + sysSel.value + "\n", problems: null }, true) }, "New file")),
    el("div", { class: "row" }, el("span", {}, "New card from"), sysSel, cardSel,
      el("button", { type: "button", id: "new-card", onclick: () => {
        const c = (app.catalog.cards?.[sysSel.value] || []).find((x) => x.name === cardSel.value);
        if (c) edit({ name: freeName("my-" + c.name + ".yaml"), text: template(c, app.catalog.systems.find((x) => x.name === sysSel.value)), problems: null }, true);
      } }, "Copy")),
    status, list, editor,
    ...app.catalog.systems.filter((s) => s.die).map((s) => diceEditor(app, s, (name, text) => app.engine.call({ op: "validate", name, text })
      .then((r) => r.problems || [], (e) => [{ file: name, line: 0, col: 0, message: e.message }]), () => drawList())));

  importIn.addEventListener("change", async () => {
    let last = null;
    for (const f of importIn.files) {
      if (f.size > 1 << 20) {
        status.textContent = f.name + ": over 1 MiB, not imported";
        continue;
      }
      const name = NAME.test(f.name) ? f.name : freeName(f.name.toLowerCase().replace(/[^a-z0-9._-]+/g, "-").replace(/\.(ya?ml)?$/, "") + ".yaml");
      last = { name, text: await f.text(), problems: null };
      putFile(last);
      await validate(last);
    }
    importIn.value = "";
    drawList();
    if (last) edit(files().find((f) => f.name === last.name), false);
  });

  function freeName(base) {
    const names = new Set(files().map((f) => f.name));
    if (!names.has(base)) return base;
    const stem = base.replace(/\.ya?ml$/, "");
    for (let i = 2; ; i++) if (!names.has(stem + "-" + i + ".yaml")) return stem + "-" + i + ".yaml";
  }

  // validate asks the engine and records the problems' count.
  async function validate(f) {
    try {
      const res = await app.engine.call({ op: "validate", name: f.name, text: f.text });
      f.problems = (res.problems || []).length;
      putFile(f);
      return res.problems || [];
    } catch (err) {
      return [{ file: f.name, line: 0, col: 0, message: err.message }];
    }
  }

  function drawList() {
    const fs = files();
    list.replaceChildren(...fs.map((f) => {
      const units = unitsOf(f.text);
      const state = f.problems === null ? "not checked" : f.problems ? f.problems + (f.problems === 1 ? " problem" : " problems") : "ok, in use";
      const dl = () => {
        const a = el("a", { href: URL.createObjectURL(new Blob([f.text], { type: "application/yaml" })), download: f.name });
        document.body.append(a);
        a.click();
        setTimeout(() => (URL.revokeObjectURL(a.href), a.remove()), 1000);
      };
      return el("li", { "data-file": f.name, class: f.problems ? "bad" : "" },
        el("div", { class: "file-head" }, el("strong", {}, f.name), el("span", { class: "file-state" }, state)),
        units.length ? el("small", {}, units.map((u) => u.name + " (" + u.system + ")").join(", ")) : null,
        el("div", { class: "buttons" },
          el("button", { type: "button", class: "small", onclick: () => edit(f, false) }, "Edit"),
          el("button", { type: "button", class: "small", onclick: dl }, "Export"),
          el("button", { type: "button", class: "small quiet", onclick: () => {
            if (confirm("Delete " + f.name + "?")) {
              removeFile(f.name);
              app.cardsChanged();
              drawList();
              editor.hidden = true;
            }
          } }, "Delete")));
    }));
    if (!fs.length) list.append(el("li", { class: "empty" }, "No files yet: import one, or copy a built-in card."));
    app.cardsChanged();
  }

  function edit(f, fresh) {
    const nameIn = el("input", { type: "text", id: "file-name", value: f.name, autocomplete: "off", spellcheck: "false" });
    const text = el("textarea", { id: "file-text", rows: 14, spellcheck: "false", autocapitalize: "off", "aria-describedby": "problems" });
    text.value = f.text;
    const problems = el("ul", { class: "problems", id: "problems", "aria-live": "polite" });
    let timer = 0;
    let original = fresh ? null : f.name;
    const check = async () => {
      const cur = { name: nameIn.value.trim(), text: text.value, problems: null };
      const ps = await app.engine.call({ op: "validate", name: cur.name, text: cur.text }).then((r) => r.problems || [], (e) => [{ file: cur.name, line: 0, col: 0, message: e.message }]);
      // A file saved as it reads is in use; an edit is once it is saved.
      const saved = files().some((x) => x.name === cur.name && x.text === cur.text);
      problems.replaceChildren(...(ps.length ? ps.map((p) => el("li", { class: "problem" }, el("code", {}, p.file + ":" + p.line + ":" + p.col), ": " + p.message)) : [el("li", { class: "ok" }, saved ? "No problems: in use in every answer." : "No problems: save it to use it in every answer.")]));
      return ps;
    };
    const save = async () => {
      const name = nameIn.value.trim();
      if (!NAME.test(name)) {
        problems.replaceChildren(el("li", { class: "problem" }, "the file name must be lower-case letters, digits, dots or dashes, ending .yaml"));
        return;
      }
      if (original && original !== name) removeFile(original);
      const ps = await check();
      putFile({ name, text: text.value, problems: ps.length });
      original = name;
      status.textContent = name + " saved" + (ps.length ? " (not used until its problems are fixed)" : "");
      drawList();
    };
    text.addEventListener("input", () => {
      clearTimeout(timer);
      timer = setTimeout(check, 300);
    });
    editor.replaceChildren(
      el("h2", { id: "editor-h" }, fresh ? "New file" : "Edit " + f.name),
      el("div", { class: "field" }, el("label", { for: "file-name", class: "lab" }, "File name"), nameIn),
      el("div", { class: "field" }, el("label", { for: "file-text", class: "lab" }, "YAML"), text),
      el("h3", {}, "Problems"), problems,
      el("div", { class: "buttons" }, el("button", { type: "button", id: "save", onclick: save }, "Save"), el("button", { type: "button", class: "quiet", onclick: () => (editor.hidden = true) }, "Close")));
    editor.hidden = false;
    check();
    editor.scrollIntoView({ block: "start" });
    if (q.get("focus") !== "no") text.focus({ preventScroll: true });
  }

  drawList();
}
