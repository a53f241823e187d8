// Keeps the playground working offline once it has loaded: every request for one of its
// files goes to the network first (so a rebuilt page is seen at once) and falls back to the
// copy kept from the last answer.
const CACHE = "urn-tag-playground";

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  event.respondWith(
    fetch(event.request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          event.waitUntil(caches.open(CACHE).then((cache) => cache.put(event.request, copy)));
        }
        return response;
      })
      .catch(() =>
        caches.match(event.request, { ignoreSearch: true }).then(
          (kept) => kept ?? Response.error(),
        ),
      ),
  );
});
