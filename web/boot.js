// Boot screen progress while the Python runtime loads (replaced by the app when ready).
(function () {
  "use strict";
  var start = Date.now();
  var steps = 0;
  // The boot screen's few texts in the page's language (before Python runs): the language
  // chosen before (localStorage "tavolo:lang"), else the browser's first one Tavolo speaks.
  var TEXTS = {
    it: {
      "Board games in your browser, no server.": "Giochi da tavolo nel browser, senza server.",
      "Starting…": "Avvio…",
      "Loading…": "Caricamento…",
      "Loading the Python runtime…": "Caricamento dell’ambiente Python…",
      "This is taking long. If nothing happens, reload the page.":
        "Ci vuole più del solito. Se non succede nulla, ricarica la pagina.",
      "Tavolo could not start: ": "Tavolo non è riuscito ad avviarsi: ",
      "Tavolo needs JavaScript and WebAssembly.": "Tavolo ha bisogno di JavaScript e WebAssembly.",
      "Tavolo — board games in your browser": "Tavolo — giochi da tavolo nel browser"
    }
  };
  function pickLang() {
    try {
      var saved = window.localStorage.getItem("tavolo:lang");
      if (saved === "it" || saved === "en") return saved;
    } catch (e) { /* storage blocked: the browser's language */ }
    var prefs = (navigator.languages && navigator.languages.length) ? navigator.languages : [navigator.language || "en"];
    for (var i = 0; i < prefs.length; i++) {
      var code = String(prefs[i] || "").split("-")[0].toLowerCase();
      if (code === "it" || code === "en") return code;
    }
    return "en";
  }
  var lang = pickLang();
  function t(text) { return (TEXTS[lang] && TEXTS[lang][text]) || text; }
  document.documentElement.lang = lang;
  function translateBoot() {
    var tag = document.querySelector("#boot .boot-box p.muted");
    if (tag) tag.textContent = t(tag.textContent);
    var msg = document.getElementById("boot-msg");
    if (msg) msg.textContent = t(msg.textContent);
    document.title = t(document.title);
  }
  function set(msg, frac) {
    var m = document.getElementById("boot-msg");
    var b = document.getElementById("boot-bar");
    if (m && msg) m.textContent = msg;
    if (b && frac !== undefined) b.style.width = Math.round(Math.min(frac, 0.97) * 100) + "%";
  }
  function onProgress(ev) {
    var d = ev && ev.detail;
    steps += 1;
    var text = typeof d === "string" ? d : "Loading…";
    text = text.replace(/https?:\/\/[^ ]*\//, "");
    if (lang !== "en") text = t("Loading…");  // PyScript's own progress notes are English
    set(text, 0.15 + Math.min(steps, 16) * 0.05);
  }
  window.addEventListener("py:progress", onProgress);
  document.addEventListener("py:progress", onProgress);
  document.addEventListener("DOMContentLoaded", function () {
    translateBoot();
    set(t("Loading the Python runtime…"), 0.08);
  });
  // a slow machine: keep the bar moving so the page never looks frozen
  var timer = setInterval(function () {
    if (document.body && document.body.dataset.ready === "1") { clearInterval(timer); return; }
    var b = document.getElementById("boot-bar");
    if (!b) return;
    var cur = parseFloat(b.style.width) || 0;
    if (cur < 90) b.style.width = (cur + 0.5) + "%";
    if (Date.now() - start > 60000) {
      set(t("This is taking long. If nothing happens, reload the page."));
    }
  }, 250);
  // The page's Content Security Policy (index.html) has no 'unsafe-eval'. PyScript 0.7.31 ships
  // one default *worker* hook (it registers "_pyscript" in workers) and, on the main thread too,
  // builds the code of non-empty worker hooks with Function(), which that policy refuses: the
  // runtime would not start. Tavolo starts no worker, so the worker hooks are emptied as soon as
  // core.js has run (the same module instance as index.html's <script type="module">, long
  // before the interpreter is loaded and the hooks are read).
  import("./pyscript/core.js").then(function (core) {
    var worker = core && core.hooks && core.hooks.worker;
    ["onReady", "onBeforeRun", "onBeforeRunAsync", "onAfterRun", "onAfterRunAsync"].forEach(function (k) {
      if (worker && worker[k] && typeof worker[k].clear === "function") worker[k].clear();
    });
  }, function () { /* reported by index.html's own <script type="module"> */ });
  // No form is ever sent anywhere (the policy says form-action 'none'): Enter in a form field
  // does nothing instead of trying to submit (this replaces inline onsubmit="return false").
  document.addEventListener("submit", function (e) { e.preventDefault(); }, true);
  window.addEventListener("error", function (e) {
    var m = document.getElementById("boot-msg");
    if (m && !(document.body && document.body.dataset.ready === "1")) {
      m.textContent = t("Tavolo could not start: ") + (e.message || "error");
      m.className = "error";
    }
  });
})();
