/* global self, caches, fetch, Request */
// Roundtrip's service worker: once the app has loaded, it works offline, and a new deploy never
// mixes builds. Each build has its own cache (the name carries the build). A new worker takes
// over at once, but a page keeps being served from the cache of the build it started with: its
// lazily loaded chunks stay available after the server has dropped them. An old cache is deleted
// only when no open page runs that build; pages say which build they run (a <meta> the build
// writes) when asked. Navigations get the newest build. The build fills in the two placeholders.
const PREFIX = 'roundtrip-';
const BUILD = '__ROUNDTRIP_BUILD__';
const CACHE = PREFIX + BUILD;
const PRECACHE = ['__ROUNDTRIP_PRECACHE__'];
/**
 * Files are looked up by address alone: a host that answers `Vary: Origin` (a CDN, `vite preview`)
 * would otherwise miss every module script, which the page asks for with an Origin its precached
 * copy was fetched without, and offline, or after a deploy, the page came up blank.
 */
const BY_URL = { ignoreVary: true };

/** The build each open page runs, by client id. Lost when the worker sleeps; pages are asked again. */
const clientBuilds = new Map();

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      // 'reload': never fill the new cache from the HTTP cache's copy of the old build.
      .then((cache) => cache.addAll(PRECACHE.map((url) => new Request(url, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim().then(tidy));
});

self.addEventListener('message', (event) => {
  const source = event.source;
  if (!source || !event.data || event.data.type !== 'build') return;
  clientBuilds.set(source.id, String(event.data.build));
  source.postMessage({ type: 'current-build', build: BUILD });
  event.waitUntil(tidy());
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(navigate(request));
    event.waitUntil(tidy());
  } else {
    event.respondWith(respond(request, clientBuilds.get(event.clientId)));
  }
});

/** A page load: the newest build's shell (the app reads the scenario from the query itself). */
async function navigate(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request, { ...BY_URL, ignoreSearch: true });
  if (cached) return cached;
  try {
    return await fetch(request);
  } catch (error) {
    const shell = await cache.match('./', BY_URL);
    if (shell) return shell;
    throw error;
  }
}

/** A file a page asks for: from its own build's cache, else any build's, else the network. */
async function respond(request, build) {
  const own = build ? await caches.match(request, { ...BY_URL, cacheName: PREFIX + build }) : undefined;
  const cached =
    own ??
    (await caches.match(request, { ...BY_URL, cacheName: CACHE })) ??
    (await caches.match(request, BY_URL));
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic' && (build === undefined || build === BUILD)) {
    const cache = await caches.open(CACHE);
    await cache.put(request, response.clone());
  }
  return response;
}

/** Delete the caches of builds no open page runs; while a page has not said its build, keep all. */
async function tidy() {
  const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const inUse = new Set([CACHE]);
  let unknown = false;
  for (const page of pages) {
    const build = clientBuilds.get(page.id);
    if (build !== undefined) inUse.add(PREFIX + build);
    else {
      unknown = true;
      page.postMessage({ type: 'which-build' });
    }
  }
  const open = new Set(pages.map((p) => p.id));
  for (const id of clientBuilds.keys()) if (!open.has(id)) clientBuilds.delete(id);
  if (unknown) return;
  const names = await caches.keys();
  await Promise.all(names.filter((n) => n.startsWith(PREFIX) && !inUse.has(n)).map((n) => caches.delete(n)));
}
