// The web app's service worker, completed by the build (vite.config.ts, `serviceWorker()`): it
// replaces VERSION with a hash of the build and PRECACHE with the files below.
//
// - Installing, it stores the app's shell (the page, its scripts, styles, fonts and icons) in a
//   cache named after the build; activating, it drops the caches of earlier builds.
// - A page load (navigation) goes to the network; offline, the stored page answers, so the app
//   opens and says it is offline instead of the browser's error page.
// - The built files (hashed, never changed) come from the cache, else from the network.
// - Nothing else is touched: API answers, the stream and uploads always go to the server, and are
//   never stored on the device.
const VERSION = '__VERSION__';
const PRECACHE = __PRECACHE__;
const CACHE = `td-shell-${VERSION}`;
const SHELL = '/';

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
          names
            .filter((name) => name.startsWith('td-shell-') && name !== CACHE)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

const isBuiltFile = (url) => url.pathname.startsWith('/assets/') || PRECACHE.includes(url.pathname);

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;

  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request).catch(async () => (await caches.match(SHELL, { cacheName: CACHE })) ?? Response.error()),
    );
    return;
  }
  if (!isBuiltFile(url) || url.pathname === SHELL) return;
  event.respondWith(
    caches.match(request, { cacheName: CACHE, ignoreSearch: true }).then(
      (cached) =>
        cached ??
        fetch(request).then((response) => {
          if (response.ok && url.pathname.startsWith('/assets/')) {
            const copy = response.clone();
            void caches.open(CACHE).then((cache) => cache.put(request, copy));
          }
          return response;
        }),
    ),
  );
});
