/* Adding a card by name: the catalog of the ruleset's game (any language, any alias) and the position's own custom
 * cards, suggested as the judge types; the game's filters (KeyForge: house, trait, type) narrow the catalog, and
 * the suggestion under the cursor shows what the engine reads of that card. */

import {LANG, M, bi, debounce, el, label} from "./util.js";
import {api} from "./api.js";
import {game, state} from "./state.js";
import {cardDetails} from "./cardinfo.js";

const filterCache = {};  // game -> promise of {filter: [{value, name}]}
const remembered = {};   // picker id -> {game, chosen, open}: the board redraws its pickers after every change

function gameFilters(g) {
  if (!filterCache[g]) {
    filterCache[g] = api("GET", `/api/cards/filters?game=${encodeURIComponent(g)}`).then((r) => (r.ok ? r.data.filters : {}));
  }
  return filterCache[g];
}

function customSuggestions(q) {
  return Object.entries(state.position.cards || {}).filter(([cid, d]) => {
    const names = [cid, ...(typeof d.name === "string" ? [d.name] : Object.values(d.name || {}))];
    return names.some((n) => String(n).toLowerCase().includes(q.toLowerCase()));
  }).map(([cid, d]) => ({id: cid, type: d.type, house: d.house, custom: true,
    name: typeof d.name === "string" ? {es: d.name, en: d.name, pt: d.name} : {es: (d.name || {}).es || cid, en: (d.name || {}).en || cid, pt: (d.name || {}).pt || cid}}));
}

/* What a suggestion says beside its name: its other names, then its house and type as a judge reads them. */
function aside(c) {
  const others = [...new Set([c.name.en, c.name.pt].filter((n) => n && n !== bi(c.name)))];
  const kind = [c.house_name ? bi(c.house_name) : c.house, c.type_name ? bi(c.type_name) : c.type].filter(Boolean).join(" · ");
  return [others.join(" / "), kind].filter(Boolean).join(" · ");
}

/* The filters of the game: one select a filter, each value by its name; ``onChange`` is called when one changes.
 * What the judge chose is kept for the picker of the same id while the game stays the same. */
function filterBar(id, onChange) {
  const g = game();
  if (!remembered[id] || remembered[id].game !== g) remembered[id] = {game: g, chosen: {}, open: false};
  const memory = remembered[id];
  const box = el("div", {class: "picker-filters", id: `${id}-filters`, hidden: !memory.open});
  gameFilters(g).then((filters) => {
    box.replaceChildren(...Object.entries(filters).map(([facet, values]) => el("label", {},
      label("board.filter.", facet),
      el("select", {id: `${id}-f-${facet}`, "data-filter": facet, onchange: (e) => {
        if (e.target.value) memory.chosen[facet] = e.target.value; else delete memory.chosen[facet];
        onChange();
      }}, el("option", {value: ""}, M("board.filter.any")),
      values.map((v) => el("option", {value: v.value, selected: memory.chosen[facet] === v.value}, v.name[LANG] || v.value))))));
  });
  return {box, memory};
}

export function cardAdder(id, onAdd, placeholder) {
  const text = placeholder || M("board.add_card");
  const listId = `${id}-list`;
  const input = el("input", {id, placeholder: text, "aria-label": text, autocomplete: "off", role: "combobox",
    "aria-autocomplete": "list", "aria-expanded": "false", "aria-controls": listId});
  const list = el("ul", {class: "suggestions", id: listId, role: "listbox", hidden: true});
  const info = el("div", {class: "suggest-info", "aria-live": "polite", hidden: true});
  let items = [];
  let selected = -1;
  const close = () => { list.hidden = true; info.hidden = true; input.setAttribute("aria-expanded", "false"); };
  const choose = (value) => { input.value = ""; close(); if (value) onAdd(value); };
  const draw = () => {
    list.replaceChildren(...items.map((c, i) => el("li", {role: "option", id: `${listId}-${i}`, "aria-selected": i === selected ? "true" : "false",
      "data-card": c.id, onmousedown: (e) => { e.preventDefault(); choose(c.id); }, onmouseenter: () => { if (selected !== i) { selected = i; draw(); } }},
      bi(c.name), c.incomplete ? el("span", {class: "warn", title: M("board.card.incomplete")}, " ⚠") : null, " ",
      el("span", {class: "alt"}, aside(c)))));
    list.hidden = !items.length;
    input.setAttribute("aria-expanded", String(!list.hidden));
    if (selected >= 0 && items[selected]) input.setAttribute("aria-activedescendant", `${listId}-${selected}`);
    else input.removeAttribute("aria-activedescendant");
    const shown = items[selected];
    info.hidden = !shown || list.hidden;
    info.replaceChildren(...(shown ? [cardDetails(shown, null, "")] : []));
  };
  const filters = filterBar(id, () => { fetchSuggestions(); toggle.textContent = toggleText(); });
  const toggleText = () => {
    const n = Object.keys(filters.memory.chosen).length;
    return M("board.filters") + (n ? ` (${n})` : "");
  };
  const fetchSuggestions = debounce(async () => {
    const q = input.value.trim();
    const chosen = Object.entries(filters.memory.chosen);
    if (!q && !chosen.length) { items = []; draw(); return; }
    const params = new URLSearchParams({game: game(), limit: "12", q});
    for (const [facet, value] of chosen) params.append(facet, value);
    const r = await api("GET", `/api/cards?${params}`);
    items = (chosen.length ? [] : customSuggestions(q)).concat(r.ok ? r.data.cards : []);
    selected = items.length ? 0 : -1;
    draw();
  }, 150);
  const toggle = el("button", {type: "button", class: "small secondary picker-toggle", id: `${id}-filter-toggle`,
    "aria-expanded": String(filters.memory.open), "aria-controls": `${id}-filters`, onclick: () => {
      filters.memory.open = filters.box.hidden;
      filters.box.hidden = !filters.memory.open;
      toggle.setAttribute("aria-expanded", String(filters.memory.open));
    }}, toggleText());
  input.addEventListener("input", fetchSuggestions);
  input.addEventListener("blur", () => setTimeout(close, 150));
  input.addEventListener("keydown", (e) => {
    if (e.key === "ArrowDown" && items.length) { selected = (selected + 1) % items.length; draw(); e.preventDefault(); }
    else if (e.key === "ArrowUp" && items.length) { selected = (selected - 1 + items.length) % items.length; draw(); e.preventDefault(); }
    else if (e.key === "Enter") {
      e.preventDefault();
      if (!list.hidden && selected >= 0 && items[selected]) choose(items[selected].id);
      else if (input.value.trim()) choose(input.value.trim());
    } else if (e.key === "Escape") { close(); }
  });
  return el("div", {class: "add-row"}, el("div", {class: "autocomplete"}, input, el("div", {class: "suggest-drop"}, list, info)),
    toggle, filters.box);
}
