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

  // Make the element #id show `html` while touching the page as little as possible: the screen's root
  // element is kept (its attributes updated) and each of its children is replaced only when it differs
  // from the new one. A child that did not change keeps its identity, so focus, scroll and running
  // animations in it are left alone, and the browser lays out only what changed. Answers the number of
  // children replaced (0: nothing changed), -1 when the whole content was replaced.
  function morph(id, html) {
    var root = document.getElementById(id);
    if (!root) return -1;
    var tpl = document.createElement("template");
    tpl.innerHTML = html;
    var fresh = tpl.content;
    var old = root.firstElementChild;
    var neu = fresh.firstElementChild;
    var same = old && neu && root.childNodes.length === 1 && fresh.childNodes.length === 1 &&
      old.tagName === neu.tagName && old.getAttribute("data-testid") === neu.getAttribute("data-testid") &&
      old.childNodes.length === neu.childNodes.length;
    if (!same) {
      root.replaceChildren(fresh);
      return -1;
    }
    syncAttributes(old, neu);
    var replaced = 0;
    var a = old.firstChild;
    var b = neu.firstChild;
    while (a && b) {
      var nextA = a.nextSibling;
      var nextB = b.nextSibling;
      if (!a.isEqualNode(b)) {
        old.replaceChild(b, a);
        replaced++;
      }
      a = nextA;
      b = nextB;
    }
    return replaced;
  }

  window.rummyBridge = {
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
    reload: function () { location.reload(); },
    // n random bytes from the browser's cryptographic generator, as 2n hex digits ("" if it is missing).
    randomHex: function (n) {
      try {
        var b = new Uint8Array(n);
        crypto.getRandomValues(b);
        return Array.prototype.map.call(b, function (x) { return (x < 16 ? "0" : "") + x.toString(16); }).join("");
      } catch (e) { return ""; }
    },
    // the address's fragment (the part after "#", which never reaches a web server), without the "#".
    fragment: function () { try { return String(location.hash || "").replace(/^#/, ""); } catch (e) { return ""; } }
  };
})();
