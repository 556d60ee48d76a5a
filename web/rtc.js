/* window.rummyRtc: the WebRTC data channels of online play, for the page's Python (MicroPython).
 *
 * No function here ever throws (MicroPython cannot catch a JavaScript exception: it would end the page's run).
 * Failures come back as a callback's error text, an {error: text} answer, false, or a "failed" event.
 * Every callback argument is a plain string, number or boolean, and every callback is called with the same
 * number of arguments each time, so a Python `def done(sdp, err)` always fits.
 *
 * A link is named by a string key of the caller's choice ("seat2" on the host, "host" on a guest). Each link is
 * one RTCPeerConnection with one ordered, reliable data channel "rummy" (negotiated: id 0 on both sides, so no
 * in-band announcement and no "datachannel" event to wait for). Without a signalling server, each side's
 * description is complete before it is handed over: ICE gathering is awaited.
 *
 *   configure(iceServersJson) -> true | {error}
 *       The STUN (or TURN) servers as JSON text, an RTCPeerConnection iceServers list: '[]' = same network only
 *       (the default). Each entry {urls: "stun:..." | [...], username?, credential?}; anything else is refused
 *       and the list in force is kept. Used by the links made after the call.
 *   offer(key, done)            host: done(sdpText, "") or done("", errorText)
 *   answer(key, offerSdp, done) guest: done(answerSdpText, "") or done("", errorText)
 *       Both make a new link under `key` (an older link of that key is closed first, with no event), create the
 *       description, and wait until ICE gathering completes, or limits.gatherMs after the start when at least one
 *       candidate has come, or fail with "no network address" after limits.gatherMaxMs with none.
 *   accept(key, answerSdp, done) host: done(true, "") or done(false, errorText). A refused answer (garbage, the
 *       wrong kind) leaves the offer waiting, so the host may try another reply code on the same link.
 *       An accepted answer whose link is not open limits.connectMs later ends in "failed" ("could not connect":
 *       e.g. codes with no address the two can reach). A guest's answer has no such limit: its host may take
 *       minutes to paste the reply code.
 *   send(key, text) -> true | false
 *       false when the link is not open, when `text` is not a string, when it is over limits.message bytes of UTF-8
 *       (256 kB, the max-message-size both sides announce), or when limits.buffered bytes already wait to be sent.
 *   listen(fn)   fn(key, kind, data) for every event of every link; one listener (a new one replaces the old).
 *       Events that came before any listener was set are kept (the last limits.queue) and delivered to the first.
 *       kind "open"     data ""          the channel is open: send() works.
 *       kind "message"  data text        a message (binary messages are dropped).
 *       kind "closed"   data reason      the link ended: the channel closed (the other side closed it or left
 *                                        its page: within a fraction of a second, as a page leaving closes
 *                                        its links), the connection state became "closed", or it stayed
 *                                        "disconnected" for limits.disconnectMs without recovering (a side that
 *                                        vanished with no goodbye, its network gone: about 10 s in all, as
 *                                        Chromium says "disconnected" some 5-6 s after the last answer).
 *       kind "failed"   data reason      the link could not be made or broke: connection state "failed"
 *                                        (e.g. no route between the two, a wrong fingerprint), a channel error.
 *       A link gets at most one "open" and then exactly one of "closed" / "failed", and nothing after that.
 *       A link closed by close()/closeAll() on this side gets no event.
 *   close(key), closeAll()       end links quietly (the other side sees "closed"); true.
 *   state(key) -> "new" (making its description) | "connecting" (description handed out, not yet open) |
 *       "open" | "closed" (ended, failed or never made).
 *   limits       the numbers above (milliseconds, bytes), read when used: a test may shorten them.
 *   qr(text) -> SVG text of a QR code of `text` (UTF-8, error correction M, the smallest version that fits,
 *       a quiet zone of 4 modules, sized by CSS: no width/height), or "" when it does not fit / no library.
 *       The QR library is qrcode-generator (MIT), vendored as ./vendor/qrcode-generator.js.
 *
 * The page's links are closed on "pagehide", so the other side learns at once that this page has gone; should
 * the page come back from the back-forward cache, each of those links gets its "closed" event ("page hidden").
 */
(function () {
  "use strict";

  // The limits (read each time they are used; tests may shorten connectMs).
  var limits = {
    message: 262144,              // bytes of UTF-8 in one message (= a=max-message-size in web/page/shared/rtc.py)
    buffered: 4 * 1024 * 1024,    // waiting to be sent (Chromium closes a channel whose buffer passes 16 MB)
    gatherMs: 3000,               // ICE gathering: enough once a candidate has come ...
    gatherMaxMs: 20000,           // ... and given up with none
    connectMs: 30000,             // host: open within this after accept(), or "failed"
    disconnectMs: 4000,           // "disconnected" for this long = "closed"
    queue: 200                    // events kept until the first listener
  };
  var SCHEMES = ["stun:", "stuns:", "turn:", "turns:"];

  var iceServers = [];
  var links = {};
  var listener = null;
  var queue = [];

  function text(e) {
    if (e && typeof e.message === "string" && e.message) return e.message;
    try { return String(e); } catch (x) { return "error"; }
  }

  function call(fn, a, b, c) {
    try { fn(a, b, c); } catch (e) { /* the caller's own error is the caller's; the link goes on */ }
  }

  function emit(key, kind, data) {
    if (listener) call(listener, key, kind, data);
    else {
      queue.push([key, kind, data]);
      if (queue.length > limits.queue) queue.shift();
    }
  }

  // ---------------------------------------------------------------- one link
  function end(link, kind, reason, quiet) {
    if (link.state === "closed") return;
    link.state = "closed";
    if (link.timer) { clearTimeout(link.timer); link.timer = null; }
    if (link.connectTimer) { clearTimeout(link.connectTimer); link.connectTimer = null; }
    if (links[link.key] === link) delete links[link.key];
    if (link.pending) {  // a description was still being made
      var pending = link.pending;
      link.pending = null;
      pending(reason || "closed");
    }
    try { link.dc.close(); } catch (e) { /* already closed */ }
    try { link.pc.close(); } catch (e) { /* already closed */ }
    if (!quiet) emit(link.key, kind, reason || "");
  }

  function watch(link) {
    var dc = link.dc, pc = link.pc;
    dc.onopen = function () {
      if (link.state === "closed") return;
      link.state = "open";
      if (link.connectTimer) { clearTimeout(link.connectTimer); link.connectTimer = null; }
      emit(link.key, "open", "");
    };
    dc.onmessage = function (ev) {
      if (link.state === "open" && typeof ev.data === "string") emit(link.key, "message", ev.data);
    };
    dc.onclose = function () { end(link, "closed", "channel closed"); };
    dc.onerror = function (ev) {
      var err = ev && ev.error;
      // A channel closed by the other side reports an error too (an SCTP abort): that is a close.
      if (err && err.sctpCauseCode === 12) end(link, "closed", "channel closed");
      else end(link, "failed", "channel error: " + text(err || ev));
    };
    pc.onconnectionstatechange = function () {
      var s = pc.connectionState;
      if (s === "failed") end(link, "failed", "connection failed");
      else if (s === "closed") end(link, "closed", "connection closed");
      else if (s === "disconnected") {
        if (!link.timer) {
          link.timer = setTimeout(function () {
            link.timer = null;
            if (pc.connectionState === "disconnected") end(link, "closed", "disconnected");
          }, limits.disconnectMs);
        }
      } else if (link.timer) { clearTimeout(link.timer); link.timer = null; }
    };
  }

  function newLink(key) {
    var old = links[key];
    if (old) end(old, "closed", "replaced", true);
    var pc = new RTCPeerConnection({ iceServers: iceServers });
    var link = { key: key, pc: pc, dc: null, state: "new", timer: null, connectTimer: null, pending: null };
    try {
      link.dc = pc.createDataChannel("rummy", { negotiated: true, id: 0, ordered: true });
    } catch (e) {
      try { pc.close(); } catch (x) { /* nothing to close */ }
      throw e;
    }
    links[key] = link;
    watch(link);
    return link;
  }

  // Resolve when ICE gathering is over (or bounded: see the header); reject(reason) otherwise.
  function gathered(link, ok, fail) {
    var pc = link.pc, count = 0, finished = false, started = Date.now(), timer = null;
    function finish(err) {
      if (finished) return;
      finished = true;
      link.pending = null;
      if (timer) clearTimeout(timer);
      pc.onicecandidate = null;
      pc.onicegatheringstatechange = null;
      if (err) fail(err); else ok();
    }
    function check() {
      if (pc.iceGatheringState === "complete") { finish(count ? null : "no network address"); return; }
      var waited = Date.now() - started;
      if (count > 0 && waited >= limits.gatherMs) finish(null);
      else if (waited >= limits.gatherMaxMs) finish("no network address");
    }
    link.pending = function (reason) { finish(reason); };
    pc.onicecandidate = function (ev) {
      if (ev.candidate && ev.candidate.candidate) count += 1;
      check();
    };
    pc.onicegatheringstatechange = check;
    (function tick() {
      if (finished) return;
      check();
      if (!finished) timer = setTimeout(tick, 250);
    })();
  }

  function describe(key, offerSdp, done) {
    var link;
    try { link = newLink(String(key)); } catch (e) { call(done, "", text(e)); return; }
    var pc = link.pc;
    function fail(e) {
      var reason = typeof e === "string" ? e : text(e);
      if (link.state !== "closed") end(link, "failed", reason, true);
      call(done, "", reason);
    }
    var made;
    try {
      if (offerSdp === null) {
        made = pc.createOffer().then(function (d) { return pc.setLocalDescription(d); });
      } else {
        made = pc.setRemoteDescription({ type: "offer", sdp: String(offerSdp) })
          .then(function () { return pc.createAnswer(); })
          .then(function (d) { return pc.setLocalDescription(d); });
      }
    } catch (e) { fail(e); return; }
    made.then(function () {
      if (link.state === "closed") { call(done, "", "closed"); return; }
      gathered(link, function () {
        var sdp = pc.localDescription ? pc.localDescription.sdp : "";
        if (!sdp) { fail("no description"); return; }
        if (link.state === "new") link.state = "connecting";
        call(done, sdp, "");
      }, fail);
    }, function (e) {
      if (link.state === "closed") call(done, "", "closed"); else fail(e);
    });
  }

  function utf8Length(s) {
    if (s.length * 3 <= limits.message) return s.length;  // cannot be over the cap: skip counting
    var n = 0;
    for (var i = 0; i < s.length; i++) {
      var c = s.charCodeAt(i);
      if (c < 0x80) n += 1;
      else if (c < 0x800) n += 2;
      else if (c >= 0xd800 && c < 0xdc00) { n += 4; i++; }
      else n += 3;
    }
    return n;
  }

  function validServers(list) {
    if (!Array.isArray(list)) return "not a list";
    for (var i = 0; i < list.length; i++) {
      var s = list[i];
      if (!s || typeof s !== "object" || Array.isArray(s)) return "entry " + i + " is not an object";
      var urls = typeof s.urls === "string" ? [s.urls] : s.urls;
      if (!Array.isArray(urls) || urls.length === 0) return "entry " + i + " has no urls";
      for (var j = 0; j < urls.length; j++) {
        var u = urls[j];
        if (typeof u !== "string" || !SCHEMES.some(function (p) { return u.indexOf(p) === 0; })) {
          return "entry " + i + ": not a STUN or TURN address: " + String(u);
        }
      }
      for (var k in s) {
        if (k !== "urls" && k !== "username" && k !== "credential") return "entry " + i + ": unknown field " + k;
        if (k !== "urls" && typeof s[k] !== "string") return "entry " + i + ": " + k + " is not text";
      }
    }
    return null;
  }

  window.rummyRtc = {
    configure: function (json) {
      try {
        var list = JSON.parse(String(json));
        var problem = validServers(list);
        if (problem) return { error: problem };
        iceServers = list;
        return true;
      } catch (e) { return { error: text(e) }; }
    },
    offer: function (key, done) { describe(key, null, done); },
    answer: function (key, offerSdp, done) { describe(key, offerSdp === null ? "" : offerSdp, done); },
    accept: function (key, answerSdp, done) {
      var link = links[String(key)];
      if (!link || link.pc.signalingState !== "have-local-offer") {
        call(done, false, "no offer waits for an answer on this link");
        return;
      }
      try {
        link.pc.setRemoteDescription({ type: "answer", sdp: String(answerSdp) }).then(
          function () {
            if (link.state !== "open" && link.state !== "closed" && !link.connectTimer) {
              link.connectTimer = setTimeout(function () {
                link.connectTimer = null;
                if (link.state !== "open") end(link, "failed", "could not connect");
              }, limits.connectMs);
            }
            call(done, true, "");
          },
          function (e) { call(done, false, text(e)); });
      } catch (e) { call(done, false, text(e)); }
    },
    send: function (key, message) {
      try {
        var link = links[String(key)];
        if (!link || link.state !== "open" || link.dc.readyState !== "open" || typeof message !== "string") return false;
        var size = utf8Length(message);
        if (size > limits.message || link.dc.bufferedAmount + size > limits.buffered) return false;
        link.dc.send(message);
        return true;
      } catch (e) { return false; }
    },
    listen: function (fn) {
      listener = fn || null;  // a MicroPython function arrives as a JS function; call() guards anything else
      if (listener) {
        var waiting = queue;
        queue = [];
        for (var i = 0; i < waiting.length; i++) call(listener, waiting[i][0], waiting[i][1], waiting[i][2]);
      }
      return true;
    },
    close: function (key) {
      var link = links[String(key)];
      if (link) end(link, "closed", "closed here", true);
      return true;
    },
    closeAll: function () {
      Object.keys(links).forEach(function (key) { end(links[key], "closed", "closed here", true); });
      return true;
    },
    state: function (key) {
      var link = links[String(key)];
      return link ? link.state : "closed";
    },
    qr: function (value) {
      try {
        var make = window.qrcode;
        if (typeof make !== "function") return "";
        make.stringToBytes = make.stringToBytesFuncs["UTF-8"];
        var code = make(0, "M");
        code.addData(String(value), "Byte");
        code.make();
        return code.createSvgTag({ cellSize: 1, margin: 4, scalable: true })
          .replace("<svg ", '<svg shape-rendering="crispEdges" ');
      } catch (e) { return ""; }
    },
    limits: limits
  };

  var hidden = [];
  try {
    window.addEventListener("pagehide", function () {
      hidden = Object.keys(links);
      window.rummyRtc.closeAll();
    });
    window.addEventListener("pageshow", function (ev) {
      if (ev.persisted) hidden.forEach(function (key) { if (!links[key]) emit(key, "closed", "page hidden"); });
      hidden = [];
    });
  } catch (e) { /* no page events: nothing to close */ }
})();
