// Smoke test driver for Firefox (Debian's firefox-esr, over WebDriver BiDi with npm puppeteer-core):
//   node e2e/cross/firefox.mjs URL [VISITS]
// Opens URL VISITS times (default 2: a first visit, then a reload), waits each time for
// <html data-ready="true"> (or the boot error), prints one JSON line per visit, exits 0.
// Before each reload it waits until the engine's memory snapshot is stored, so the reload
// restores it.
// puppeteer-core never downloads a browser: it drives /usr/bin/firefox-esr.
import puppeteer from "puppeteer-core";

const [url, visitsArg] = process.argv.slice(2);
const visits = Number(visitsArg || 2);
const executablePath = process.env.E2E_FIREFOX || "/usr/bin/firefox-esr";
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
  for (let i = 0; i < visits; i++) {
    if (i === 0) await page.goto(url);
    else {
      await page.waitForFunction(async () => {
        for (const name of await caches.keys()) {
          if (name.startsWith("rummy-snapshot-") && (await (await caches.open(name)).keys()).length) return true;
        }
        return false;
      }, { timeout: 180000, polling: 200 });
      await page.reload();
    }
    await page.waitForFunction(() => {
      const h = document.documentElement;
      return h.dataset.ready === "true" || h.hasAttribute("data-boot-error");
    }, { timeout: 180000, polling: 100 });
    const result = await page.evaluate(() => {
      const h = document.documentElement;
      const err = document.getElementById("boot-error-text");
      return {
        ready: h.dataset.ready === "true",
        drawn: h.hasAttribute("data-drawn"),
        engineStart: h.getAttribute("data-engine-start"),
        error: h.hasAttribute("data-boot-error") ? (err ? err.textContent : "?") : null,
      };
    });
    console.log(JSON.stringify({ visit: i + 1, browser: await browser.version(), ...result, problems }));
  }
} finally {
  await browser.close();
}
