// What the page keeps in the browser (localStorage): the user's own card
// and dice files, and the recent questions. Nothing leaves the browser.

const FILES = "odds.files";
const HISTORY = "odds.history";
const HISTORY_MAX = 12;

function read(key, dflt) {
  try {
    const v = JSON.parse(localStorage.getItem(key));
    return Array.isArray(v) ? v : dflt;
  } catch {
    return dflt;
  }
}

function write(key, v) {
  try {
    localStorage.setItem(key, JSON.stringify(v));
    return true;
  } catch {
    return false; // storage full or off: the page still answers
  }
}

// files are the user's YAML files: [{name, text, problems}] (problems: the
// count the last validation found, or null before one).
export const files = () => read(FILES, []);
export const saveFiles = (fs) => write(FILES, fs);

export function putFile(f) {
  const fs = files().filter((x) => x.name !== f.name);
  fs.push(f);
  fs.sort((a, b) => a.name.localeCompare(b.name));
  return saveFiles(fs);
}

export const removeFile = (name) => saveFiles(files().filter((x) => x.name !== name));

// profiles are the files sent with each query: those that validated clean
// (a file with problems would make every answer an error).
export const profiles = () => files().filter((f) => f.problems === 0).map(({ name, text }) => ({ name, text }));

// unitsOf finds the unit cards a file defines (name and system of each
// entry of its top-level units: list), for the card pickers.
export function unitsOf(text) {
  const out = [];
  let inUnits = false, cur = null, indent = -1;
  for (const line of String(text).split(/\r?\n/)) {
    if (/^\s*(#|$)/.test(line)) continue;
    if (/^\S/.test(line)) {
      inUnits = /^units\s*:/.test(line);
      cur = null;
      indent = -1;
      continue;
    }
    if (!inUnits) continue;
    const item = line.match(/^(\s*)-\s+(.*)$/);
    let rest = line.trim();
    const lead = line.length - line.trimStart().length;
    if (item && (indent < 0 || item[1].length === indent)) {
      indent = item[1].length;
      cur = {};
      out.push(cur);
      rest = item[2];
    } else if (item) continue;
    const kv = rest.match(/^([\w-]+)\s*:\s*(.*?)\s*(#.*)?$/);
    if (cur && kv && (kv[1] === "name" || kv[1] === "system") && (item || lead === indent + 2)) cur[kv[1]] = kv[2].replace(/^["']|["']$/g, "");
  }
  return out.filter((u) => u.name && u.system);
}

// history: the recent questions, newest first: [{hash, title, summary, at}].
export const history = () => read(HISTORY, []);

export function remember(entry) {
  const h = history().filter((x) => x.hash !== entry.hash);
  h.unshift({ ...entry, at: Date.now() });
  write(HISTORY, h.slice(0, HISTORY_MAX));
}

export const forget = () => write(HISTORY, []);
