/* rummySeal: the group operations of the sealed deal, for the engine worker's Python (web/worker/seal_group.py).
 *
 * In the sealed deal each page encrypts and shuffles the deck in turn with secret keys of its own, so that no page
 * (the host's included) sees a card its seat may not (web/page/shared/sealed.py). The group is ristretto255
 * (RFC 9496), a group of prime order l; every operation on it comes from @noble/curves (audited, MIT), vendored as
 * ./vendor/noble/ and loaded by load(), not with the page.
 *
 * Same conventions as rtc.js: nothing here ever throws (MicroPython cannot catch a JavaScript exception). Every
 * operation but load answers a JSON text, {"ok": value} or {"error": text}. Hex is lowercase. A scalar is 32 bytes
 * little-endian, canonical (< l) and not zero; a point is the 32-byte ristretto255 encoding of an element.
 *
 *   load(done)      imports the library (once: curves/ed25519.js, curves/utils.js and hashes/sha2.js of `base`),
 *                   then done("") when it is ready or done(errorText) when it cannot be loaded; done is always
 *                   called later, never within load. Until then every other operation answers
 *                   {"error": "not loaded"}.
 *   cardPoints(count)  {"ok": [hex, ...]}: card i's point, for i = 0 .. count-1 (count at most 1024): RFC 9496's
 *                   element derivation from the 64 bytes of SHA-512(UTF-8 of "rummy-sealed-deal/1|card|" + i).
 *   randomScalar()  {"ok": hex}: a uniform scalar, not zero (64 bytes of crypto.getRandomValues reduced mod l).
 *   inverse(k)      {"ok": hex}: 1/k mod l.
 *   product(a, b)   {"ok": hex}: a*b mod l.
 *   times(pointsJson, k)   pointsJson: the JSON text of a list of points. {"ok": [each point × k]}.
 *   timesEach(pointsJson, scalarsJson)   two lists of the same length: {"ok": [point i × scalar i]}.
 *   A scalar that is not 64 hex digits, not canonical or zero, a point that is not a valid encoding, a list over
 *   1024 items (MAX_ITEMS), and a product that is the identity (which only the identity's encoding gives) are
 *   errors; the error names the item ("point 3: ...", "scalar 0: ...").
 *   base            where the library is, a folder holding curves/ and hashes/ (default "./vendor/noble/", read
 *                   by load, resolved against the page's address): tests under Node set an absolute file: URL.
 */
(function () {
  "use strict";

  var CARD_LABEL = "rummy-sealed-deal/1|card|";
  // A deck is 52 cards (104 with two decks): this bounds the work one call can ask of the page, whatever a peer sends.
  var MAX_ITEMS = 1024;
  var HEX64 = /^[0-9a-f]{64}$/;

  var lib = null;          // {Point, Fn, hasher, sha512, toNumberLE, fromHex, toHex}, once loaded
  var waiting = null;      // the done callbacks of a load under way

  function text(e) {
    if (e && typeof e.message === "string" && e.message) return e.message;
    try { return String(e); } catch (x) { return "error"; }
  }

  function answer(value) { return JSON.stringify({ ok: value }); }
  function failure(message) { return JSON.stringify({ error: message }); }

  // An operation: the library loaded, and whatever it throws turned into {"error"}.
  function guarded(fn) {
    return function () {
      if (!lib) return failure("not loaded");
      try { return answer(fn.apply(null, arguments)); } catch (e) { return failure(text(e)); }
    };
  }

  function scalar(hex, what) {
    if (typeof hex !== "string" || !HEX64.test(hex)) throw new Error(what + ": not 64 lowercase hex digits");
    var k;
    try { k = lib.Fn.fromBytes(lib.fromHex(hex)); } catch (e) { throw new Error(what + ": " + text(e)); }
    if (lib.Fn.is0(k)) throw new Error(what + ": zero");
    return k;
  }

  function point(hex, what) {
    if (typeof hex !== "string" || !HEX64.test(hex)) throw new Error(what + ": not 64 lowercase hex digits");
    try { return lib.Point.fromBytes(lib.fromHex(hex)); } catch (e) { throw new Error(what + ": " + text(e)); }
  }

  function list(json, what) {
    var items;
    try { items = JSON.parse(json); } catch (e) { throw new Error(what + ": not JSON"); }
    if (!Array.isArray(items)) throw new Error(what + ": not a list");
    if (items.length > MAX_ITEMS) throw new Error(what + ": more than " + MAX_ITEMS);
    return items;
  }

  function multiplied(P, k, i) {
    var R = P.multiply(k);
    if (R.is0()) throw new Error("point " + i + ": the product is the identity");
    return lib.toHex(R.toBytes());
  }

  function scalarHex(k) { return lib.toHex(lib.Fn.toBytes(k)); }

  function tell(call, err) {
    try { call(err); } catch (e) { /* the caller's own failure: nothing to give it back to */ }
  }

  function finish(err) {
    var calls = waiting || [];
    waiting = null;
    for (var i = 0; i < calls.length; i++) tell(calls[i], err);
  }

  function load(done) {
    var call = done;  // called in tell(), so a missing or failing callback costs nothing
    if (lib) { Promise.resolve().then(function () { tell(call, ""); }); return; }
    if (waiting) { waiting.push(call); return; }
    waiting = [call];
    var urls;
    try {
      // Relative to the page, not to this script (a classic script's import() would resolve against web/).
      var page = typeof document !== "undefined" && document.baseURI ? document.baseURI : undefined;
      var at = new URL(api.base, page);
      urls = ["curves/ed25519.js", "curves/utils.js", "hashes/sha2.js"].map(function (m) {
        return new URL(m, at).href;
      });
    } catch (e) {
      Promise.resolve().then(function () { finish("cannot place the library: " + text(e)); });
      return;
    }
    Promise.all(urls.map(function (u) { return import(u); })).then(function (mods) {
      var ed = mods[0], utils = mods[1], sha2 = mods[2];
      var Point = ed.ristretto255 && ed.ristretto255.Point;
      var found = {
        Point: Point,
        Fn: Point && Point.Fn,
        hasher: ed.ristretto255_hasher,
        sha512: sha2.sha512,
        toNumberLE: utils.bytesToNumberLE,
        fromHex: utils.hexToBytes,
        toHex: utils.bytesToHex
      };
      for (var name in found) {
        if (!found[name]) { finish("not the library expected: no " + name); return; }
      }
      lib = found;
      finish("");
    }, function (e) {
      finish("cannot load the library: " + text(e));
    });
  }

  var api = {
    base: "./vendor/noble/",
    load: function (done) { try { load(done); } catch (e) { /* load answers through done */ } },

    cardPoints: guarded(function (count) {
      if (typeof count !== "number" || !Number.isInteger(count) || count < 0 || count > MAX_ITEMS) {
        throw new Error("count: not a whole number from 0 to " + MAX_ITEMS);
      }
      var utf8 = new TextEncoder();
      var out = [];
      for (var i = 0; i < count; i++) {
        out.push(lib.toHex(lib.hasher.deriveToCurve(lib.sha512(utf8.encode(CARD_LABEL + i))).toBytes()));
      }
      return out;
    }),

    randomScalar: guarded(function () {
      var bytes = new Uint8Array(64);
      for (;;) {
        crypto.getRandomValues(bytes);
        var k = lib.Fn.create(lib.toNumberLE(bytes));
        if (!lib.Fn.is0(k)) return scalarHex(k);
      }
    }),

    inverse: guarded(function (k) {
      return scalarHex(lib.Fn.inv(scalar(k, "scalar")));
    }),

    product: guarded(function (a, b) {
      return scalarHex(lib.Fn.mul(scalar(a, "scalar 0"), scalar(b, "scalar 1")));
    }),

    times: guarded(function (pointsJson, k) {
      var points = list(pointsJson, "points");
      var key = scalar(k, "scalar");
      return points.map(function (hex, i) { return multiplied(point(hex, "point " + i), key, i); });
    }),

    timesEach: guarded(function (pointsJson, scalarsJson) {
      var points = list(pointsJson, "points");
      var scalars = list(scalarsJson, "scalars");
      if (points.length !== scalars.length) {
        throw new Error(points.length + " points but " + scalars.length + " scalars");
      }
      return points.map(function (hex, i) {
        return multiplied(point(hex, "point " + i), scalar(scalars[i], "scalar " + i), i);
      });
    })
  };

  globalThis.rummySeal = api;  // window on the page; the engine worker's scope there (web/engine-worker.mjs)
})();
