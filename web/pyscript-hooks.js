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
 */
import { hooks } from "../pyscript/core.js";

try {
  hooks.worker.onBeforeRunAsync.clear();
} catch (e) {
  console.warn("pyscript-hooks: could not drop worker hooks", e);
}

hooks.main.onReady.add(() => {
  if (window.rummyBoot) window.rummyBoot.stage("game", 0.3);
});
