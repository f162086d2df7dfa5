/* Every problem of the position at once, each marked on the field, card, zone or player it is about. */

import {$, M, el} from "./util.js";
import {state} from "./state.js";

export function renderProblems() {
  const box = $("#problems");
  $("#valid-flag").replaceChildren(state.valid ? el("span", {class: "valid"}, "✓ " + M("board.valid")) : "");
  if (!state.problems.length) { box.replaceChildren(); markProblems(); return; }
  box.replaceChildren(el("div", {class: "problems"},
    el("h2", {}, M("board.problems")), el("p", {class: "hint"}, M("board.problems_help")),
    el("ul", {}, state.problems.map((p) => el("li", {}, p.where ? el("code", {}, p.where.replace(/^position\./, "")) : null, " ", p.message)))));
  markProblems();
}

export function markProblems() {
  document.querySelectorAll(".field-problem, .cardchip.problem").forEach((n) => { n.classList.remove("field-problem", "problem"); n.removeAttribute("data-problem"); });
  for (const p of state.problems) {
    let where = (p.where || "").replace(/^position\.?/, "");
    // The closest marked element: the exact field, else its card, else its zone or player.
    while (where) {
      const node = document.querySelector(`[data-where="${CSS.escape(where)}"]`);
      if (node) {
        node.classList.add(node.classList.contains("cardchip") ? "problem" : "field-problem");
        node.title = (node.dataset.problem ? node.dataset.problem + "\n" : "") + p.message;
        node.dataset.problem = node.title;
        break;
      }
      const cut = Math.max(where.lastIndexOf("."), where.lastIndexOf("["));
      where = cut > 0 ? where.slice(0, cut) : "";
    }
  }
}
