/* global self, caches, fetch */
// Roundtrip's service worker: once the app has loaded, it works offline. Cache-first for
// same-origin GETs; the cache name carries the build, so a new deploy starts a fresh cache and
// the old ones are deleted when it activates. The build fills in the two placeholders.
const CACHE = 'roundtrip-__ROUNDTRIP_BUILD__';
const PRECACHE = ['__ROUNDTRIP_PRECACHE__'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names.filter((n) => n.startsWith('roundtrip-') && n !== CACHE).map((n) => caches.delete(n)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  event.respondWith(respond(request));
});

async function respond(request) {
  const cache = await caches.open(CACHE);
  // The app is one page: any query string (a scenario) is served by the cached shell.
  const navigation = request.mode === 'navigate';
  const cached = await cache.match(request, { ignoreSearch: navigation });
  if (cached) return cached;
  try {
    const response = await fetch(request);
    if (response.ok && response.type === 'basic') cache.put(request, response.clone());
    return response;
  } catch (error) {
    // Offline and not cached: a navigation still gets the app (it reads the query itself).
    const shell = navigation ? await cache.match('./') : undefined;
    if (shell) return shell;
    throw error;
  }
}
