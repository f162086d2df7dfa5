// Practice pages: the learner's progress, kept in this browser only (localStorage); the score of the question and
// of the session; the link to share a question; a search for the next question that goes on by itself.
// The pages work without this script: answering is a plain form, and the server stores nothing.
(function () {
  "use strict";

  var KEY = "judge.practice.v1";
  var LAST = "judge.practice.recorded";
  var configNode = document.getElementById("practice-config");
  var config = configNode ? JSON.parse(configNode.textContent || "{}") : {};

  function M(key, params) {
    var text = (config.messages || {})[key] || key;
    Object.keys(params || {}).forEach(function (name) {
      text = text.split("{" + name + "}").join(String(params[name]));
    });
    return text;
  }

  function load() {
    try {
      var data = JSON.parse(window.localStorage.getItem(KEY) || "null");
      if (data && data.questions && data.sessions) return data;
    } catch (e) { /* storage refused or damaged: start again */ }
    return { questions: {}, sessions: {} };
  }

  function save(data) {
    try { window.localStorage.setItem(KEY, JSON.stringify(data)); } catch (e) { /* private mode: nothing kept */ }
  }

  // An answered question is recorded once per answer: reloading the same page is not another try.
  function record(root) {
    var stamp = location.pathname + location.search;
    try {
      if (window.sessionStorage.getItem(LAST) === stamp) return;
      window.sessionStorage.setItem(LAST, stamp);
    } catch (e) { /* no session storage: record anyway */ }
    var data = load();
    var sid = root.dataset.sid;
    var right = root.dataset.result === "right";
    var q = data.questions[sid] || { game: root.dataset.game, tries: 0, right: 0, first: null };
    q.tries += 1;
    if (right) q.right += 1;
    if (q.first === null) q.first = right;
    data.questions[sid] = q;
    if (root.dataset.session) {
      var s = data.sessions[root.dataset.session] || { answered: [], right: [] };
      if (s.answered.indexOf(sid) < 0) {
        s.answered.push(sid);
        if (right) s.right.push(sid);
      }
      data.sessions[root.dataset.session] = s;
    }
    save(data);
  }

  function showScore(root) {
    var node = document.getElementById("score");
    if (!node) return;
    var data = load();
    var parts = [];
    var q = data.questions[root.dataset.sid];
    if (q && !root.dataset.result) parts.push(M("practice.js.before", { right: q.right, tries: q.tries }));
    var s = root.dataset.session && data.sessions[root.dataset.session];
    if (s) parts.push(M("practice.js.session", { answered: s.answered.length, right: s.right.length }));
    node.textContent = parts.join(" · ");
  }

  function showProgress() {
    var data = load();
    document.querySelectorAll("[data-progress-game]").forEach(function (node) {
      var game = node.getAttribute("data-progress-game");
      var answered = 0, right = 0;
      Object.keys(data.questions).forEach(function (sid) {
        var q = data.questions[sid];
        if (q.game !== game) return;
        answered += 1;
        if (q.first) right += 1;
      });
      node.textContent = answered ? M("practice.js.progress", { answered: answered, right: right }) : M("practice.js.none");
    });
  }

  function wireReset() {
    var button = document.getElementById("reset-progress");
    if (!button) return;
    button.addEventListener("click", function () {
      if (!window.confirm(M("practice.js.confirm"))) return;
      try { window.localStorage.removeItem(KEY); } catch (e) { /* nothing was kept */ }
      showProgress();
      document.getElementById("reset-status").textContent = M("practice.js.cleared");
    });
  }

  function wireShare() {
    var link = document.getElementById("share-link");
    if (!link || !navigator.clipboard) return;
    link.addEventListener("click", function (event) {
      event.preventDefault();
      navigator.clipboard.writeText(link.href).then(function () {
        document.getElementById("score").textContent = M("practice.js.copied");
      }, function () { location.href = link.href; });
    });
  }

  var root = document.getElementById("practice");
  if (root) {
    if (root.dataset.result) record(root);
    showScore(root);
    wireShare();
  }
  showProgress();
  wireReset();
  var follow = document.querySelector("a[data-follow]");
  if (follow) window.setTimeout(function () { location.href = follow.href; }, 150);
})();
