/* A card on the board: its chip (name, uid, state, its values now; what the engine reads of it on hover or focus)
 * and its editor (what the card is, states the schema lists, bonus icons added by Enhance, controller, owner, order
 * in its zone, attached cards). */

import {M, el, label} from "./util.js";
import {actions, attachedKey, cardName, findCard, isInPlay, nextUid, schema, state} from "./state.js";
import {cardAdder} from "./autocomplete.js";
import {attachPopover, cardDetails, iconNames} from "./cardinfo.js";

const NOW = ["power", "armor", "strength", "toughness"];

function stateSummary(card) {
  const parts = [];
  for (const [k, kind] of Object.entries(schema().card_state || {})) {
    if (!(k in card) || card[k] === false || card[k] === 0) continue;
    const name = label("board.state.", k).toLowerCase();
    parts.push(kind === "bool" ? name : `${name} ${Array.isArray(card[k]) ? card[k].join(", ") : card[k]}`);
  }
  for (const k of Object.keys(card)) if (k.startsWith("counter-")) parts.push(`${k.slice(8)} ${card[k]}`);
  if (card.controller) parts.push(`${M("board.state.controller").toLowerCase()} ${card.controller}`);
  return parts.join(" · ");
}

/* What the engine says a card in play has now (power, strength…), for the stats the card prints. */
function valuesNow(view) {
  return NOW.filter((k) => typeof view[k] === "number" && typeof view[`${k}_now`] === "number" && (view[k] || view[`${k}_now`]))
    .map((k) => `${label("board.now.", k)} ${view[`${k}_now`]}`).join(" · ");
}

export function chip(card, where, opts) {
  const view = state.cards[card.uid] || {};
  const summary = stateSummary(card);
  const now = valuesNow(view);
  const added = iconNames(card.icons);
  const attached = card[attachedKey()] || [];
  const readonly = opts && opts.readonly;
  const b = el("button", {type: "button", class: "cardchip" + (card.exhausted || card.girada ? " exhausted" : "") + (view.incomplete ? " incomplete" : "") + ((opts && opts.extra) || ""),
    "data-uid": card.uid, "data-where": where, "aria-expanded": readonly ? null : String(state.editing === card.uid),
    "aria-controls": readonly ? null : "editor-" + card.uid,
    onclick: readonly ? null : () => { state.editing = state.editing === card.uid ? null : card.uid; actions.renderPlayers(); }},
    el("span", {class: "nm"}, cardName(card)), " ", el("span", {class: "uid"}, card.uid),
    view.incomplete ? el("span", {class: "warn", title: M("board.card.incomplete")}, " ⚠") : null,
    (summary || now) ? el("span", {class: "st"}, [now, summary].filter(Boolean).join(" · ")) : null,
    added.length ? el("span", {class: "ups"}, "+ " + added.join(", ")) : null,
    attached.length ? el("span", {class: "ups"}, "+ " + attached.map((c) => cardName(c)).join(", ")) : null);
  return attachPopover(b, () => cardDetails(view, card, summary));
}

function stateInput(uid, card, k, kind) {
  const id = `e-${uid}-${k}`;
  const set = (v) => { if (v === undefined || v === "" || v === 0 || v === false) delete card[k]; else card[k] = v; actions.changed(); };
  if (kind === "bool") {
    return el("label", {}, el("input", {type: "checkbox", id, checked: !!card[k], onchange: (e) => set(e.target.checked)}), label("board.state.", k));
  }
  if (kind === "int") {
    return el("label", {}, label("board.state.", k), el("input", {type: "number", min: 0, id, value: card[k] || 0,
      onchange: (e) => set(parseInt(e.target.value, 10) || 0)}));
  }
  if (kind === "card" || kind === "text") {
    return el("label", {}, label("board.state.", k), el("input", {id, value: card[k] || "", onchange: (e) => set(e.target.value.trim())}));
  }
  if (kind === "list") {
    return el("label", {}, label("board.state.", k), el("input", {id, value: (card[k] || []).join(", "),
      onchange: (e) => { const items = e.target.value.split(",").map((s) => s.trim()).filter(Boolean); set(items.length ? items : undefined); }}));
  }
  return null;  // a state of another shape is written in the position's text
}

function playerSelect(uid, key, card, pid) {
  const players = Object.keys(state.position.players);
  return el("label", {}, M("board.state." + key), el("select", {id: `e-${uid}-${key}`,
    onchange: (e) => { if (e.target.value && e.target.value !== pid) card[key] = e.target.value; else delete card[key]; actions.changed(); }},
    players.map((p) => el("option", {value: p, selected: (card[key] || pid) === p}, p))));
}

export function renderEditor(uid) {
  const found = findCard(uid);
  if (!found) return null;
  const {pid, zone, list, index, card, host} = found;
  const sc = schema();
  const inPlay = isInPlay(zone);
  const outside = new Set(sc.states_out_of_play || []);
  const states = el("div", {class: "states"});
  for (const [k, kind] of Object.entries(sc.card_state || {})) {
    if (!inPlay && !outside.has(k)) continue;
    states.append(stateInput(uid, card, k, kind) || "");
  }
  if (inPlay) states.append(playerSelect(uid, "controller", card, pid));
  states.append(playerSelect(uid, "owner", card, pid));
  const move = (delta) => { const j = index + delta; if (j < 0 || j >= list.length) return; list.splice(index, 1); list.splice(j, 0, card); actions.changed(); };
  const key = attachedKey();
  const actionsRow = el("div", {class: "actions"},
    el("button", {type: "button", class: "small secondary", onclick: () => move(-1), disabled: index === 0}, "← " + M("board.left")),
    el("button", {type: "button", class: "small secondary", onclick: () => move(1), disabled: index === list.length - 1}, M("board.right") + " →"),
    el("button", {type: "button", class: "small", id: `e-${uid}-remove`, onclick: () => {
      list.splice(index, 1); state.editing = null; if (host && !host[key].length) delete host[key]; actions.changed(); }}, M("board.remove")),
    el("button", {type: "button", class: "small secondary", onclick: () => { state.editing = null; actions.renderPlayers(); }}, M("board.close")));
  let attached = null;
  if (inPlay && !host) {
    attached = el("div", {}, el("strong", {}, label("board.attached.", key) + ": "),
      (card[key] || []).map((u) => el("button", {type: "button", class: "cardchip", onclick: () => { state.editing = u.uid; actions.renderPlayers(); }}, cardName(u), " ", el("span", {class: "uid"}, u.uid))),
      cardAdder(`e-${uid}-add-attached`, (cardId) => { card[key] = card[key] || []; card[key].push({uid: nextUid(state.position), card: cardId}); actions.changed(); },
        label("board.attach.", key)));
  }
  return el("div", {class: "card-editor", id: "editor-" + uid},
    el("strong", {}, cardName(card)), " ", el("span", {class: "uid"}, uid), host ? el("span", {class: "meta"}, " ↳ " + cardName(host)) : null,
    // what the card is; what is on it and its added icons are the inputs below
    cardDetails(state.cards[uid], {card: card.card}, ""), states, iconsEditor(uid, card), attached, actionsRow);
}

/* The bonus icons Enhance added to this copy of the card, below the printed ones (``icons = [...]``, POTENCIAR):
 * each can be taken off, and any icon of the game added, as often as the deck has it. */
function iconsEditor(uid, card) {
  const icons = schema().bonus_icons;
  if (!icons || !icons.length) return null;
  const set = (list) => { if (list.length) card.icons = list; else delete card.icons; actions.changed(); };
  const current = card.icons || [];
  const pick = el("select", {id: `e-${uid}-icon`, "aria-label": M("board.icon_pick")},
    icons.map((i) => el("option", {value: i}, label("board.icon.", i))));
  return el("div", {class: "icons-editor", id: `e-${uid}-icons`},
    el("span", {class: "meta"}, M("board.card.icons") + ": "),
    current.length ? current.map((icon, i) => el("button", {type: "button", class: "small secondary icon-chip", "data-icon": icon,
      "aria-label": `${M("board.remove")} ${label("board.icon.", icon)}`,
      onclick: () => set(current.filter((_, j) => j !== i))}, label("board.icon.", icon), " ✕")) : el("span", {class: "hint"}, M("board.icons_none")),
    " ", pick, el("button", {type: "button", class: "small", id: `e-${uid}-icon-add`, onclick: () => set([...current, pick.value])}, "+ " + M("board.icon_add")));
}
