/* Adding a card by name: the catalog of the ruleset's game (any language, any alias) and the position's own custom
 * cards, suggested as the judge types. */

import {M, bi, debounce, el} from "./util.js";
import {api} from "./api.js";
import {game, state} from "./state.js";

function customSuggestions(q) {
  return Object.entries(state.position.cards || {}).filter(([cid, d]) => {
    const names = [cid, ...(typeof d.name === "string" ? [d.name] : Object.values(d.name || {}))];
    return names.some((n) => String(n).toLowerCase().includes(q.toLowerCase()));
  }).map(([cid, d]) => ({id: cid, type: d.type, house: d.house,
    name: typeof d.name === "string" ? {es: d.name, en: d.name, pt: d.name} : {es: (d.name || {}).es || cid, en: (d.name || {}).en || cid, pt: (d.name || {}).pt || cid}}));
}

export function cardAdder(id, onAdd, placeholder) {
  const text = placeholder || M("board.add_card");
  const input = el("input", {id, placeholder: text, "aria-label": text, autocomplete: "off"});
  const list = el("ul", {class: "suggestions", role: "listbox", hidden: true});
  let items = [];
  let selected = -1;
  const choose = (value) => { input.value = ""; list.hidden = true; if (value) onAdd(value); };
  const draw = () => {
    list.replaceChildren(...items.map((c, i) => {
      const others = [c.name.en, c.name.pt].filter((n) => n && n !== bi(c.name));
      return el("li", {role: "option", "aria-selected": i === selected ? "true" : "false", "data-card": c.id,
        onmousedown: (e) => { e.preventDefault(); choose(c.id); }},
        bi(c.name), " ", el("span", {class: "alt"}, [...new Set(others)].join(" / ") + ((c.house || c.type) ? " · " + (c.house || c.type) : "")));
    }));
    list.hidden = !items.length;
  };
  const fetchSuggestions = debounce(async () => {
    const q = input.value.trim();
    if (!q) { items = []; draw(); return; }
    const r = await api("GET", `/api/cards?game=${encodeURIComponent(game())}&limit=12&q=${encodeURIComponent(q)}`);
    items = customSuggestions(q).concat(r.ok ? r.data.cards : []);
    selected = items.length ? 0 : -1;
    draw();
  }, 150);
  input.addEventListener("input", fetchSuggestions);
  input.addEventListener("blur", () => setTimeout(() => { list.hidden = true; }, 150));
  input.addEventListener("keydown", (e) => {
    if (e.key === "ArrowDown" && items.length) { selected = (selected + 1) % items.length; draw(); e.preventDefault(); }
    else if (e.key === "ArrowUp" && items.length) { selected = (selected - 1 + items.length) % items.length; draw(); e.preventDefault(); }
    else if (e.key === "Enter") {
      e.preventDefault();
      if (!list.hidden && selected >= 0 && items[selected]) choose(items[selected].id);
      else if (input.value.trim()) choose(input.value.trim());
    } else if (e.key === "Escape") { list.hidden = true; }
  });
  return el("div", {class: "add-row"}, el("div", {class: "autocomplete"}, input, list));
}
