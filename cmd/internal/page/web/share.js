// Share: the link that reproduces an answer, a copy button, the Web
// Share API's button where the browser has one, and the recent
// questions.
import { el } from "./fmt.js";
import { forget, history } from "./store.js";

// link is an absolute address of the page at hash.
export const link = (hash) => location.href.split("#")[0] + hash;

// tookText (the time the answer took) is a span of its own: .took.
export function shareBox(hash, title, howText, tookText) {
  const url = link(hash);
  const status = el("span", { class: "copied", role: "status" });
  const copy = el("button", {
    type: "button", class: "small quiet", id: "copy",
    onclick: async () => {
      try {
        await navigator.clipboard.writeText(url);
        status.textContent = "copied";
      } catch {
        status.textContent = "copy failed: long-press the link";
      }
    },
  }, "Copy link");
  const share = navigator.share ? el("button", {
    type: "button", class: "small quiet", id: "share",
    onclick: () => navigator.share({ title: "odds: " + title, url }).catch(() => {}),
  }, "Share…") : null;
  return el("div", { class: "share" }, el("span", { class: "how", id: "how" }, howText || "", tookText ? el("span", { class: "took" }, ", " + tookText) : null), el("a", { href: url, id: "permalink", class: "permalink" }, "Link"), copy, share, status);
}

// recent lists the recent questions as links.
export function recent() {
  const h = history();
  if (!h.length) return null;
  const list = el("ol", { class: "recent" }, h.map((x) => el("li", {}, el("a", { href: x.hash }, x.title), x.summary ? el("small", {}, " ", x.summary) : null)));
  const clear = el("button", { type: "button", class: "small quiet", onclick: () => (forget(), box.remove()) }, "Clear");
  const box = el("section", { class: "recent-box", "aria-labelledby": "recent-h" }, el("h2", { id: "recent-h" }, "Recent questions"), list, clear);
  return box;
}
