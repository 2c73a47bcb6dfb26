// Offline once loaded: production builds register public/sw.js. Relative to the page, so it
// works under a sub-path (GitHub Pages serves a project at /<repo>/) and its scope is that path.
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('./sw.js').catch(() => {
      // No offline copy (e.g. a private window); the page itself works the same.
    });
  });
}
