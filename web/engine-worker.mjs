/* The engine worker: Pyodide, the engine and the computer opponents, off the page's thread.
 *
 * A module worker (template: tools/build_site.py fills in the build id and versions).
 * Protocol with the page (web/page/transport.py), JSON strings through postMessage only:
 *
 *   page -> worker   {"type": "worker:start", "snapshot": "auto"|"off"}   first message, once
 *                    a first sealed-* message (a table with no dealer, web/worker/sealed_play.py) loads the
 *                    sealed deal's group (web/seal.js and @noble/curves) first: it and what follows wait for it
 *                    any other JSON text: handed to Python's web.worker.main.handle(text), in order;
 *                    texts that arrive before Python is up are queued, each handled exactly once
 *   worker -> page   {"type": "worker:progress", "stage": "runtime"|"python"|"engine", "fraction": 0..1}
 *                    (while "runtime": the share of the engine's download that has arrived)
 *                    {"type": "worker:ready", "start": "snapshot"|"normal"|"fallback", "ms": {...}, ...}
 *                    {"type": "worker:error", "error": "...", "fatal": true}   the engine cannot start
 *                    every text returned by handle(), as is
 *                    {"type": "ahead", "step"}   when no message has come for IDLE_MS, Python's idle() thinks
 *                    ahead (the expert's advice for the person's present decision, kept for a hint and the coach)
 *
 * Fast start: a Pyodide memory snapshot (private API of Pyodide 314.0.x: loadPyodide's
 * _makeSnapshot/_loadSnapshot and makeMemorySnapshot; a snapshot only fits the exact Pyodide build).
 * The first start (no snapshot yet) boots normally with _makeSnapshot, imports the engine, copies the
 * memory right after the imports (before any message is handled) and keeps it in Cache Storage
 * under this build's name once the page is quiet (after IDLE_MS without a message); later starts
 * restore it (about 3x faster). A snapshot that cannot be read or restored is deleted and the worker
 * starts normally ("fallback"). After a restore every random generator is reseeded
 * (web.worker.main.after_restore), so no two players get the same deals. The service worker deletes
 * the snapshots of older builds.
 */
import { loadPyodide } from "../pyodide/pyodide.mjs";

const BUILD = "__BUILD_ID__";
const PYODIDE_VERSION = "__PYODIDE_VERSION__";
const APP_ARCHIVE = new URL("../__APP_ARCHIVE__", import.meta.url).href;
const INDEX_URL = new URL("../pyodide/", import.meta.url).href;
// Where Pyodide's files are, for both starts (normal and from a snapshot). Its standard library as the build ships
// it: only the modules Pyodide and this worker import, as bytecode (tools/worker_python.py), so a start without a
// snapshot compiles none of them. The lock file: this worker loads no package, so the build writes in one that
// lists none (with Pyodide's own "info", whose ABI version Pyodide checks), and npm's, 27 kB gzipped, is not
// downloaded.
const PYODIDE_FILES = {
  indexURL: INDEX_URL, stdLibURL: new URL("../pyodide/stdlib.zip", import.meta.url).href,
  lockFileContents: __PYODIDE_LOCK__,
};
const SNAPSHOT_CACHE = "rummy-snapshot-" + BUILD;
// Cache Storage keys are URLs: a name of our own under the site (never fetched from the network).
const SNAPSHOT_KEY = new URL("../pyodide/engine-" + PYODIDE_VERSION + ".snapshot", import.meta.url).href;
// app.zip goes into Pyodide's file system as is, and Python imports from it (zipimport: the archive has
// each module's bytecode, without its source), so nothing is unpacked at start.
const APP_ZIP_DIR = "/app";
const APP_ZIP_PATH = APP_ZIP_DIR + "/app.zip";
// The Python the snapshot holds: every module the engine needs, imported once (a restored snapshot
// has the archive on sys.path already, and imports the modules not in it lazily from the same path).
const IMPORTS = `import sys
if ${JSON.stringify(APP_ZIP_PATH)} not in sys.path:
    sys.path.insert(0, ${JSON.stringify(APP_ZIP_PATH)})
import web.worker.main`;

const queue = [];        // JSON texts waiting for Python
let handle = null;       // Python's handle(text) -> list[str], once the engine is up
let idle = null;         // Python's idle() -> list[str], the same
let started = false;
let failed = false;
const t0 = performance.now();

let stage = "";          // the start's stage last told to the page

function post(obj) { self.postMessage(JSON.stringify(obj)); }
function progress(name, fraction) {
  stage = name;
  post({ type: "worker:progress", stage: name, fraction });
}

// The engine's download, counted as it arrives, for the page's progress bar (stage "runtime", fraction 0..1). Each
// file weighs what it costs on the wire (its gzip size, as the build measured it) and is counted in decoded bytes,
// read from a clone of its response: Pyodide reads the response itself, untouched, so the browser still compiles
// the WebAssembly as it streams and keeps the compiled code. pyodide.asm.mjs is imported, not fetched: it counts
// whole once the browser has it (resource timing). Once every byte is in, Python starts (stage "python").
const DOWNLOADS = __ENGINE_DOWNLOADS__;  // path under the site -> [decoded bytes, gzip bytes]
const SITE = new URL("../", import.meta.url).href;
const received = {};
let told = 0;

function sitePath(url) {
  const text = String(url);
  return text.startsWith(SITE) ? text.slice(SITE.length).split(/[?#]/)[0] : "";
}

function downloaded() {
  let got = 0;
  let all = 0;
  for (const [path, [size, wire]] of Object.entries(DOWNLOADS)) {
    all += wire;
    got += size > 0 ? wire * Math.min(1, (received[path] || 0) / size) : wire;
  }
  return all > 0 ? got / all : 1;
}

function report() {
  if (stage !== "runtime") return;
  const fraction = Math.floor(downloaded() * 100) / 100;
  if (fraction >= 1) progress("python", 0);
  else if (fraction > told) {
    told = fraction;
    progress("runtime", fraction);
  }
}

async function count(path, response) {
  try {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received[path] = (received[path] || 0) + value.byteLength;
      report();
    }
  } catch (e) { /* a download that fails is Pyodide's to report: the bar only stops */ }
}

const siteFetch = self.fetch.bind(self);
self.fetch = function (input, init) {
  const answer = siteFetch(input, init);
  const path = stage === "runtime" ? sitePath(input instanceof Request ? input.url : input) : "";
  if (!Object.hasOwn(DOWNLOADS, path)) return answer;
  return answer.then((response) => {
    if (response.ok && response.body) count(path, response.clone());
    return response;
  });
};

try {
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const path = sitePath(entry.name);
      if (Object.hasOwn(DOWNLOADS, path)) {
        received[path] = Math.max(received[path] || 0, DOWNLOADS[path][0]);
        report();
      }
    }
  }).observe({ type: "resource", buffered: true });
} catch (e) { /* no resource timing in this worker: the bar moves with the fetched files alone */ }
function fail(error) {
  if (failed) return;
  failed = true;
  handle = null;
  idle = null;
  post({ type: "worker:error", error: String(error && error.stack || error).slice(0, 4000), fatal: true });
}

function postAll(out) {
  try {
    for (const reply of out) self.postMessage(String(reply));
  } finally {
    if (out && out.destroy) out.destroy();
  }
}

// While the person thinks, the engine thinks too: once no message has come for IDLE_MS (a second: the page is
// waiting for a person, not for an answer), Python's idle() works out the expert's advice for the person's
// decision, so that a hint and the coach's review of the hand need not wait for it. A message that arrives
// meanwhile waits for that one piece of advice at most; every message sets the wait again.
// A first start's snapshot is stored then too, before the thinking: storing it (tens of megabytes into Cache Storage)
// takes the machine for a while, and the person's first moves should not wait behind it.
const IDLE_MS = 1000;
let idleTimer = null;
let unsaved = null;      // a first start's snapshot, stored once the page is quiet
function thinkWhenQuiet() {
  if (idleTimer !== null) clearTimeout(idleTimer);
  idleTimer = setTimeout(async () => {
    idleTimer = null;
    if (unsaved) {
      const snapshot = unsaved;
      unsaved = null;
      const saved = await saveSnapshot(snapshot);
      post({ type: "worker:snapshot", saved, bytes: snapshot.length });
      if (idleTimer !== null) return;  // a message came meanwhile: think when it is quiet again
    }
    if (!idle) return;
    try {
      postAll(idle());
    } catch (e) {
      console.warn("engine: thinking ahead failed", e);
    }
  }, IDLE_MS);
}

function deliver(text) {
  let out;
  try {
    out = handle(text);
  } catch (e) {
    // handle() answers every bad message itself; reaching here is a bug in the engine code
    post({ type: "error", code: "internal", error: String(e && e.message || e).slice(0, 2000) });
    return;
  }
  postAll(out);
  thinkWhenQuiet();
}

// The sealed deal's group (web/seal.js, @noble/curves): imported with the first sealed-* message only (a game with
// no dealer), not with the engine; that message and every one after it wait for it, in order. A group that cannot
// load is answered by Python (an error "group").
let sealLoading = null;
let held = null;  // texts waiting for the group, in order
function needsSeal(text) {
  if (text.indexOf('"sealed-') < 0) return false;
  try {
    const msg = JSON.parse(text);
    return !!msg && typeof msg.type === "string" && msg.type.startsWith("sealed-");
  } catch (e) {
    return false;
  }
}
function loadSeal() {
  sealLoading = import(new URL("./seal.js", import.meta.url).href).then(() => new Promise((resolve) => {
    globalThis.rummySeal.base = new URL("../vendor/noble/", import.meta.url).href;
    globalThis.rummySeal.load(resolve);
  })).catch((e) => "cannot load web/seal.js: " + String(e && e.message || e));
  return sealLoading;
}
function route(text) {
  if (handle) deliver(text);
  else if (!failed) queue.push(text);
}

self.addEventListener("message", (event) => {
  const text = event.data;
  if (typeof text !== "string") return;  // the protocol is JSON text only
  if (held) { held.push(text); return; }
  if (!sealLoading && needsSeal(text)) {
    held = [text];
    loadSeal().then((error) => {
      if (error) console.warn("engine: the sealed deal's group did not load:", error);
      const texts = held;
      held = null;
      for (const t of texts) route(t);
    });
    return;
  }
  if (!started) {
    let msg = null;
    try { msg = JSON.parse(text); } catch (e) { msg = null; }
    if (msg && msg.type === "worker:start") {
      started = true;
      boot(msg).catch(fail);
      return;
    }
  }
  route(text);
});

// A file of ours that is missing (404) makes Pyodide wait forever: say so instead.
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (!handle && e.responseStatus >= 400) {
        fail(`Could not download ${e.name.slice(e.name.lastIndexOf("/") + 1)} (HTTP ${e.responseStatus}).`);
      }
    }
  }).observe({ type: "resource", buffered: true });
} catch (e) { /* no resource timing in this worker: Pyodide's own errors still reach fail() */ }

async function findSnapshot() {
  // The response only: its 31 MB body is read while Pyodide downloads and compiles (loadPyodide
  // takes a promise for _loadSnapshot).
  try {
    const cache = await caches.open(SNAPSHOT_CACHE);
    return (await cache.match(SNAPSHOT_KEY)) || null;
  } catch (e) {
    return null;  // no Cache Storage here (opaque origin, storage blocked): start normally
  }
}

async function dropSnapshot() {
  try { await caches.delete(SNAPSHOT_CACHE); } catch (e) { /* nothing to drop */ }
}

async function saveSnapshot(bytes) {
  try {
    const cache = await caches.open(SNAPSHOT_CACHE);
    await cache.put(SNAPSHOT_KEY, new Response(bytes, {
      headers: { "content-type": "application/octet-stream", "x-pyodide": PYODIDE_VERSION },
    }));
    return true;
  } catch (e) {
    return false;  // quota, blocked storage: the next start is a normal one, nothing else changes
  }
}

async function fetchArchive() {
  const response = await fetch(APP_ARCHIVE);
  if (!response.ok) throw new Error(`Could not download the game's Python (${APP_ARCHIVE}: HTTP ${response.status}).`);
  return new Uint8Array(await response.arrayBuffer());
}

async function boot(options) {
  const ms = {};
  const useSnapshot = options.snapshot !== "off";
  progress("runtime", 0);
  const archive = fetchArchive();
  let start = "normal";
  let pyodide = null;
  const stored = useSnapshot ? await findSnapshot() : null;
  if (stored) {
    try {
      progress("python", 0.5);
      const bytes = stored.arrayBuffer().then((buffer) => new Uint8Array(buffer));
      pyodide = await loadPyodide({ ...PYODIDE_FILES, _loadSnapshot: bytes });
      start = "snapshot";
    } catch (e) {
      console.warn("engine: the stored snapshot could not be restored; starting normally.", e);
      pyodide = null;
      start = "fallback";
      await dropSnapshot();
    }
  }
  const makeSnapshot = useSnapshot && start !== "snapshot";
  if (!pyodide) {
    pyodide = await loadPyodide({ ...PYODIDE_FILES, _makeSnapshot: makeSnapshot });
  }
  ms.pyodide = Math.round(performance.now() - t0);
  progress("engine", 0.2);
  // The archive goes into the file system on every start (a snapshot holds memory, not files):
  // imports not done yet and tracebacks read from it. One file, not unpacked (zipimport reads it).
  const zip = await archive;
  ms.archive = Math.round(performance.now() - t0);
  pyodide.FS.mkdirTree(APP_ZIP_DIR);
  pyodide.FS.writeFile(APP_ZIP_PATH, zip, { canOwn: true });
  ms.unpack = Math.round(performance.now() - t0);
  pyodide.runPython(IMPORTS);
  ms.imports = Math.round(performance.now() - t0);
  let snapshot = null;
  if (makeSnapshot) {
    try {
      snapshot = pyodide.makeMemorySnapshot();  // before any message: no game state in it
    } catch (e) {
      console.warn("engine: no snapshot this time", e);
    }
  }
  const main = pyodide.pyimport("web.worker.main");
  if (start === "snapshot") main.after_restore();
  handle = main.handle;
  idle = main.idle;
  ms.ready = Math.round(performance.now() - t0);
  post({ type: "worker:ready", start, ms, build: BUILD, pyodide: pyodide.version });
  while (queue.length) deliver(queue.shift());
  if (snapshot) {
    unsaved = snapshot;
    thinkWhenQuiet();
  }
}
