/* Service worker of the Rummy site (template: tools/build_site.py fills in
 * the build id and the precache list and writes it to _site/sw.js).
 *
 * - install: store every file of the build in a cache named after the build's
 *   content hash (one file missing = install fails, old version stays), each
 *   checked against its SHA-256 (Subresource Integrity); a file the browser
 *   already has in its HTTP cache is taken from there, so that what the page
 *   and the engine downloaded on a first visit is not downloaded again;
 * - routes (where the browser has them): every file but the page served from the cache by the browser itself;
 * - fetch: cache-first for same-origin GET requests (navigations ignore the
 *   query string, so index.html?embed=1 is served offline too), network as a
 *   fallback; requests to other origins are not touched;
 * - the languages' catalogues (web/locale/) are not precached: the one the page
 *   asks for is kept in the cache from the network, so a first visit downloads
 *   one language and the game speaks it offline;
 * - a new release waits until the page asks it to take over (SKIP_WAITING,
 *   sent by the "Reload" button of the update banner), then deletes the caches
 *   of older builds, their engine memory snapshots included (the engine worker
 *   keeps its snapshot in "rummy-snapshot-<build>", see web/engine-worker.mjs).
 *   localStorage is never touched.
 */
"use strict";

const BUILD = "__BUILD_ID__";
const CACHE_PREFIX = "rummy-";
const CACHE = CACHE_PREFIX + BUILD;
const SNAPSHOT_CACHE = CACHE_PREFIX + "snapshot-" + BUILD;
const PRECACHE = __PRECACHE__;

const scopeURL = new URL(self.registration.scope);
const INDEX = new URL("./index.html", scopeURL).href;
const LOCALE_URL = new URL("./web/locale/", scopeURL).href;

// Files other than the page itself straight from this release's cache, without starting this worker's script
// for each request (the Static Routing API; Chromium 123+, skipped where it is missing). Measured on a return
// visit: a style sheet or script in ~2 ms instead of ~10-15 ms. A file not in the cache goes to the network, as
// in the fetch handler below, which still serves the page (a link with a query must find index.html).
function addRoutes(event) {
  if (typeof event.addRoutes !== "function" || typeof URLPattern !== "function") return Promise.resolve();
  const skip = (e) => console.warn("Service worker routes not added (every request goes to the fetch handler):", e);
  try {
    const literal = (text) => text.replace(/[\\:*?+(){}\[\]]/g, "\\$&");  // URL pattern syntax taken as text
    const inScope = new URLPattern({
      protocol: scopeURL.protocol.slice(0, -1), hostname: literal(scopeURL.hostname), port: scopeURL.port,
      pathname: literal(scopeURL.pathname) + "*",
    });
    const locale = new URLPattern({
      protocol: scopeURL.protocol.slice(0, -1), hostname: literal(scopeURL.hostname), port: scopeURL.port,
      pathname: literal(scopeURL.pathname) + "web/locale/*",
    });
    return event.addRoutes([
      { condition: { requestMode: "navigate" }, source: "fetch-event" },
      { condition: { urlPattern: locale }, source: "fetch-event" },  // kept when first asked for (below)
      { condition: { urlPattern: inScope }, source: { cacheName: CACHE } },
    ]).catch(skip);
  } catch (e) {
    skip(e);
    return Promise.resolve();
  }
}

// One file of the release: from the browser's HTTP cache if it is there (a first visit has just downloaded the
// page's and the engine's files; an update finds there every file that did not change), otherwise from the
// network. The integrity check makes either one this release's file: a stale copy of another release, from the
// HTTP cache or from a server in the middle of a deploy, is refused (from the cache: asked of the network
// instead; from the network: the install fails and the current release stays).
async function download(url, integrity) {
  try {
    const cached = await fetch(new Request(url, { cache: "force-cache", integrity }));
    if (cached.ok) return cached;
  } catch (e) { /* not this release's file, or none: the network's */ }
  const fresh = await fetch(new Request(url, { cache: "reload", integrity }));
  if (!fresh.ok) throw new Error(`${url}: HTTP ${fresh.status}`);
  return fresh;
}

// The page itself is in the HTTP cache under the address it was opened at ("./", "./?game=gin"...), which is
// not the one it is stored under (index.html): its open pages' addresses are tried first.
async function downloadPage(url, integrity) {
  const pages = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  for (const client of pages) {
    const address = client.url.split("#")[0];
    if (!address.startsWith(scopeURL.href) || address === url) continue;
    try {
      const cached = await fetch(new Request(address, { cache: "only-if-cached", mode: "same-origin", integrity }));
      if (cached.ok) return cached;
    } catch (e) { /* not there, or not this release's page */ }
  }
  return download(url, integrity);
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    await addRoutes(event);
    const cache = await caches.open(CACHE);
    await Promise.all(PRECACHE.map(async ([path, integrity]) => {
      const url = new URL(path, scopeURL).href;
      const response = await (url === INDEX ? downloadPage(url, integrity) : download(url, integrity));
      await cache.put(url, response);
    }));
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names
      .filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE && name !== SNAPSHOT_CACHE)
      .map((name) => caches.delete(name)));
  })());
});

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "SKIP_WAITING") self.skipWaiting();
  else if (data.type === "GET_BUILD" && event.source) event.source.postMessage({ type: "BUILD", build: BUILD });
});

async function fromCache(request) {
  const cache = await caches.open(CACHE);
  if (request.mode === "navigate") {
    const hit = await cache.match(request, { ignoreSearch: true });
    if (hit) return hit;
    const url = new URL(request.url);
    if (url.pathname.endsWith("/")) return cache.match(INDEX);
    return undefined;
  }
  return cache.match(request, { ignoreVary: true });
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.href.startsWith(scopeURL.href)) return;
  event.respondWith((async () => {
    const hit = await fromCache(request);
    if (hit) return hit;
    const response = await fetch(request);
    // a language's catalogue is not precached (twelve of them, one used): the one the page asks for is kept in
    // this release's cache, so that the game speaks it offline too
    if (response.ok && url.href.startsWith(LOCALE_URL)) {
      const copy = response.clone();
      event.waitUntil(caches.open(CACHE).then((cache) => cache.put(request, copy)).catch(() => undefined));
    }
    return response;
  })());
});
