// Offline once loaded: production builds register public/sw.js. Relative to the page, so it
// works under a sub-path (GitHub Pages serves a project at /<repo>/) and its scope is that path.
// The page tells the worker which build it runs (so the worker keeps that build's files while the
// page is open) and learns whether a newer build has taken over (then the update notice shows).

/** The build this page runs: written into index.html by the build (see vite.config.ts). */
function ownBuild(): string | null {
  return document.querySelector<HTMLMetaElement>('meta[name="roundtrip-build"]')?.content ?? null;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let newerBuild: string | null = null;

/** The newest deployed build when it is not the one this page runs, else null. */
export function newerBuildReady(): string | null {
  return newerBuild;
}

export function onNewerBuild(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function announce(worker: ServiceWorker | null | undefined, build: string): void {
  worker?.postMessage({ type: 'build', build });
}

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const build = ownBuild();
  const container = navigator.serviceWorker;
  if (build) {
    container.addEventListener('message', (event: MessageEvent) => {
      const data = event.data as { type?: string; build?: string } | null;
      if (data?.type === 'which-build') announce(event.source as ServiceWorker | null, build);
      if (data?.type === 'current-build' && data.build && data.build !== build && newerBuild !== data.build) {
        newerBuild = data.build;
        listeners.forEach((l) => l());
      }
    });
    container.addEventListener('controllerchange', () => announce(container.controller, build));
    container.startMessages();
    announce(container.controller, build);
  }
  const register = () =>
    container.register('./sw.js').then(
      // The browser looks for a new deploy only on a page load: a tab left open, come back to,
      // asks too, so it can say a new version is ready.
      (registration) => window.addEventListener('focus', () => void registration.update().catch(() => {})),
      () => {
        // No offline copy (e.g. a private window); the page itself works the same.
      },
    );
  // Called once the first picture is drawn (main.tsx), usually after the page's load.
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
