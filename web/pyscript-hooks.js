/* PyScript's entry on the Rummy page (web/boot.js adds it as the page's one
 * module script): it imports PyScript's core.js, which starts PyScript as it
 * is evaluated, and hooks into it right after, before any interpreter starts.
 *
 * 1. Strict CSP without 'unsafe-eval': PyScript 0.7.x compiles its *worker*
 *    hooks with Function() while it creates the main-thread interpreter, and
 *    the only default worker hook registers pyscript.fs inside workers.  The
 *    game runs no PyScript worker, so that hook is dropped and no string is
 *    ever evaluated as JavaScript (e2e/test_site_security.py checks this).
 *    If you ever add a <script type="py" worker>, remove this line and add
 *    'unsafe-eval' to the CSP in index.html.
 * 2. Loading-screen stage "Loading the game…" once Python is up.
 * 3. The page's modules and the catalog come in one gzipped file, web/page/bundle.bin (tools/build_site.py's
 *    make_page_bundle), which PyScript has written into MicroPython's file system (the <mpy-config>'s
 *    "files") by the time the interpreter is ready. Its files are written out here, before web/page/main.py
 *    runs: in JavaScript it takes about 1 ms, in MicroPython it took about 10 ms of the page's thread.
 *    The bundle's index goes to web/page/bundle.json, where web/page/start.py finds the modules to import.
 */
import { hooks } from "../pyscript/core.js";

const BUNDLE = "web/page/bundle.bin";
const BUNDLE_INDEX = "web/page/bundle.json";
const BUNDLE_MAGIC = "RUMMY-PAGE-BUNDLE 2\n";

// The bundle comes gzipped by the build (hosts send a .bin as it is): the browser's own decompressor inflates it.
async function inflate(data) {
  if (data[0] !== 0x1f || data[1] !== 0x8b) return data;
  const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

async function unpackPageBundle(FS) {
  let data;
  try {
    data = FS.readFile(BUNDLE);
  } catch (e) {
    return;  // no bundle (a page whose files PyScript wrote one by one): nothing to unpack
  }
  const text = new TextDecoder();
  const damaged = new Error("The page's bundle (" + BUNDLE + ") is damaged. Reload the page.");
  try {
    data = await inflate(data);
  } catch (e) {
    throw damaged;
  }
  if (text.decode(data.subarray(0, BUNDLE_MAGIC.length)) !== BUNDLE_MAGIC) throw damaged;
  const end = data.indexOf(10, BUNDLE_MAGIC.length);
  if (end < 0) throw damaged;
  const head = data.subarray(BUNDLE_MAGIC.length, end);
  let index = null;
  try { index = JSON.parse(text.decode(head)); } catch (e) { throw damaged; }
  if (!index || !Array.isArray(index.files) || !Array.isArray(index.imports)) throw damaged;
  const made = new Set();
  let pos = end + 1;
  for (const entry of index.files) {
    const [name, size] = Array.isArray(entry) ? entry : [];
    if (typeof name !== "string" || !Number.isInteger(size) || size < 0 || pos + size > data.length) throw damaged;
    const parts = name.split("/");
    for (let i = 1; i < parts.length; i++) {
      const folder = parts.slice(0, i).join("/");
      if (made.has(folder)) continue;
      made.add(folder);
      try { FS.mkdir(folder); } catch (e) { /* there already */ }
    }
    FS.writeFile(name, data.subarray(pos, pos + size));
    pos += size;
  }
  if (pos !== data.length) throw damaged;
  FS.writeFile(BUNDLE_INDEX, head);
  FS.unlink(BUNDLE);
}

// PyScript awaits its onReady hooks before it runs the page's script.
hooks.main.onReady.add(async (wrap) => {
  try {
    await unpackPageBundle(wrap.interpreter.FS);
  } catch (e) {
    if (window.rummyBoot) window.rummyBoot.fail("The game could not start: " + (e && e.message || e));
    throw e;
  }
});

try {
  hooks.worker.onBeforeRunAsync.clear();
} catch (e) {
  console.warn("pyscript-hooks: could not drop worker hooks", e);
}

hooks.main.onReady.add(() => {
  if (window.rummyBoot) window.rummyBoot.stage("game", 0.3);
});
