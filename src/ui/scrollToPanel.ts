// A link to a panel (`#waterfall`, `#tsp`): the browser scrolls to it only if it is on the page
// when the page loads, and panels come with the first run (those below the first screen later
// still). Scroll to it once it is there, and keep it in place while the panels above it take their
// height, unless the reader moves first. Loaded only for such a link (main.tsx).

/** How long the page may take to show the panel (a long first run), and to settle after. */
const WAIT_MS = 15_000;
const SETTLE_MS = 2_000;

export function scrollToPanel(id: string): void {
  let shownAt: number | null = null;
  const place = () => {
    const panel = document.getElementById(id);
    if (!panel) return;
    shownAt ??= performance.now();
    panel.scrollIntoView({ block: 'start' });
    if (performance.now() - shownAt > SETTLE_MS) stop();
  };
  const observer = new MutationObserver(place);
  const timer = window.setTimeout(() => stop(), WAIT_MS);
  const moved = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
    for (const e of moved) window.removeEventListener(e, stop);
  }
  for (const e of moved) window.addEventListener(e, stop, { passive: true });
  observer.observe(document.body, { childList: true, subtree: true });
  place();
}
