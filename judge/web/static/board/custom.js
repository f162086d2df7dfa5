/* Custom cards: a card the catalog does not have, defined with the position in the game's ability vocabulary. The
 * form's fields are the schema's card fields; where the schema offers a builder, one ability can be put together
 * from lists (the common case), and any ability can be written as JSON. */

import {$, M, clone, el, field, label} from "./util.js";
import {actions, customName, schema, state} from "./state.js";
import {assign, fieldInput} from "./fields.js";
import {renderLasting} from "./lasting.js";

export function renderCustom() {
  const box = $("#custom");
  const sc = schema();
  const cards = state.position.cards || {};
  const existing = Object.entries(cards).map(([cid, d]) => el("div", {class: "custom-card", "data-where": "cards." + cid},
    el("strong", {}, customName(d, cid)), " ", el("code", {}, cid), " · ",
    (sc.card_fields || []).filter((f) => d[f.key] !== undefined && f.kind !== "flags" && f.kind !== "list").map((f) => `${label("board.field.", f.key)} ${d[f.key]}`).join(" · "),
    " ", el("button", {type: "button", class: "small secondary", onclick: () => openCustomForm(cid)}, M("board.edit")),
    " ", el("button", {type: "button", class: "small secondary", onclick: () => {
      delete cards[cid]; if (!Object.keys(cards).length) delete state.position.cards; actions.changed(); }}, M("board.custom_delete"))));
  box.replaceChildren(el("p", {class: "hint"}, M("board.custom_help")), ...existing,
    el("button", {type: "button", class: "secondary", id: "btn-custom-new", onclick: () => openCustomForm(null)}, M("board.custom_new")));
  // What earlier turns left is drawn with what the position defines beyond its zones: whenever the position changes.
  renderLasting();
}

function defaults(sc) {
  const d = {name: {es: "", en: "", pt: ""}};
  for (const f of sc.card_fields || []) if (f.kind === "choice" && (f.options || []).length) d[f.key] = f.options[0];
  return d;
}

/* One ability from the builder's lists: when it happens, one effect, its amount and its target. */
function builder(sc, abilities) {
  const b = sc.builder;
  if (!b) return vocabularyHelp(sc);
  const when = el("select", {id: "cc-b-trigger"}, b.when.map((t) => el("option", {value: t}, t)));
  const effect = el("select", {id: "cc-b-effect"}, Object.keys(b.effects).map((e) => el("option", {value: e}, e)));
  const amount = el("input", {id: "cc-b-amount", class: "cc-amount", type: "number", min: 0, value: 1});
  const target = el("select", {id: "cc-b-target"}, el("option", {value: ""}, "—"),
    b.targets.map((t, i) => el("option", {value: String(i)}, t.label)));
  const add = el("button", {type: "button", class: "small secondary", id: "cc-b-add", onclick: () => {
    let list;
    try { list = JSON.parse(abilities.value || "[]"); } catch (e) { list = []; }
    const made = {do: effect.value};
    const params = b.effects[effect.value] || [];
    if (params.includes("amount")) made.amount = parseInt(amount.value, 10) || 0;
    if (params.includes("target") && target.value) made.target = clone(b.targets[parseInt(target.value, 10)].value);
    list.push({[b.when_key]: when.value, effects: [made]});
    abilities.value = JSON.stringify(list, null, 1);
  }}, "+");
  return el("div", {class: "wide"}, el("span", {class: "meta"}, M("board.custom_builder") + ": "), field(M("board.custom_trigger"), when),
    field(M("board.custom_effect"), effect), field(M("board.custom_amount"), amount), field(M("board.custom_target"), target), add);
}

/* Without a builder, the words an ability is written with, each with what it means. */
function vocabularyHelp(sc) {
  const words = [["ability_kinds", "board.vocab.kinds"], ["effects", "board.vocab.effects"], ["triggers", "board.vocab.triggers"], ["events", "board.vocab.triggers"]];
  const parts = words.filter(([k]) => sc[k] && Object.keys(sc[k]).length).map(([k, title]) =>
    el("details", {}, el("summary", {}, M(title)), el("dl", {class: "vocab"}, Object.entries(sc[k]).flatMap(([w, meaning]) =>
      [el("dt", {}, el("code", {}, w)), el("dd", {}, typeof meaning === "string" ? meaning : JSON.stringify(meaning))]))));
  return parts.length ? el("div", {class: "wide"}, el("p", {class: "hint"}, M("board.vocab.help")), parts) : null;
}

export function openCustomForm(cid) {
  const sc = schema();
  const draft = cid ? clone(state.position.cards[cid]) : defaults(sc);
  const names = typeof draft.name === "string" ? {es: draft.name, en: draft.name, pt: draft.name} : (draft.name || {});
  const id = el("input", {id: "cc-id", value: cid || "", required: true, pattern: "[a-z0-9-]+", placeholder: "my-card"});
  const nameInputs = ["es", "en", "pt"].map((l) => el("input", {id: "cc-name-" + l, value: names[l] || "", placeholder: l}));
  const facts = (sc.card_fields || []).map((f) => {
    const input = fieldInput(f, "cc-" + f.key, draft[f.key], (v) => assign(draft, f.key, v), []);
    return f.kind === "flags" || f.kind === "list"
      ? el("div", {class: "wide"}, el("span", {class: "meta"}, label("board.field.", f.key)), input)
      : field(label("board.field.", f.key), input);
  });
  const abilities = el("textarea", {id: "cc-abilities", rows: 7}, JSON.stringify(draft.abilities || [], null, 1));
  const errors = el("div", {id: "cc-errors"});
  const form = el("form", {class: "custom-form", id: "custom-form", onsubmit: (e) => {
    e.preventDefault();
    const newId = id.value.trim().toLowerCase();
    const problems = [];
    if (!/^[a-z0-9][a-z0-9-]*$/.test(newId)) problems.push(M("board.custom_id") + ": a-z, 0-9, -");
    let abilityList = [];
    try { abilityList = JSON.parse(abilities.value || "[]"); if (!Array.isArray(abilityList)) throw new Error("[...]"); }
    catch (err) { problems.push(M("board.custom_abilities") + ": " + err.message); }
    if (problems.length) { errors.replaceChildren(el("div", {class: "error-box"}, problems.join(" · "))); return; }
    const card = {...draft, name: {}};
    ["es", "en", "pt"].forEach((l, i) => { if (nameInputs[i].value.trim()) card.name[l] = nameInputs[i].value.trim(); });
    if (!Object.keys(card.name).length) card.name = newId;
    assign(card, "abilities", abilityList);
    state.position.cards = state.position.cards || {};
    if (cid && cid !== newId) delete state.position.cards[cid];
    state.position.cards[newId] = card;
    actions.closeModal();
    actions.changed();
  }},
    field(M("board.custom_id"), id), el("label", {}, M("board.custom_names"), el("span", {}, nameInputs)),
    ...facts, builder(sc, abilities),
    el("div", {class: "wide"}, field(M("board.custom_abilities"), abilities)),
    el("div", {class: "wide"}, errors, el("button", {type: "submit", id: "cc-submit"}, M("board.custom_define"))));
  actions.openModal(M(cid ? "board.edit" : "board.custom_new"), form);
}
