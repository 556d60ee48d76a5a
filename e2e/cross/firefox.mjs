// Test driver for Firefox (Debian's firefox-esr, over WebDriver BiDi with npm puppeteer-core):
//   node e2e/cross/firefox.mjs URL
// URL is a game page (e.g. .../index.html?game=gin&opponents=rex&seed=5&speed=0). First visit: wait for
// <html data-ready="true"> (or the boot error), wait for the person's turn, play it (take the upcard or
// draw from the stock, with a real click), wait until the engine answered (one card more) and until the engine's
// memory snapshot is stored. Second visit: reload; read the hand at the first paint (drawn from the saved
// view, before the engine is up), then once ready. Prints one JSON line per visit (see STATE), exits 0.
// puppeteer-core never downloads a browser: it drives /usr/bin/firefox-esr.
import puppeteer from "puppeteer-core";

const [url] = process.argv.slice(2);
const executablePath = process.env.E2E_FIREFOX || "/usr/bin/firefox-esr";
const TIMEOUT = 180000;

const STATE = () => {
  const h = document.documentElement;
  const err = document.getElementById("boot-error-text");
  const t = document.querySelector("[data-testid=table-screen]");
  return {
    ready: h.dataset.ready === "true",
    drawn: h.hasAttribute("data-drawn"),
    engineStart: h.getAttribute("data-engine-start"),
    error: h.hasAttribute("data-boot-error") ? (err ? err.textContent : "?") : null,
    hand: [...document.querySelectorAll("[data-testid=hand] .card")].map((c) => c.getAttribute("aria-label")),
    phase: t ? t.dataset.phase : null,
    step: t ? t.dataset.step : null,
  };
};
// the person's turn (no move on its way), or the boot error
const MY_TURN = () => {
  const h = document.documentElement;
  if (h.hasAttribute("data-boot-error")) return true;
  const t = document.querySelector("[data-testid=table-screen]");
  return !!t && h.dataset.ready === "true" && t.dataset.waiting === "false" && t.dataset.turn === "0" &&
    ["first-upcard", "draw", "play"].includes(t.dataset.phase);
};

const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath,
  headless: true,
  extraPrefsFirefox: {
    // a closed network: no update, telemetry or captive-portal probes
    "app.update.enabled": false,
    "network.captive-portal-service.enabled": false,
    "network.connectivity-service.enabled": false,
    "toolkit.telemetry.reportingpolicy.firstRun": false,
    "datareporting.policy.dataSubmissionEnabled": false,
    "browser.safebrowsing.update.enabled": false,
  },
});
const problems = [];
try {
  const page = await browser.newPage();
  const origin = new URL(url).origin;
  page.on("pageerror", (e) => problems.push("page error: " + e.message));
  page.on("console", (m) => { if (m.type() === "error") problems.push("console error: " + m.text()); });
  page.on("request", (r) => {
    if (!r.url().startsWith(origin) && !r.url().startsWith("data:")) problems.push("request to another origin: " + r.url());
  });
  const version = await browser.version();

  // 1. first visit: load, play a turn
  await page.goto(url);
  await page.waitForFunction(MY_TURN, { timeout: TIMEOUT, polling: 100 });
  let state = await page.evaluate(STATE);
  if (!state.error) {
    const cards = state.hand.length + 1;
    await page.click(state.phase === "first-upcard" ? "[data-act=take]" : "[data-act=draw]");
    await page.waitForFunction((n) => document.querySelectorAll("[data-testid=hand] .card").length === n &&
      document.querySelector("[data-testid=table-screen]").dataset.waiting === "false",
    { timeout: TIMEOUT, polling: 100 }, cards);
    state = await page.evaluate(STATE);
    // the page says so once the worker's put of the snapshot has resolved (a key can be listed before that)
    await page.waitForFunction(() => document.documentElement.dataset.engineSnapshot === "stored",
      { timeout: TIMEOUT, polling: 200 });
  }
  console.log(JSON.stringify({ visit: 1, browser: version, ...state, problems }));

  // 2. reload: the same hand at once (from the saved view), then from the engine
  await page.reload({ waitUntil: "domcontentloaded" });
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-drawn") ||
    document.documentElement.hasAttribute("data-boot-error"), { timeout: TIMEOUT, polling: 20 });
  const atDrawn = await page.evaluate(STATE);
  await page.waitForFunction(MY_TURN, { timeout: TIMEOUT, polling: 100 });
  state = await page.evaluate(STATE);
  console.log(JSON.stringify({ visit: 2, browser: version, ...state, handAtDrawn: atDrawn.hand, problems }));
} finally {
  await browser.close();
}
