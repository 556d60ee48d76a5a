/* Boot script of the Rummy page: classic, synchronous, loaded in <head>.
 *
 * - marks <html> before the first paint:
 *     data-embed="1"    when the URL has ?embed=1 (compact layout for iframes)
 *     data-framed="1"   when the page runs inside any frame
 *     data-storage="0"  when localStorage is unusable (third-party iframe,
 *                       storage disabled); "1" otherwise
 * - drives the loading screen (#loading): downloading the page's runtime
 *   (PyScript, MicroPython) -> starting Python -> drawing; the page's Python
 *   sets data-drawn on <html> at its first paint, which hides the loading
 *   screen (web/shell.css), and data-ready="true" once the engine worker has
 *   answered;
 * - shows a readable error on the loading screen if startup fails (also after
 *   the first paint, until the engine is ready: rummyBoot.fail(text));
 * - registers the service worker (./sw.js, relative scope) once the game is
 *   ready, and shows "A new version is ready" with a Reload button when a new
 *   release has been downloaded.  Reload activates it; localStorage is left
 *   alone.
 * Nothing here may throw: every browser API that can be missing or refuse
 * (storage, service workers, PerformanceObserver) is guarded.
 */
(function () {
  "use strict";
  var html = document.documentElement;
  var state = { stage: "", failed: false, ready: false };

  function byId(id) { return document.getElementById(id); }

  // ---- page flags -------------------------------------------------------
  var params = null;
  try { params = new URLSearchParams(window.location.search); } catch (e) { params = null; }
  var embed = params ? params.get("embed") : null;
  if (embed !== null && embed !== "0" && embed !== "false") html.setAttribute("data-embed", "1");
  var framed = true;
  try { framed = window.self !== window.top; } catch (e) { framed = true; }
  if (framed) html.setAttribute("data-framed", "1");
  var storageOK = false;
  try {
    var ls = window.localStorage; // the getter itself throws in some third-party iframes
    var probe = "__rummy_probe__";
    ls.setItem(probe, "1");
    ls.removeItem(probe);
    storageOK = true;
  } catch (e) { storageOK = false; }
  html.setAttribute("data-storage", storageOK ? "1" : "0");

  // ---- the language ------------------------------------------------------------
  // The player's choice in Settings, else the link's ?lang= (an embed's), else the first of the browser's
  // languages the page speaks, else English (web/page/i18n.py). <html lang dir> are set before the first paint
  // and the language's catalogue is asked for now, while the runtime downloads: web/page/start.py waits for it
  // (rummyLocale.catalogue: its JSON text, "" for English or when it cannot be had) before drawing anything.
  // The languages, those written right to left, and the loading screen's own words in each (shown until the
  // page's Python draws): the build writes them here from web/page/i18n.py and the catalogues
  // (tools/build_site.py write_boot_locales). Unbuilt, the page speaks English.
  var LOCALES = /*LOCALES*/{"languages": ["en"], "rtl": [], "words": {}};
  var LANGS = LOCALES.languages;
  function langOf(tag) {
    var t = String(tag || "").toLowerCase();
    if (/^zh-(hant|tw|hk|mo)\b/.test(t)) return "zh-Hant";
    if (/^zh\b/.test(t)) return "zh-Hans";
    var primary = t.split("-")[0];
    return LANGS.indexOf(primary) >= 0 ? primary : "";
  }
  var lang = "";
  if (storageOK) {
    try {
      var stored = JSON.parse(window.localStorage.getItem("rummy.settings") || "null");
      var chosen = stored && stored.data && stored.data.lang;
      if (typeof chosen === "string" && LANGS.indexOf(chosen) >= 0) lang = chosen;
    } catch (e) { lang = ""; }
  }
  if (!lang && params && params.get("lang")) lang = langOf(params.get("lang"));
  if (!lang) {
    var wanted = [];
    try { wanted = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language]; }
    catch (e) { wanted = []; }
    for (var w = 0; w < wanted.length && !lang; w++) lang = langOf(wanted[w]);
  }
  if (!lang) lang = "en";
  html.setAttribute("lang", lang);
  html.setAttribute("dir", LOCALES.rtl.indexOf(lang) >= 0 ? "rtl" : "ltr");
  var catalogue = Promise.resolve("");
  if (lang !== "en") {
    try {
      catalogue = fetch("web/locale/" + lang + ".json").then(function (r) { return r.ok ? r.text() : ""; })
        .catch(function () { return ""; });
    } catch (e) { catalogue = Promise.resolve(""); }
  }
  window.rummyLocale = { lang: lang, catalogue: catalogue };
  function _(text) {  // a text of the loading screen in the page's language (English as written)
    var words = LOCALES.words[lang];
    return (words && typeof words[text] === "string" && words[text]) || text;
  }
  // The words index.html writes, in the page's language once the body is parsed.
  function speakLoading() {
    if (lang === "en") return;
    var put = function (selector, text) {
      var el = document.querySelector(selector);
      if (el) el.textContent = text;
    };
    // i18n: the game's name on the loading screen
    put(".boot-title", document.title = _("Rummy"));  // the tab's title too
    put("#boot-detail", _("The first visit downloads about 8 MB; after that the game also works offline."));
    put("#boot-error strong", _("The game could not start."));
    put("#boot-retry", _("Try again"));
    put("#update-banner span", _("A new version is ready."));
    // i18n: the button of "A new version is ready." that loads the new version
    put("#update-reload", _("Reload"));
  }

  // ---- a first visit's screen, drawn by the build ------------------------------
  // index.html holds the new-game screen of a first visit (tools/prerender.py). It is shown at once on one:
  // nothing of the game stored, no query or fragment in the link, not in a frame (data-prerendered="1", see
  // web/shell.css). Otherwise the loading screen covers it until the page's Python draws its own in its place.
  // Until the page's Python has drawn (data-drawn), the browser does not act on clicks on it: each is held
  // and then handed over, in order, as a click on the same control. Keys wait too (Tab still moves the
  // focus; Enter and Space on a control are held as its click; other keys are dropped).
  var firstVisit = false;
  if (storageOK && !framed && !String(window.location.search).replace(/^\?/, "") &&
      !String(window.location.hash).replace(/^#/, "")) {
    try {
      firstVisit = true;
      for (var k = 0; k < window.localStorage.length; k++) {
        if (String(window.localStorage.key(k)).indexOf("rummy") === 0) { firstVisit = false; break; }
      }
    } catch (e) { firstVisit = false; }
  }
  if (lang !== "en") firstVisit = false;  // the build's screen is in English: the page draws its own
  if (firstVisit) html.setAttribute("data-prerendered", "1");
  var held = [];
  function waiting(ev) {
    var t = ev.target;
    return firstVisit && !html.hasAttribute("data-drawn") && t && t.closest && t.closest("#app");
  }
  function control(t) {
    var label = t.closest("label");
    return t.closest("[data-key], [popovertarget]") || (label && label.control) || null;
  }
  function holdClick(ev) {
    if (!waiting(ev)) return;
    ev.preventDefault();
    ev.stopPropagation();
    var c = control(ev.target);
    if (c) held.push(c);
  }
  function holdKey(ev) {
    if (!waiting(ev) || ev.key === "Tab") return;
    ev.preventDefault();
    ev.stopPropagation();
    if (ev.key === "Enter" || ev.key === " ") {
      var c = control(ev.target);
      if (c && !ev.repeat) held.push(c);
    }
  }
  document.addEventListener("click", holdClick, true);
  document.addEventListener("keydown", holdKey, true);
  function handOver() {
    document.removeEventListener("click", holdClick, true);
    document.removeEventListener("keydown", holdKey, true);
    var list = held;
    held = [];
    list.forEach(function (c) {
      if (!c.isConnected) {  // drawn anew: the control with the same key
        var key = c.getAttribute("data-key");
        c = key ? document.querySelector('#app [data-key="' + key.replace(/["\\]/g, "") + '"]') : null;
      }
      if (c && !c.disabled) c.click();
    });
  }

  // ---- the runtime ----------------------------------------------------------------
  // PyScript (core.js, with web/pyscript-hooks.js hooked in before any interpreter starts), MicroPython and
  // the page's Python. Started here rather than by tags in index.html so that on a first visit, whose screen
  // is already in the page, they are asked for only once that screen has been painted: it is painted sooner
  // then (its few kilobytes do not queue behind 0.4 MB of runtime on a slow link). Otherwise once the page is
  // parsed (PyScript reads <mpy-config> as it loads). With them go the preload hints of every file it fetches
  // as it starts (index.html's <template id="runtime-hints">, written by the build): each module's imports,
  // MicroPython and the page's Python are then asked for at once, not one after another as each arrives.
  function addTag(name, attrs) {
    var el = document.createElement(name);
    for (var key in attrs) if (Object.prototype.hasOwnProperty.call(attrs, key)) el.setAttribute(key, attrs[key]);
    document.head.appendChild(el);
  }
  var preloaded = false;  // a return visit's files are asked for at once (preloadRuntime, below)
  function startRuntime() {
    var hints = byId("runtime-hints");  // index.html: every file the runtime fetches as it starts
    if (hints && hints.content && !preloaded) document.head.appendChild(document.importNode(hints.content, true));
    // One module: web/pyscript-hooks.js imports PyScript's core.js, whose body starts PyScript, and hooks into
    // it in the same step, before any interpreter is made. (A script of its own for core.js could run first
    // and let PyScript compile its worker hooks from a string, which the Content-Security-Policy refuses.)
    addTag("script", { type: "module", src: "./web/pyscript-hooks.js" });
  }
  // A visit that our service worker serves (a return visit) finds the runtime's files on this device, so they
  // are asked for here, while the page is still being read: the page's thread would otherwise sit idle between
  // starting the runtime and its files arriving from Cache Storage. Plain preloads (a file is read into memory,
  // compiled when the runtime starts): modulepreload, which compiles as it reads, measured no better (the "ab"
  // records of bench/results have both figures). Each preload matches the runtime's own request (a module
  // script or a fetch(), both in CORS mode with same-origin credentials), so nothing is read twice. A first
  // visit keeps the runtime's downloads until its screen has been painted (startRuntime, above), so that the
  // page's few kilobytes do not queue behind the runtime's.
  function preloadRuntime() {
    var hints = byId("runtime-hints");
    if (!hints || !hints.content) return;
    preloaded = true;
    var links = hints.content.querySelectorAll("link");
    for (var i = 0; i < links.length; i++) {
      var l = links[i];
      var attrs = { rel: "preload", href: l.getAttribute("href"), crossorigin: "",
                    as: l.rel === "modulepreload" ? "script" : (l.getAttribute("as") || "fetch") };
      if (l.getAttribute("type")) attrs.type = l.getAttribute("type");
      addTag("link", attrs);
    }
  }
  function whenParsed(f) {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", f);
    else f();
  }
  // A visit our service worker serves: the site's files are on this device.
  var served = false;
  try { served = !!(navigator.serviceWorker && navigator.serviceWorker.controller); } catch (e) { /* none here */ }
  if (served) preloadRuntime();  // else the runtime's files are asked for as it starts
  if (firstVisit) {
    whenParsed(function () {
      var go = function () { setTimeout(startRuntime, 0); };
      if (window.requestAnimationFrame) window.requestAnimationFrame(go); else go();
    });
  } else {
    whenParsed(startRuntime);
  }

  // ---- IndexedDB fallback ----------------------------------------------------
  // PyScript opens two IndexedDB maps while it starts (pyscript.fs handles and
  // its package cache) and stops for good when the browser refuses IndexedDB,
  // as Chromium does in a cross-site iframe.  When an open fails, hand PyScript
  // a small in-memory database instead (nothing of the game lives there).
  function memoryDatabase() {
    var stores = {};
    function store(name) {
      var data = stores[name] || (stores[name] = new Map());
      function req(fn) {
        var r = { result: undefined, error: null, onsuccess: null, onerror: null, readyState: "pending" };
        Promise.resolve().then(function () {
          try {
            r.result = fn();
            r.readyState = "done";
            if (r.onsuccess) r.onsuccess({ type: "success", target: r });
          } catch (e) {
            r.error = e;
            if (r.onerror) r.onerror({ type: "error", target: r });
          }
        });
        return r;
      }
      return {
        count: function () { return req(function () { return data.size; }); },
        clear: function () { return req(function () { data.clear(); }); },
        "delete": function (k) { return req(function () { data["delete"](k); }); },
        get: function (k) { return req(function () { return data.get(k); }); },
        getKey: function (k) { return req(function () { return data.has(k) ? k : undefined; }); },
        getAllKeys: function () { return req(function () { return Array.from(data.keys()); }); },
        put: function (v, k) { return req(function () { data.set(k, v); return k; }); }
      };
    }
    return {
      memory: true,
      objectStoreNames: { get length() { return Object.keys(stores).length; },
                          contains: function (n) { return n in stores; } },
      createObjectStore: function (n) { return store(n); },
      transaction: function () { return { objectStore: store }; },
      close: function () {}
    };
  }
  function fakeOpenSuccess(request) {
    var db = memoryDatabase();
    Promise.resolve().then(function () {
      if (typeof request.onsuccess === "function") request.onsuccess({ type: "success", target: { result: db } });
    });
  }
  try {
    var factoryProto = window.IDBFactory && window.IDBFactory.prototype;
    var idbOK = false;
    try { idbOK = !!window.indexedDB; } catch (e) { idbOK = false; }
    if (factoryProto && idbOK) {
      var realOpen = factoryProto.open;
      factoryProto.open = function () {
        var request = realOpen.apply(this, arguments);
        // registered before the caller's onerror, so it runs first and can stop it
        request.addEventListener("error", function (ev) {
          ev.stopImmediatePropagation();
          ev.preventDefault();
          html.setAttribute("data-idb", "memory");
          fakeOpenSuccess(request);
        });
        return request;
      };
    } else {
      // no IndexedDB at all (storage fully disabled)
      html.setAttribute("data-idb", "memory");
      Object.defineProperty(window, "indexedDB", {
        configurable: true,
        value: { open: function () { var r = { onsuccess: null, onerror: null }; fakeOpenSuccess(r); return r; } }
      });
    }
  } catch (e) { /* leave IndexedDB alone */ }

  // ---- PyScript's document watcher -----------------------------------------
  // PyScript (core.js) watches the whole document for Python scripts and py-*/mpy-* event attributes added
  // later: for every element added it scans the new subtree with XPath, and it is called for every attribute
  // change. The game adds no script or such attribute after the start, and redraws parts of the table after
  // every move, so once the page's Python has drawn the first screen that watcher is stopped. (Recognised by
  // how it observes: the document, with childList, subtree and every attribute.)
  var documentWatchers = [];
  try {
    var observe = MutationObserver.prototype.observe;
    MutationObserver.prototype.observe = function (target, options) {
      if (target === document && options && options.childList && options.subtree && options.attributes &&
          !options.attributeFilter && !html.hasAttribute("data-drawn")) documentWatchers.push(this);
      return observe.apply(this, arguments);
    };
  } catch (e) { /* leave it: the page still works, only with more work per redraw */ }
  function stopDocumentWatchers() {
    while (documentWatchers.length) {
      try { documentWatchers.pop().disconnect(); } catch (e) { /* nothing to stop */ }
    }
  }

  // ---- loading screen ----------------------------------------------------
  var STAGES = {
    download: { text: _("Downloading the game runtime…"), from: 0, to: 70 },
    start: { text: _("Starting Python…"), from: 70, to: 90 },
    game: { text: _("Loading the game…"), from: 90, to: 100 }
  };
  var ORDER = ["download", "start", "game"];
  var expectedBytes = 0;

  function setBar(pct) {
    var fill = byId("boot-bar-fill");
    if (fill) fill.style.width = Math.max(0, Math.min(100, pct)).toFixed(1) + "%";
  }

  function setStage(name, fraction) {
    if (state.failed || state.ready) return;
    if (ORDER.indexOf(name) < ORDER.indexOf(state.stage)) return; // never go back
    var st = STAGES[name];
    if (!st) return;
    state.stage = name;
    html.setAttribute("data-boot-stage", name);
    var el = byId("boot-stage");
    if (el && el.textContent !== st.text) el.textContent = st.text;
    var f = typeof fraction === "number" ? Math.max(0, Math.min(1, fraction)) : 0;
    setBar(st.from + (st.to - st.from) * f);
  }

  function fail(message) {
    if (state.ready || state.failed) return;
    state.failed = true;
    html.setAttribute("data-boot-error", "1");
    var box = byId("boot-error");
    var text = byId("boot-error-text");
    var stage = byId("boot-stage");
    if (stage) stage.textContent = _("Something went wrong.");
    if (text) text.textContent = String(message || "Unknown error").slice(0, 4000);
    if (box) box.hidden = false;
  }

  function ready() {
    if (state.ready) return;
    state.ready = true;
    setBar(100);
    var box = byId("loading");
    if (box) box.setAttribute("aria-busy", "false");
    registerWhenQuiet();
  }

  // The service worker's first install copies every file of the site into its cache, each checked against its
  // hash (15 MB): on a small machine that takes it for half a second or more, and a move made meanwhile is drawn
  // late. So it waits until nobody has touched the page for QUIET_MS, or until the page is hidden (the person
  // went elsewhere, maybe for good).
  var QUIET_MS = 3000;
  var INPUTS = ["pointerdown", "keydown", "touchstart", "wheel"];
  function registerWhenQuiet() {
    var timer = null;
    var done = false;
    function now() {
      if (done) return;
      done = true;
      clearTimeout(timer);
      INPUTS.forEach(function (name) { window.removeEventListener(name, later, true); });
      document.removeEventListener("visibilitychange", onHidden);
      registerServiceWorker();
    }
    function later() {
      clearTimeout(timer);
      timer = setTimeout(now, QUIET_MS);
    }
    function onHidden() { if (document.visibilityState === "hidden") now(); }
    INPUTS.forEach(function (name) { window.addEventListener(name, later, { capture: true, passive: true }); });
    document.addEventListener("visibilitychange", onHidden);
    later();
  }

  // ---- the typeface -------------------------------------------------------------
  // web/shell.css names the game's typeface once <html> has data-typeface: at once on a visit the service worker
  // serves (the file is on this device), else once the page's Python has drawn, so that on a first visit over a
  // slow link the font does not share the link with the runtime's files.
  function useTypeface() { if (!html.hasAttribute("data-typeface")) html.setAttribute("data-typeface", ""); }
  if (served) useTypeface();

  // Python marks its first paint and readiness on <html>; watch for them.
  try {
    new MutationObserver(function () {
      if (html.hasAttribute("data-drawn")) { stopDocumentWatchers(); handOver(); useTypeface(); }
      var v = html.getAttribute("data-ready");
      if (v === "true") ready();
      else if (v === "error") fail(html.getAttribute("data-error") || "The game reported an error while starting.");
    }).observe(html, { attributes: true, attributeFilter: ["data-ready", "data-drawn"] });
  } catch (e) { /* very old browser: the page still works, only without the screen updates */ }

  // Download progress: resource timing of the runtime files.
  function onResource(entry) {
    var name = String(entry.name || "");
    if (!state.ready && entry.responseStatus >= 400 && name.indexOf(window.location.origin) === 0) {
      // Pyodide only warns and then waits forever when its files are missing.
      fail("Could not download " + name.slice(name.lastIndexOf("/") + 1) + " (HTTP " + entry.responseStatus +
           "). Reload the page; if this keeps happening, the site is being updated or is incomplete.");
      return;
    }
    if (name.indexOf("/micropython/") < 0 && name.indexOf("/pyscript/") < 0) return;
    onResource.bytes = (onResource.bytes || 0) + (entry.decodedBodySize || entry.encodedBodySize || 0);
    if (/micropython\.wasm$/.test(name)) { setStage("start", 0.1); return; }
    if (state.stage === "download" && expectedBytes > 0) setStage("download", onResource.bytes / expectedBytes);
  }
  try {
    var po = new PerformanceObserver(function (list) { list.getEntries().forEach(onResource); });
    po.observe({ type: "resource", buffered: true });
  } catch (e) { /* no PerformanceObserver: stages still advance from PyScript events */ }

  // PyScript progress events (window "mpy:progress", detail is a string).
  window.addEventListener("mpy:progress", function (ev) {
    var d = String(ev && ev.detail || "");
    if (d === "Loading MicroPython") setStage("download", 0.05);
    else if (d === "Loaded MicroPython") setStage("start", 0.5);
    else if (d === "Loaded interpreter") setStage("game", 0.2);
  });
  // <script type="mpy"> dispatches mpy:ready (interpreter up, about to run web/page/main.py).
  document.addEventListener("mpy:ready", function () { setStage("game", 0.3); });

  // Errors before or during startup.
  window.addEventListener("error", function (ev) {
    if (state.ready) return;
    var t = ev && ev.target;
    if (t && t !== window && t.tagName) {
      // a <script> or stylesheet that did not load (capture phase only)
      if (t.tagName === "SCRIPT" || (t.tagName === "LINK" && t.rel === "stylesheet")) {
        fail("Could not load " + (t.src || t.href || t.tagName) + ".");
      }
      return;
    }
    var msg = (ev && (ev.message || (ev.error && ev.error.message))) || "";
    if (msg) fail(msg);
  }, true);

  // No progress for a long time (slow or dropped connection): say so, offer a retry.
  var lastChange = Date.now();
  var lastStage = "";
  var stallTimer = window.setInterval(function () {
    if (state.ready || state.failed) { window.clearInterval(stallTimer); return; }
    if (state.stage !== lastStage) { lastStage = state.stage; lastChange = Date.now(); return; }
    if (Date.now() - lastChange > 45000) {
      var d = byId("boot-detail");
      if (d) d.textContent = _("This is taking longer than usual. Check your connection, or reload the page.");
      html.setAttribute("data-boot-slow", "1");
    }
  }, 5000);
  window.addEventListener("unhandledrejection", function (ev) {
    if (state.ready) return;
    var r = ev && ev.reason;
    fail((r && (r.message || r.toString())) || "Startup failed.");
  });
  // PyScript shows Python tracebacks in <div class="py-error">.
  try {
    new MutationObserver(function (records) {
      if (state.ready) return;
      for (var i = 0; i < records.length; i++) {
        var nodes = records[i].addedNodes;
        for (var j = 0; j < nodes.length; j++) {
          var n = nodes[j];
          if (n.nodeType === 1 && n.classList && n.classList.contains("py-error")) fail(n.textContent);
        }
      }
    }).observe(document, { childList: true, subtree: true });
  } catch (e) { /* ignore */ }

  // ---- buttons (delegated: the body does not exist yet) -----------------
  document.addEventListener("click", function (ev) {
    var t = ev.target;
    if (!t || !t.id) return;
    if (t.id === "boot-retry") window.location.reload();
    else if (t.id === "update-reload") applyUpdate();
  });

  setStage("download", 0);  // before anything loads (the text is put in at DOMContentLoaded)
  document.addEventListener("DOMContentLoaded", function () {
    speakLoading();
    expectedBytes = parseInt(html.getAttribute("data-runtime-bytes") || "0", 10) || 0;
    var current = STAGES[state.stage];
    var el = byId("boot-stage");
    if (current && el && !state.failed && !state.ready) el.textContent = current.text;
    if (!("WebAssembly" in window)) fail(_("This browser cannot run WebAssembly, which the game needs."));
  });

  // ---- service worker and updates ----------------------------------------
  var waitingWorker = null;
  var reloading = false;

  function showUpdate(worker) {
    waitingWorker = worker;
    var banner = byId("update-banner");
    if (banner) banner.hidden = false;
    html.setAttribute("data-update", "ready");
  }

  function applyUpdate() {
    if (waitingWorker) {
      try { waitingWorker.postMessage({ type: "SKIP_WAITING" }); } catch (e) { window.location.reload(); }
    } else {
      window.location.reload();
    }
  }

  function watchInstalling(reg, worker) {
    if (!worker) return;
    worker.addEventListener("statechange", function () {
      // Only a page already controlled by an older worker has something to update.
      if (worker.state === "installed" && navigator.serviceWorker.controller) showUpdate(worker);
    });
  }

  function registerServiceWorker() {
    if (!("serviceWorker" in navigator)) return;
    if (window.location.protocol !== "https:" && window.location.hostname !== "localhost" &&
        window.location.hostname !== "127.0.0.1" && window.location.hostname !== "[::1]") return;
    var sw = navigator.serviceWorker;
    try {
      sw.addEventListener("controllerchange", function () {
        // A new worker took over after the Reload button: load the new version.
        if (reloading || !waitingWorker) return;
        reloading = true;
        window.location.reload();
      });
      sw.register("./sw.js", { scope: "./", updateViaCache: "none" }).then(function (reg) {
        html.setAttribute("data-sw", "registered");
        if (reg.waiting && sw.controller) showUpdate(reg.waiting);
        if (reg.installing) watchInstalling(reg, reg.installing);
        reg.addEventListener("updatefound", function () { watchInstalling(reg, reg.installing); });
      }).catch(function (e) {
        // Offline-first is a bonus: the game still runs without it.
        html.setAttribute("data-sw", "failed");
        if (window.console) console.warn("Service worker not registered:", e && e.message);
      });
    } catch (e) { /* SecurityError in some sandboxed frames */ }
  }

  window.rummyBoot = { stage: setStage, fail: fail, applyUpdate: applyUpdate };
})();
