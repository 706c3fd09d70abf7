// Boot screen progress while the Python runtime loads (replaced by the app when ready).
(function () {
  "use strict";
  var start = Date.now();
  var steps = 0;
  // The languages Tavolo speaks (engines.core.i18n.LANGUAGES, the language of the code
  // first) and, for each other one, the texts of this file and of main.py (build.BOOT_TEXTS)
  // from the UI's catalogue: build.py writes them here, so this file names no language.
  var LANGS = /* languages (build.py) */ null;
  var SOURCE = LANGS.codes[0];
  function speaks(code) { return LANGS.codes.indexOf(code) >= 0; }
  // The boot screen's texts are in the page's language (before Python runs): the language
  // chosen before (localStorage "tavolo:lang"), else the browser's first one Tavolo speaks.
  function pickLang() {
    try {
      var saved = window.localStorage.getItem("tavolo:lang");
      if (speaks(saved)) return saved;
    } catch (e) { /* storage blocked: the browser's language */ }
    var prefs = (navigator.languages && navigator.languages.length) ? navigator.languages : [navigator.language || SOURCE];
    for (var i = 0; i < prefs.length; i++) {
      var code = String(prefs[i] || "").split("-")[0].toLowerCase();
      if (speaks(code)) return code;
    }
    return SOURCE;
  }
  function textIn(code, text) { return (LANGS.texts[code] && LANGS.texts[code][text]) || text; }
  // a text of build.BOOT_TEXTS in the page's language now (<html lang>, which the app keeps
  // when Python runs): for the fatal-error page below and main.py's last resort
  window.tavoloText = function (text) { return textIn(document.documentElement.lang, text); };
  var lang = pickLang();
  function t(text) { return textIn(lang, text); }
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
    if (lang !== SOURCE) text = t("Loading…");  // PyScript's own progress notes are English
    set(text, 0.15 + Math.min(steps, 16) * 0.05);
  }
  window.addEventListener("py:progress", onProgress);
  document.addEventListener("py:progress", onProgress);
  document.addEventListener("DOMContentLoaded", function () {
    translateBoot();
    set(t("Loading the Python runtime…"), 0.08);
    showFirstScreen();
  });

  // ---- the first screen, usable before Python is ready --------------------------------------
  // build.py renders the home screen and each game's New game form with the UI's own Python
  // into <template id="first-home-LANG">, "first-new-LANG-GAME" and "first-seats-LANG-GAME"
  // (every seat the game can have). Here they are only shown and switched: "New game" shows
  // the form, the player count adds or removes seats, the language switch swaps templates
  // (keeping what was typed), and Start or How to play before Python is ready says
  // "Starting…" and is remembered in window.tavoloFirst.pending. When Python starts, App.start
  // (App.adopt_first_screen) reads window.tavoloFirst, draws the same screen with the form's
  // values and runs the pending command; from then on (body[data-ready]) this code does nothing.
  // When the page opens on a game (a share link, or the game left on the table), the table's
  // frame shows instead ("first-frame-LANG-GAME-MODE", see showFrame below).
  // No game logic is run here, and of a saved game or a link only the game's and the seats'
  // names are read: a localStorage that cannot be read or holds anything at all never stops
  // this screen.
  var first = window.tavoloFirst = {screen: "", game: "", lang: lang, pending: null, frame: null};
  function app() { return document.getElementById("app"); }
  function ready() { return !!(document.body && document.body.dataset.ready === "1"); }
  function all(sel) { return Array.prototype.slice.call(app().querySelectorAll(sel)); }

  // ---- the table's frame, when the page opens on a game ---------------------------------------
  // The game's name, its seats and a board placeholder (tavolo_ui.frame, rendered by build.py),
  // shown at once; the app draws the real table there when it is ready, or the home screen with
  // the reason when it cannot open the game. Only two names are read here: the record's "game"
  // and its seats' "name"s, from the link (base64url of zlib-compressed JSON, tavolo_ui.links)
  // or the save (tavolo_ui.saves); the checksum, the record's checks and everything else are
  // the app's. Whatever goes wrong, there is no frame and the boot screen stays until then.
  var MAX_LINK_CHARS = 400000;   // a longer link gets no frame (the app reads up to 2,000,000)
  var MAX_JSON_CHARS = 4000000;  // JSON text read here at most, unpacked or stored
  function frameOf(record, mode) {
    // {game, mode, names} for the frame of ``record``, or null when it has none
    if (!record || typeof record !== "object" || !Array.isArray(record.seats)) return null;
    var game = record.game;
    if (typeof game !== "string" || !/^[a-z]{1,40}$/.test(game) || record.seats.length > 12) return null;
    if (!document.getElementById("first-frame-" + first.lang + "-" + game + "-" + mode)) return null;
    var names = record.seats.map(function (seat) {
      return seat && typeof seat.name === "string" ? seat.name.slice(0, 40) : "";
    });
    return {game: game, mode: mode, names: names};
  }
  function linkFrame(hash) {
    // a Promise of the frame of the share link ``hash`` (#play=t2.N.CRC.DATA), null for none
    var m = /^#(play|watch)=t[12]\.\d{1,8}\.[0-9a-fA-F]{8}\.([A-Za-z0-9_-]+)$/.exec(hash);
    if (!m || m[2].length > MAX_LINK_CHARS || typeof DecompressionStream !== "function") return Promise.resolve(null);
    var data = m[2].replace(/-/g, "+").replace(/_/g, "/");
    var bin = atob(data + "==".slice(0, (4 - data.length % 4) % 4));
    var bytes = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    var reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate")).getReader();
    var chunks = [], size = 0;
    function pump() {
      return reader.read().then(function (r) {
        if (r.done) return new Blob(chunks).text();
        size += r.value.length;
        if (size > MAX_JSON_CHARS) { reader.cancel(); throw new Error("too large"); }
        chunks.push(r.value);
        return pump();
      });
    }
    return pump().then(function (text) { return frameOf(JSON.parse(text), m[1]); });
  }
  function savedFrame(sid) {
    // the frame of the save the app resumes, null when it cannot be read here; "home" for a
    // finished game (the app shows the home screen then, not its table)
    var text = window.localStorage.getItem("tavolo:v1:save:" + sid);
    if (typeof text !== "string" || text.length > MAX_JSON_CHARS) return null;
    var data = JSON.parse(text);
    if (!data || typeof data !== "object") return null;
    if (data.over === true) return "home";
    return frameOf(data.record, "play");
  }
  function isolated(name) {
    // a seat's name as a text beside the page's words: between U+2068 FIRST STRONG ISOLATE and
    // U+2069 POP DIRECTIONAL ISOLATE, so its direction controls (U+202E...) stay inside it; a
    // PDI of its own that closes nothing it opened is left out, the isolates it opens are
    // closed, a paragraph separator is a space (as tavolo_ui.bidi.isolate does in Python)
    var out = "", depth = 0;
    for (var i = 0; i < name.length; i++) {
      var ch = name.charAt(i);
      if (ch === "\u2066" || ch === "\u2067" || ch === "\u2068") depth++;
      else if (ch === "\u2069") { if (!depth) continue; depth--; }
      else if ("\n\r\x1c\x1d\x1e\x85\u2029".indexOf(ch) >= 0) ch = " ";
      out += ch;
    }
    while (depth-- > 0) out += "\u2069";
    return "\u2068" + out + "\u2069";
  }
  function showFrame(info) {
    if (ready() || !put("first-frame-" + first.lang + "-" + info.game + "-" + info.mode)) return false;
    var list = document.getElementById("frame-seats"), row = document.getElementById("first-frame-seat");
    if (list && row && row.content.firstElementChild) {
      info.names.forEach(function (name, i) {
        var li = row.content.firstElementChild.cloneNode(true);
        li.querySelector(".dot").classList.add("p" + (i % 7));
        li.querySelector(".frame-name").textContent = isolated(name);  // text, never markup
        list.appendChild(li);
      });
    }
    first.screen = "frame"; first.game = info.game; first.frame = info; first.pending = null;
    document.body.dataset.screen = "frame";
    document.body.classList.add("first-screen");
    listen();
    return true;
  }
  function put(id) {
    var tpl = document.getElementById(id);
    if (!tpl || !tpl.content) return false;
    app().replaceChildren(tpl.content.cloneNode(true));
    return true;
  }
  function hasSaves() {
    // only whether a saved game's key exists (its content is the app's to read)
    try {
      for (var i = 0; i < window.localStorage.length; i++) {
        if (String(window.localStorage.key(i)).indexOf("tavolo:v1:save:") === 0) return true;
      }
    } catch (e) { /* storage blocked: none */ }
    return false;
  }
  function showHome() {
    if (!put("first-home-" + first.lang)) return false;
    first.screen = "home"; first.game = ""; first.pending = null;
    // the static home has no saved games: with some stored, it does not say "no saved games
    // yet" (the app lists them when it is ready)
    var empty = app().querySelector("#saves .empty");
    if (empty && hasSaves()) empty.hidden = true;
    document.body.dataset.screen = "home";
    window.scrollTo(0, 0);
    return true;
  }
  function formState() {
    var players = document.getElementById("players"), seed = document.getElementById("seed");
    return {
      players: players ? players.value : "",
      names: all(".seat-name").map(function (el) { return el.value; }),
      kinds: all(".seat-kind").map(function (el) { return el.value; }),
      opts: all(".opt").map(function (el) { return el.type === "checkbox" ? el.checked : el.value; }),
      seed: seed ? seed.value : ""
    };
  }
  function setPlayers(n) {
    // the seats as the app draws them for n players: those there keep what they hold, new
    // ones as a new game sets them up (from the seats' template), extra ones go
    var box = document.getElementById("seats");
    var tpl = document.getElementById("first-seats-" + first.lang + "-" + first.game);
    if (!box || !tpl) return;
    var spare = tpl.content.children;
    while (box.children.length > n) box.lastElementChild.remove();
    while (box.children.length < n && spare[box.children.length]) {
      box.appendChild(spare[box.children.length].cloneNode(true));
    }
  }
  function restoreForm(form) {
    var players = document.getElementById("players"), seed = document.getElementById("seed");
    if (players && form.players) { players.value = form.players; setPlayers(parseInt(form.players, 10)); }
    all(".seat-name").forEach(function (el, i) { if (i < form.names.length) el.value = form.names[i]; });
    all(".seat-kind").forEach(function (el, i) { if (i < form.kinds.length) el.value = form.kinds[i]; });
    all(".opt").forEach(function (el, i) {
      if (i >= form.opts.length) return;
      if (el.type === "checkbox") el.checked = form.opts[i]; else el.value = form.opts[i];
    });
    if (seed) seed.value = form.seed;
    var advanced = document.getElementById("advanced");
    if (advanced && form.seed) advanced.open = true;  // a seed typed stays in view
  }
  function showNew(game, form) {
    if (!put("first-new-" + first.lang + "-" + game)) return false;
    first.screen = "new"; first.game = game; first.pending = null;
    document.body.dataset.screen = "new";
    if (form) restoreForm(form);
    else window.scrollTo(0, 0);
    return true;
  }
  function setLang(code) {
    if (code === first.lang || !speaks(code)) return;
    var form = first.screen === "new" ? formState() : null;
    var y = window.scrollY;
    first.lang = lang = code;
    document.documentElement.lang = code;
    try { window.localStorage.setItem("tavolo:lang", code); } catch (e) { /* not remembered */ }
    document.title = t("Tavolo — board games in your browser");
    var msg = document.getElementById("boot-msg");
    if (msg) msg.textContent = t("Loading…");
    if (first.screen === "new") showNew(first.game, form);
    else if (first.screen === "frame") showFrame(first.frame);
    else showHome();
    window.scrollTo(0, y);
    var btn = app().querySelector('.lang-btn[data-arg="' + code + '"]');
    if (btn) btn.focus();
  }
  function pend(el, cmd, arg) {
    first.pending = {cmd: cmd, arg: arg || ""};
    el.setAttribute("aria-busy", "true");
    el.classList.add("pending");
    if (cmd === "start") el.textContent = t("Starting…");
  }
  function onClick(e) {
    if (ready() || !first.screen) return;
    var el = e.target.closest && e.target.closest("[data-cmd]");
    if (!el || !app().contains(el)) return;
    var cmd = el.getAttribute("data-cmd"), arg = el.getAttribute("data-arg") || "";
    if (first.screen === "frame") {  // the game opens by itself: only the language changes now
      if (cmd === "lang") setLang(arg);
      return;
    }
    if (cmd === "new") showNew(arg);
    else if (cmd === "home") showHome();
    else if (cmd === "lang") setLang(arg);
    else if (cmd === "start" || cmd === "rules" || cmd === "learn") { e.preventDefault(); pend(el, cmd, arg); }
  }
  function onChange(e) {
    if (ready() || first.screen !== "new" || !e.target || e.target.id !== "players") return;
    setPlayers(parseInt(e.target.value, 10));
  }
  var listening = false;
  function listen() {
    if (listening) return;
    listening = true;
    app().addEventListener("click", onClick);
    app().addEventListener("change", onChange);
  }
  // "Import…" (a button) opens the picker of the hidden file input, which is out of the Tab
  // order (tavolo_ui.home): here, in the click itself, before Python is ready and after
  function openImport(e) {
    var button = e.target && e.target.closest && e.target.closest("#import-btn");
    var input = button && document.getElementById("import-file");
    if (input) input.click();
  }
  document.addEventListener("click", openImport);
  // ---- a fatal error of the Python runtime ---------------------------------------------------
  // interpreter.mjs calls this from Pyodide's own fatal-error hook: Python is gone for good, so
  // this plain page (made here, in JavaScript) replaces whatever was shown, in the page's
  // language, with Reload and "Start without resuming". The latter leaves a note for the next
  // start (tavolo_ui.guard, "tavolo:v1:opening") unless one is there already: a note left by the
  // opening that failed says more (which save or link), and already keeps it from reopening.
  var OPENING_KEY = "tavolo:v1:opening";
  function openingNoted() {
    try { return window.localStorage.getItem(OPENING_KEY) !== null; } catch (e) { return false; }
  }
  function showFatal(err) {
    if (document.body.dataset.screen === "fatal") return;
    var tl = window.tavoloText;
    var boot = document.getElementById("boot");
    if (boot) boot.remove();
    var old = app(), root = document.createElement("div");
    root.id = "app";  // a new element: the stopped app's click handlers stay with the old one
    if (old) old.replaceWith(root); else document.body.appendChild(root);
    var main = document.createElement("main"), para = document.createElement("p");
    main.className = "broken";
    main.setAttribute("role", "alert");
    var title = document.createElement("h1");
    title.textContent = "Tavolo";
    para.textContent = tl("Tavolo stopped: its Python runtime met an error it cannot recover from. Your saved games are kept.");
    var hint = document.createElement("p");
    hint.className = "muted";
    hint.textContent = tl("“Start without resuming” opens the home screen instead of the game that was open.");
    var btns = document.createElement("p");
    var reload = document.createElement("button"), fresh = document.createElement("button");
    reload.className = "primary";
    reload.id = "fatal-reload";
    reload.textContent = tl("Reload");
    reload.addEventListener("click", function () { location.reload(); });
    fresh.id = "fatal-fresh";
    fresh.textContent = tl("Start without resuming");
    fresh.addEventListener("click", function () {
      try {
        if (!openingNoted()) {
          window.localStorage.setItem(OPENING_KEY, JSON.stringify({kind: "fresh", ref: "", name: "", at: Date.now()}));
        }
      } catch (e) { /* storage blocked: a plain reload */ }
      location.replace(location.pathname + location.search);
    });
    btns.append(reload, " ", fresh);
    var details = document.createElement("details"), summary = document.createElement("summary");
    var pre = document.createElement("pre");
    details.className = "details";
    summary.textContent = tl("Details");
    pre.textContent = String((err && (err.stack || err.message)) || err || "fatal error");
    details.append(summary, pre);
    main.append(title, para, btns, hint, details);
    root.replaceChildren(main);
    document.body.classList.remove("first-screen");
    document.body.dataset.screen = "fatal";
    document.body.dataset.ready = "1";
    reload.focus();
  }
  window.tavoloFatal = showFatal;

  function showFirstScreen() {
    if (ready() || !app()) return;
    var hash = location.hash || "";
    if (/=/.test(hash)) {  // a link: the app opens it (or says on the home screen why it cannot)
      try {
        linkFrame(hash).then(function (info) { if (info) showFrame(info); }, function () { /* no frame */ });
      } catch (e) { /* no frame */ }
      return;
    }
    try {
      var last = window.localStorage.getItem("tavolo:v1:last");
      if (last && !openingNoted()) {  // the app resumes the game left on the table (unless it stopped the page)
        var info = savedFrame(last);
        if (info === null) return;  // not read here: the boot screen stays until the app decides
        if (info !== "home") { showFrame(info); return; }
      }
    } catch (e) { return; }
    try {
      if (!showHome()) return;
    } catch (e) { return; }  // no first screen: the boot screen stays until Python is ready
    document.body.classList.add("first-screen");
    listen();
  }
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
  // Not before the whole page is parsed: a dynamic import() runs core.js as soon as it is
  // fetched, and core.js looks for <script type="py" config=...> when it runs. On a reload
  // served from a cache, that came before the parser reached the end of <body>: PyScript found
  // no config and reached for its default interpreter on a CDN, which the policy refuses, and
  // the page never started. At DOMContentLoaded index.html's own module script has run core.js,
  // so this import only waits for it.
  function clearWorkerHooks() {
    import("./pyscript/core.js").then(function (core) {
      var worker = core && core.hooks && core.hooks.worker;
      ["onReady", "onBeforeRun", "onBeforeRunAsync", "onAfterRun", "onAfterRunAsync"].forEach(function (k) {
        if (worker && worker[k] && typeof worker[k].clear === "function") worker[k].clear();
      });
    }, function () { /* reported by index.html's own <script type="module"> */ });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", clearWorkerHooks);
  else clearWorkerHooks();
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
