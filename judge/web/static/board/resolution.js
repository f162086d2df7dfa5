/* The resolution of a play: the question it stopped at, the answers given (each can be changed or undone), the
 * trace step by step with the rule of each step, in Spanish or English, and the plays that may follow. */

import {$, LANG, M, bi, citeLink, citeTitle, el, problemItem, show} from "./util.js";
import {actions, state} from "./state.js";
import {playLabel} from "./plays.js";

const traceLang = () => state.traceLang || LANG;

function optionLabel(question, value, lang) {
  const o = (question.options || []).find((x) => x.value === value);
  return o ? bi(o.label, lang) : value;
}

export function renderQuestion(q) {
  const box = el("div", {class: "question", id: "question", "data-key": q.key, "data-player": q.player});
  box.append(el("h3", {}, M("board.question")),
    el("p", {}, el("span", {class: "who"}, `${q.player} ${M("board.decides")} `), el("code", {class: "qkey"}, `[${q.key}]`), ": ", bi(q.prompt), " ", citeLink(q.rule_info, q.rule)),
    q.rule_info && q.rule_info.title ? el("p", {class: "meta"}, M("board.rule") + ": ", citeTitle(q.rule_info)) : null);
  const multiple = q.max !== 1 || q.min !== 1;
  if (!multiple) {
    box.append(el("div", {class: "options"}, q.options.map((o) => el("button", {type: "button", class: "option", "data-value": o.value,
      onclick: () => { state.answers.push(o.value); actions.resolve(); }}, bi(o.label)))));
    return box;
  }
  const order = [];
  const isOrder = q.min === q.max && q.max === q.options.length;
  const counter = el("span", {class: "meta"});
  const opts = q.options.map((o) => el("label", {}, el("input", {type: "checkbox", value: o.value, onchange: (e) => {
    if (e.target.checked) order.push(o.value); else order.splice(order.indexOf(o.value), 1);
    counter.textContent = order.map((v) => optionLabel(q, v)).join(" → ");
  }}), bi(o.label)));
  box.append(el("p", {class: "meta"}, isOrder ? M("board.choose_order") : M("board.choose_between", {min: q.min, max: q.max})),
    el("div", {class: "options"}, opts), counter, " ",
    el("button", {type: "button", id: "confirm-answer", onclick: () => { state.answers.push(order.slice()); actions.resolve(); }}, M("board.confirm")));
  return box;
}

function renderAnswers(decisions) {
  if (!decisions.length) return null;
  return el("div", {}, el("h3", {}, M("board.answers")), el("ol", {class: "answers-list"}, decisions.map((d, i) => {
    const q = d.question;
    const chosen = Array.isArray(d.chosen) ? d.chosen : [d.chosen];
    const single = q.max === 1 && q.min === 1;
    const changer = single ? el("select", {"aria-label": M("board.change"), "data-index": i, onchange: (e) => {
      state.answers = state.answers.slice(0, i).concat([e.target.value]); actions.resolve(); }},
      q.options.map((o) => el("option", {value: o.value, selected: o.value === d.chosen}, bi(o.label)))) : null;
    return el("li", {}, el("span", {}, `${q.player} · ${bi(q.prompt)} → `), el("strong", {}, chosen.map((v) => optionLabel(q, v)).join(", ")),
      changer, el("button", {type: "button", class: "small secondary", onclick: () => { state.answers = state.answers.slice(0, i); actions.resolve(); }}, M("board.undo")));
  })));
}

// A change to a table of values (what happened this turn, lasting effects by key) reads as the keys that changed,
// one per line, rather than as two whole tables.
function changeLines(what, before, after) {
  const isTable = (v) => v && typeof v === "object" && !Array.isArray(v);
  if ((isTable(before) || before == null) && (isTable(after) || after == null) && (isTable(before) || isTable(after))) {
    const b = before || {}, a = after || {};
    const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]));
    if (keys.length) return keys.flatMap((k) => changeLines(`${what}.${k}`, b[k], a[k]));
  }
  return [`${what}: ${show(before)} → ${show(after)}`];
}

function renderStep(step, citations) {
  const lang = traceLang();
  const info = step.rule ? citations[step.rule] : null;
  const head = [el("span", {class: "txt"}, bi(step.text, lang)), el("span", {class: "kind"}, step.kind), citeLink(info, step.rule), citeTitle(info)];
  const body = [];
  if (step.decision) {
    const q = step.decision.question;
    const chosen = Array.isArray(step.decision.chosen) ? step.decision.chosen : [step.decision.chosen];
    const others = q.options.filter((o) => !chosen.includes(o.value)).map((o) => bi(o.label, lang));
    body.push(el("div", {class: "decision"}, `${q.player} ${M("board.decides")}: `, el("strong", {}, chosen.map((v) => optionLabel(q, v, lang)).join(", ")),
      others.length ? el("span", {class: "not-chosen"}, ` (${M("board.not_chosen")}: ${others.join(", ")})`) : null));
  }
  if (step.changes && step.changes.length) {
    // The engine's bookkeeping (turn counters, places shifting in a zone) is shown only with "details".
    body.push(el("div", {class: "changes"}, step.changes.flatMap((c) => changeLines(c.what, c.before, c.after)
      .map((t) => el("div", {class: c.detail ? "detail" : null}, t)))));
  }
  const kids = (step.children || []).map((c) => renderStep(c, citations));
  if (!body.length && !kids.length) return el("li", {class: "step", "data-kind": step.kind, "data-rule": step.rule || ""}, el("span", {class: "leaf"}), ...head);
  const details = el("details", {open: true}, el("summary", {}, ...head), ...body, kids.length ? el("ul", {}, kids) : null);
  return el("li", {class: "step", "data-kind": step.kind, "data-rule": step.rule || ""}, details);
}

function renderError(e) {
  const isIllegal = e.error === "illegal-play";
  return el("div", {class: "error-box", id: "play-error", "data-error": e.error || ""},
    el("strong", {}, isIllegal ? M("board.illegal") : M("board.error")), ": ", e.message || "",
    e.rule ? el("p", {}, M("board.rule") + ": ", citeLink(e.rule_info, e.rule), " ", citeTitle(e.rule_info)) : null,
    e.problems && !isIllegal ? el("ul", {}, e.problems.map((p) => problemItem(p))) : null,
    e.question ? renderQuestion(e.question) : null);
}

/* What may be played after this one, from the position it led to: one click goes on from there. */
function nextPlays(r) {
  const plays = r.plays_after || [];
  if (!plays.length) return null;
  return el("div", {class: "next-plays", id: "next-plays"}, el("h3", {}, M("board.then")),
    plays.map((p) => el("button", {type: "button", class: "small secondary", "data-play": p.play, "data-by": p.by || "",
      onclick: () => { continueFromResult(); state.play = p.play; state.by = p.by; state.answers = []; actions.resolve(); }}, playLabel(p))));
}

export function renderResolution() {
  const box = $("#resolution");
  const parts = [];
  if (state.error) parts.push(renderError(state.error));
  const r = state.result;
  if (r) {
    parts.push(el("h2", {}, M("board.play") + ": ", el("code", {}, (r.by ? r.by + " · " : "") + r.play)));
    parts.push(renderAnswers(r.decisions));
    if (r.question) parts.push(renderQuestion(r.question));
    else {
      parts.push(el("div", {class: "ok-box", id: "resolved"}, "✓ " + M("board.complete") + (r.winner ? ` — ${M("board.winner")}: ${r.winner}` : "")));
      const next = state.script[state.current + 1];
      parts.push(el("p", {}, el("button", {type: "button", id: "btn-continue", onclick: continueFromResult},
        next && next.play ? M("board.next_play") + ": " + (next.by ? next.by + " · " : "") + next.play : M("board.continue"))));
      parts.push(nextPlays(r));
    }
    const other = traceLang() === "es" ? "en" : "es";
    if ((r.warnings || []).length) parts.push(el("p", {class: "warning-note"}, "⚠ " + M("board.warning_count", {n: r.warnings.length}) + " — " + M("board.warnings_help")));
    parts.push(el("div", {class: "trace-tools"}, el("h3", {}, M("board.trace")),
      el("button", {type: "button", class: "small secondary", onclick: () => box.querySelectorAll(".trace details").forEach((d) => { d.open = true; })}, M("board.expand")),
      el("button", {type: "button", class: "small secondary", onclick: () => box.querySelectorAll(".trace details").forEach((d) => { d.open = false; })}, M("board.collapse")),
      el("button", {type: "button", class: "small secondary", id: "trace-lang", "data-lang": other, onclick: () => { state.traceLang = other; renderResolution(); }}, M("board.trace_in." + other)),
      el("label", {class: "check small-check"}, el("input", {type: "checkbox", id: "trace-details", checked: !!state.traceDetails,
        onchange: (e) => { state.traceDetails = e.target.checked; $("#trace").classList.toggle("show-details", state.traceDetails); }}), M("board.details"))));
    parts.push(el("div", {class: "trace" + (state.traceDetails ? " show-details" : ""), id: "trace", lang: traceLang()},
      el("ul", {}, (r.trace.children || []).map((s) => renderStep(s, r.citations || {})))));
  }
  box.replaceChildren(...parts.filter(Boolean));
  $("#resolution-panel").hidden = !parts.length;
}

export function continueFromResult() {
  const r = state.result;
  if (!r || r.question) return;
  state.history.push({position: JSON.parse(JSON.stringify(state.position)), play: r.play, by: r.by, answers: state.answers.slice()});
  if (state.script[state.current]) state.script[state.current].answers = state.answers.slice();
  state.position = r.after.position;
  state.current += 1;
  state.result = null; state.error = null; state.exploration = null;
  actions.readyScriptPlay();
  actions.renderAll();
  return actions.check();
}
