/* The toolbar: a new position, the position as text, importing and exporting a scenario, saving behind a
 * permalink; and the dialog they open. */

import {$, M, el, field, problemItem} from "./util.js";
import {api} from "./api.js";
import {actions, answersFor, newPosition, state} from "./state.js";

export function openModal(title, body) {
  $("#modal-title").textContent = title;
  $("#modal-body").replaceChildren(body);
  $("#modal").hidden = false;
}

export function closeModal() { $("#modal").hidden = true; }

export async function loadText(text) {
  const r = await api("POST", "/api/position", {ruleset: state.ruleset, position: text});
  if (r.ok) { state.position = r.data.position; actions.changed(); return true; }
  state.problems = r.data.problems || [{where: "", message: r.data.message}];
  actions.renderProblems();
  return false;
}

/* The plays made so far and the one shown, as a scenario or a save records them. */
function playsMade() {
  const plays = state.history.map((h) => ({play: h.play, by: h.by || undefined, answers: h.answers}));
  if (state.result && !state.result.question) plays.push({play: state.result.play, by: state.result.by, answers: state.answers.slice()});
  return plays;
}

function problemsBox(data) {
  return el("div", {class: "error-box"}, data.message, el("ul", {}, (data.problems || []).map((p) => problemItem(p))));
}

function textDialog() {
  const area = el("textarea", {rows: 18, id: "position-text"}, state.toml || "");
  const status = el("div");
  openModal(M("board.text"), el("div", {}, area, status, el("button", {type: "button", id: "btn-load-text", onclick: async () => {
    if (await loadText(area.value)) closeModal();
    else status.replaceChildren(el("div", {class: "error-box"}, el("ul", {}, state.problems.map((p) => problemItem(p)))));
  }}, M("board.text_load"))));
}

function importDialog() {
  const input = el("input", {type: "file", accept: ".toml,text/plain", id: "import-file"});
  const area = el("textarea", {rows: 10, id: "import-text", placeholder: `id = "MESA-12"\nruleset = "${state.ruleset}"\n[position]\n...`});
  const status = el("div");
  input.addEventListener("change", async () => { if (input.files[0]) area.value = await input.files[0].text(); });
  openModal(M("board.import"), el("div", {}, el("p", {class: "hint"}, M("board.import_help")), field(M("board.file"), input), area, status,
    el("button", {type: "button", id: "btn-import-go", onclick: async () => {
      const r = await api("POST", "/api/scenarios/import", {toml: area.value});
      if (!r.ok) { status.replaceChildren(problemsBox(r.data)); return; }
      closeModal();
      actions.applyScenario(r.data);
    }}, M("board.import"))));
}

function exportDialog() {
  const sid = el("input", {id: "export-id", value: "MESA-1"});
  const title = el("input", {id: "export-title", value: ""});
  const entries = el("input", {id: "export-entries", value: ""});
  const out = el("div");
  openModal(M("board.export"), el("div", {class: "custom-form"}, field(M("board.scenario_id"), sid), field(M("board.scenario_title"), title),
    field(M("board.scenario_entries"), entries),
    el("div", {class: "wide"}, el("button", {type: "button", id: "btn-export-go", onclick: async () => {
      const start = state.history.length ? state.history[0].position : JSON.parse(JSON.stringify(state.position));
      const r = await api("POST", "/api/scenarios/export", {ruleset: state.ruleset, position: start, plays: playsMade(), id: sid.value.trim(),
        title: title.value, entries: entries.value.split(/[\s,]+/).filter(Boolean)});
      if (!r.ok) { out.replaceChildren(el("div", {class: "error-box"}, r.data.message)); return; }
      const blob = new Blob([r.data.toml], {type: "application/toml"});
      out.replaceChildren(el("textarea", {rows: 14, id: "export-text", readonly: true}, r.data.toml),
        el("a", {class: "button", href: URL.createObjectURL(blob), download: r.data.filename}, M("board.download") + " " + r.data.filename));
    }}, M("board.export"))), el("div", {class: "wide"}, out)));
}

async function save() {
  const plays = [];
  if (state.play) plays.push({play: state.play, by: state.by || undefined, answers: state.answers.slice()});
  for (const s of state.script.slice(state.current + 1)) if (s.play) plays.push({play: s.play, by: s.by || undefined, answers: s.answers || []});
  const r = await api("POST", "/api/saves", {ruleset: state.ruleset, position: JSON.parse(JSON.stringify(state.position)), plays,
    history: state.history, title: state.source || ""});
  const box = $("#save-status");
  if (!r.ok) { box.replaceChildren(el("span", {class: "error-box"}, r.data.message)); return; }
  box.replaceChildren(M("board.saved") + " ", el("a", {href: r.data.url, id: "permalink"}, location.origin + r.data.url));
}

export function bindToolbar() {
  $("#ruleset").addEventListener("change", (e) => actions.switchRuleset(e.target.value));
  $("#btn-new").addEventListener("click", () => {
    state.position = newPosition(); state.script = []; state.current = 0; state.history = []; state.source = ""; state.play = ""; state.by = null;
    actions.stopReplay();
    $("#play-text").value = ""; actions.renderAll(); actions.changed();
  });
  $("#free-play").addEventListener("submit", (e) => {
    e.preventDefault(); state.play = $("#play-text").value.trim(); state.by = $("#play-by").value || null;
    state.answers = answersFor(state.play, state.by); actions.resolve();
  });
  $("#btn-explore").addEventListener("click", actions.exploreNow);
  $("#modal-close").addEventListener("click", closeModal);
  $("#modal").addEventListener("click", (e) => { if (e.target.id === "modal") closeModal(); });
  document.addEventListener("keydown", (e) => { if (e.key === "Escape") closeModal(); });
  $("#btn-text").addEventListener("click", textDialog);
  $("#btn-import").addEventListener("click", importDialog);
  $("#btn-export").addEventListener("click", exportDialog);
  $("#btn-save").addEventListener("click", save);
}
