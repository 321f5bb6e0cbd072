// sw.js: keeps the page working offline. Every request goes to the network
// first (so a rebuilt page is picked up); the last good answer is kept in
// the cache and served when the network is not there.
"use strict";
const CACHE = "gpuadv-v2";
const FILES = ["./", "index.html", "style.css", "sqlite.js", "app.js", "worker.js", "gpuadv.js", "gpuadv.wasm", "gpuadv.sql"];

self.addEventListener("install", e => {
  e.waitUntil(caches.open(CACHE).then(c => c.addAll(FILES)).then(() => self.skipWaiting()));
});

// Caches of earlier versions of the page go.
self.addEventListener("activate", e => e.waitUntil(
  caches.keys().then(keys => Promise.all(keys.filter(k => k !== CACHE).map(k => caches.delete(k))))
    .then(() => self.clients.claim())));

self.addEventListener("fetch", e => {
  if (e.request.method !== "GET" || new URL(e.request.url).origin !== location.origin) return;
  e.respondWith(fetch(e.request).then(r => {
    if (r.ok) {
      const copy = r.clone();
      caches.open(CACHE).then(c => c.put(e.request, copy));
    }
    return r;
  }).catch(() => caches.match(e.request, {ignoreSearch: true})));
});
