/* The board's state and the position helpers every panel shares. The panels never call each other: they call the
 * actions main.js registers (check, resolve, changed…), so that each module keeps one job. */

import {clone, bi, config} from "./util.js";

export const state = {
  rulesets: {},          // id -> {id, game, title, schema}
  ruleset: config.initial.ruleset,
  position: null,        // the position being built, in its table form
  cards: {},             // uid -> what the server says of that card
  acting: null,          // who may act now in the position being built
  problems: [],
  plays: [],             // legal plays now, each with the player who makes it
  valid: false,
  script: [],            // plays of a scenario or a saved board: [{play, by, answers, illegal}]
  current: 0,            // which play of the script is being resolved
  history: [],           // plays already made from the first position: [{position, play, by, answers}]
  play: "",              // the play being resolved
  by: null,              // who makes it (null: whoever may act now)
  answers: [],
  result: null,          // the last /api/resolve answer
  error: null,           // the last refusal of /api/resolve
  exploration: null,
  editing: null,         // uid of the card whose editor is open
  source: "",
  traceLang: null,       // the language the trace is read in (null: the page's)
  warnings: [],          // what the valid position holds that no game leads to, each with its rule
  noPlays: [],           // why no play is legal, when none is: the plays refused with their rules
  replay: null,          // the scenario being replayed: what it proves (replay.js)
  replayCheck: null,     // the engine's check of the replay, once every play of the scenario is made
  replayModified: false, // the position was changed by hand since the replay started
};

export const actions = {};

export function schema() { return (state.rulesets[state.ruleset] || {}).schema || {}; }
export function game() { return (state.rulesets[state.ruleset] || {}).game || ""; }
export function newPosition() { return clone(schema().new_position || {active: "p1", players: {p1: {}, p2: {}}}); }

/* Plays carry who makes them where the game has a stack and priority; elsewhere it is always the active player. */
export function playRequest(play, by, answers) {
  const body = {ruleset: state.ruleset, position: clone(state.position), play, answers};
  if (by && schema().stack) body.by = by;
  return body;
}

/* The answers a play starts with: the ones the scenario recorded when it is the scenario's next play (a replay applies
 * them however the play is asked for), else none. */
export function answersFor(play, by) {
  const step = state.script[state.current];
  return step && step.play === play && (step.by || null) === (by || null) ? clone(step.answers || []) : [];
}

export function isInPlay(zone) { return (schema().in_play || []).includes(zone); }
export function isHidden(zone) { return !!((schema().zone_flags || {})[zone] || {}).hidden; }
export function attachedKey() { return schema().attached || "attached"; }

function walkCards(position, visit) {
  const key = attachedKey();
  const walk = (card) => { if (card && typeof card === "object") { visit(card); (card[key] || []).forEach(walk); } };
  for (const p of Object.values(position.players || {})) for (const v of Object.values(p)) if (Array.isArray(v)) v.forEach(walk);
}

export function nextUid(position) {
  const used = new Set();
  walkCards(position, (c) => { if (c.uid) used.add(c.uid); });
  let n = 1;
  while (used.has("c" + n)) n++;
  return "c" + n;
}

export function allCards(position) {
  const out = [];
  walkCards(position, (c) => { if (c.uid && c.card !== "?") out.push(c); });
  return out;
}

export function findCard(uid) {
  const key = attachedKey();
  for (const [pid, p] of Object.entries(state.position.players || {})) {
    for (const [zone, list] of Object.entries(p)) {
      if (!Array.isArray(list)) continue;
      for (let i = 0; i < list.length; i++) {
        const c = list[i];
        if (c && c.uid === uid) return {pid, zone, list, index: i, card: c, host: null};
        for (let j = 0; j < ((c && c[key]) || []).length; j++) {
          if (c[key][j].uid === uid) return {pid, zone, list: c[key], index: j, card: c[key][j], host: c};
        }
      }
    }
  }
  return null;
}

export function customName(d, cid) {
  if (!d || !d.name) return cid;
  return typeof d.name === "string" ? d.name : bi(d.name) || cid;
}

export function cardName(card, views) {
  const view = (views || state.cards)[card.uid];
  if (view && view.name) return bi(view.name);
  const custom = (state.position.cards || {})[card.card];
  return custom ? customName(custom, card.card) : card.card;
}

/* A fact or an expectation's path ("c3.damage") as a judge reads it: "Troll (c3) · damage"; player and game facts
 * stay as they are. */
export function factLabel(fact, views) {
  const [head, ...rest] = String(fact).split(".");
  const view = (views || state.cards)[head];
  if (!view || !view.name) return fact;
  return rest.length ? `${bi(view.name)} (${head}) · ${rest.join(".")}` : `${bi(view.name)} (${head})`;
}

export function cardNameByUid(uid, views) {
  if (!uid) return "";
  const view = (views || state.cards)[uid];
  return view && view.name ? `${bi(view.name)} (${uid})` : uid;
}
