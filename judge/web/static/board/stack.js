/* The stack: what waits to resolve between two plays in the games that keep one (the card being played and the
 * answers to it, orders and abilities), top first as a judge reads it; and who has passed since the last action.
 * A judge writes it by hand too: "this order is on the stack and the opponent holds priority". */

import {$, M, clone, el, field, label} from "./util.js";
import {actions, allCards, cardName, cardNameByUid, schema, state} from "./state.js";

const ITEM_KEYS = ["id", "controller", "source", "kind"];

export function itemLine(item, views) {
  const data = Object.fromEntries(Object.entries(item).filter(([k]) => !ITEM_KEYS.includes(k)));
  return [el("code", {class: "uid"}, item.id), " ", el("strong", {}, label("board.stack_kind.", item.kind)), " ",
    item.source ? cardNameByUid(item.source, views) : "", " · ", M("board.stack_controller").toLowerCase(), " ", item.controller,
    Object.keys(data).length ? el("span", {class: "meta"}, " " + JSON.stringify(data)) : null];
}

export function renderStack() {
  const panel = $("#stack-panel");
  const sc = schema();
  panel.hidden = !sc.stack;
  if (!sc.stack) return;
  const p = state.position;
  const stack = p.stack || [];
  const remove = (id) => { p.stack = stack.filter((i) => i.id !== id); if (!p.stack.length) delete p.stack; actions.changed(); };
  const items = stack.slice().reverse().map((item, i) => el("li", {class: "stack-item" + (i === 0 ? " stack-top" : ""), "data-item": item.id, "data-source": item.source || ""},
    i === 0 ? el("span", {class: "badge"}, M("board.stack_top")) : null, " ", ...itemLine(item),
    " ", el("button", {type: "button", class: "small secondary", onclick: () => remove(item.id)}, M("board.remove"))));
  const passed = (p.passed || []).length ? el("p", {class: "meta", id: "stack-passed"}, M("board.passed") + ": " + p.passed.join(", ")) : null;
  $("#stack").replaceChildren(
    items.length ? el("ol", {class: "stack-list", id: "stack-items"}, items) : el("p", {class: "meta", id: "stack-empty"}, M("board.stack_empty")),
    ...[passed, adder()].filter(Boolean));
}

function adder() {
  const sc = schema();
  const players = Object.keys(state.position.players || {});
  const source = el("select", {id: "stack-source"}, el("option", {value: ""}, "—"),
    allCards(state.position).map((c) => el("option", {value: c.uid}, `${cardName(c)} (${c.uid})`)));
  const kind = el("select", {id: "stack-kind"}, (sc.stack_kinds || []).map((k) => el("option", {value: k}, label("board.stack_kind.", k))));
  const controller = el("select", {id: "stack-controller"}, players.map((pid) => el("option", {value: pid}, pid)));
  const data = el("input", {id: "stack-data", placeholder: '{"targets": {"0": ["c3"]}}'});
  const status = el("span", {class: "meta"});
  const add = el("button", {type: "button", class: "small", id: "stack-add", onclick: () => {
    let extra = {};
    try { extra = data.value.trim() ? JSON.parse(data.value) : {}; if (typeof extra !== "object" || Array.isArray(extra)) throw new Error("{...}"); }
    catch (e) { status.textContent = M("board.stack_data") + ": " + e.message; return; }
    const p = state.position;
    p.stack = p.stack || [];
    const used = new Set(p.stack.map((i) => i.id));
    let n = 1;
    while (used.has("s" + n)) n++;
    p.stack.push({...clone(extra), id: "s" + n, controller: controller.value, source: source.value, kind: kind.value});
    actions.changed();
  }}, M("board.stack_add"));
  return el("details", {class: "stack-adder"}, el("summary", {}, M("board.stack_add")),
    el("div", {class: "game-fields"}, field(M("board.stack_source"), source), field(M("board.stack_kind"), kind),
      field(M("board.stack_controller"), controller), field(M("board.stack_data"), data), add, status));
}
