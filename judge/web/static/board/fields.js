/* Inputs built from the field descriptions of a ruleset's schema ({key, kind, options, labels, min, max}): the same
 * builder serves the game's values, each player's values and a custom card's facts, for every game. An option is
 * shown by its label in the page's language where the schema gives one (a house: «Marte»), and written as its word. */

import {LANG, el} from "./util.js";

const shown = (desc, option) => ((desc.labels || {})[option] || {})[LANG] || option;

const blank = (v) => v === undefined || v === null || v === "" || (Array.isArray(v) && !v.length);

/* An input for ``desc``, showing ``value``; ``set`` receives the new value (undefined: leave the key out). */
export function fieldInput(desc, id, value, set, players) {
  const kind = desc.kind;
  if (kind === "bool") {
    return el("input", {type: "checkbox", id, checked: !!value, onchange: (e) => set(e.target.checked ? true : undefined)});
  }
  if (kind === "int") {
    const shown = typeof value === "number" ? value : (Array.isArray(value) ? value.length : 0);
    return el("input", {type: "number", id, min: desc.min, max: desc.max, value: shown, class: "short",
      onchange: (e) => { const n = parseInt(e.target.value, 10); set(n ? n : undefined); }});
  }
  if (kind === "choice" || kind === "player") {
    const options = kind === "player" ? players : desc.options || [];
    return el("select", {id, onchange: (e) => set(e.target.value || undefined)},
      el("option", {value: ""}, "—"), options.map((o) => el("option", {value: o, selected: value === o}, shown(desc, o))));
  }
  if (kind === "choices") {
    const chosen = Array.isArray(value) ? value : [];
    const selects = [];
    const read = () => { const all = selects.map((s) => s.value).filter(Boolean); set(all.length ? all : undefined); };
    for (let i = 0; i < (desc.count || 1); i++) {
      selects.push(el("select", {id: `${id}-${i}`, "aria-label": `${desc.key} ${i + 1}`, onchange: read},
        el("option", {value: ""}, "—"), (desc.options || []).map((o) => el("option", {value: o, selected: chosen[i] === o}, shown(desc, o)))));
    }
    return el("span", {class: "choices"}, selects);
  }
  if (kind === "flags") return flagsInput(desc, id, value, set);
  if (kind === "list") {
    return el("input", {id, value: Array.isArray(value) ? value.join(", ") : (value || ""), placeholder: (desc.options || []).join(", "),
      onchange: (e) => { const items = e.target.value.split(",").map((s) => s.trim()).filter(Boolean); set(items.length ? items : undefined); }});
  }
  return el("input", {id, value: blank(value) ? "" : String(value), onchange: (e) => set(e.target.value.trim() || undefined)});
}

/* Checkboxes for the options of a "flags" field; a counted flag ("assault 3") carries its number beside it. */
function flagsInput(desc, id, value, set) {
  const on = new Map((Array.isArray(value) ? value : []).map((k) => { const [n, v] = String(k).split(" "); return [n, v ? parseInt(v, 10) : 1]; }));
  const box = el("div", {class: "kw-list", id});
  const read = () => {
    const out = [...box.querySelectorAll("input[type=checkbox]")].filter((c) => c.checked).map((c) => {
      const count = box.querySelector(`input[data-flag="${c.value}"]`);
      const n = count ? parseInt(count.value, 10) || 1 : 1;
      return n > 1 ? `${c.value} ${n}` : c.value;
    });
    set(out.length ? out : undefined);
  };
  for (const option of desc.options || []) {
    box.append(el("label", {}, el("input", {type: "checkbox", value: option, checked: on.has(option), class: `${id}-flag`, onchange: read}), option,
      desc.counted ? el("input", {type: "number", min: 1, value: on.get(option) || 1, class: `${id}-n`, "data-flag": option, onchange: read}) : null));
  }
  return box;
}

/* Set or remove a key of a table the way a position is written: what is not set is left out. */
export function assign(table, key, value) {
  if (blank(value)) delete table[key]; else table[key] = value;
}
