/* The board: build a position, apply a play, answer the questions, read the trace, explore, save, share.
 * Plain JavaScript, no build step. Everything goes through the JSON API documented in docs/api.md. */
"use strict";

(function () {
  const config = JSON.parse(document.getElementById("board-config").textContent);
  const LANG = config.lang;
  const MSG = config.messages;
  const M = (key, params) => {
    let text = MSG[key] || key;
    for (const [k, v] of Object.entries(params || {})) text = text.replace("{" + k + "}", v);
    return text;
  };
  const $ = (sel, root) => (root || document).querySelector(sel);

  /* ---------- state ---------- */
  const state = {
    rulesets: {},          // id -> {id, game, title, schema}
    ruleset: config.initial.ruleset,
    position: null,        // the position being built, in its table form
    cards: {},             // uid -> what the server says of that card
    problems: [],
    plays: [],             // legal plays now
    valid: false,
    script: [],            // plays of a scenario or a saved board: [{play, answers}]
    current: 0,            // which play of the script is being resolved
    history: [],           // plays already made from the first position: [{position, play, answers}]
    play: "",              // the play being resolved
    answers: [],
    result: null,          // the last /api/resolve answer
    error: null,           // the last refusal of /api/resolve
    exploration: null,
    editing: null,         // {uid} of the card whose editor is open
    source: "",
  };

  /* ---------- small helpers ---------- */
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "class") node.className = v;
      else if (k === "text") node.textContent = v;
      else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
      else if (k === "dataset") Object.assign(node.dataset, v);
      else node.setAttribute(k, v === true ? "" : v);
    }
    for (const c of children.flat()) {
      if (c === null || c === undefined || c === false) continue;
      node.append(c instanceof Node ? c : document.createTextNode(String(c)));
    }
    return node;
  }
  const clone = (x) => JSON.parse(JSON.stringify(x));
  const bi = (v) => (v && typeof v === "object" ? (v[LANG] || v.es || v.en || "") : (v == null ? "" : String(v)));

  // The page's token: the service refuses a browser's request that changes anything without it (CSRF).
  const CSRF = (document.querySelector('meta[name="csrf-token"]') || {}).content || "";

  async function api(method, url, body) {
    const opts = {method, headers: {"Accept": "application/json"}, credentials: "same-origin"};
    if (method !== "GET") opts.headers["X-CSRFToken"] = CSRF;
    if (body !== undefined) { opts.headers["Content-Type"] = "application/json"; opts.body = JSON.stringify(body); }
    const resp = await fetch(url, opts);
    let data = null;
    try { data = await resp.json(); } catch (e) { data = {error: "bad-response", message: resp.statusText}; }
    return {ok: resp.ok, status: resp.status, data};
  }

  function debounce(fn, ms) {
    let t = null;
    return (...args) => { clearTimeout(t); t = setTimeout(() => fn(...args), ms); };
  }

  function schema() { return (state.rulesets[state.ruleset] || {}).schema || {}; }

  function citeLink(info, citation) {
    const c = (info && info.citation) || citation;
    if (!c) return null;
    const url = (info && info.url) || (c.includes("#") ? "/rules/" + c.replace("#", "/") : "/rulings/" + c);
    return el("a", {class: "cite", href: url, target: "_blank", rel: "noopener", title: (info && info.title) || c}, c);
  }

  function emptyPosition() {
    return {active: "p1", turn: 1, step: "main", players: {p1: {amber: 0, house: "brobnar", hand: []}, p2: {amber: 0}}};
  }

  function allUids(position) {
    const out = new Set();
    const walk = (card) => { if (card && typeof card === "object") { if (card.uid) out.add(card.uid); (card.upgrades || []).forEach(walk); } };
    for (const p of Object.values(position.players || {})) for (const v of Object.values(p)) if (Array.isArray(v)) v.forEach(walk);
    return out;
  }
  function nextUid(position) {
    const used = allUids(position);
    let n = 1;
    while (used.has("c" + n)) n++;
    return "c" + n;
  }
  const cleanPosition = (position) => clone(position);

  function findCard(uid) {
    for (const [pid, p] of Object.entries(state.position.players || {})) {
      for (const [zone, list] of Object.entries(p)) {
        if (!Array.isArray(list)) continue;
        for (let i = 0; i < list.length; i++) {
          const c = list[i];
          if (c && c.uid === uid) return {pid, zone, list, index: i, card: c, host: null};
          for (let j = 0; j < ((c && c.upgrades) || []).length; j++) {
            if (c.upgrades[j].uid === uid) return {pid, zone, list: c.upgrades, index: j, card: c.upgrades[j], host: c};
          }
        }
      }
    }
    return null;
  }

  function cardName(card) {
    const view = state.cards[card.uid];
    if (view && view.name) return bi(view.name);
    const custom = (state.position.cards || {})[card.card];
    if (custom && custom.name) return typeof custom.name === "string" ? custom.name : bi(custom.name);
    return card.card;
  }

  /* ---------- loading ---------- */
  async function init() {
    const r = await api("GET", "/api/rulesets");
    for (const rs of r.data.rulesets) state.rulesets[rs.id] = rs;
    const initial = config.initial;
    if (initial.scenario) await loadScenario(initial.scenario);
    else if (initial.save) await loadSave(initial.save);
    else { state.position = emptyPosition(); renderAll(); await check(); }
    bindToolbar();
  }

  async function loadScenario(id) {
    const r = await api("GET", "/api/scenarios/" + encodeURIComponent(id));
    if (!r.ok) { state.position = emptyPosition(); state.error = r.data; renderAll(); return; }
    applyScenario(r.data, M("board.from_scenario") + " " + r.data.id + (r.data.title ? " — " + r.data.title : ""));
  }

  function applyScenario(s, source) {
    state.ruleset = s.ruleset;
    $("#ruleset").value = s.ruleset;
    state.position = s.position;
    state.script = (s.plays || []).map((p) => ({play: p.play, answers: p.answers || [], illegal: p.illegal || null}));
    state.current = 0;
    state.history = [];
    state.source = source;
    state.result = null; state.error = null; state.exploration = null;
    readyScriptPlay();
    renderAll();
    check();
  }

  function readyScriptPlay() {
    const step = state.script[state.current];
    state.play = step ? step.play : "";
    state.answers = [];
    $("#play-text").value = state.play;
  }

  async function loadSave(id) {
    const r = await api("GET", "/api/saves/" + encodeURIComponent(id));
    if (!r.ok) { state.position = emptyPosition(); state.error = r.data; renderAll(); return; }
    const s = r.data;
    state.ruleset = s.ruleset; $("#ruleset").value = s.ruleset;
    state.position = typeof s.position === "object" && s.position ? s.position : emptyPosition();
    state.script = (s.plays || []).filter((p) => p && p.play).map((p) => ({play: p.play, answers: p.answers || []}));
    state.history = Array.isArray(s.history) ? s.history : [];
    state.current = 0;
    state.source = (s.title ? s.title + " · " : "") + "/b/" + s.id;
    readyScriptPlay();
    renderAll();
    if (typeof s.position === "string") await loadText(s.position);
    await check();
    const step = state.script[0];
    if (step && state.valid) { state.answers = step.answers.slice(); await resolve(); }
  }

  /* ---------- talking to the engine ---------- */
  const checkSoon = debounce(() => check(), 250);

  function changed() {
    // The position changed by hand: any resolution shown is about another position.
    state.result = null; state.error = null; state.exploration = null; state.answers = [];
    renderPlayers(); renderCustom(); renderResolution(); renderExploration(); renderCompare();
    checkSoon();
  }

  async function check() {
    const r = await api("POST", "/api/position", {ruleset: state.ruleset, position: cleanPosition(state.position)});
    if (r.ok) {
      state.position = r.data.position;
      state.cards = r.data.cards;
      state.plays = r.data.plays;
      state.problems = [];
      state.valid = true;
      state.toml = r.data.toml;
    } else {
      state.problems = r.data.problems || [{where: "", message: r.data.message}];
      state.valid = false;
      state.plays = [];
    }
    renderGame(); renderPlayers(); renderCustom(); renderProblems(); renderPlays();
  }

  async function resolve() {
    if (!state.play) return;
    $("#play-text").value = state.play;
    state.exploration = null; renderExploration();
    const r = await api("POST", "/api/resolve", {ruleset: state.ruleset, position: cleanPosition(state.position),
                                                 play: state.play, answers: state.answers});
    if (r.ok) { state.result = r.data; state.error = null; }
    else { state.result = null; state.error = r.data; }
    renderResolution(); renderCompare(); renderPlays();
  }

  async function exploreNow() {
    const play = $("#play-text").value.trim() || state.play;
    if (!play) return;
    state.play = play;
    const panel = $("#explore-panel");
    panel.hidden = false;
    $("#exploration").replaceChildren(el("p", {class: "meta"}, M("board.loading")));
    const request = {ruleset: state.ruleset, position: cleanPosition(state.position), play};
    let r = await api("POST", "/api/explore", request);
    // On a large board the whole tree may cost more than the service allows: explore what fits, and say it was cut.
    if (!r.ok && r.data && r.data.error === "over-budget" && r.data.fits) r = await api("POST", "/api/explore", {...request, budget: r.data.fits});
    state.exploration = r.ok ? r.data : {error: r.data};
    renderExploration();
  }

  /* ---------- rendering: game ---------- */
  function renderAll() {
    renderSource(); renderGame(); renderPlayers(); renderCustom(); renderProblems(); renderPlays();
    renderResolution(); renderExploration(); renderCompare();
  }

  function renderSource() { $("#source-line").textContent = state.source || ""; }

  function field(labelText, input, where) {
    if (where) input.dataset.where = where;
    return el("label", {}, labelText, input);
  }

  function renderGame() {
    const p = state.position;
    const sc = schema();
    const box = $("#game-fields");
    const players = Object.keys(p.players || {p1: 1, p2: 1});
    const active = el("select", {id: "f-active", onchange: (e) => { p.active = e.target.value; changed(); }},
      players.map((pid) => el("option", {value: pid, selected: p.active === pid}, pid)));
    const turn = el("input", {type: "number", min: 1, value: p.turn || 1, id: "f-turn", class: "short",
      onchange: (e) => { p.turn = parseInt(e.target.value, 10) || 1; changed(); }});
    const step = el("select", {id: "f-step", onchange: (e) => { p.step = e.target.value; changed(); }},
      (sc.steps || ["main"]).map((s) => el("option", {value: s, selected: (p.step || "") === s}, s)));
    p.values = p.values || {};
    const first = el("input", {type: "checkbox", id: "f-first-turn", checked: !!p.values["first-turn"],
      onchange: (e) => { if (e.target.checked) p.values["first-turn"] = true; else delete p.values["first-turn"]; changed(); }});
    const tide = el("select", {id: "f-tide", onchange: (e) => { if (e.target.value) p.values.tide = e.target.value; else delete p.values.tide; changed(); }},
      el("option", {value: ""}, M("board.nobody")), players.map((pid) => el("option", {value: pid, selected: p.values.tide === pid}, pid)));
    box.replaceChildren(
      field(M("board.active"), active, "active"),
      field(M("board.turn"), turn, "turn"),
      field(M("board.step"), step, "step"),
      el("label", {class: "check", "data-where": "values.first-turn"}, first, el("span", {}, M("board.first_turn"))),
      field(M("board.tide"), tide, "values.tide"),
    );
  }

  /* ---------- rendering: players and zones ---------- */
  function numberField(pid, key, label, min, max) {
    const values = state.position.players[pid];
    const input = el("input", {type: "number", min, max, value: typeof values[key] === "number" ? values[key] :
      (Array.isArray(values[key]) ? values[key].length : 0), id: `f-${pid}-${key}`,
      onchange: (e) => { const n = parseInt(e.target.value, 10); if (n) values[key] = n; else delete values[key]; changed(); }});
    return field(label, input, `players.${pid}.${key}`);
  }

  function preservingFocus(render) {
    // Re-rendering replaces the inputs; the one being typed in keeps its text, caret and suggestions.
    const active = document.activeElement;
    const id = active && active.id;
    const typing = id && active.tagName === "INPUT" && active.type !== "checkbox" && active.type !== "number";
    const value = typing ? active.value : null;
    const caret = typing ? active.selectionStart : null;
    render();
    if (!id) return;
    const again = document.getElementById(id);
    if (!again || again === active) return;
    if (typing) {
      again.value = value;
      again.focus();
      try { again.setSelectionRange(caret, caret); } catch (e) { /* not a text input */ }
      if (value) again.dispatchEvent(new Event("input"));
    } else again.focus();
  }

  function renderPlayers() { preservingFocus(drawPlayers); }

  function drawPlayers() {
    const box = $("#players");
    const sc = schema();
    const frag = [];
    for (const pid of Object.keys(state.position.players || {})) {
      const values = state.position.players[pid];
      const houses = Array.isArray(values.houses) ? values.houses : [];
      const houseSelects = [0, 1, 2].map((i) => el("select", {"aria-label": M("board.houses") + " " + (i + 1), id: `f-${pid}-houses-${i}`,
        onchange: (e) => {
          const hs = [0, 1, 2].map((j) => $(`#f-${pid}-houses-${j}`).value).filter(Boolean);
          if (hs.length) values.houses = hs; else delete values.houses;
          changed();
        }}, el("option", {value: ""}, "—"), (sc.houses || []).map((h) => el("option", {value: h, selected: houses[i] === h}, h))));
      const house = el("select", {id: `f-${pid}-house`, onchange: (e) => { if (e.target.value) values.house = e.target.value; else delete values.house; changed(); }},
        el("option", {value: ""}, "—"), (sc.houses || []).map((h) => el("option", {value: h, selected: values.house === h}, h)));
      const section = el("section", {class: "panel player" + (state.position.active === pid ? " active-player" : ""), id: "player-" + pid, "aria-label": M("board.player") + " " + pid},
        el("h2", {}, M("board.player") + " " + pid),
        el("div", {class: "player-fields"},
          numberField(pid, "amber", M("board.amber"), 0, 99),
          numberField(pid, "keys", M("board.keys"), 0, sc.max_keys || 3),
          numberField(pid, "chains", M("board.chains"), 0, sc.max_chains || 24),
          field(M("board.house"), house, `players.${pid}.house`),
          el("label", {"data-where": `players.${pid}.houses`}, M("board.houses"), el("span", {}, houseSelects)),
        ),
        (sc.zones || []).map((zone) => renderZone(pid, zone)),
      );
      frag.push(section);
    }
    box.replaceChildren(...frag);
    markProblems();
  }

  function stateSummary(card) {
    const parts = [];
    const sc = schema().card_state || {};
    for (const [k, kind] of Object.entries(sc)) {
      if (!(k in card) || card[k] === false || card[k] === 0) continue;
      parts.push(kind === "bool" ? M("board.state." + k).toLowerCase() : `${M("board.state." + k).toLowerCase()} ${card[k]}`);
    }
    for (const k of Object.keys(card)) if (k.startsWith("counter-")) parts.push(`${k.slice(8)} ${card[k]}`);
    if (card.controller) parts.push(`${M("board.state.controller").toLowerCase()} ${card.controller}`);
    return parts.join(" · ");
  }

  function chip(card, where, opts) {
    const view = state.cards[card.uid] || {};
    const summary = stateSummary(card);
    const power = view.power_now !== undefined && view.type && view.type.includes("creature") ? `${M("board.power_now")} ${view.power_now}` : "";
    const b = el("button", {type: "button", class: "cardchip" + (card.exhausted ? " exhausted" : "") + ((opts && opts.extra) || ""),
      "data-uid": card.uid, "data-where": where, title: view.type ? `${view.house || ""} ${view.type}` : "",
      onclick: opts && opts.readonly ? null : () => { state.editing = state.editing === card.uid ? null : card.uid; renderPlayers(); }},
      el("span", {class: "nm"}, cardName(card)), " ", el("span", {class: "uid"}, card.uid),
      (summary || power) ? el("span", {class: "st"}, [power, summary].filter(Boolean).join(" · ")) : null,
      (card.upgrades || []).length ? el("span", {class: "ups"}, "+ " + card.upgrades.map(cardName).join(", ")) : null);
    if (opts && opts.readonly) b.disabled = false;
    return b;
  }

  function renderZone(pid, zone) {
    const list = state.position.players[pid][zone] || [];
    const where = `players.${pid}.${zone}`;
    const cards = el("div", {class: "zone-cards", "data-where": where});
    list.forEach((card, i) => {
      if (typeof card === "string") { card = list[i] = {uid: nextUid(state.position), card}; }
      cards.append(chip(card, `${where}[${i}]`));
    });
    if (!list.length && (schema().in_play || []).includes(zone)) cards.append(el("span", {class: "zone-empty"}, M("board.empty_zone")));
    if (!list.length && !(schema().in_play || []).includes(zone)) cards.hidden = true;
    const editor = list.some((c) => c.uid === state.editing || (c.upgrades || []).some((u) => u.uid === state.editing)) ? renderEditor(state.editing) : null;
    return el("div", {class: "zone", id: `zone-${pid}-${zone}`},
      el("div", {class: "zone-head"}, el("h3", {}, M("board.zone." + zone)),
        cardAdder(`add-${pid}-${zone}`, (cardId) => {
          const p = state.position.players[pid];
          p[zone] = p[zone] || [];
          p[zone].push({uid: nextUid(state.position), card: cardId});
          changed();
        })),
      cards, editor);
  }

  function cardAdder(id, onAdd, placeholder) {
    const input = el("input", {id, placeholder: placeholder || M("board.add_card"), "aria-label": placeholder || M("board.add_card"), autocomplete: "off"});
    const list = el("ul", {class: "suggestions", role: "listbox", hidden: true});
    let items = [];
    let selected = -1;
    const choose = (value) => { input.value = ""; list.hidden = true; if (value) onAdd(value); };
    const show = () => {
      list.replaceChildren(...items.map((c, i) => el("li", {role: "option", "aria-selected": i === selected ? "true" : "false", "data-card": c.id,
        onmousedown: (e) => { e.preventDefault(); choose(c.id); }},
        bi(c.name), " ", el("span", {class: "alt"}, [c.name.en, c.name.pt].filter((n) => n && n !== bi(c.name)).join(" / ") + (c.house ? " · " + c.house : "")))));
      list.hidden = !items.length;
    };
    const fetchSuggestions = debounce(async () => {
      const q = input.value.trim();
      if (!q) { items = []; show(); return; }
      const game = (state.rulesets[state.ruleset] || {}).game || "keyforge";
      const r = await api("GET", `/api/cards?game=${encodeURIComponent(game)}&limit=12&q=${encodeURIComponent(q)}`);
      const custom = Object.entries(state.position.cards || {}).filter(([cid, d]) => {
        const names = [cid, ...(typeof d.name === "string" ? [d.name] : Object.values(d.name || {}))];
        return names.some((n) => String(n).toLowerCase().includes(q.toLowerCase()));
      }).map(([cid, d]) => ({id: cid, name: typeof d.name === "string" ? {es: d.name, en: d.name, pt: d.name} : {es: d.name.es || cid, en: d.name.en || cid, pt: d.name.pt || cid}, house: d.house}));
      items = custom.concat(r.ok ? r.data.cards : []);
      selected = items.length ? 0 : -1;
      show();
    }, 150);
    input.addEventListener("input", fetchSuggestions);
    input.addEventListener("blur", () => setTimeout(() => { list.hidden = true; }, 150));
    input.addEventListener("keydown", (e) => {
      if (e.key === "ArrowDown" && items.length) { selected = (selected + 1) % items.length; show(); e.preventDefault(); }
      else if (e.key === "ArrowUp" && items.length) { selected = (selected - 1 + items.length) % items.length; show(); e.preventDefault(); }
      else if (e.key === "Enter") {
        e.preventDefault();
        if (!list.hidden && selected >= 0 && items[selected]) choose(items[selected].id);
        else if (input.value.trim()) choose(input.value.trim());
      } else if (e.key === "Escape") { list.hidden = true; }
    });
    return el("div", {class: "add-row"}, el("div", {class: "autocomplete"}, input, list));
  }

  function renderEditor(uid) {
    const found = findCard(uid);
    if (!found) return null;
    const {pid, zone, list, index, card, host} = found;
    const sc = schema();
    const inPlay = (sc.in_play || []).includes(zone);
    const states = el("div", {class: "states"});
    for (const [k, kind] of Object.entries(sc.card_state || {})) {
      if (!inPlay && k !== "face-down") continue;
      if (kind === "bool") {
        states.append(el("label", {}, el("input", {type: "checkbox", id: `e-${uid}-${k}`, checked: !!card[k],
          onchange: (e) => { if (e.target.checked) card[k] = true; else delete card[k]; changed(); }}), M("board.state." + k)));
      } else if (kind === "int") {
        states.append(el("label", {}, M("board.state." + k), el("input", {type: "number", min: 0, id: `e-${uid}-${k}`, value: card[k] || 0,
          onchange: (e) => { const n = parseInt(e.target.value, 10); if (n) card[k] = n; else delete card[k]; changed(); }})));
      } else if (k === "token" && inPlay) {
        states.append(el("label", {}, M("board.state." + k), el("input", {id: `e-${uid}-${k}`, value: card[k] || "",
          onchange: (e) => { if (e.target.value.trim()) card[k] = e.target.value.trim(); else delete card[k]; changed(); }})));
      }
    }
    const players = Object.keys(state.position.players);
    if (inPlay) {
      states.append(el("label", {}, M("board.state.controller"), el("select", {id: `e-${uid}-controller`,
        onchange: (e) => { if (e.target.value && e.target.value !== pid) card.controller = e.target.value; else delete card.controller; changed(); }},
        players.map((p) => el("option", {value: p, selected: (card.controller || pid) === p}, p)))));
    }
    states.append(el("label", {}, M("board.state.owner"), el("select", {id: `e-${uid}-owner`,
      onchange: (e) => { if (e.target.value && e.target.value !== pid) card.owner = e.target.value; else delete card.owner; changed(); }},
      players.map((p) => el("option", {value: p, selected: (card.owner || pid) === p}, p)))));
    const move = (delta) => { const j = index + delta; if (j < 0 || j >= list.length) return; list.splice(index, 1); list.splice(j, 0, card); changed(); };
    const actions = el("div", {class: "actions"},
      el("button", {type: "button", class: "small secondary", onclick: () => move(-1), disabled: index === 0}, "← " + M("board.left")),
      el("button", {type: "button", class: "small secondary", onclick: () => move(1), disabled: index === list.length - 1}, M("board.right") + " →"),
      el("button", {type: "button", class: "small", id: `e-${uid}-remove`, onclick: () => { list.splice(index, 1); state.editing = null; if (host && !host.upgrades.length) delete host.upgrades; changed(); }}, M("board.remove")),
      el("button", {type: "button", class: "small secondary", onclick: () => { state.editing = null; renderPlayers(); }}, M("board.close")));
    let ups = null;
    if (zone === "battleline" && !host) {
      ups = el("div", {}, el("strong", {}, M("board.upgrades") + ": "),
        (card.upgrades || []).map((u) => el("button", {type: "button", class: "cardchip", onclick: () => { state.editing = u.uid; renderPlayers(); }}, cardName(u), " ", el("span", {class: "uid"}, u.uid))),
        cardAdder(`e-${uid}-add-upgrade`, (cardId) => { card.upgrades = card.upgrades || []; card.upgrades.push({uid: nextUid(state.position), card: cardId}); changed(); }, M("board.add_upgrade")));
    }
    return el("div", {class: "card-editor", id: "editor-" + uid},
      el("strong", {}, cardName(card)), " ", el("span", {class: "uid"}, uid), host ? el("span", {class: "meta"}, " ↳ " + cardName(host)) : null,
      states, ups, actions);
  }

  /* ---------- custom cards ---------- */
  function renderCustom() {
    const box = $("#custom");
    const sc = schema();
    const cards = state.position.cards || {};
    const existing = Object.entries(cards).map(([cid, d]) => el("div", {class: "custom-card", "data-where": "cards." + cid},
      el("strong", {}, typeof d.name === "string" ? d.name : bi(d.name) || cid), " ", el("code", {}, cid), " · ", d.type || "?", " · ", d.house || "?",
      d.power !== undefined ? ` · ${M("board.custom_power")} ${d.power}` : "",
      " ", el("button", {type: "button", class: "small secondary", onclick: () => openCustomForm(cid)}, M("board.edit")),
      " ", el("button", {type: "button", class: "small secondary", onclick: () => { delete cards[cid]; if (!Object.keys(cards).length) delete state.position.cards; changed(); }}, M("board.custom_delete"))));
    if (!sc.types) { box.replaceChildren(el("p", {class: "meta"}, "—")); return; }
    box.replaceChildren(el("p", {class: "hint"}, M("board.custom_help")), ...existing,
      el("button", {type: "button", class: "secondary", id: "btn-custom-new", onclick: () => openCustomForm(null)}, M("board.custom_new")));
  }

  function openCustomForm(cid) {
    const sc = schema();
    const d = cid ? clone(state.position.cards[cid]) : {name: {es: "", en: "", pt: ""}, house: (state.position.players.p1 || {}).house || "brobnar", type: "creature", power: 1};
    const names = typeof d.name === "string" ? {es: d.name, en: d.name, pt: d.name} : (d.name || {});
    const id = el("input", {id: "cc-id", value: cid || "", required: true, pattern: "[a-z0-9-]+", placeholder: "my-card"});
    const nameInputs = ["es", "en", "pt"].map((l) => el("input", {id: "cc-name-" + l, value: names[l] || "", placeholder: l}));
    const house = el("select", {id: "cc-house"}, (sc.houses || []).map((h) => el("option", {value: h, selected: d.house === h}, h)));
    const type = el("select", {id: "cc-type"}, (sc.types || []).map((t) => el("option", {value: t, selected: d.type === t}, t)));
    const power = el("input", {id: "cc-power", type: "number", min: 0, value: d.power || 0});
    const armor = el("input", {id: "cc-armor", type: "number", min: 0, value: d.armor || 0});
    const kws = new Map((d.keywords || []).map((k) => { const [n, v] = String(k).split(" "); return [n, v ? parseInt(v, 10) : 1]; }));
    const kwBox = el("div", {class: "kw-list"}, (sc.keywords || []).map((k) => el("label", {}, el("input", {type: "checkbox", value: k, checked: kws.has(k), class: "cc-kw"}), k,
      el("input", {type: "number", min: 1, value: kws.get(k) || 1, class: "cc-kw-n", "data-kw": k}))));
    const traits = el("input", {id: "cc-traits", value: (d.traits || []).join(", ")});
    const bonus = el("input", {id: "cc-bonus", value: (d.bonus || []).join(", "), placeholder: (sc.bonus_icons || []).join(", ")});
    const abilities = el("textarea", {id: "cc-abilities", rows: 7}, JSON.stringify(d.abilities || [], null, 1));
    // A small builder for the common case: one trigger, one effect, an amount and a target.
    const trig = el("select", {id: "cc-b-trigger"}, Object.keys(sc.triggers || {}).filter((t) => t !== "constant").map((t) => el("option", {value: t, title: sc.triggers[t]}, t)));
    const eff = el("select", {id: "cc-b-effect"}, Object.keys(sc.effects || {}).map((e) => el("option", {value: e}, e)));
    const amount = el("input", {id: "cc-b-amount", class: "cc-amount", type: "number", min: 0, value: 1});
    const target = el("select", {id: "cc-b-target"},
      el("option", {value: ""}, "—"),
      ["self", ...(sc.named_targets || []).filter((t) => t !== "self")].map((t) => el("option", {value: t}, t)),
      ["enemy", "friendly", "any"].map((side) => el("option", {value: "choose:" + side}, `choose 1 ${side} creature`)));
    const addAbility = el("button", {type: "button", class: "small secondary", id: "cc-b-add", onclick: () => {
      let list;
      try { list = JSON.parse(abilities.value || "[]"); } catch (e) { list = []; }
      const effect = {do: eff.value};
      const params = (sc.effects || {})[eff.value] || {};
      if ("amount" in params) effect.amount = parseInt(amount.value, 10) || 0;
      if ("target" in params && target.value) effect.target = target.value.startsWith("choose:") ? {choose: 1, kind: "creature", side: target.value.slice(7)} : target.value;
      list.push({trigger: trig.value, effects: [effect]});
      abilities.value = JSON.stringify(list, null, 1);
    }}, "+");
    const errors = el("div", {id: "cc-errors"});
    const submit = el("button", {type: "submit", id: "cc-submit"}, M("board.custom_define"));
    const form = el("form", {class: "custom-form", id: "custom-form", onsubmit: (e) => {
      e.preventDefault();
      const newId = id.value.trim().toLowerCase();
      const problems = [];
      if (!/^[a-z0-9][a-z0-9-]*$/.test(newId)) problems.push(M("board.custom_id") + ": a-z, 0-9, -");
      let abilityList = [];
      try { abilityList = JSON.parse(abilities.value || "[]"); if (!Array.isArray(abilityList)) throw new Error("[...]"); }
      catch (err) { problems.push(M("board.custom_abilities") + ": " + err.message); }
      if (problems.length) { errors.replaceChildren(el("div", {class: "error-box"}, problems.join(" · "))); return; }
      const card = {name: {}, house: house.value, type: type.value};
      for (const [l, input] of Object.entries({es: nameInputs[0], en: nameInputs[1], pt: nameInputs[2]})) if (input.value.trim()) card.name[l] = input.value.trim();
      if (!Object.keys(card.name).length) card.name = newId;
      if (parseInt(power.value, 10)) card.power = parseInt(power.value, 10);
      if (parseInt(armor.value, 10)) card.armor = parseInt(armor.value, 10);
      const kwList = [...form.querySelectorAll(".cc-kw")].filter((c) => c.checked).map((c) => {
        const n = parseInt(form.querySelector(`.cc-kw-n[data-kw="${c.value}"]`).value, 10) || 1; return n > 1 ? `${c.value} ${n}` : c.value; });
      if (kwList.length) card.keywords = kwList;
      const tr = traits.value.split(",").map((s) => s.trim()).filter(Boolean);
      if (tr.length) card.traits = tr;
      const bn = bonus.value.split(",").map((s) => s.trim()).filter(Boolean);
      if (bn.length) card.bonus = bn;
      if (abilityList.length) card.abilities = abilityList;
      state.position.cards = state.position.cards || {};
      if (cid && cid !== newId) delete state.position.cards[cid];
      state.position.cards[newId] = card;
      closeModal();
      changed();
    }},
      field(M("board.custom_id"), id), el("label", {}, M("board.custom_names"), el("span", {}, nameInputs)),
      field("House", house), field(M("board.custom_type"), type), field(M("board.custom_power"), power), field(M("board.custom_armor"), armor),
      el("div", {class: "wide"}, el("span", {class: "meta"}, M("board.custom_keywords")), kwBox),
      el("div", {class: "wide"}, field(M("board.custom_traits"), traits), field(M("board.custom_bonus"), bonus)),
      el("div", {class: "wide"}, el("span", {class: "meta"}, M("board.custom_builder") + ": "), field(M("board.custom_trigger"), trig), field(M("board.custom_effect"), eff),
        field(M("board.custom_amount"), amount), field(M("board.custom_target"), target), addAbility),
      el("div", {class: "wide"}, field(M("board.custom_abilities"), abilities)),
      el("div", {class: "wide"}, errors, submit));
    openModal(M(cid ? "board.edit" : "board.custom_new"), form);
  }

  /* ---------- problems ---------- */
  function renderProblems() {
    const box = $("#problems");
    $("#valid-flag").replaceChildren(state.valid ? el("span", {class: "valid"}, "✓ " + M("board.valid")) : "");
    if (!state.problems.length) { box.replaceChildren(); markProblems(); return; }
    box.replaceChildren(el("div", {class: "problems"},
      el("h2", {}, M("board.problems")), el("p", {class: "hint"}, M("board.problems_help")),
      el("ul", {}, state.problems.map((p) => el("li", {}, p.where ? el("code", {}, p.where.replace(/^position\./, "")) : null, " ", p.message)))));
    markProblems();
  }

  function markProblems() {
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

  /* ---------- plays ---------- */
  function renderPlays() {
    const box = $("#plays");
    const script = $("#script");
    if (state.script.length) {
      script.replaceChildren(el("span", {class: "meta"}, M("board.script") + ":"),
        ...state.script.map((s, i) => el("span", {class: i < state.current ? "done" : i === state.current ? "current" : ""}, `${i + 1}. ${s.play}` + (s.illegal ? " ✗" : ""))));
    } else script.replaceChildren();
    if (!state.valid) { box.replaceChildren(); return; }
    if (!state.plays.length) { box.replaceChildren(el("span", {class: "meta"}, M("board.no_plays"))); return; }
    box.replaceChildren(...state.plays.map((p) => el("button", {type: "button", class: state.play === p.play ? "selected" : "", "data-play": p.play,
      title: p.play, onclick: () => { state.play = p.play; state.answers = []; resolve(); }}, bi(p.label))));
  }

  /* ---------- resolution ---------- */
  function optionLabel(question, value) {
    const o = (question.options || []).find((x) => x.value === value);
    return o ? bi(o.label) : value;
  }

  function renderQuestion(q) {
    const box = el("div", {class: "question", id: "question", "data-key": q.key});
    box.append(el("h3", {}, M("board.question")),
      el("p", {}, el("span", {class: "who"}, `${q.player} ${M("board.decides")}: `), bi(q.prompt), " ", citeLink(q.rule_info, q.rule)),
      q.rule_info && q.rule_info.title ? el("p", {class: "meta"}, M("board.rule") + ": " + q.rule_info.title) : null);
    const multiple = q.max !== 1 || q.min !== 1;
    if (!multiple) {
      box.append(el("div", {class: "options"}, q.options.map((o) => el("button", {type: "button", class: "option", "data-value": o.value,
        onclick: () => { state.answers.push(o.value); resolve(); }}, bi(o.label)))));
    } else {
      const order = [];
      const isOrder = q.min === q.max && q.max === q.options.length;
      const counter = el("span", {class: "meta"});
      const opts = q.options.map((o) => el("label", {}, el("input", {type: "checkbox", value: o.value, onchange: (e) => {
        if (e.target.checked) order.push(o.value); else order.splice(order.indexOf(o.value), 1);
        counter.textContent = order.map((v) => optionLabel(q, v)).join(" → ");
      }}), bi(o.label)));
      box.append(el("p", {class: "meta"}, isOrder ? M("board.choose_order") : M("board.choose_between", {min: q.min, max: q.max})),
        el("div", {class: "options"}, opts), counter, " ",
        el("button", {type: "button", id: "confirm-answer", onclick: () => { state.answers.push(order.slice()); resolve(); }}, M("board.confirm")));
    }
    return box;
  }

  function renderAnswers(decisions) {
    if (!decisions.length) return null;
    return el("div", {}, el("h3", {}, M("board.answers")), el("ol", {class: "answers-list"}, decisions.map((d, i) => {
      const q = d.question;
      const chosen = Array.isArray(d.chosen) ? d.chosen : [d.chosen];
      const single = q.max === 1 && q.min === 1;
      const changer = single ? el("select", {"aria-label": M("board.change"), "data-index": i, onchange: (e) => {
        state.answers = state.answers.slice(0, i).concat([e.target.value]); resolve(); }},
        q.options.map((o) => el("option", {value: o.value, selected: o.value === d.chosen}, bi(o.label)))) : null;
      return el("li", {}, el("span", {}, `${q.player} · ${bi(q.prompt)} → `), el("strong", {}, chosen.map((v) => optionLabel(q, v)).join(", ")),
        changer, el("button", {type: "button", class: "small secondary", onclick: () => { state.answers = state.answers.slice(0, i); resolve(); }}, M("board.undo")));
    })));
  }

  function renderStep(step, citations, depth) {
    const info = step.rule ? citations[step.rule] : null;
    const head = [el("span", {class: "txt"}, bi(step.text)), el("span", {class: "kind"}, step.kind), citeLink(info, step.rule)];
    const body = [];
    if (step.decision) {
      const q = step.decision.question;
      const chosen = Array.isArray(step.decision.chosen) ? step.decision.chosen : [step.decision.chosen];
      const others = q.options.filter((o) => !chosen.includes(o.value)).map((o) => bi(o.label));
      body.push(el("div", {class: "decision"}, `${q.player} ${M("board.decides")}: `, el("strong", {}, chosen.map((v) => optionLabel(q, v)).join(", ")),
        others.length ? el("span", {class: "not-chosen"}, ` (${M("board.not_chosen")}: ${others.join(", ")})`) : null));
    }
    if (step.changes && step.changes.length) {
      body.push(el("div", {class: "changes"}, step.changes.flatMap((c) => changeLines(c.what, c.before, c.after).map((t) => el("div", {}, t)))));
    }
    const kids = (step.children || []).map((c) => renderStep(c, citations, depth + 1));
    if (!body.length && !kids.length) return el("li", {class: "step", "data-kind": step.kind}, el("span", {class: "leaf"}), ...head);
    const details = el("details", {open: true}, el("summary", {}, ...head), ...body, kids.length ? el("ul", {}, kids) : null);
    return el("li", {class: "step", "data-kind": step.kind}, details);
  }

  // A change to a table of values (what happened this turn, lasting effects by key) reads as the keys that
  // changed, one per line, rather than as two whole tables.
  function changeLines(what, before, after) {
    const isTable = (v) => v && typeof v === "object" && !Array.isArray(v);
    if ((isTable(before) || before == null) && (isTable(after) || after == null) && (isTable(before) || isTable(after))) {
      const b = before || {}, a = after || {};
      const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]));
      if (keys.length) return keys.flatMap((k) => changeLines(`${what}.${k}`, b[k], a[k]));
    }
    return [`${what}: ${show(before)} → ${show(after)}`];
  }

  function show(v) {
    if (v === null || v === undefined) return "—";
    if (v === true) return LANG === "es" ? "sí" : "yes";
    if (v === false) return "no";
    return typeof v === "object" ? JSON.stringify(v) : String(v);
  }

  function renderResolution() {
    const box = $("#resolution");
    const parts = [];
    if (state.error) {
      const e = state.error;
      const isIllegal = e.error === "illegal-play";
      parts.push(el("div", {class: "error-box", id: "play-error", "data-error": e.error || ""},
        el("strong", {}, isIllegal ? M("board.illegal") : M("board.error")), ": ", e.message || "",
        e.rule ? el("p", {}, M("board.rule") + ": ", citeLink(e.rule_info, e.rule), e.rule_info && e.rule_info.title ? " — " + e.rule_info.title : "") : null,
        e.problems && !isIllegal ? el("ul", {}, e.problems.map((p) => el("li", {}, el("code", {}, p.where), " ", p.message))) : null,
        e.question ? renderQuestion(e.question) : null));
    }
    const r = state.result;
    if (r) {
      parts.push(el("h2", {}, M("board.play") + ": ", el("code", {}, r.play)));
      parts.push(renderAnswers(r.decisions));
      if (r.question) parts.push(renderQuestion(r.question));
      else {
        parts.push(el("div", {class: "ok-box", id: "resolved"}, "✓ " + M("board.complete") + (r.winner ? ` — ${M("board.winner")}: ${r.winner}` : "")));
        const next = state.script[state.current + 1];
        parts.push(el("p", {}, el("button", {type: "button", id: "btn-continue", onclick: continueFromResult}, next ? M("board.next_play") + ": " + next.play : M("board.continue"))));
      }
      parts.push(el("div", {class: "trace-tools"}, el("h3", {}, M("board.trace")),
        el("button", {type: "button", class: "small secondary", onclick: () => box.querySelectorAll(".trace details").forEach((d) => { d.open = true; })}, M("board.expand")),
        el("button", {type: "button", class: "small secondary", onclick: () => box.querySelectorAll(".trace details").forEach((d) => { d.open = false; })}, M("board.collapse"))));
      parts.push(el("div", {class: "trace", id: "trace"}, el("ul", {}, (r.trace.children || []).map((s) => renderStep(s, r.citations || {}, 0)))));
    }
    box.replaceChildren(...parts.filter(Boolean));
    $("#resolution-panel").hidden = !parts.length;
  }

  function continueFromResult() {
    const r = state.result;
    if (!r || r.question) return;
    state.history.push({position: cleanPosition(state.position), play: r.play, answers: state.answers.slice()});
    if (state.script[state.current]) state.script[state.current].answers = state.answers.slice();
    state.position = r.after.position;
    state.current += 1;
    state.result = null; state.error = null; state.exploration = null;
    readyScriptPlay();
    const step = state.script[state.current];
    renderAll();
    check().then(() => { if (step && step.answers && step.answers.length) { state.answers = step.answers.slice(); } });
  }

  /* ---------- before / after ---------- */
  function changedSets(changes) {
    const uids = new Set();
    const values = new Set();
    for (const c of changes || []) {
      const [head, attr] = [c.what.split(".")[0], c.what.split(".").slice(1).join(".")];
      if (state.position.players && head in state.position.players) values.add(c.what);
      else if (attr) uids.add(head);
    }
    return {uids, values};
  }

  function miniBoard(title, view, marks) {
    const pos = view.position;
    const out = el("div", {class: "mini-board"}, el("h3", {}, title));
    for (const [pid, p] of Object.entries(pos.players || {})) {
      const pv = el("div", {class: "pv"}, el("strong", {}, pid + (pos.active === pid ? " ★" : "")),
        [["amber", "board.amber"], ["keys", "board.keys"], ["chains", "board.chains"], ["house", "board.house"]].map(([k, label]) =>
          el("span", {class: marks.values.has(`${pid}.${k}`) ? "changed" : "", "data-value": `${pid}.${k}`},
            `${M(label)}: ${show(p[k] === undefined ? (k === "house" ? null : 0) : p[k])}`)));
      out.append(pv);
      for (const zone of (schema().zones || []).concat(["revealed"])) {
        const list = p[zone] || [];
        if (!list.length) continue;
        out.append(el("div", {class: "zone"}, el("h3", {}, M("board.zone." + zone)),
          el("div", {class: "zone-cards"}, list.map((c) => {
            const saved = state.cards;
            state.cards = view.cards;
            const b = chip(c, "", {readonly: true, extra: marks.uids.has(c.uid) || (c.upgrades || []).some((u) => marks.uids.has(u.uid)) ? " changed" : ""});
            state.cards = saved;
            return b;
          }))));
      }
    }
    return out;
  }

  function renderCompare() {
    const panel = $("#compare-panel");
    const r = state.result;
    if (!r) { panel.hidden = true; return; }
    panel.hidden = false;
    const marks = changedSets(r.changes);
    $("#compare").replaceChildren(miniBoard(M("board.before"), r.before, {uids: new Set(), values: new Set()}), miniBoard(M("board.after"), r.after, marks));
    $("#changes").replaceChildren(el("table", {class: "changes-table"}, el("tr", {}, el("th", {}, ""), el("th", {}, M("board.before")), el("th", {}, M("board.after"))),
      (r.changes || []).map((c) => el("tr", {}, el("td", {}, c.what), el("td", {}, show(c.before)), el("td", {}, show(c.after))))));
  }

  /* ---------- exploration ---------- */
  function factLabel(fact) {
    // "c3.damage" reads better as "Troll (c3) · damage"; player and game facts stay as they are.
    const [head, ...rest] = fact.split(".");
    const view = state.cards[head];
    return view && view.name ? `${bi(view.name)} (${head}) · ${rest.join(".")}` : fact;
  }

  function renderExploration() {
    const panel = $("#explore-panel");
    const x = state.exploration;
    if (!x) { panel.hidden = true; return; }
    panel.hidden = false;
    const box = $("#exploration");
    if (x.error) { box.replaceChildren(el("div", {class: "error-box"}, x.error.message || "", x.error.rule ? el("p", {}, citeLink(x.error.rule_info, x.error.rule)) : null)); return; }
    box.replaceChildren(
      el("h2", {}, `${M("board.outcomes")}: ${x.outcomes.length}`),
      el("p", {class: x.matters ? "error-box" : "ok-box", id: "explore-verdict"}, x.matters ? M("board.matters") : M("board.not_matters")),
      el("p", {class: "meta"}, `${x.resolved} ${M("board.resolved")} · ${x.cut} ${M("board.cut")}`),
      x.differing.length ? el("p", {class: "meta"}, M("board.differs") + ": ", el("code", {}, x.differing.map(factLabel).join(", "))) : null,
      ...x.outcomes.map((o, i) => el("div", {class: "outcome", "data-outcome": i},
        el("h3", {}, `${M("board.outcome")} ${i + 1} · ${o.count} ${M("board.paths")}` + (o.winner ? ` · ${M("board.winner")}: ${o.winner}` : "")),
        Object.keys(o.facts).length ? el("div", {class: "facts-diff"}, Object.entries(o.facts).map(([k, v]) => el("div", {}, `${factLabel(k)} = ${show(v)}`))) : null,
        o.paths.map((p) => el("div", {class: "path"}, (p.described[LANG] || p.described.es).map((d) => `${d.player} ${d.key}: ${d.labels.join(", ")}`).join(" → ") || "—", " ",
          el("button", {type: "button", class: "small secondary", onclick: () => { state.answers = clone(p.answers); resolve(); }}, M("board.use_path")))),
        o.more_paths ? el("p", {class: "meta"}, `+${o.more_paths}`) : null)));
  }

  /* ---------- toolbar: new, import, export, text, save ---------- */
  function openModal(title, body) {
    $("#modal-title").textContent = title;
    $("#modal-body").replaceChildren(body);
    $("#modal").hidden = false;
  }
  function closeModal() { $("#modal").hidden = true; }

  async function loadText(text) {
    const r = await api("POST", "/api/position", {ruleset: state.ruleset, position: text});
    if (r.ok) { state.position = r.data.position; changed(); return true; }
    state.problems = r.data.problems || [{where: "", message: r.data.message}];
    renderProblems();
    return false;
  }

  function bindToolbar() {
    $("#ruleset").addEventListener("change", (e) => { state.ruleset = e.target.value; changed(); });
    $("#btn-new").addEventListener("click", () => {
      state.position = emptyPosition(); state.script = []; state.current = 0; state.history = []; state.source = ""; state.play = "";
      $("#play-text").value = ""; renderSource(); changed();
    });
    $("#free-play").addEventListener("submit", (e) => { e.preventDefault(); state.play = $("#play-text").value.trim(); state.answers = []; resolve(); });
    $("#btn-explore").addEventListener("click", exploreNow);
    $("#modal-close").addEventListener("click", closeModal);
    $("#modal").addEventListener("click", (e) => { if (e.target.id === "modal") closeModal(); });
    document.addEventListener("keydown", (e) => { if (e.key === "Escape") closeModal(); });
    $("#btn-text").addEventListener("click", () => {
      const area = el("textarea", {rows: 18, id: "position-text"}, state.toml || "");
      const status = el("div");
      openModal(M("board.text"), el("div", {}, area, status, el("button", {type: "button", id: "btn-load-text", onclick: async () => {
        if (await loadText(area.value)) closeModal(); else status.replaceChildren(el("div", {class: "error-box"}, state.problems.map((p) => `${p.where}: ${p.message}`).join("\n")));
      }}, M("board.text_load"))));
    });
    $("#btn-import").addEventListener("click", () => {
      const input = el("input", {type: "file", accept: ".toml,text/plain", id: "import-file"});
      const area = el("textarea", {rows: 10, id: "import-text", placeholder: "id = \"MESA-12\"\nruleset = \"keyforge-17.2\"\n[position]\n..."});
      const status = el("div");
      input.addEventListener("change", async () => { if (input.files[0]) area.value = await input.files[0].text(); });
      openModal(M("board.import"), el("div", {}, el("p", {class: "hint"}, M("board.import_help")), field(M("board.file"), input), area, status,
        el("button", {type: "button", id: "btn-import-go", onclick: async () => {
          const r = await api("POST", "/api/scenarios/import", {toml: area.value});
          if (!r.ok) { status.replaceChildren(el("div", {class: "error-box"}, r.data.message, el("ul", {}, (r.data.problems || []).map((p) => el("li", {}, el("code", {}, p.where), " ", p.message))))); return; }
          closeModal();
          applyScenario(r.data, M("board.from_scenario") + " " + r.data.id + (r.data.title ? " — " + r.data.title : ""));
        }}, M("board.import"))));
    });
    $("#btn-export").addEventListener("click", () => {
      const sid = el("input", {id: "export-id", value: "MESA-1"});
      const title = el("input", {id: "export-title", value: ""});
      const entries = el("input", {id: "export-entries", value: ""});
      const out = el("div");
      openModal(M("board.export"), el("div", {class: "custom-form"}, field(M("board.scenario_id"), sid), field(M("board.scenario_title"), title),
        field(M("board.scenario_entries"), entries),
        el("div", {class: "wide"}, el("button", {type: "button", id: "btn-export-go", onclick: async () => {
          const plays = state.history.map((h) => ({play: h.play, answers: h.answers}));
          if (state.result && !state.result.question) plays.push({play: state.result.play, answers: state.answers.slice()});
          const start = state.history.length ? state.history[0].position : cleanPosition(state.position);
          const r = await api("POST", "/api/scenarios/export", {ruleset: state.ruleset, position: start, plays, id: sid.value.trim(), title: title.value,
            entries: entries.value.split(/[\s,]+/).filter(Boolean)});
          if (!r.ok) { out.replaceChildren(el("div", {class: "error-box"}, r.data.message)); return; }
          const blob = new Blob([r.data.toml], {type: "application/toml"});
          out.replaceChildren(el("textarea", {rows: 14, id: "export-text", readonly: true}, r.data.toml),
            el("a", {class: "button", href: URL.createObjectURL(blob), download: r.data.filename}, M("board.download") + " " + r.data.filename));
        }}, M("board.export"))), el("div", {class: "wide"}, out)));
    });
    $("#btn-save").addEventListener("click", async () => {
      const plays = [];
      if (state.play) plays.push({play: state.play, answers: state.answers.slice()});
      for (const s of state.script.slice(state.current + 1)) plays.push({play: s.play, answers: s.answers || []});
      const r = await api("POST", "/api/saves", {ruleset: state.ruleset, position: cleanPosition(state.position), plays,
        history: state.history, title: state.source || ""});
      const box = $("#save-status");
      if (!r.ok) { box.replaceChildren(el("span", {class: "error-box"}, r.data.message)); return; }
      const url = location.origin + r.data.url;
      box.replaceChildren(M("board.saved") + " ", el("a", {href: r.data.url, id: "permalink"}, url));
    });
  }

  init().catch((err) => {
    $("#resolution").replaceChildren(el("div", {class: "error-box"}, String(err)));
  });
})();
