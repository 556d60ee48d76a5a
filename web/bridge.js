/* The page's Python (MicroPython) calls the browser only through these guards.
 *
 * Under MicroPython 1.27 a JavaScript exception thrown by a function that Python calls cannot be caught in
 * Python: it ends the whole run. So every browser call that may throw (storage that is full or refused,
 * a clipboard that says no, a browser without BroadcastChannel) goes through a function here that never
 * throws: it answers {error: name} or false instead, or calls back with the outcome.
 */
(function () {
  "use strict";

  function guard(f) {
    try { return f(); } catch (e) { return { error: String((e && e.name) || e) }; }
  }

  // localStorage, guarded (web/page/storage.py reads the {error} answers as failures).
  function guardedStorage(open) {
    return {
      getItem: function (k) { return guard(function () { return open().getItem(k); }); },
      setItem: function (k, v) { return guard(function () { open().setItem(k, v); return null; }); },
      removeItem: function (k) { return guard(function () { open().removeItem(k); return null; }); },
      key: function (i) { return guard(function () { return open().key(i); }); },
      get length() { return guard(function () { return open().length; }); }
    };
  }

  var channel = null;
  var onlineWaiting = null;  // the callbacks of online(), while its scripts load

  function syncAttributes(node, fresh) {
    var i, a;
    for (i = node.attributes.length - 1; i >= 0; i--) {
      a = node.attributes[i].name;
      if (!fresh.hasAttribute(a)) node.removeAttribute(a);
    }
    for (i = 0; i < fresh.attributes.length; i++) {
      a = fresh.attributes[i];
      if (node.getAttribute(a.name) !== a.value) node.setAttribute(a.name, a.value);
    }
  }

  // Make the element #id show `html` while touching the page as little as possible (a redraw after each move
  // changes a card or two): the new drawing is walked beside the page's, and each element is brought up to date
  // in place (its attributes, then its children, the same way) when it is the same kind of element and the same
  // control (its data-key); only what differs is replaced. Children that all have keys are matched by key, so a
  // card taken into the hand leaves the other cards' elements alone, and a card whose place is kept is never
  // taken out of the page. An element kept keeps its identity: the focus, scroll positions and running
  // animations in it are left alone, and the browser styles and lays out only what changed (replacing a whole
  // part of the table cost the browser ~25 ms of style and layout per move in a 4-player game). Form fields are
  // replaced rather than updated (their value and checked state are not attributes). Answers the number of
  // nodes replaced, updated or moved (0: nothing changed), -1 when the whole content was replaced.
  var FIELD = /^(INPUT|SELECT|TEXTAREA|OPTION)$/;
  function keyOf(n) { return n.nodeType === 1 ? n.getAttribute("data-key") : null; }
  function has(map, key) { return Object.prototype.hasOwnProperty.call(map, key); }
  function sameControl(a, b) {
    return a.nodeType === 1 && b.nodeType === 1 && a.tagName === b.tagName && keyOf(a) === keyOf(b) &&
      !FIELD.test(a.tagName);
  }
  function keyed(nodes) {  // {key: node} when every node is an element with a key of its own, else null
    var out = {};
    for (var i = 0; i < nodes.length; i++) {
      var k = keyOf(nodes[i]);
      if (k === null || has(out, k)) return null;
      out[k] = nodes[i];
    }
    return out;
  }
  function patch(parent, a, b, count) {  // a, in parent, becomes b (count.n: the nodes changed)
    if (a.isEqualNode(b)) return;
    count.n++;
    if (a.nodeType === 3 && b.nodeType === 3) {
      a.data = b.data;
    } else if (!sameControl(a, b)) {
      parent.replaceChild(b, a);
    } else {
      syncAttributes(a, b);
      patchChildren(a, b, count);
    }
  }
  function patchChildren(a, b, count) {
    var olds = Array.prototype.slice.call(a.childNodes);
    var news = Array.prototype.slice.call(b.childNodes);
    var byKey = keyed(olds);
    var wanted = byKey && keyed(news);
    var i;
    if (!wanted) {  // by place
      var n = Math.min(olds.length, news.length);
      for (i = 0; i < n; i++) patch(a, olds[i], news[i], count);
      for (i = n; i < olds.length; i++) { a.removeChild(olds[i]); count.n++; }
      for (i = n; i < news.length; i++) { a.appendChild(news[i]); count.n++; }
      return;
    }
    var cur = a.firstChild;  // by key: the page's children in the new order, the ones kept moved only if need be
    for (i = 0; i < news.length; i++) {
      var b1 = news[i];
      var k = keyOf(b1);
      while (cur && !has(wanted, keyOf(cur))) {  // gone from the drawing
        var gone = cur;
        cur = cur.nextSibling;
        a.removeChild(gone);
        count.n++;
      }
      var a1 = has(byKey, k) ? byKey[k] : null;
      if (!a1) {
        a.insertBefore(b1, cur);
        count.n++;
        continue;
      }
      delete byKey[k];
      if (a1 !== cur) {  // moved (the cards were put in another order)
        a.insertBefore(a1, cur);
        count.n++;
      } else {
        cur = cur.nextSibling;
      }
      patch(a, a1, b1, count);
    }
    while (cur) {
      var rest = cur;
      cur = cur.nextSibling;
      a.removeChild(rest);
      count.n++;
    }
  }
  function morph(id, html) {
    var root = document.getElementById(id);
    if (!root) return -1;
    var tpl = document.createElement("template");
    tpl.innerHTML = html;
    var fresh = tpl.content;
    var old = root.firstElementChild;
    var neu = fresh.firstElementChild;
    var same = old && neu && root.childNodes.length === 1 && fresh.childNodes.length === 1 &&
      sameControl(old, neu) && old.getAttribute("data-testid") === neu.getAttribute("data-testid");
    if (!same) {
      root.replaceChildren(fresh);
      return -1;
    }
    var count = { n: 0 };
    patch(root, old, neu, count);
    return count.n;
  }

  window.rummyBridge = {
    // A promise settled in a new task: the page's Python awaits it to end its task, so the browser can paint
    // and answer input in between (web/page/start.py). A message to itself, not setTimeout: chained timers are
    // held back to 4 ms each.
    nextTask: function () {
      return new Promise(function (resolve) {
        var ch = new MessageChannel();
        ch.port1.onmessage = function () { ch.port1.close(); resolve(); };
        ch.port2.postMessage(0);
      });
    },
    morph: function (id, html) {
      var r = guard(function () { return morph(id, html); });
      return typeof r === "number" ? r : -2;
    },
    storage: function () {
      if (document.documentElement.getAttribute("data-storage") !== "1") return null;
      return guardedStorage(function () { return window.localStorage; });
    },
    tabId: function () {
      try { if (window.crypto && crypto.randomUUID) return crypto.randomUUID(); } catch (e) { /* below */ }
      return String(Date.now()) + "-" + String(Math.random()).slice(2);
    },
    copy: function (text, done) {
      try {
        navigator.clipboard.writeText(String(text)).then(function () { done(true); }, function () { done(false); });
      } catch (e) { done(false); }
    },
    download: function (name, text) {
      return guard(function () {
        var url = URL.createObjectURL(new Blob([String(text)], { type: "application/json" }));
        var a = document.createElement("a");
        a.href = url;
        a.download = String(name);
        document.body.appendChild(a);
        a.click();
        a.remove();
        setTimeout(function () { URL.revokeObjectURL(url); }, 10000);
        return true;
      });
    },
    pickFile: function (done) {
      return guard(function () {
        var input = document.createElement("input");
        input.type = "file";
        input.accept = "application/json,.json";
        input.addEventListener("change", function () {
          var f = input.files && input.files[0];
          if (f) f.text().then(function (t) { done(String(t)); }, function () { done(null); });
        });
        input.click();
        return true;
      });
    },
    // BroadcastChannel("rummy") between this site's tabs: onMessage(text) for each message; post(text).
    listen: function (onMessage) {
      return guard(function () {
        channel = new BroadcastChannel("rummy");
        channel.onmessage = function (ev) { if (typeof ev.data === "string") onMessage(ev.data); };
        return true;
      });
    },
    post: function (text) {
      return guard(function () { if (channel) channel.postMessage(String(text)); return true; });
    },
    // storage events: another tab of this site changed a key.
    onStorage: function (callback) {
      window.addEventListener("storage", function (ev) {
        callback(ev.key === null ? null : String(ev.key), ev.newValue === null ? null : String(ev.newValue));
      });
    },
    // the page is going away (a reload, a closed tab): callback() once, before it goes.
    onLeave: function (callback) {
      window.addEventListener("pagehide", function () { try { callback(); } catch (e) { /* nothing to do */ } });
    },
    // the page was hidden (another tab, the phone's home screen: it may be killed without a pagehide).
    onHidden: function (callback) {
      document.addEventListener("visibilitychange", function () {
        if (document.visibilityState === "hidden") { try { callback(); } catch (e) { /* nothing to do */ } }
      });
    },
    // The scripts of online play (web/rtc.js with its QR library, web/signal.js), asked for by the page's Python
    // once it has started rather than by index.html: on a slow link their 21 kB would otherwise
    // come before the runtime's files, and the runtime would start only once they had run (deferred scripts hold
    // DOMContentLoaded back). callback(true) once all three have run, callback(false) when one failed.
    online: function (callback) {
      if (onlineWaiting) { onlineWaiting.push(callback); return; }
      if (window.rummyRtc && window.rummySignal) { callback(true); return; }
      onlineWaiting = [callback];
      var urls = ["./vendor/qrcode-generator.js", "./web/rtc.js", "./web/signal.js"];
      var left = urls.length, failed = false;
      function done(ok) {
        if (!ok) failed = true;
        if (--left > 0) return;
        var ready = !failed && !!window.rummyRtc && !!window.rummySignal, waiting = onlineWaiting;
        onlineWaiting = null;
        waiting.forEach(function (f) { try { f(ready); } catch (e) { /* the caller's own affair */ } });
      }
      urls.forEach(function (url) {
        var s = document.createElement("script");
        s.src = url;
        s.async = false;  // run in this order, whichever arrives first
        s.onload = function () { done(true); };
        s.onerror = function () { done(false); };
        document.head.appendChild(s);
      });
    },
    reload: function () { location.reload(); },
    // n random bytes from the browser's cryptographic generator, as 2n hex digits ("" if it is missing).
    randomHex: function (n) {
      try {
        var b = new Uint8Array(n);
        crypto.getRandomValues(b);
        return Array.prototype.map.call(b, function (x) { return (x < 16 ? "0" : "") + x.toString(16); }).join("");
      } catch (e) { return ""; }
    },
    // the address shows this fragment (a seat's invite link taken in place), with no reload and no hashchange.
    showFragment: function (fragment) {
      try { history.replaceState(null, "", location.pathname + location.search + "#" + String(fragment)); }
      catch (e) { return false; }
      return true;
    },
    // the address's fragment (the part after "#", which never reaches a web server), without the "#".
    fragment: function () { try { return String(location.hash || "").replace(/^#/, ""); } catch (e) { return ""; } },
    // a replay link's fragment taken off the address, the page staying where it is.
    clearFragment: function () {
      try {
        if (/^#replay=/.test(location.hash)) history.replaceState(null, "", location.pathname + location.search);
      } catch (e) { /* nothing to do */ }
      return true;
    },
    // the local date and time, "2026-05-01 18:30" (when a past match ended).
    nowText: function () {
      try {
        var d = new Date();
        var p = function (n) { return (n < 10 ? "0" : "") + n; };
        return d.getFullYear() + "-" + p(d.getMonth() + 1) + "-" + p(d.getDate()) + " " + p(d.getHours()) + ":" +
          p(d.getMinutes());
      } catch (e) { return ""; }
    },
    sound: null,   // below
    motion: null,  // below
    sprite: function (html) {
      return guard(function () {
        var node = document.getElementById("rm-sprite");
        if (!node) {
          node = document.createElement("div");
          node.id = "rm-sprite";
          node.setAttribute("aria-hidden", "true");
          (document.getElementById("rm") || document.body).appendChild(node);
        }
        node.innerHTML = String(html);
        return true;
      });
    },
    look: function (className, attrs, motionMs) {
      return guard(function () {
        var root = document.getElementById("rm");
        if (!root) return false;
        root.className = String(className);
        var list = JSON.parse(String(attrs));
        for (var i = 0; i < list.length; i++) root.setAttribute(list[i][0], list[i][1]);
        root.style.setProperty("--motion", String(motionMs) + "ms");
        return true;
      });
    }
  };

  // ---------------------------------------------------------------- sound
  // Every sound is synthesised with WebAudio (no files). Nothing plays before the person has touched the page
  // (browsers refuse an AudioContext before that, and say so in the console).
  window.rummyBridge.sound = (function () {
    var audio = null, master = null, noiseBuf = null, played = 0;

    function activated() {
      try {
        var ua = navigator.userActivation;
        return !ua || ua.hasBeenActive;
      } catch (e) { return false; }
    }

    function context() {
      if (!audio) {
        var AC = window.AudioContext || window.webkitAudioContext;
        if (!AC) return null;
        audio = new AC();
        master = audio.createGain();
        master.connect(audio.destination);
      }
      if (audio.state === "suspended") {
        var p = audio.resume();
        if (p && p.catch) p.catch(function () { /* refused: silent */ });
      }
      return audio;
    }

    function noise(ac) {
      if (!noiseBuf) {
        noiseBuf = ac.createBuffer(1, Math.floor(ac.sampleRate * 0.4), ac.sampleRate);
        var d = noiseBuf.getChannelData(0);
        var x = 12345;  // a fixed noise (a small LCG): the same sound every time
        for (var i = 0; i < d.length; i++) { x = (x * 1103515245 + 12345) % 2147483648; d[i] = x / 1073741824 - 1; }
      }
      return noiseBuf;
    }

    function env(g, t, peak, attack, dur) {
      g.gain.setValueAtTime(0.0001, t);
      g.gain.exponentialRampToValueAtTime(peak, t + attack);
      g.gain.exponentialRampToValueAtTime(0.0001, t + dur);
    }

    function burst(ac, t, dur, freq, q, peak, type, sweepTo) {
      var src = ac.createBufferSource();
      src.buffer = noise(ac);
      var f = ac.createBiquadFilter();
      f.type = type || "bandpass";
      f.frequency.setValueAtTime(freq, t);
      if (sweepTo) f.frequency.exponentialRampToValueAtTime(sweepTo, t + dur);
      f.Q.value = q;
      var g = ac.createGain();
      env(g, t, peak, 0.004, dur);
      src.connect(f); f.connect(g); g.connect(master);
      src.start(t, (t * 7919) % 0.3);
      src.stop(t + dur + 0.02);
    }

    function tone(ac, t, freq, dur, peak, type, slideTo) {
      var o = ac.createOscillator();
      o.type = type || "sine";
      o.frequency.setValueAtTime(freq, t);
      if (slideTo) o.frequency.exponentialRampToValueAtTime(slideTo, t + dur);
      var g = ac.createGain();
      env(g, t, peak, 0.01, dur);
      o.connect(g); g.connect(master);
      o.start(t);
      o.stop(t + dur + 0.05);
    }

    var NOTE = { C4: 261.6, E4: 329.6, F4: 349.2, G4: 392.0, A4: 440.0, B4: 493.9, C5: 523.3, D5: 587.3, E5: 659.3,
                 G5: 784.0, C6: 1046.5, Eb4: 311.1, D4: 293.7, Ab3: 207.7 };

    var SOUNDS = {
      shuffle: function (ac, t) {  // a riffle: two runs of quick card flicks
        for (var i = 0; i < 18; i++) burst(ac, t + i * 0.028 + (i >= 9 ? 0.14 : 0), 0.03, 2600 + (i % 4) * 500, 1.4, 0.3);
        burst(ac, t + 0.56, 0.12, 900, 0.7, 0.25, "lowpass");
      },
      draw: function (ac, t) { burst(ac, t, 0.16, 1200, 0.9, 0.28, "bandpass", 3800); },
      discard: function (ac, t) {
        burst(ac, t, 0.09, 2400, 0.8, 0.25, "bandpass", 900);
        burst(ac, t + 0.07, 0.05, 700, 1, 0.45, "lowpass");
      },
      meld: function (ac, t) {
        for (var i = 0; i < 3; i++) burst(ac, t + i * 0.07, 0.05, 800 + i * 150, 1, 0.4, "lowpass");
      },
      knock: function (ac, t) {  // two raps on the table
        for (var i = 0; i < 2; i++) {
          tone(ac, t + i * 0.17, 170, 0.12, 0.7, "triangle", 110);
          burst(ac, t + i * 0.17, 0.05, 500, 2, 0.5, "lowpass");
        }
      },
      gin: function (ac, t) {
        var n = [NOTE.C5, NOTE.E5, NOTE.G5, NOTE.C6];
        for (var i = 0; i < n.length; i++) tone(ac, t + i * 0.09, n[i], i === 3 ? 0.6 : 0.16, 0.3, "triangle");
      },
      win: function (ac, t) {
        var n = [NOTE.G4, NOTE.C5, NOTE.E5, NOTE.G5];
        for (var i = 0; i < n.length; i++) tone(ac, t + i * 0.12, n[i], 0.18, 0.25, "square");
        [NOTE.C5, NOTE.E5, NOTE.G5].forEach(function (f) { tone(ac, t + 0.5, f, 0.8, 0.16, "triangle"); });
      },
      fanfare: function (ac, t) {  // a won match: a rising call, then a held chord
        var n = [NOTE.C5, NOTE.C5, NOTE.E5, NOTE.G5];
        for (var i = 0; i < n.length; i++) tone(ac, t + i * 0.11, n[i], 0.1, 0.22, "square");
        [NOTE.C5, NOTE.E5, NOTE.G5, NOTE.C6].forEach(function (f) { tone(ac, t + 0.48, f, 1.1, 0.13, "triangle"); });
      },
      lose: function (ac, t) {
        var n = [NOTE.G4, NOTE.F4, NOTE.Eb4, NOTE.D4];
        for (var i = 0; i < n.length; i++) tone(ac, t + i * 0.22, n[i], i === 3 ? 0.7 : 0.24, 0.18, "sawtooth",
                                               i === 3 ? NOTE.Ab3 : null);
      }
    };

    return {
      // play(name, volume 0-100, delay in seconds): true when it was played
      play: function (name, volume, delay) {
        try {
          if (!SOUNDS[name] || !activated()) return false;
          var ac = context();
          if (!ac) return false;
          master.gain.value = Math.max(0, Math.min(1, Number(volume) / 100)) * 0.9;
          SOUNDS[name](ac, ac.currentTime + 0.01 + Math.max(0, Number(delay) || 0));
          played += 1;
          return true;
        } catch (e) { return false; }
      },
      played: function () { return played; },
      names: function () { return Object.keys(SOUNDS); }
    };
  })();

  // ---------------------------------------------------------------- motion
  // The page's Python redraws the table as new HTML; this layer makes it move. before(plan) measures every face-up
  // card ([data-card]) and keeps copies of those about to leave; after() flies each card from where it was (or
  // from where the plan says it came: an opponent's hand, the stock) to where it is now. A flight is a copy of the
  // card in a fixed layer, animated with transforms and opacity only; the real card is hidden until it lands.
  window.rummyBridge.motion = (function () {
    var state = null;
    var flights = [];
    var ghostTimer = null;
    var inAir = 0;  // flights not yet landed: <div id="rm" data-moving> says whether any is (tests wait on it)
    var onLanded = null;  // the page's Python: told when the cards of a deal have all landed

    function root() { return document.getElementById("rm"); }
    function duration() {
      var r = root();
      if (!r) return 0;
      try { if (matchMedia("(prefers-reduced-motion: reduce)").matches) return 0; } catch (e) { /* no media */ }
      return parseInt(r.getAttribute("data-motion"), 10) || 0;
    }
    function layer() {
      var l = document.getElementById("rm-fly");
      if (!l) {
        l = document.createElement("div");
        l.id = "rm-fly";
        l.className = "fly-layer";
        l.setAttribute("aria-hidden", "true");
        root().appendChild(l);
      }
      return l;
    }
    function screenEl() { return document.getElementById("rm-screen"); }
    function keyed() {  // [key, element]: a card's text and its occurrence (jokers may repeat)
      var out = [], seen = {};
      var scope = screenEl();
      if (!scope) return out;
      var els = scope.querySelectorAll("[data-card]");
      for (var i = 0; i < els.length; i++) {
        var c = els[i].getAttribute("data-card");
        var n = seen[c] || 0;
        seen[c] = n + 1;
        out.push([c + "#" + n, els[i]]);
      }
      return out;
    }
    function angle(el) {
      var t = getComputedStyle(el).transform;
      if (!t || t === "none") return 0;
      var m = /matrix\(([^,]+),\s*([^,]+)/.exec(t);
      return m ? Math.atan2(parseFloat(m[2]), parseFloat(m[1])) * 180 / Math.PI : 0;
    }
    function box(el) {
      var r = el.getBoundingClientRect();
      var w = el.offsetWidth || r.width, h = el.offsetHeight || r.height;
      return { x: r.left + r.width / 2, y: r.top + r.height / 2, w: w, h: h, a: angle(el) };
    }
    function copy(el) {
      var c = el.cloneNode(true);
      ["id", "data-key", "data-testid", "data-act", "data-drop", "data-drag", "data-card", "style", "title",
       "aria-label", "aria-pressed", "role"].forEach(function (a) { c.removeAttribute(a); });
      c.classList.add("flyer");
      c.classList.remove("drag-src", "drag-ghost");
      return c;
    }
    function place(c, b) {
      c.style.cssText = "position:fixed;margin:0;left:" + (b.x - b.w / 2) + "px;top:" + (b.y - b.h / 2) + "px;width:" +
        b.w + "px;height:" + b.h + "px;transform-origin:50% 50%;";
    }
    function setMoving() {
      var r = root();
      if (r) r.setAttribute("data-moving", inAir > 0 ? "true" : "false");
    }
    function track(a) {
      flights.push(a);
      inAir += 1;
      setMoving();
      var over = false;
      var end = function () { if (!over) { over = true; inAir -= 1; setMoving(); } };
      a.addEventListener("finish", end);
      a.addEventListener("cancel", end);
      return a;
    }
    // fly(target element, its box now, from box, delay, duration): a copy of the target goes from `from` to the
    // target (the boxes are measured first, for every card, so that adding the copies forces no second layout)
    function fly(el, to, from, delay, dur) {
      if (!to.w || !from) return;
      var c = copy(el);
      place(c, to);
      layer().appendChild(c);
      var s = from.w ? from.w / to.w : 1;
      var dx = from.x - to.x, dy = from.y - to.y;
      var lift = Math.min(40, Math.hypot(dx, dy) * 0.12);
      var frames = [
        { transform: "translate(" + dx + "px," + dy + "px) rotate(" + from.a + "deg) scale(" + s + ")" },
        { transform: "translate(" + dx * 0.45 + "px," + (dy * 0.45 - lift) + "px) rotate(" + (from.a + to.a) / 2 + "deg) scale(" +
          (s + 1) / 2 * 1.06 + ")", offset: 0.5 },
        { transform: "translate(0px,0px) rotate(" + to.a + "deg) scale(1)" }
      ];
      var a = track(c.animate(frames, { duration: dur, delay: delay, easing: "cubic-bezier(.3,.7,.35,1)", fill: "both" }));
      hide(el, a);
    }
    // the real card is hidden while its copy flies (one style change each way: no layer of its own)
    function hide(el, a) {
      el.style.visibility = "hidden";
      var done = function () { el.style.visibility = ""; };
      a.addEventListener("finish", function () { done(); a.effect.target.remove(); });
      a.addEventListener("cancel", function () { done(); a.effect.target.remove(); });
    }
    // leave(copy, from box, target element, its box): a card that left the table flies into an opponent's hand
    function leave(c, from, el, to, delay, dur) {
      place(c, from);
      layer().appendChild(c);
      var s = from.w ? to.w / from.w : 1;
      var a = track(c.animate([
        { transform: "translate(0px,0px) rotate(" + from.a + "deg) scale(1)", opacity: 1 },
        { transform: "translate(" + (to.x - from.x) + "px," + (to.y - from.y) + "px) rotate(" + to.a + "deg) scale(" + s + ")", opacity: 0.2 }
      ], { duration: dur, delay: delay, easing: "cubic-bezier(.4,0,.4,1)", fill: "both" }));
      hide(el, a);
    }
    function shuffle(stock, b, dur) {  // the deck splits in two and riffles back, twice
      for (var i = 0; i < 4; i++) {
        var c = copy(stock);
        c.classList.add("dealt");
        place(c, b);
        layer().appendChild(c);
        var side = (i % 2 ? 1 : -1) * b.w * 0.55;
        var a = track(c.animate([
          { transform: "translate(0,0) rotate(0deg)" },
          { transform: "translate(" + side + "px," + (-4 - i) + "px) rotate(" + (side > 0 ? 8 : -8) + "deg)", offset: 0.25 },
          { transform: "translate(0,0) rotate(0deg)", offset: 0.5 },
          { transform: "translate(" + side + "px," + (-4 - i) + "px) rotate(" + (side > 0 ? 8 : -8) + "deg)", offset: 0.75 },
          { transform: "translate(0,0) rotate(0deg)" }
        ], { duration: dur * 2, delay: i * 30, easing: "ease-in-out" }));
        a.onfinish = (function (x) { return function () { x.remove(); }; })(c);
        a.oncancel = a.onfinish;
      }
    }
    // A card dealt face down from the stock: a copy of the stock's back, shown only once its flight begins (no
    // pile of waiting copies on the stock), lands on `el` (hidden until then); a face-up card (`turn`: the
    // person's own, the upcard) then turns over where it landed. done() when it is down, however it ends.
    function dealOne(el, to, from, back, delay, dur, turn, done) {
      if (!to.w || !from) { done(); return; }
      var c = copy(back);
      c.classList.add("dealt");
      place(c, to);
      c.style.opacity = "0";
      layer().appendChild(c);
      var s = from.w ? from.w / to.w : 1;
      var dx = from.x - to.x, dy = from.y - to.y;
      var lift = Math.min(30, Math.hypot(dx, dy) * 0.1);
      var frames = [
        { transform: "translate(" + dx + "px," + dy + "px) rotate(0deg) scale(" + s + ")", opacity: 1 },
        { transform: "translate(" + dx * 0.45 + "px," + (dy * 0.45 - lift) + "px) rotate(" + to.a / 2 + "deg) scale(" +
          (s + 1) / 2 + ")", opacity: 1, offset: 0.5 },
        { transform: "translate(0px,0px) rotate(" + to.a + "deg) scale(1)", opacity: 1, offset: turn ? 0.82 : 1 }
      ];
      if (turn) frames.push({ transform: "translate(0px,0px) rotate(" + to.a + "deg) scale(0.02,1)", opacity: 1 });
      var a = track(c.animate(frames, { duration: dur, delay: delay, easing: "cubic-bezier(.3,.7,.35,1)", fill: "forwards" }));
      var face = turn ? (el.querySelector(".cf") || el) : null;
      el.style.visibility = "hidden";
      var landed = false;
      var land = function () {
        if (landed) return;
        landed = true;
        el.style.visibility = "";
        c.remove();
        if (face && a.playState === "finished" && duration()) {
          track(face.animate([{ scale: "0.02 1" }, { scale: "1 1" }], { duration: dur * 0.3, easing: "ease-out" }));
        }
        done();
      };
      a.addEventListener("finish", land);
      a.addEventListener("cancel", land);
    }
    function deal(sels, dur) {
      var stock = document.querySelector("[data-testid=stock] .pcard");
      var r = root();
      if (r) r.setAttribute("data-dealt", "false");
      var left = 1;  // the cards still in the air, and one for the setting out below
      var done = function () {
        left -= 1;
        if (left > 0) return;
        if (r) r.setAttribute("data-dealt", "true");
        if (onLanded) { try { onLanded("deal"); } catch (e) { /* the page's Python reports its own faults */ } }
      };
      if (stock) {
        var from = box(stock);
        var hands = sels.map(function (s) { return Array.prototype.slice.call(document.querySelectorAll(s)); });
        var most = 0;
        hands.forEach(function (h) { most = Math.max(most, h.length); });
        var jobs = [], t = dur * 2, step = dur * 0.12;
        for (var k = 0; k < most; k++) {
          for (var i = 0; i < hands.length; i++) {
            var el = hands[i][k];
            if (!el) continue;
            var pic = el.querySelector(".cf");  // a card of the person's hand: its picture, at the fan's angle
            var b = pic ? box(pic) : box(el);
            if (pic) b.a = angle(el);
            jobs.push([el, b, t, !!pic]);
            t += step;
          }
        }
        // the upcard comes last, face down onto the discard pile, and turns over there; its count waits for it
        // (game.css hides it while the root says data-dealt="false": a redrawing of the pile keeps it hidden)
        var up = document.querySelector("[data-testid=discard-pile] .pcard.top");
        if (up) jobs.push([up, box(up), t, true]);
        shuffle(stock, from, dur);
        left += jobs.length;
        jobs.forEach(function (j) {
          dealOne(j[0], j[1], from, stock, j[2], dur, j[3], done);
        });
      }
      done();
    }
    // A little confetti from an element: a gin, a big gin, a won match (none under reduced motion or at instant
    // speed: the drawing's ribbon says it then). Inside the open dialog when it is the dialog's: a modal dialog
    // is above every other layer.
    var CONFETTI = ["#f2c14e", "#e53935", "#43a047", "#1e88e5", "#ffffff", "#8e24aa"];
    function celebrate(kind, selector) {
      var r = root();
      if (r) r.setAttribute("data-celebrated", String(kind));
      var dur = duration();
      if (!dur) return false;
      // the element is drawn by the drawing that follows the effects: the confetti waits for the next frame
      requestAnimationFrame(function () { guard(function () { burst(String(kind), String(selector), dur); }); });
      return true;
    }
    function burst(kind, selector, dur) {
      var target = document.querySelector(selector);
      if (!target) return;
      var dlg = document.querySelector("#rm-dialog[open]");
      var holder = dlg && dlg.contains(target) ? dlg : layer();
      var b = target.getBoundingClientRect();
      var n = { "big gin": 44, match: 60 }[kind] || 26;
      var x0 = b.left + b.width / 2, y0 = b.top + Math.min(b.height / 3, 60);
      for (var i = 0; i < n; i++) {
        var p = document.createElement("i");
        p.className = "confetto";
        p.setAttribute("aria-hidden", "true");
        p.style.cssText = "left:" + x0 + "px;top:" + y0 + "px;background:" + CONFETTI[i % CONFETTI.length] + ";";
        holder.appendChild(p);
        var ang = (i / n) * Math.PI * 2 + Math.random() * 0.5;
        var dist = 60 + Math.random() * (kind === "match" ? 260 : 170);
        var dx = Math.cos(ang) * dist, up = Math.sin(ang) * dist * 0.6 - 90;
        var spin = (Math.random() * 2 - 1) * 720;
        var a = p.animate([
          { transform: "translate(0,0) rotate(0deg) scale(.6)", opacity: 1 },
          { transform: "translate(" + dx * 0.7 + "px," + up + "px) rotate(" + spin / 2 + "deg) scale(1)", opacity: 1, offset: 0.35 },
          { transform: "translate(" + dx + "px," + (up + 260) + "px) rotate(" + spin + "deg) scale(.9)", opacity: 0 }
        ], { duration: dur * 4 + Math.random() * dur * 2, easing: "cubic-bezier(.2,.6,.4,1)", delay: Math.random() * dur * 0.4,
             fill: "backwards" });
        a.onfinish = (function (x) { return function () { x.remove(); }; })(p);
        a.oncancel = a.onfinish;
      }
    }
    function finishAll() {
      var list = flights;
      flights = [];
      list.forEach(function (a) { try { a.finish(); } catch (e) { try { a.cancel(); } catch (e2) { /* gone */ } } });
    }
    function ghost() { return document.querySelector(".drag-ghost"); }

    return {
      before: function (planText) {
        return guard(function () {
          state = null;
          var dur = duration();
          finishAll();
          var plan = planText ? JSON.parse(String(planText)) : null;
          if (!dur) {
            // no motion here (reduced motion, instant speed): a deal has landed as soon as it is drawn
            if (plan && plan.deal && onLanded) setTimeout(function () { try { onLanded("deal"); } catch (e) { /* */ } }, 0);
            return false;
          }
          var rects = {}, leaving = {};
          var leaveKeys = {};
          ((plan && plan.leave) || []).forEach(function (l) { leaveKeys[l[0]] = true; });
          var g = ghost();
          keyed().forEach(function (pair) {
            var el = pair[1];
            var dragged = !!el.closest(".drag-src, .held");
            rects[pair[0]] = (g && dragged) ? box(g.querySelector("[data-card]") || g) : box(el);
            var card = pair[0].split("#")[0];
            if (leaveKeys[card] && !leaving[card]) leaving[card] = { copy: copy(el), box: box(el) };
          });
          state = { dur: dur, plan: plan, rects: rects, leaving: leaving, ghostKey: null };
          if (g) {
            var src = screenEl() && screenEl().querySelector(".drag-src, .held");
            var srcCard = src && (src.hasAttribute("data-card") ? src : src.querySelector("[data-card]"));
            if (srcCard) state.ghostKey = srcCard.getAttribute("data-card");
          }
          return true;
        });
      },
      after: function () {
        return guard(function () {
          var st = state;
          state = null;
          if (!st) return false;
          var plan = st.plan || {};
          var dur = st.dur;
          var g = ghost();
          var table = document.querySelector("[data-testid=table-screen]");
          var waiting = table && table.getAttribute("data-waiting") === "true";
          if (g) {
            // a dragged card: while its move is on its way it stays where it was dropped; then it flies on
            if (waiting && !plan.snap) g.setAttribute("data-pending", "1");
            else g.removeAttribute("data-pending");
          }
          var now = keyed();
          if (plan.deal) { deal(plan.deal, dur); return true; }
          var from = plan.from || {};
          var jobs = [], leaves = [], i, o;  // measure everything first, then add the copies (one layout)
          now.forEach(function (pair) {
            var key = pair[0], el = pair[1];
            var card = key.split("#")[0];
            if (g && g.getAttribute("data-pending") === "1" && card === st.ghostKey) {
              el.classList.add("held");  // hidden under the ghost until the move's answer
              return;
            }
            var old = st.rects[key];
            if (old) {
              var b = box(el);
              // a card that moved: it flies (a small shift, as when the hand closes up, just happens)
              if (Math.abs(b.x - old.x) > b.w * 0.3 || Math.abs(b.y - old.y) > b.h * 0.3 || Math.abs(b.w - old.w) > 3) {
                jobs.push([el, b, old]);
              }
              return;
            }
            var origin = from[key] || from[card];
            if (origin) {
              o = document.querySelector(origin);
              if (o) jobs.push([el, box(el), box(o)]);
            }
          });
          (plan.fans || []).forEach(function (f) {
            var el = document.querySelector(f[0]);
            o = document.querySelector(f[1]);
            if (el && o) jobs.push([el, box(el), box(o)]);
          });
          (plan.leave || []).forEach(function (l) {
            var gone = st.leaving[l[0]], el = document.querySelector(l[1]);
            if (gone && el) leaves.push([gone, el, box(el)]);
          });
          for (i = 0; i < jobs.length; i++) fly(jobs[i][0], jobs[i][1], jobs[i][2], 0, dur);
          for (i = 0; i < leaves.length; i++) leave(leaves[i][0].copy, leaves[i][0].box, leaves[i][1], leaves[i][2], 0, dur);
          (plan.pop || []).forEach(function (sel) {
            var el = document.querySelector(sel);
            if (el) track(el.animate([{ scale: "0.3", opacity: 0 }, { scale: "1.08", opacity: 1, offset: 0.7 },
                                      { scale: "1", opacity: 1 }], { duration: dur * 1.2, delay: dur * 0.5, fill: "backwards",
                                                                     easing: "ease-out" }));
          });
          (plan.shake || []).forEach(function (sel) {
            var els = document.querySelectorAll(sel);
            for (var i = 0; i < els.length; i++) {
              els[i].animate([{ translate: "0 0" }, { translate: "-7px 0" }, { translate: "6px 0" }, { translate: "-4px 0" },
                              { translate: "0 0" }], { duration: 320, easing: "ease-in-out" });
            }
          });
          if (g && g.getAttribute("data-pending") !== "1" && !document.querySelector(".rm.dragging")) g.remove();
          return true;
        });
      },
      celebrate: function (kind, selector) {
        return guard(function () { return celebrate(kind, selector); });
      },
      // onLanded(callback): callback("deal") each time the cards of a deal have all landed
      onLanded: function (callback) { onLanded = callback; return true; },
      // the drag is over: the ghost goes unless its move is on its way (then the next drawing takes it)
      release: function (node) {
        return guard(function () {
          if (!node) return false;
          if (node.getAttribute("data-pending") === "1" && duration()) {
            clearTimeout(ghostTimer);
            ghostTimer = setTimeout(function () { node.remove(); }, 10000);
            return true;
          }
          node.remove();
          return true;
        });
      }
    };
  })();

  // ---------------------------------------------------------------- an invite link opened in this tab
  // A new invite link pasted into the address bar of a tab that shows the game changes only the fragment: the
  // browser does not load the page again. The page reads its link once, when it starts: so it starts again.
  window.addEventListener("hashchange", function (ev) {
    try {
      var before = String(ev.oldURL || "").split("#")[1] || "";
      if (/^#j=/.test(location.hash) && location.hash.slice(1) !== before) location.reload();
    } catch (e) { /* nothing to do */ }
  });

  // ---------------------------------------------------------------- the menu on narrow screens
  // The menu folds into one button (a popover); choosing an item closes it.
  document.addEventListener("click", function (ev) {
    try {
      var t = ev.target;
      var menu = t && t.closest ? t.closest("#rm-menu") : null;
      if (menu && t.closest("[data-act]") && menu.matches(":popover-open")) menu.hidePopover();
    } catch (e) { /* no popovers here */ }
  });
})();
