/* The game panel: whose turn, which turn and step, who holds priority where the game has it, and the game's own
 * values (KeyForge's first turn and tide…), all from the ruleset's schema. */

import {$, M, el, field, label} from "./util.js";
import {actions, schema, state} from "./state.js";
import {assign, fieldInput} from "./fields.js";

export function renderGame() {
  const p = state.position;
  const sc = schema();
  const players = Object.keys(p.players || {p1: 1, p2: 1});
  const set = (key, value) => { assign(p, key, value); actions.changed(); };
  const active = el("select", {id: "f-active", onchange: (e) => set("active", e.target.value)},
    players.map((pid) => el("option", {value: pid, selected: p.active === pid}, pid)));
  const turn = el("input", {type: "number", min: 1, value: p.turn || 1, id: "f-turn", class: "short",
    onchange: (e) => set("turn", parseInt(e.target.value, 10) || 1)});
  const steps = sc.steps && sc.steps.length ? sc.steps : [""];
  const step = el("select", {id: "f-step", onchange: (e) => set("step", e.target.value || undefined)},
    steps.map((s) => el("option", {value: s, selected: (p.step || "") === s}, s || "—")));
  const fields = [field(M("board.active"), active, "active"), field(M("board.turn"), turn, "turn"), field(M("board.step"), step, "step")];
  if (sc.stack) {
    const priority = el("select", {id: "f-priority", onchange: (e) => set("priority", e.target.value || undefined)},
      el("option", {value: ""}, M("board.nobody")), players.map((pid) => el("option", {value: pid, selected: p.priority === pid}, pid)));
    fields.push(field(M("board.priority"), priority, "priority"));
  }
  const setValue = (key, value) => {
    p.values = p.values || {};
    assign(p.values, key, value);
    if (!Object.keys(p.values).length) delete p.values;
    actions.changed();
  };
  for (const desc of sc.game_fields || []) {
    const input = fieldInput(desc, `f-${desc.key}`, (p.values || {})[desc.key], (v) => setValue(desc.key, v), players);
    if (desc.kind === "bool") fields.push(el("label", {class: "check", "data-where": `values.${desc.key}`}, input, el("span", {}, label("board.value.", desc.key))));
    else fields.push(field(label("board.value.", desc.key), input, `values.${desc.key}`));
  }
  $("#game-fields").replaceChildren(...fields);
}
