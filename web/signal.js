/* window.rummySignal: pages of online play meeting through Nostr relays, for the page's Python (MicroPython).
 *
 * What travels through a relay is only what two pages need to open a WebRTC link between them (the connection
 * codes of web/page/shared/rtc.py) and, in the lobby, who is looking for a game. The game itself goes over the
 * data channel (web/rtc.js), peer to peer. A relay learns that pages met, when, and their network addresses.
 *
 * Same conventions as rtc.js: nothing here ever throws (MicroPython cannot catch a JavaScript exception);
 * callbacks get plain strings; failures come back as events.
 *
 *   configure(relaysJson) -> true | {error}
 *       The relays as JSON text: a list of "wss://..." (or "ws://...") addresses. Relays no longer listed are
 *       closed; new ones are opened when something is to be sent or heard.
 *   join(name, keyHex) -> true | false
 *       Listen to a room: a 32-byte secret shared by the pages of one seat's link (from the invite link's
 *       fragment). Relays see the room's public key (derived from the secret) as the events' "p" tag and each
 *       page's own key of this visit as their author; the text is encrypted (NIP-44 v2) with a key only the
 *       holders of the secret can derive.
 *   post(name, text) -> true | false      send a text to the pages of a room (not heard back by this page).
 *   leave(name)                            stop listening to a room.
 *   seek(topic, text) / unseek(topic)      the lobby: say (again) that this page is looking for a game under
 *                                          `topic`, with `text` in clear (a name and what it wants), and hear
 *                                          the others who do; unseek stops both.
 *   direct(pubkeyHex, text) -> true | false  a text only the page of that key can read (NIP-44 v2 between the two).
 *   me() -> this page's public key of this visit (hex), "" until the library is loaded.
 *   listen(fn)   fn(name, kind, data, from) for every event:
 *       kind "message"  name = room,  data = text,    from = the sender's key
 *       kind "seeking"  name = topic, data = its text, from = the seeker's key (said while this page listens:
 *                       a relay's stored announcements are not news)
 *       kind "direct"   name = "",    data = text,    from = the sender's key
 *       kind "relay"    name = url,   data = "open" | "closed" | "failed"
 *       kind "ready"    data = this page's key: the library is loaded;  kind "unavailable": it could not be.
 *   traffic() -> {sent, received}: bytes of events this page sent and received (for the benchmarks).
 *
 * Every event is an ephemeral one (KIND, in Nostr's 20000-29999 range): relays pass it on to whoever listens at
 * that moment and should store nothing. A relay that stores them anyway sends them again to each new subscription:
 * each event is delivered once (its id remembered), and nothing older than a minute before the page came is asked
 * for; the protocols above tell an old message from a new one. The library is nostr-tools (Unlicense), vendored as ./vendor/nostr-tools.js and
 * loaded the first time online play uses a relay, not with the page.
 */
(function () {
  "use strict";

  var KIND = 25731;           // this game's ephemeral events
  var RETRY_MS = 3000;        // a relay that closed is opened again after this long, while it is needed
  var SEEN_MAX = 2000;        // event ids remembered, so an event heard from two relays is delivered once
  // Relays should keep no ephemeral event, but some do, and send them to a new subscription: only what was said
  // from a minute before this page came is asked for (a minute: clocks of two machines may differ that much).
  var HISTORY_S = 60;
  var since = Math.floor(Date.now() / 1000) - HISTORY_S;

  var NT = null;              // window.NostrTools, once loaded
  var loading = false;
  var waiting = [];           // work waiting for the library
  var relays = [];            // the relay addresses in force
  var conns = {};             // url -> {relay, sub, state: "connecting"|"open"|"closed", retry}
  var mySk = null, myPk = "";
  var rooms = {};             // name -> {sk, pk, ck}
  var roomByPk = {};          // room public key -> name
  var seeking = {};           // topic -> text
  var listener = null;
  var queue = [];
  var seen = {}, seenOrder = [];
  var bytes = {sent: 0, received: 0};

  function emit(name, kind, data, from) {
    if (listener) { try { listener(name, kind, data, from || ""); } catch (e) { /* the caller's */ } }
    else { queue.push([name, kind, data, from || ""]); if (queue.length > 200) queue.shift(); }
  }

  function now() { return Math.floor(Date.now() / 1000); }

  function ready(fn) {
    if (NT) { fn(); return; }
    waiting.push(fn);
    if (loading) return;
    loading = true;
    var s = document.createElement("script");
    s.src = new URL("vendor/nostr-tools.js", document.baseURI).href;
    s.onload = function () {
      NT = window.NostrTools || null;
      if (!NT) { emit("", "unavailable", "no library"); return; }
      mySk = NT.generateSecretKey();
      myPk = NT.getPublicKey(mySk);
      emit("", "ready", myPk);
      var w = waiting; waiting = [];
      w.forEach(function (f) { try { f(); } catch (e) { console.warn("signal:", e); } });
    };
    s.onerror = function () { loading = false; waiting = []; emit("", "unavailable", "the library could not be loaded"); };
    document.head.appendChild(s);
  }

  function filters() {
    var out = [{kinds: [KIND], "#p": [myPk].concat(Object.keys(roomByPk)), since: since}];
    var topics = Object.keys(seeking);
    if (topics.length) out.push({kinds: [KIND], "#t": topics, since: since});
    return out;
  }

  function needed() { return Object.keys(rooms).length > 0 || Object.keys(seeking).length > 0; }

  function remember(id) {
    if (seen[id]) return false;
    seen[id] = true;
    seenOrder.push(id);
    if (seenOrder.length > SEEN_MAX) delete seen[seenOrder.shift()];
    return true;
  }

  // stored: the event came with a subscription's stored events (before its end-of-stored-events), not as it was said
  function onEvent(ev, stored) {
    try {
      if (!ev || ev.kind !== KIND || ev.pubkey === myPk || !remember(ev.id)) return;
      bytes.received += JSON.stringify(ev).length;
      var t = null, p = null;
      (ev.tags || []).forEach(function (tag) {
        if (tag[0] === "t" && t === null) t = tag[1];
        if (tag[0] === "p" && p === null) p = tag[1];
      });
      if (t !== null && Object.prototype.hasOwnProperty.call(seeking, t)) {
        // the lobby hears only who is looking now: a page that is says so again as soon as it hears this one
        if (!stored) emit(t, "seeking", String(ev.content).slice(0, 2000), ev.pubkey);
      } else if (p === myPk) {
        var ck = NT.nip44.v2.utils.getConversationKey(mySk, ev.pubkey);
        emit("", "direct", NT.nip44.v2.decrypt(ev.content, ck), ev.pubkey);
      } else if (p !== null && roomByPk[p] !== undefined) {
        var room = rooms[roomByPk[p]];
        emit(roomByPk[p], "message", NT.nip44.v2.decrypt(ev.content, room.ck), ev.pubkey);
      }
    } catch (e) {
      console.warn("signal: an event was dropped:", e && e.message ? e.message : e);  // forged or foreign
    }
  }

  function subscribe(c) {
    if (c.state !== "open") return;
    if (c.sub) { try { c.sub.close(); } catch (e) { /* closed */ } c.sub = null; }
    if (!needed()) return;
    var eosed = false;
    try {
      c.sub = c.relay.subscribe(filters(), {
        onevent: function (ev) { onEvent(ev, !eosed); },
        oneose: function () { eosed = true; live(c); }
      });
    } catch (e) { console.warn("signal:", e); }
  }

  // A relay may pass on an event before it has begun to pass on the events of a subscription sent just before it
  // (one relay answers a subscription's stored events first): what this page says waits until its first
  // subscription is live there, so that the answers to it are heard.
  function live(c) {
    if (c.live) return;
    c.live = true;
    var p = c.pending; c.pending = [];
    p.forEach(function (ev) { send(c, ev); });
  }

  function open(url) {
    var c = conns[url];
    if (c && c.state !== "closed") return;
    c = conns[url] = {relay: null, sub: null, state: "connecting", retry: null, pending: [], live: false};
    var relay;
    try { relay = new NT.Relay(url); } catch (e) { c.state = "closed"; emit(url, "relay", "failed"); return; }
    c.relay = relay;
    relay.onclose = function () {
      if (conns[url] !== c) return;
      c.state = "closed"; c.sub = null;
      emit(url, "relay", "closed");
      if (relays.indexOf(url) >= 0) c.retry = setTimeout(function () { if (needed()) open(url); }, RETRY_MS);
    };
    relay.connect().then(function () {
      if (conns[url] !== c) { try { relay.close(); } catch (e) { /* gone */ } return; }
      c.state = "open";
      emit(url, "relay", "open");
      subscribe(c);
      if (!c.sub) live(c);  // nothing to listen to: nothing to wait for
    }, function () {
      if (conns[url] !== c) return;
      c.state = "closed";
      emit(url, "relay", "failed");
      if (relays.indexOf(url) >= 0) c.retry = setTimeout(function () { if (needed()) open(url); }, RETRY_MS);
    });
  }

  function send(c, ev) {
    try {
      bytes.sent += JSON.stringify(ev).length;
      c.relay.publish(ev).catch(function (e) { console.warn("signal: a relay refused an event:", e && e.message); });
    } catch (e) { console.warn("signal:", e); }
  }

  function connectAll() { relays.forEach(open); resubscribe(); }

  function resubscribe() { Object.keys(conns).forEach(function (u) { subscribe(conns[u]); }); }

  function publish(tags, content) {
    var ev;
    try { ev = NT.finalizeEvent({kind: KIND, created_at: now(), tags: tags, content: content}, mySk); }
    catch (e) { console.warn("signal:", e); return; }
    remember(ev.id);
    relays.forEach(function (url) {
      open(url);
      var c = conns[url];
      if (c.state === "open" && c.live) send(c, ev);
      else if (c.state !== "closed") c.pending.push(ev);
    });
  }

  function isRelay(u) { return typeof u === "string" && /^wss?:\/\/[^\s\/]+/.test(u) && u.length <= 200; }

  window.rummySignal = {
    configure: function (json) {
      var list;
      try { list = JSON.parse(json); } catch (e) { return {error: "not JSON"}; }
      if (!Array.isArray(list) || !list.every(isRelay)) return {error: "a relay is a wss:// address"};
      relays = list.slice(0, 10);
      Object.keys(conns).forEach(function (u) {
        if (relays.indexOf(u) < 0) {
          var c = conns[u]; delete conns[u];
          if (c.retry) clearTimeout(c.retry);
          try { c.relay.close(); } catch (e) { /* closed */ }
        }
      });
      if (NT && needed()) connectAll();
      return true;
    },
    join: function (name, keyHex) {
      if (typeof name !== "string" || !/^[0-9a-f]{64}$/.test(String(keyHex))) return false;
      ready(function () {
        try {
          var sk = NT.utils.hexToBytes(keyHex), pk = NT.getPublicKey(sk);
          rooms[name] = {sk: sk, pk: pk, ck: NT.nip44.v2.utils.getConversationKey(sk, pk)};
          roomByPk[pk] = name;
          connectAll();
        } catch (e) { console.warn("signal: a room could not be joined:", e); }
      });
      return true;
    },
    post: function (name, text) {
      if (typeof text !== "string") return false;
      ready(function () {
        var room = rooms[name];
        if (!room) return;
        publish([["p", room.pk]], NT.nip44.v2.encrypt(text, room.ck));
      });
      return true;
    },
    leave: function (name) {
      var room = rooms[name];
      if (room) { delete roomByPk[room.pk]; delete rooms[name]; resubscribe(); }
      return true;
    },
    seek: function (topic, text) {
      if (typeof topic !== "string" || typeof text !== "string") return false;
      ready(function () {
        var fresh = !Object.prototype.hasOwnProperty.call(seeking, topic);
        seeking[topic] = text;
        if (fresh) connectAll();
        publish([["t", topic]], text);
      });
      return true;
    },
    unseek: function (topic) {
      if (Object.prototype.hasOwnProperty.call(seeking, topic)) { delete seeking[topic]; resubscribe(); }
      return true;
    },
    direct: function (pk, text) {
      if (!/^[0-9a-f]{64}$/.test(String(pk)) || typeof text !== "string") return false;
      ready(function () {
        try {
          var ck = NT.nip44.v2.utils.getConversationKey(mySk, pk);
          publish([["p", pk]], NT.nip44.v2.encrypt(text, ck));
        } catch (e) { console.warn("signal: a direct message could not be made:", e); }
      });
      return true;
    },
    me: function () { return myPk; },
    listen: function (fn) {
      listener = fn;
      var q = queue; queue = [];
      q.forEach(function (e) { emit(e[0], e[1], e[2], e[3]); });
    },
    traffic: function () { return {sent: bytes.sent, received: bytes.received}; }
  };
})();
