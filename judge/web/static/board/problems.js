/* Every problem of the position at once, each marked on the field, card, zone or player it is about; and the
 * warnings of a valid position that no game leads to, each with the rule it breaks (the judge may still resolve). */

import {$, M, citeLink, el, problemItem} from "./util.js";
import {state} from "./state.js";

export function renderProblems() {
  const box = $("#problems");
  const warnings = state.valid ? state.warnings || [] : [];
  $("#valid-flag").replaceChildren(state.valid ? el("span", {class: "valid"}, "✓ " + M("board.valid")) : "",
    warnings.length ? el("a", {class: "warning-flag", href: "#position-warnings", id: "warning-flag"},
      "⚠ " + M("board.warning_count", {n: warnings.length})) : "");
  const parts = [];
  if (state.problems.length) {
    parts.push(el("div", {class: "problems"},
      el("h2", {}, M("board.problems")), el("p", {class: "hint"}, M("board.problems_help")),
      el("ul", {}, state.problems.map((p) => problemItem(p)))));
  }
  if (warnings.length) {
    parts.push(el("div", {class: "warnings", id: "position-warnings"},
      el("h2", {}, "⚠ " + M("board.warnings")), el("p", {class: "hint"}, M("board.warnings_help")),
      el("ul", {}, warnings.map((w) => problemItem(w, [" ", citeLink(w.rule_info, w.rule)])))));
  }
  box.replaceChildren(...parts);
  markProblems();
}

export function markProblems() {
  document.querySelectorAll(".field-problem, .field-warning, .cardchip.problem, .cardchip.warning").forEach((n) => {
    n.classList.remove("field-problem", "field-warning", "problem", "warning"); n.removeAttribute("data-problem"); });
  const marks = state.problems.map((p) => [p, "problem"]).concat((state.valid ? state.warnings || [] : []).map((w) => [w, "warning"]));
  for (const [p, kind] of marks) {
    let where = (p.where || "").replace(/^position\.?/, "");
    // The closest marked element: the exact field, else its card, else its zone or player.
    while (where) {
      const node = document.querySelector(`[data-where="${CSS.escape(where)}"]`);
      if (node) {
        node.classList.add(node.classList.contains("cardchip") ? kind : "field-" + kind);
        node.title = (node.dataset.problem ? node.dataset.problem + "\n" : "") + p.message;
        node.dataset.problem = node.title;
        break;
      }
      const cut = Math.max(where.lastIndexOf("."), where.lastIndexOf("["));
      where = cut > 0 ? where.slice(0, cut) : "";
    }
  }
}
