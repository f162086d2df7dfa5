/* The plays: those legal now, each made by the player who may act (where the game has priority, the judge passes
 * for each player in turn), and the plays of a scenario or a saved board, replayed with their answers. */

import {$, M, answerText, bi, citeLink, el} from "./util.js";
import {actions, answersFor, schema, state} from "./state.js";

export function playLabel(p) {
  return schema().stack && p.by ? `${p.by} · ${bi(p.label)}` : bi(p.label);
}

function scriptLine(s, i) {
  const text = s.set ? M("board.correction") : `${s.by ? s.by + ": " : ""}${s.play}`;
  const mark = i < state.current ? "done" : i === state.current ? "current" : "";
  return el("li", {class: mark, "data-step": i}, text + (s.illegal ? " ✗" : ""),
    s.answers && s.answers.length ? el("span", {class: "meta"}, " [" + s.answers.map(answerText).join(", ") + "]") : null);
}

function renderScript() {
  const box = $("#script");
  if (!state.script.length) { box.replaceChildren(); return; }
  const left = actions.scriptLeft();
  box.replaceChildren(el("span", {class: "meta"}, M("board.script") + ":"),
    el("ol", {class: "script-list"}, state.script.map(scriptLine)),
    left ? el("div", {class: "script-tools"},
      el("button", {type: "button", class: "small", id: "btn-script-step", onclick: () => actions.stepScript()}, "▶ " + M("board.script_step")),
      el("button", {type: "button", class: "small secondary", id: "btn-script-all", onclick: () => actions.playScript()}, "▶▶ " + M("board.script_all")))
      : el("p", {class: "meta", id: "script-done"}, M("board.script_done")));
}

export function renderPlays() {
  renderScript();
  const by = $("#play-by");
  const players = Object.keys((state.position || {}).players || {});
  by.replaceChildren(el("option", {value: ""}, M("board.by_acting")), players.map((pid) => el("option", {value: pid, selected: state.by === pid}, pid)));
  by.parentElement.hidden = !schema().stack;
  const box = $("#plays");
  if (!state.valid) { box.replaceChildren(); return; }
  if (!state.plays.length) { box.replaceChildren(noPlays()); return; }
  box.replaceChildren(...state.plays.map((p) => el("button", {type: "button", class: state.play === p.play && state.by === p.by ? "selected" : "",
    "data-play": p.play, "data-by": p.by || "", title: p.play,
    onclick: () => { state.play = p.play; state.by = p.by; state.answers = answersFor(p.play, p.by); actions.resolve(); }}, playLabel(p))));
}

/* No play is legal: say why, by the rules, each refusal with the plays it refuses. */
function noPlays() {
  const reasons = state.noPlays || [];
  return el("div", {class: "no-plays", id: "no-plays"}, el("p", {class: "meta"}, M("board.no_plays") + (reasons.length ? " " + M("board.no_plays_why") : "")),
    reasons.length ? el("ul", {}, reasons.map((r) => el("li", {"data-rule": r.rule},
      el("strong", {}, [].concat(bi(r.labels) || []).join(", ")), ": ",
      bi(r.reason), " ", citeLink(r.rule_info, r.rule)))) : null);
}
