/* Before and after a play, side by side, with what changed marked: the players' values, the zones, who may act
 * and what waits on the stack. */

import {$, M, el, label, show} from "./util.js";
import {factLabel, schema, state} from "./state.js";
import {chip} from "./cards.js";
import {itemLine} from "./stack.js";

function changedSets(changes, position) {
  const uids = new Set();
  const values = new Set();
  for (const c of changes || []) {
    const [head, ...rest] = c.what.split(".");
    if ((position.players && head in position.players) || !rest.length) values.add(c.what);
    else uids.add(head);
  }
  return {uids, values};
}

function zonesOf(sc) {
  return [...new Set([...(sc.zones || []), ...Object.keys(sc.zone_flags || {})])];
}

function miniBoard(title, view, marks) {
  const sc = schema();
  const pos = view.position;
  const out = el("div", {class: "mini-board", "data-board": title}, el("h3", {}, title));
  if (sc.stack) {
    out.append(el("div", {class: "pv"}, el("span", {class: marks.values.has("priority") ? "changed" : "", "data-value": "priority"},
      `${M("board.priority")}: ${show(pos.priority || null)}`)));
    const stack = (pos.stack || []).slice().reverse();
    out.append(el("div", {class: "zone mini-stack" + (marks.values.has("stack") ? " changed" : "")}, el("h3", {}, M("board.stack")),
      stack.length ? el("ol", {}, stack.map((item) => el("li", {"data-item": item.id}, ...itemLine(item, view.cards)))) : el("span", {class: "meta"}, M("board.stack_empty"))));
  }
  for (const [pid, p] of Object.entries(pos.players || {})) {
    out.append(el("div", {class: "pv"}, el("strong", {}, pid + (pos.active === pid ? " ★" : "")),
      (sc.player_fields || []).map((f) => el("span", {class: marks.values.has(`${pid}.${f.key}`) ? "changed" : "", "data-value": `${pid}.${f.key}`},
        `${label("board.value.", f.key)}: ${show(p[f.key] === undefined ? (f.kind === "int" ? 0 : null) : p[f.key])}`))));
    for (const zone of zonesOf(sc)) {
      const list = p[zone];
      if (typeof list === "number") { out.append(el("div", {class: "zone"}, el("h3", {}, `${label("board.zone.", zone)}: ${list}`))); continue; }
      if (!list || !list.length) continue;
      const saved = state.cards;
      state.cards = view.cards;
      // A state that means nothing on this card ("elusive used" on a creature without Elusive) is left off it.
      const unread = view.unread_states || {};
      const shown = (c) => (unread[c.uid] ? Object.fromEntries(Object.entries(c).filter(([k]) => !unread[c.uid].includes(k))) : c);
      const chips = list.filter((c) => c.card !== "?").map(shown).map((c) => chip(c, "", {readonly: true,
        extra: marks.uids.has(c.uid) || (c[sc.attached] || []).some((u) => marks.uids.has(u.uid)) ? " changed" : ""}));
      state.cards = saved;
      const unnamed = list.length - chips.length;
      out.append(el("div", {class: "zone"}, el("h3", {}, label("board.zone.", zone) + (unnamed ? ` (+${unnamed} ?)` : "")), el("div", {class: "zone-cards"}, chips)));
    }
  }
  return out;
}

export function renderCompare() {
  const panel = $("#compare-panel");
  const r = state.result;
  if (!r) { panel.hidden = true; return; }
  panel.hidden = false;
  const marks = changedSets(r.changes, r.after.position);
  $("#compare").replaceChildren(miniBoard(M("board.before"), r.before, {uids: new Set(), values: new Set()}), miniBoard(M("board.after"), r.after, marks));
  // What a judge reads first; the engine's bookkeeping (counters, places shifting in a zone) under "details".
  const row = (c) => el("tr", {"data-what": c.what}, el("td", {}, factLabel(c.what, {...r.before.cards, ...r.after.cards})), el("td", {}, show(c.before)), el("td", {}, show(c.after)));
  const head = () => el("tr", {}, el("th", {}, ""), el("th", {}, M("board.before")), el("th", {}, M("board.after")));
  const read = (r.changes || []).filter((c) => !c.detail);
  const kept = (r.changes || []).filter((c) => c.detail);
  $("#changes").replaceChildren(el("table", {class: "changes-table", id: "changes-read"}, head(), read.map(row)),
    kept.length ? el("details", {class: "bookkeeping"}, el("summary", {}, M("board.details")),
      el("table", {class: "changes-table", id: "changes-details"}, head(), kept.map(row))) : "");
}
