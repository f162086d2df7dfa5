/* What every part of the board uses: the page's configuration and messages, building elements without markup
 * strings (the page's policy forbids inline script and style), and reading bilingual values. */

export const config = JSON.parse(document.getElementById("board-config").textContent);
export const LANG = config.lang;
const MSG = config.messages;

export function M(key, params) {
  let text = MSG[key] || key;
  for (const [k, v] of Object.entries(params || {})) text = text.replace("{" + k + "}", v);
  return text;
}

/* A label for a word of the game (a zone, a state, a field): its message when there is one, else the word itself,
 * which is the game's own term and still readable. */
export function label(prefix, word) {
  const key = prefix + word;
  return MSG[key] || word;
}

export const $ = (sel, root) => (root || document).querySelector(sel);

export function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(node.dataset, v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

export const clone = (x) => JSON.parse(JSON.stringify(x));

/* A value given in both languages, in the page's language (or the one asked for). */
export const bi = (v, lang) => (v && typeof v === "object" ? (v[lang || LANG] || v.es || v.en || "") : (v == null ? "" : String(v)));

export function debounce(fn, ms) {
  let t = null;
  return (...args) => { clearTimeout(t); t = setTimeout(() => fn(...args), ms); };
}

export function show(v) {
  if (v === null || v === undefined) return "—";
  if (v === true) return LANG === "es" ? "sí" : "yes";
  if (v === false) return "no";
  return typeof v === "object" ? JSON.stringify(v) : String(v);
}

export function field(labelText, input, where) {
  if (where) input.dataset.where = where;
  return el("label", {}, labelText, input);
}

/* A citation as a link to its rule or ruling, with the section it belongs to beside it: a numbered step ("Paso 5",
 * "120.6") means little without it. */
export function citeLink(info, citation) {
  const c = (info && info.citation) || citation;
  if (!c) return null;
  const url = (info && info.url) || (c.includes("#") ? "/rules/" + c.replace("#", "/") : "/rulings/" + c);
  return el("a", {class: "cite", href: url, target: "_blank", rel: "noopener", title: (info && info.title) || c}, c);
}

export function citeTitle(info) {
  if (!info || !info.title) return null;
  return el("span", {class: "cite-title"}, info.parent ? `${info.parent} › ${info.title}` : info.title);
}

/* A problem or warning as one line: where it is, then what is wrong. A message that starts with the name of its own
 * field ("turn must be…" at "turn") does not say it twice. */
export function problemLine(p) {
  const where = (p.where || "").replace(/^position\.?/, "");
  const last = where.split(/[.[\]]/).filter(Boolean).pop() || "";
  let message = p.message || "";
  if (last && message.toLowerCase().startsWith(last.toLowerCase() + " ")) message = message.slice(last.length + 1);
  return {where, message};
}

/* An answer as the judge reads it: a list joined, and no "null" where a choice had nothing to choose. */
export function answerText(a) {
  if (a === null || a === undefined) return M("board.any_answer");
  if (Array.isArray(a)) return a.map(answerText).join(" → ");
  if (typeof a === "object") return a.choose !== undefined ? answerText(a.choose) : JSON.stringify(a);
  return String(a);
}

export function problemItem(p, extra) {
  const {where, message} = problemLine(p);
  return el("li", {}, where ? el("code", {}, where) : null, " ", message, extra || null);
}
