/* Switching the page's language loads the page again in the other language: the board goes along. Just before the
 * switch the board is kept in this tab (sessionStorage, never sent anywhere), and the page it lands on takes it back
 * (position, plays of the scenario, answers, the play shown and the exploration) and asks the engine again, so that
 * every label and the trace come in the new language. */

const KEY = "judge.board.kept";

function here() { return location.pathname + location.search; }

/* Keep ``snapshot()`` when the judge follows a language link. */
export function keepAcrossLanguageSwitch(snapshot) {
  for (const link of document.querySelectorAll(".lang a[hreflang]")) {
    link.addEventListener("click", () => {
      try { sessionStorage.setItem(KEY, JSON.stringify({at: here(), board: snapshot()})); } catch (e) { /* storage off: the switch still works */ }
    });
  }
}

/* The board kept for this very page, once (a later reload starts afresh), or null. */
export function takeKept() {
  let kept = null;
  try {
    kept = JSON.parse(sessionStorage.getItem(KEY) || "null");
    sessionStorage.removeItem(KEY);
  } catch (e) { return null; }
  return kept && kept.at === here() && kept.board && typeof kept.board === "object" ? kept.board : null;
}
