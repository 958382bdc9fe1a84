// Figures as the command line prints them (cmd/internal/render/format.go):
// a probability with two decimals rounded half away from zero after 12
// significant digits, "<0.01%" and ">99.99%" for what is possible but
// rounds away, a mean with three decimals (a whole number with none).

const round12 = (x) => parseFloat(x.toPrecision(12));

function decimal(x, places) {
  const neg = x < 0;
  let s = String(Math.abs(round12(x)));
  if (s.includes("e")) s = s.includes("e-") ? "0" : BigInt(Math.round(Math.abs(x))).toString();
  let [whole, frac = ""] = s.split(".");
  frac += "0".repeat(places + 1);
  const digits = (whole + frac.slice(0, places)).split("").map(Number);
  if (frac[places] >= "5") {
    let i = digits.length - 1;
    for (; i >= 0 && digits[i] === 9; i--) digits[i] = 0;
    if (i < 0) digits.unshift(1);
    else digits[i]++;
  }
  const n = digits.length - places;
  let out = digits.slice(0, n).join("");
  if (places > 0) out += "." + digits.slice(n).join("");
  return neg ? "-" + out : out;
}

export function pct(p) {
  p = round12(p);
  if (p <= 0) return "0%";
  if (p >= 1) return "100%";
  const s = decimal(100 * p, 2);
  if (s === "0.00") return "<0.01%";
  if (s === "100.00") return ">99.99%";
  return s + "%";
}

export function num(x) {
  x = round12(x);
  if (Number.isInteger(x) && Math.abs(x) < 1e15) return String(x);
  return decimal(x, 3);
}

export function signedPct(x) {
  if (Math.abs(x) < 1e-12) x = 0;
  return x >= 0 ? "+" + pct(x) : "−" + pct(-x);
}

export function signedNum(x) {
  if (Math.abs(x) < 1e-12) x = 0;
  return x >= 0 ? "+" + num(x) : "−" + num(-x);
}

// group writes a count with thousands separators: 1,000,000.
export const group = (n) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

// words turns a flag or outcome name into words: out-of-action -> out of
// action; a minus sign stays one (-1..1, ..-2, a roll's -3).
export const words = (name) => String(name).replace(/(?<=[A-Za-z])-(?=[A-Za-z0-9])|(?<=[0-9])-(?=[A-Za-z])/g, " ");

// el builds an element: el("p", {class: "x", onclick: f}, child, "text", …).
export function el(tag, attrs, ...kids) {
  const svg = tag.startsWith("svg:");
  const e = svg ? document.createElementNS("http://www.w3.org/2000/svg", tag.slice(4)) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (k === "text") e.textContent = v;
    else e.setAttribute(k, v === true ? "" : String(v));
  }
  for (const k of kids.flat(Infinity)) {
    if (k === undefined || k === null || k === false) continue;
    e.append(k instanceof Node ? k : document.createTextNode(String(k)));
  }
  return e;
}
