/* The board: build a position of any game the service knows, apply a play, answer the questions, read the trace,
 * explore, save and share. Plain JavaScript modules, no build step; every form is built from the ruleset's schema
 * (GET /api/rulesets) and everything goes through the JSON API documented in docs/api.md. */

import {$, M, clone, config, debounce, el} from "./util.js";
import {api} from "./api.js";
import {actions, newPosition, playRequest, state} from "./state.js";
import {renderGame} from "./game.js";
import {renderPlayers} from "./players.js";
import {renderCustom} from "./custom.js";
import {renderStack} from "./stack.js";
import {markProblems, renderProblems} from "./problems.js";
import {renderPlays} from "./plays.js";
import {continueFromResult, renderResolution} from "./resolution.js";
import {renderCompare} from "./compare.js";
import {exploreNow, renderExploration} from "./explore.js";
import {bindToolbar, closeModal, openModal} from "./toolbar.js";
import {refreshReplay, renderReplay, startReplay, stopReplay} from "./replay.js";
import {keepAcrossLanguageSwitch, takeKept} from "./keep.js";

function renderSource() { $("#source-line").textContent = state.source || ""; }

function renderAll() {
  renderSource(); renderGame(); renderStack(); renderPlayers(); renderCustom(); renderProblems(); renderPlays();
  renderResolution(); renderExploration(); renderCompare(); renderReplay();
}

const checkSoon = debounce(() => check(), 250);

function changed() {
  // The position changed by hand: any resolution shown is about another position.
  state.result = null; state.error = null; state.exploration = null; state.answers = [];
  if (state.replay) { state.replayModified = true; state.replayCheck = null; renderReplay(); }
  renderGame(); renderStack(); renderPlayers(); renderCustom(); renderResolution(); renderExploration(); renderCompare();
  checkSoon();
}

async function check() {
  const r = await api("POST", "/api/position", {ruleset: state.ruleset, position: JSON.parse(JSON.stringify(state.position))});
  if (r.ok) {
    Object.assign(state, {position: r.data.position, cards: r.data.cards, plays: r.data.plays, acting: r.data.acting,
                          problems: [], valid: true, toml: r.data.toml, warnings: r.data.warnings || [],
                          noPlays: r.data.no_plays || []});
  } else {
    Object.assign(state, {problems: r.data.problems || [{where: "", message: r.data.message}], valid: false, plays: [],
                          warnings: [], noPlays: []});
  }
  renderGame(); renderStack(); renderPlayers(); renderCustom(); renderProblems(); renderPlays();
}

async function resolve() {
  if (!state.play) return;
  $("#play-text").value = state.play;
  state.exploration = null; renderExploration();
  const r = await api("POST", "/api/resolve", playRequest(state.play, state.by, state.answers));
  if (r.ok) { state.result = r.data; state.error = null; }
  else { state.result = null; state.error = r.data; }
  // The scenario's own play, however it was asked for (the script's button, a legal play, the text field): the
  // replay goes on from it.
  const step = state.script[state.current];
  if (state.result && step && step.play === state.play && (step.by || null) === (state.by || null)) state.result.scriptStep = state.current;
  renderResolution(); renderCompare(); renderPlays();
  await refreshReplay();
}

/* ---------- scenarios and saved boards ---------- */

function readyScriptPlay() {
  const step = state.script[state.current];
  state.play = step && step.play ? step.play : "";
  state.by = step ? step.by || null : null;
  // A replay gives each play the answers the scenario recorded; the judge may still change any of them.
  state.answers = step && step.answers ? step.answers.slice() : [];
  $("#play-text").value = state.play;
}

function setRuleset(id) {
  state.ruleset = id;
  $("#ruleset").value = id;
  renderSupport();
}

/* A scenario, a ruling's or one imported, replayed as a saved board is: its position, and its first play resolved
 * with the answers it recorded (its other plays follow with theirs, one click each). */
async function applyScenario(s) {
  setRuleset(s.ruleset);
  startReplay(s);
  state.position = clone(s.position);
  state.script = (s.plays || []).map((p) => ({play: p.play || "", by: p.by || null, answers: clone(p.answers || []), illegal: p.illegal || null, set: p.set || null}));
  state.current = 0;
  state.history = [];
  state.source = M("board.from_scenario") + " " + s.id + (s.title ? " — " + s.title : "");
  state.result = null; state.error = null; state.exploration = null;
  readyScriptPlay();
  renderAll();
  await check();
  if (state.valid && state.script.length) await stepScript();
}

async function loadScenario(id) {
  const r = await api("GET", "/api/scenarios/" + encodeURIComponent(id));
  if (!r.ok) { state.position = newPosition(); state.error = r.data; renderAll(); return; }
  applyScenario(r.data);
}

async function loadSave(id) {
  const r = await api("GET", "/api/saves/" + encodeURIComponent(id));
  if (!r.ok) { state.position = newPosition(); state.error = r.data; renderAll(); return; }
  const s = r.data;
  setRuleset(s.ruleset);
  stopReplay();
  state.position = typeof s.position === "object" && s.position ? s.position : newPosition();
  state.script = (s.plays || []).filter((p) => p && p.play).map((p) => ({play: p.play, by: p.by || null, answers: p.answers || []}));
  state.history = Array.isArray(s.history) ? s.history : [];
  state.current = 0;
  state.source = (s.title ? s.title + " · " : "") + "/b/" + s.id;
  readyScriptPlay();
  renderAll();
  if (typeof s.position === "string") await loadText(s.position);
  await check();
  if (state.script[0] && state.valid) await resolve();
}

async function loadText(text) {
  const r = await api("POST", "/api/position", {ruleset: state.ruleset, position: text});
  if (r.ok) { state.position = r.data.position; changed(); return true; }
  state.problems = r.data.problems || [{where: "", message: r.data.message}];
  renderProblems();
  return false;
}

/* Whether the scenario has a play left to make: the one shown has resolved, or the current one waits. */
function scriptLeft() {
  const resolvedCurrent = state.result && !state.result.question && state.result.scriptStep === state.current;
  return resolvedCurrent ? state.current + 1 < state.script.length : state.current < state.script.length;
}

/* The next play of the scenario, by its player, with its recorded answers. A play the scenario records as illegal
 * is shown refused with its rule and the replay goes on from the same position; a correction (set) is not a play
 * the board can make and is passed over. Returns whether the replay may go on. */
async function stepScript() {
  if (state.result && !state.result.question && state.result.scriptStep === state.current) await continueFromResult();
  const step = state.script[state.current];
  if (!step) return false;
  if (step.set) { state.current += 1; readyScriptPlay(); renderPlays(); return true; }
  readyScriptPlay();
  const at = state.current;
  await resolve();
  if (state.result) state.result.scriptStep = at;
  if (state.error && step.illegal) { state.current += 1; readyScriptPlay(); renderPlays(); return true; }
  renderPlays();
  return !!(state.result && !state.result.question);
}

async function playScript() {
  while (scriptLeft() && await stepScript()) { /* each step renders itself */ }
}

/* ---------- the ruleset menu ---------- */

function renderSupport() {
  const rs = state.rulesets[state.ruleset];
  const box = $("#ruleset-support");
  if (!rs) { box.replaceChildren(); return; }
  const sc = rs.schema || {};
  const parts = [M("board.supports.position"), M("board.supports.plays"), M("board.supports.questions"), M("board.supports.explore")];
  if (sc.stack) parts.push(M("board.supports.stack"));
  if ((sc.card_fields || []).length) parts.push(M("board.supports.custom"));
  box.replaceChildren(el("strong", {}, M("board.supports") + ": "), parts.join(" · "));
}

function switchRuleset(id) {
  const before = (state.rulesets[state.ruleset] || {}).game;
  setRuleset(id);
  // Another game's position means nothing here: start from this game's empty position.
  if ((state.rulesets[id] || {}).game !== before) {
    Object.assign(state, {position: newPosition(), script: [], current: 0, history: [], source: "", play: "", by: null});
    stopReplay();
    $("#play-text").value = "";
    renderAll();
  }
  changed();
}

Object.assign(actions, {changed, check, resolve, renderAll, renderPlayers, renderProblems, markProblems, readyScriptPlay,
  applyScenario, stepScript, playScript, scriptLeft, switchRuleset, exploreNow, openModal, closeModal, stopReplay});

/* ---------- across a language switch ---------- */

const KEPT = ["ruleset", "position", "script", "current", "history", "play", "by", "answers", "source", "replay",
  "replayModified"];

function snapshot() {
  const out = Object.fromEntries(KEPT.map((k) => [k, clone(state[k] === undefined ? null : state[k])]));
  out.shown = state.result ? {scriptStep: state.result.scriptStep} : state.error ? {error: true} : null;
  out.explored = !!state.exploration;
  out.editing = state.editing;
  return out;
}

/* The board as it was before the language switch: the same position, plays and answers, asked of the engine again so
 * that every label, the legal plays and the trace come in the new language. */
async function restore(kept) {
  const {shown, explored, editing, ...values} = kept;
  if (!state.rulesets[values.ruleset]) return false;
  Object.assign(state, values, {editing: editing || null});
  setRuleset(values.ruleset);
  $("#play-text").value = state.play || "";
  renderAll();
  await check();
  if (shown && state.play) {
    await resolve();
    if (state.result && shown.scriptStep !== undefined) state.result.scriptStep = shown.scriptStep;
    renderPlays();
    await refreshReplay();
  }
  if (explored && state.play) await exploreNow();
  return true;
}

async function init() {
  const r = await api("GET", "/api/rulesets");
  for (const rs of r.data.rulesets) state.rulesets[rs.id] = rs;
  setRuleset(state.ruleset);
  const initial = config.initial;
  const kept = takeKept();
  if (kept && await restore(kept)) { /* the board the judge had before switching the language */ }
  else if (initial.scenario) await loadScenario(initial.scenario);
  else if (initial.save) await loadSave(initial.save);
  else { state.position = newPosition(); renderAll(); await check(); }
  bindToolbar();
  keepAcrossLanguageSwitch(snapshot);
}

init().catch((err) => {
  $("#resolution").replaceChildren(el("div", {class: "error-box"}, String(err)));
});
