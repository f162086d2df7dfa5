/* Exploring a play: every combination of answers, grouped into the outcomes that differ, and what differs. Each path
 * reads as the questions' own words and the answers chosen; what only the engine keeps count of (turn counters,
 * places shifting in a zone, "elusive used" on a creature without Elusive) is under "details". */

import {$, LANG, M, citeLink, clone, el, label, show} from "./util.js";
import {actions, factLabel, playRequest, state} from "./state.js";
import {api} from "./api.js";

export async function exploreNow() {
  const play = $("#play-text").value.trim() || state.play;
  if (!play) return;
  state.play = play;
  $("#explore-panel").hidden = false;
  $("#exploration").replaceChildren(el("p", {class: "meta"}, M("board.loading")));
  const request = playRequest(play, $("#play-by").value || state.by, undefined);
  delete request.answers;
  let r = await api("POST", "/api/explore", request);
  // On a large board the whole tree may cost more than the service allows: explore what fits, and say it was cut.
  if (!r.ok && r.data && r.data.error === "over-budget" && r.data.fits) r = await api("POST", "/api/explore", {...request, budget: r.data.fits});
  state.exploration = r.ok ? r.data : {error: r.data};
  renderExploration();
}

/* A fact of an outcome: a zone's order reads as its cards in order ("p1 · battleline: Tiger, Friend"). */
function zoneOrder(key) {
  const [pid, zone] = key.split(".");
  return `${pid} · ${label("board.zone.", zone)} (${M("board.order")})`;
}

function factLine(x, key, value) {
  if (Array.isArray(value)) return `${zoneOrder(key)}: ${value.map((uid) => factLabel(uid, x.cards)).join(", ")}`;
  return `${factLabel(key, x.cards)} = ${show(value)}`;
}

/* A path: each answer on its line, by who gave it, the question's words and what was chosen. */
function pathLines(p) {
  const described = p.described[LANG] || p.described.es;
  if (!described.length) return [el("div", {}, "—")];
  return described.map((d) => el("div", {class: "path-answer"}, `${d.player} · ${d.prompt || d.key} → `,
    el("strong", {}, d.labels.length ? d.labels.join(", ") : M("board.any_answer"))));
}

export function renderExploration() {
  const panel = $("#explore-panel");
  const x = state.exploration;
  if (!x) { panel.hidden = true; return; }
  panel.hidden = false;
  const box = $("#exploration");
  if (x.error) { box.replaceChildren(el("div", {class: "error-box"}, x.error.message || "", x.error.rule ? el("p", {}, citeLink(x.error.rule_info, x.error.rule)) : null)); return; }
  const details = x.differing_details || [];
  box.replaceChildren(el("div", {},
    el("h2", {}, `${M("board.outcomes")}: ${x.outcomes.length}`),
    el("p", {class: x.matters ? "error-box" : "ok-box", id: "explore-verdict"}, x.matters ? M("board.matters") : M("board.not_matters")),
    el("p", {class: "meta"}, `${x.resolved} ${M("board.resolved")} · ${x.cut} ${M("board.cut")}`),
    x.differing.length ? el("p", {class: "meta", id: "explore-differs"}, M("board.differs") + ": ",
      x.differing.map((k) => x.outcomes.some((o) => Array.isArray(o.facts[k])) ? zoneOrder(k) : factLabel(k, x.cards)).join(" · ")) : null,
    ...x.outcomes.map((o, i) => el("div", {class: "outcome", "data-outcome": i},
      el("h3", {}, `${M("board.outcome")} ${i + 1} · ${o.count} ${M(o.count === 1 ? "board.path" : "board.paths")}` + (o.winner ? ` · ${M("board.winner")}: ${o.winner}` : "")),
      Object.keys(o.facts).length ? el("div", {class: "facts-diff"}, Object.entries(o.facts).map(([k, v]) => el("div", {}, factLine(x, k, v)))) : null,
      details.length ? el("details", {class: "bookkeeping"}, el("summary", {}, M("board.details")),
        el("div", {class: "facts-diff"}, Object.entries(o.details || {}).map(([k, v]) => el("div", {}, `${factLabel(k, x.cards)} = ${show(v)}`)))) : null,
      o.paths.map((p) => el("div", {class: "path"}, pathLines(p),
        el("button", {type: "button", class: "small secondary", onclick: () => { state.by = x.by || state.by; state.answers = clone(p.answers); actions.resolve(); }}, M("board.use_path")))),
      o.more_paths ? el("p", {class: "meta"}, `+${o.more_paths}`) : null))));
}
