// The playground's service worker: every file of the site is fetched from the network when it can be (so that a
// new version is seen at once) and kept, and taken from what was kept when the network is gone: once loaded, the
// page works offline. The files the page loads first are kept at install (SHELL, listed by the build); those
// loaded later (pdf.js, date locales, pdf.js's data) once they have been loaded. Only the site's own origin.
const SHELL = [];
const CACHE = "mailroom-playground";

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      try {
        const response = await fetch(request);
        if (response.ok) await cache.put(request, response.clone());
        return response;
      } catch (error) {
        const kept = await cache.match(request, { ignoreSearch: true });
        if (kept) return kept;
        throw error;
      }
    })(),
  );
});
