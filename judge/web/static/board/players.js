/* Each player's panel: the player's values and zones as the schema lists them. A hidden zone (a Mitos y Leyendas
 * castle) may hold cards nobody knows: those are a count, and only the cards that matter are named. */

import {$, M, el, field, label} from "./util.js";
import {actions, isHidden, isInPlay, nextUid, schema, state} from "./state.js";
import {assign, fieldInput} from "./fields.js";
import {cardAdder} from "./autocomplete.js";
import {chip, renderEditor} from "./cards.js";

export function preservingFocus(render) {
  // Re-rendering replaces the inputs; the one being typed in keeps its text, caret and suggestions.
  const active = document.activeElement;
  const id = active && active.id;
  const typing = id && active.tagName === "INPUT" && active.type !== "checkbox" && active.type !== "number";
  const value = typing ? active.value : null;
  const caret = typing ? active.selectionStart : null;
  render();
  if (!id) return;
  const again = document.getElementById(id);
  if (!again || again === active) return;
  if (typing) {
    again.value = value;
    again.focus();
    try { again.setSelectionRange(caret, caret); } catch (e) { /* not a text input */ }
    if (value) again.dispatchEvent(new Event("input"));
  } else again.focus();
}

export function renderPlayers() { preservingFocus(drawPlayers); }

function playerField(pid, desc, values, players) {
  const id = `f-${pid}-${desc.key}`;
  const input = fieldInput(desc, id, values[desc.key], (v) => { assign(values, desc.key, v); actions.changed(); }, players);
  const where = `players.${pid}.${desc.key}`;
  if (desc.kind === "bool") return el("label", {class: "check", "data-where": where}, input, el("span", {}, label("board.value.", desc.key)));
  if (desc.kind === "choices") return el("label", {"data-where": where}, label("board.value.", desc.key), input);
  return field(label("board.value.", desc.key), input, where);
}

function drawPlayers() {
  const sc = schema();
  const players = Object.keys(state.position.players || {});
  const sections = players.map((pid) => {
    const values = state.position.players[pid];
    const marks = [state.position.active === pid ? " active-player" : "", state.acting === pid ? " acting-player" : ""].join("");
    return el("section", {class: "panel player" + marks, id: "player-" + pid, "aria-label": M("board.player") + " " + pid},
      el("h2", {}, M("board.player") + " " + pid, state.acting === pid && sc.stack ? el("span", {class: "badge", id: `acting-${pid}`}, M("board.acting")) : null),
      el("div", {class: "player-fields"}, (sc.player_fields || []).map((desc) => playerField(pid, desc, values, players))),
      (sc.zones || []).filter((zone) => !((sc.zone_flags || {})[zone] || {}).shared).map((zone) => renderZone(pid, zone)));
  });
  $("#players").replaceChildren(...sections);
  actions.markProblems();
}

/* The count of unnamed cards of a hidden zone: a number alone when no card of it is named. */
function unknownCount(pid, zone) {
  const p = state.position.players[pid];
  const value = p[zone];
  const shown = typeof value === "number" ? value : (Array.isArray(value) ? value.filter((c) => c === "?" || (c && c.card === "?")).length : 0);
  return field(M("board.unnamed"), el("input", {type: "number", min: 0, class: "short", id: `f-${pid}-${zone}-count`, value: shown,
    onchange: (e) => {
      const n = Math.max(0, parseInt(e.target.value, 10) || 0);
      const named = Array.isArray(p[zone]) ? p[zone].filter((c) => !(c === "?" || (c && c.card === "?"))) : [];
      const unnamed = Array.isArray(p[zone]) ? p[zone].filter((c) => c === "?" || (c && c.card === "?")).slice(0, n) : [];
      while (unnamed.length < n) unnamed.push("?");
      if (!named.length) assign(p, zone, n || undefined); else p[zone] = named.concat(unnamed);
      actions.changed();
    }}), `players.${pid}.${zone}`);
}

function renderZone(pid, zone) {
  const p = state.position.players[pid];
  const raw = p[zone];
  const list = Array.isArray(raw) ? raw : [];
  const where = `players.${pid}.${zone}`;
  const cards = el("div", {class: "zone-cards", "data-where": where});
  list.forEach((card, i) => {
    if (card === "?") return;
    if (typeof card === "string") { card = list[i] = {uid: nextUid(state.position), card}; }
    if (card.card === "?") return;
    cards.append(chip(card, `${where}[${i}]`));
  });
  const inPlay = isInPlay(zone);
  if (!cards.children.length && inPlay) cards.append(el("span", {class: "zone-empty"}, M("board.empty_zone")));
  if (!cards.children.length && !inPlay) cards.hidden = true;
  const editor = list.some((c) => c && (c.uid === state.editing || (c[schema().attached] || []).some((u) => u.uid === state.editing))) ? renderEditor(state.editing) : null;
  const add = cardAdder(`add-${pid}-${zone}`, (cardId) => {
    if (!Array.isArray(p[zone])) p[zone] = Array.from({length: typeof p[zone] === "number" ? p[zone] : 0}, () => "?");
    p[zone].push({uid: nextUid(state.position), card: cardId});
    actions.changed();
  });
  return el("div", {class: "zone", id: `zone-${pid}-${zone}`, "data-zone": zone},
    el("div", {class: "zone-head"}, el("h3", {}, label("board.zone.", zone)), isHidden(zone) ? unknownCount(pid, zone) : null, add),
    cards, editor);
}
