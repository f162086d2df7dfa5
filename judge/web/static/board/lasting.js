/* Lasting effects from earlier turns and plays (EFECTOS DURADEROS): the entries of the position's
 * ``values.lasting``, written in the notation of the scenario files (docs/scenarios.md, "What earlier turns and
 * plays left") so that the position's text round-trips. The form covers the common case — one constant effect of
 * the vocabulary on chosen cards, from a card, for a duration — and any other table (a trigger, more parameters)
 * is written as JSON and merged in. Shown for a game whose schema offers ``lasting``. */

import {$, LANG, M, el, field} from "./util.js";
import {actions, allCards, cardName, isInPlay, schema, state} from "./state.js";

// The form stays as the judge left it (open, what was chosen and typed) across the redraws of the board, which come
// whenever the server answers a check of the position.
let formOpen = false;
let draft = {duration: "turn", effect: "power", amount: "1", targets: []};

function panel() {
  let box = $("#lasting-panel");
  if (!box) {
    // The page has no place for it: it goes right after the custom cards, which it resembles.
    box = el("section", {class: "panel", id: "lasting-panel", "aria-labelledby": "lasting-h"});
    const after = $("#custom-panel");
    if (!after) return null;
    after.after(box);
  }
  return box;
}

function entries() {
  const values = state.position.values || {};
  return Array.isArray(values.lasting) ? values.lasting : [];
}

function save(list) {
  const p = state.position;
  p.values = p.values || {};
  if (list.length) p.values.lasting = list; else delete p.values.lasting;
  if (!Object.keys(p.values).length) delete p.values;
  actions.changed();
}

/* The cards a target names: a uid, a name, a list of them, or the engine's {uids = [...]}. */
function targetCards(target) {
  if (target && typeof target === "object" && !Array.isArray(target)) return target.uids || null;
  if (typeof target === "string") return [target];
  return Array.isArray(target) ? target : null;
}

function cardLabel(ref) {
  const card = allCards(state.position).find((c) => c.uid === ref);
  return card ? `${cardName(card)} (${ref})` : String(ref);
}

/* An entry as the engine reads it where a card it is on has it (the cards' views carry their lasting effects by
 * their place in the list); else by its words: its duration and effect as the vocabulary names them. */
function describe(entry, index, words) {
  const lasting = schema().lasting || {};
  const read = Object.values(state.cards || {}).flatMap((v) => v.lasting || []).find((l) => l.index === index);
  const dur = (lasting.durations || []).find((d) => d.value === (entry.duration || "turn"));
  const effect = entry.effect || {};
  const kind = (lasting.effects || []).find((e) => e.value === effect.modify);
  const what = read ? read[LANG]
    : effect.modify ? `${dur ? dur.name[LANG] : entry.duration}: ${kind ? kind.name[LANG] : effect.modify} (${effect.modify}${effect.amount !== undefined ? " " + effect.amount : ""})`
      : `${dur ? dur.name[LANG] : entry.duration}: ${M("board.lasting.trigger")} ${JSON.stringify(entry.trigger || entry.ability || {})}`;
  const on = targetCards(effect.target);
  return [what, on ? `${words.on} ${on.map(cardLabel).join(", ")}` : null,
    entry.source ? `${words.from} ${cardLabel(entry.source)}` : null, entry.controller].filter(Boolean).join(" · ");
}

export function renderLasting() {
  const sc = schema();
  const existing = $("#lasting-panel");
  if (!sc.lasting) { if (existing) existing.remove(); return; }
  const box = panel();
  if (!box) return;
  const words = {on: M("board.lasting.on"), from: M("board.lasting.from")};
  const list = entries();
  const rows = list.map((entry, i) => el("li", {class: "lasting-entry", "data-where": `values.lasting[${i}]`},
    describe(entry, i, words), " ",
    el("button", {type: "button", class: "small secondary", id: `lasting-remove-${i}`,
      onclick: () => save(list.filter((_, j) => j !== i))}, M("board.remove"))));
  box.replaceChildren(el("h2", {id: "lasting-h"}, M("board.lasting")),
    el("p", {class: "hint"}, M("board.lasting_help")),
    rows.length ? el("ul", {class: "lasting-list", id: "lasting-list"}, rows) : el("p", {class: "hint", id: "lasting-list"}, M("board.lasting.none")),
    form(sc.lasting, list));
}

function form(lasting, list) {
  const players = Object.keys(state.position.players || {});
  const cards = allCards(state.position);
  const inPlay = cards.filter((c) => (state.cards[c.uid] || {}).zone && isInPlay(state.cards[c.uid].zone.split(".")[1]));
  const keep = (key) => (e) => { draft[key] = e.target.value; };
  const source = el("select", {id: "lasting-source", onchange: keep("source")}, el("option", {value: ""}, "—"),
    cards.map((c) => el("option", {value: c.uid, selected: draft.source === c.uid}, `${cardName(c)} (${c.uid})`)));
  const controller = el("select", {id: "lasting-controller", onchange: keep("controller")},
    players.map((p) => el("option", {value: p, selected: p === (draft.controller || state.position.active)}, p)));
  const duration = el("select", {id: "lasting-duration", onchange: keep("duration")},
    lasting.durations.map((d) => el("option", {value: d.value, selected: d.value === draft.duration}, d.name[LANG])));
  const effect = el("select", {id: "lasting-effect", onchange: keep("effect")},
    lasting.effects.map((e) => el("option", {value: e.value, selected: e.value === draft.effect}, `${e.name[LANG]} (${e.value})`)));
  const amount = el("input", {id: "lasting-amount", type: "number", value: draft.amount, class: "short", oninput: keep("amount")});
  const keyword = el("select", {id: "lasting-keyword", onchange: keep("keyword")},
    (lasting.keywords || []).map((k) => el("option", {value: k.value, selected: k.value === draft.keyword}, k.name[LANG])));
  const targets = el("div", {class: "kw-list", id: "lasting-targets"}, inPlay.length ? inPlay.map((c) => el("label", {},
    el("input", {type: "checkbox", value: c.uid, class: "lasting-target", checked: draft.targets.includes(c.uid), onchange: () => {
      draft.targets = [...targets.querySelectorAll("input:checked")].map((i) => i.value);
    }}), `${cardName(c)} (${c.uid})`)) : el("span", {class: "hint"}, M("board.lasting.no_cards")));
  const extra = el("textarea", {id: "lasting-extra", rows: 2, oninput: keep("extra"),
    placeholder: '{"trigger": {"event": "reap", "effects": [{"do": "gain", "amount": 1}]}}'}, draft.extra || "");
  const errors = el("div", {id: "lasting-errors"});
  const add = () => {
    const kind = lasting.effects.find((e) => e.value === effect.value) || {params: []};
    const entry = {controller: controller.value, duration: duration.value};
    if (source.value) entry.source = source.value;
    const chosen = draft.targets.filter((uid) => inPlay.some((c) => c.uid === uid));
    let more = {};
    if (extra.value.trim()) {
      try { more = JSON.parse(extra.value); if (!more || typeof more !== "object" || Array.isArray(more)) throw new Error("{…}"); }
      catch (err) { errors.replaceChildren(el("div", {class: "error-box"}, M("board.lasting.extra") + ": " + err.message)); return; }
    }
    if (!("trigger" in more)) {
      entry.effect = {modify: effect.value};
      if (kind.params.includes("amount")) entry.effect.amount = parseInt(amount.value, 10) || 0;
      if (kind.params.includes("keyword")) entry.effect.keyword = keyword.value;
      if (chosen.length) entry.effect.target = chosen;
      entry.effect = {...entry.effect, ...(more.effect || {})};
      delete more.effect;
    }
    draft = {...draft, targets: [], extra: ""};
    save([...list, {...entry, ...more}]);
  };
  return el("details", {class: "lasting-form", id: "lasting-form", open: formOpen, ontoggle: (e) => { formOpen = e.target.open; }},
    // kept at the click itself: a redraw may come before the toggle event does
    el("summary", {onclick: (e) => { formOpen = !e.target.parentElement.open; }}, M("board.lasting.add")),
    el("div", {class: "lasting-fields"},
      field(M("board.lasting.effect"), effect), field(M("board.lasting.amount"), amount), field(M("board.lasting.keyword"), keyword),
      field(M("board.lasting.duration"), duration), field(M("board.lasting.source"), source), field(M("board.lasting.controller"), controller),
      el("div", {class: "wide"}, el("span", {class: "meta"}, M("board.lasting.targets")), targets),
      el("div", {class: "wide"}, field(M("board.lasting.extra"), extra)),
      el("div", {class: "wide"}, errors, el("button", {type: "button", id: "lasting-add", onclick: add}, M("board.lasting.add")))));
}
