/* What a card is, as the engine sees it: its type and house by name, its values printed and now, keywords, traits,
 * bonus icons (printed and added by Enhance), what is on it, the lasting effects on it and its abilities as the
 * engine reads them (never the printed text). The same panel serves the chip's popover (hover, keyboard focus),
 * the card editor (a tap on the chip) and the card picker's suggestions, so a judge can compare the engine's
 * reading with the card on the table wherever the card is met. */

import {LANG, M, bi, el, label} from "./util.js";

const STATS = ["power", "armor", "strength", "toughness", "cost", "leadership"];
let popCount = 0;

function stat(view, k) {
  const printed = view[k];
  const now = view[`${k}_now`];
  if (typeof printed !== "number" && typeof now !== "number") return null;
  const shown = typeof now === "number" && now !== printed
    ? `${printed ?? "—"} → ${now} (${M("board.card.now")})` : String(printed ?? now);
  return el("span", {class: "ci-stat", "data-stat": k}, el("span", {class: "ci-k"}, label("board.card.", k)), " ", shown);
}

function row(key, values) {
  const items = (values || []).filter((v) => v !== null && v !== undefined && v !== "");
  if (!items.length) return null;
  return el("div", {class: "ci-row", "data-row": key}, el("span", {class: "ci-k"}, M("board.card." + key) + ": "), items.join(", "));
}

const named = (view, key) => (view[key] && view[key][LANG]) || null;

/* The bonus icons Enhance added to this copy of the card (a position's ``icons``), by their names. */
export function iconNames(icons) {
  return (icons || []).map((i) => label("board.icon.", i));
}

/* The panel. ``view``: the server's facts of the card (GET /api/cards, or a position's cards by uid); ``card``: the
 * card as the position writes it (its states, counters, added icons), absent in the picker; ``summary``: what is on
 * the card, already phrased. */
export function cardDetails(view, card, summary) {
  view = view || {};
  const heading = [named(view, "type_name") || view.type, named(view, "house_name")].filter(Boolean).join(" · ");
  const stats = STATS.map((k) => stat(view, k)).filter(Boolean);
  const reading = view.reading && view.reading[LANG];
  const parts = [
    el("div", {class: "ci-name"}, bi(view.name) || (card && card.card) || ""),
    heading ? el("div", {class: "ci-head"}, heading) : null,
    stats.length ? el("div", {class: "ci-stats"}, stats) : null,
    row("keywords", named(view, "keywords_named") || (view.reading ? [] : view.keywords)),
    row("traits", named(view, "traits_named") || view.traits),
    row("race", view.race ? [view.race] : []),
    row("subtypes", view.subtypes),
    row("colors", view.reading ? [] : view.colors),
    row("bonus", named(view, "bonus_named")),
    row("icons", iconNames(card && card.icons)),
    summary ? row("on_card", [summary]) : null,
  ];
  if (view.incomplete) {
    const what = typeof view.incomplete === "object" ? bi(view.incomplete) : String(view.incomplete);
    parts.push(el("div", {class: "ci-incomplete", role: "note"}, el("strong", {}, "⚠ " + M("board.card.incomplete") + ": "), what));
  }
  if ((view.lasting || []).length) {
    parts.push(el("div", {class: "ci-lasting"}, el("span", {class: "ci-k"}, M("board.card.lasting") + ":"),
      el("ul", {}, view.lasting.map((l) => el("li", {}, bi(l))))));
  }
  if (reading) {
    parts.push(el("div", {class: "ci-reading"}, el("span", {class: "ci-k"}, M("board.card.reading") + ":"),
      el("ul", {}, reading.map((line) => el("li", {}, line)))));
  }
  if (view.text) {
    // A Mitos y Leyendas card the FAQ quotes, beneath what the engine rules on: a judge compares the two.
    parts.push(el("div", {class: "ci-faq"}, el("span", {class: "ci-k"}, M("board.card.faq_text") + (view.source ? ` (${view.source})` : "") + ":"),
      el("p", {}, view.text)));
  }
  if (!reading && !view.custom) parts.push(el("p", {class: "ci-note"}, M("board.card.no_reading")));
  return el("div", {class: "card-info"}, parts);
}

/* The one popover shown at a time, and the chip it belongs to: a chip redrawn away takes its popover with it. */
let current = null;
let watching = false;

function hidePopover() {
  if (current) { current.pop.remove(); current = null; }
}

function watch() {
  if (watching) return;
  watching = true;
  new MutationObserver(() => { if (current && !current.anchor.isConnected) hidePopover(); })
    .observe(document.body, {childList: true, subtree: true});
}

/* A popover for ``anchor`` (a chip): shown while the mouse is over it or the keyboard has focused it, hidden on
 * leaving, on blur and on Escape; the chip names it in aria-describedby. A touch opens the card's editor instead,
 * which shows the same panel. */
export function attachPopover(anchor, build) {
  const id = `card-pop-${++popCount}`;
  const show = () => {
    if ((current && current.anchor === anchor) || !anchor.isConnected) return;
    hidePopover();
    watch();
    const pop = el("div", {class: "card-pop", id, role: "tooltip"}, build());
    document.body.append(pop);
    current = {anchor, pop};
    const r = anchor.getBoundingClientRect();
    const room = window.scrollX + document.documentElement.clientWidth - pop.offsetWidth - 8;
    // below the chip, or above it when the window has no room below and has it above
    const above = r.bottom + pop.offsetHeight + 6 > window.innerHeight && r.top > pop.offsetHeight + 6;
    pop.style.top = `${(above ? r.top - pop.offsetHeight - 6 : r.bottom + 6) + window.scrollY}px`;
    pop.style.left = `${Math.max(4, Math.min(r.left + window.scrollX, room))}px`;
  };
  const hide = () => { if (current && current.anchor === anchor) hidePopover(); };
  anchor.setAttribute("aria-describedby", id);
  anchor.addEventListener("pointerenter", (e) => { if (e.pointerType === "mouse") show(); });
  anchor.addEventListener("pointerleave", hide);
  anchor.addEventListener("focus", () => { if (anchor.matches(":focus-visible")) show(); });
  anchor.addEventListener("blur", hide);
  anchor.addEventListener("click", hide);
  anchor.addEventListener("keydown", (e) => { if (e.key === "Escape") hide(); });
  return anchor;
}
