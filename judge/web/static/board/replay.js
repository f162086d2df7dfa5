/* A replayed scenario (a ruling's Replay, or a scenario file imported): what it proves. The rulings it reproduces
 * (each a link back to its page), its reading note, the answers it recorded for each play, and its expected result,
 * each expectation ticked or crossed against what the board reached. The tick is the engine's scenario check (the
 * one `judge check` makes, POST /api/scenarios/check) run on the plays with the answers the board gave; the page
 * compares nothing itself. */

import {$, M, answerText, clone, el, show} from "./util.js";
import {api} from "./api.js";
import {actions, factLabel, state} from "./state.js";

export function startReplay(s) {
  state.replay = {scenario: clone(s), id: s.id, title: s.title || "", reading: s.reading || "", rulings: s.rulings || [],
                  expect: s.expect || {}, ruleset: s.ruleset, position: clone(s.position), plays: clone(s.plays || [])};
  state.replayCheck = null;
  state.replayModified = false;
}

export function stopReplay() { state.replay = null; state.replayCheck = null; state.replayModified = false; }

/* Every play of the scenario has been made: the last one resolved (no question left), or refused as recorded. */
function finished() {
  return !!state.replay && state.script.length > 0 && !actions.scriptLeft() && !(state.result && state.result.question);
}

/* The scenario's plays with the answers the board gave them (the recorded ones unless the judge changed one). */
function playsAsReplayed() {
  return state.replay.plays.map((p, i) => {
    if (p.set) return {set: p.set, expect: p.expect || {}};
    const given = i === state.current && state.result ? state.answers : (state.script[i] || {}).answers;
    const out = {play: p.play, answers: clone(given || p.answers || []), expect: p.expect || {}};
    if (p.by) out.by = p.by;
    if (p.illegal) out.illegal = p.illegal;
    if (p["after-step"] && Object.keys(p["after-step"]).length) out["after-step"] = p["after-step"];
    return out;
  });
}

/* After each resolution: once the scenario has been played through, ask the engine whether it proves its ruling. */
export async function refreshReplay() {
  if (!state.replay) { renderReplay(); return; }
  if (finished() && !state.replayModified) {
    const plays = playsAsReplayed();
    const key = JSON.stringify(plays);
    if (!state.replayCheck || state.replayCheck.key !== key) {
      const r = await api("POST", "/api/scenarios/check", {id: state.replay.id, ruleset: state.replay.ruleset,
        position: state.replay.position, plays, expect: state.replay.expect});
      state.replayCheck = r.ok ? {...r.data, key} : {error: r.data.message || r.data.error, expectations: [], key};
    }
  } else if (!finished()) state.replayCheck = null;
  renderReplay();
}

function recorded() {
  return el("ol", {class: "recorded", id: "replay-recorded"}, state.replay.plays.map((p, i) => {
    if (p.set) return el("li", {}, M("board.correction"));
    const answers = (p.answers || []).length ? p.answers.map(answerText).join(", ") : M("board.replay.no_answers");
    return el("li", {"data-step": i}, el("code", {}, (p.by ? p.by + " · " : "") + p.play), " → ", answers,
      p.illegal ? el("span", {class: "meta"}, ` (${M("board.illegal")}: ${p.illegal})`) : null);
  }));
}

function expectationRows() {
  const check = state.replayCheck;
  const byPath = new Map((check ? check.expectations : []).map((e) => [`${e.play}|${e.path}`, e]));
  const rows = [];
  const scopes = state.replay.plays.map((p, i) => [i, p.expect || {}]).filter(([, e]) => Object.keys(e).length)
    .concat([[null, state.replay.expect]]);
  // When every expectation is about the end, saying "at the end" on each row says nothing.
  const when = scopes.length > 1;
  for (const [play, expect] of scopes) {
    for (const [path, expected] of flatten(expect)) {
      const found = byPath.get(`${play}|${path}`);
      const mark = !found ? "…" : found.ok ? "✓" : "✗";
      rows.push(el("tr", {class: !found ? "pending" : found.ok ? "ok" : "bad", "data-path": path},
        el("td", {class: "mark"}, mark),
        when ? el("td", {class: "when"}, play === null ? M("board.replay.at_end") : `${M("board.replay.after_play")} ${play + 1}`) : null,
        el("td", {}, pathLabel(path)), el("td", {class: "value"}, value(expected)), el("td", {class: "value"}, found ? value(found.actual) : "")));
    }
  }
  return {rows, when};
}

/* What an expectation checks, in words: a card's value by the card's name, a trace expectation by what it asks of
 * the trace ("options offered for “target”"). */
function pathLabel(path) {
  const [head, kind, key] = path.split(".");
  if (head !== "trace") return factLabel(path);
  const text = M(`board.replay.trace.${kind}`, {key: key || ""});
  return text === `board.replay.trace.${kind}` ? path : text;
}

/* A value of an expectation: a list reads as its items ("big, other"). */
function value(v) { return Array.isArray(v) ? v.map(show).join(", ") : show(v); }

/* The expectations of a table as the engine's check lists them: a trace expectation by what it checks. */
function flatten(expect) {
  const out = [];
  for (const [path, value] of Object.entries(expect || {})) {
    if (path !== "trace" || typeof value !== "object" || Array.isArray(value)) { out.push([path, value]); continue; }
    for (const [k, v] of Object.entries(value)) {
      if ((k === "offered" || k === "count") && v && typeof v === "object" && !Array.isArray(v)) {
        for (const [sub, w] of Object.entries(v)) out.push([`trace.${k}.${sub}`, w]);
      } else out.push([`trace.${k}`, v]);
    }
  }
  return out;
}

function verdict() {
  if (state.replayModified) return el("p", {class: "meta", id: "replay-modified"}, M("board.replay.modified"));
  const check = state.replayCheck;
  if (!check) return el("p", {class: "meta", id: "replay-pending"}, M("board.replay.pending"));
  if (check.error && !check.expectations.length) return el("p", {class: "error-box", id: "replay-verdict"}, check.error);
  return el("p", {class: check.passed ? "ok-box" : "error-box", id: "replay-verdict", "data-passed": check.passed ? "yes" : "no"},
    (check.passed ? "✓ " + M("board.replay.passed") : "✗ " + M("board.replay.failed")) + (check.error ? ` — ${check.error}` : ""));
}

export function renderReplay() {
  const panel = $("#replay-panel");
  const rp = state.replay;
  if (!rp) { panel.hidden = true; return; }
  panel.hidden = false;
  const {rows, when} = expectationRows();
  // el() drops what is missing; replaceChildren would write it out as "null".
  $("#replay").replaceChildren(...[
    el("h2", {}, M("board.replay.title"), " ", el("code", {}, rp.id)),
    rp.title ? el("p", {}, rp.title) : null,
    rp.rulings.length ? el("p", {id: "replay-rulings"}, M("board.replay.ruling") + ": ", ...rp.rulings.flatMap((r, i) => [i ? " · " : "",
      el("a", {href: r.url, "data-ruling": r.citation}, r.citation), r.title ? ` ${r.title}` : ""])) : null,
    rp.reading ? el("div", {class: "reading", id: "replay-reading"}, el("strong", {}, M("board.replay.reading") + ": "), rp.reading) : null,
    el("h3", {}, M("board.replay.recorded")), recorded(),
    el("h3", {}, M("board.replay.expected")),
    rows.length ? el("table", {class: "changes-table expect-table", id: "replay-expect"},
      el("tr", {}, el("th", {}, ""), when ? el("th", {}, "") : null, el("th", {}, ""), el("th", {}, M("board.replay.expected_value")), el("th", {}, M("board.replay.actual"))),
      rows) : null,
    verdict(),
    el("p", {}, el("button", {type: "button", class: "small secondary", id: "btn-replay-restart",
      onclick: () => actions.applyScenario(rp.scenario)}, M("board.replay.restart")))].filter(Boolean));
}
