import type { Page } from '@playwright/test';

export interface PageWatch {
  /** Text of every console message of type "error" and every uncaught page error. */
  consoleErrors: string[];
  /** URLs of requests whose origin differs from the page's (the app must be fully self-contained). */
  foreignRequests: string[];
}

/**
 * Start watching a page before navigating it. The returned arrays fill up as the page runs.
 * The page origin is taken from the first document navigation, so call this before `page.goto`.
 */
export function watchPage(page: Page): PageWatch {
  const watch: PageWatch = { consoleErrors: [], foreignRequests: [] };
  let pageOrigin: string | null = null;

  page.on('console', (msg) => {
    if (msg.type() === 'error') watch.consoleErrors.push(msg.text());
  });
  page.on('pageerror', (err) => {
    watch.consoleErrors.push(`pageerror: ${err.message}`);
  });
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.protocol === 'data:' || url.protocol === 'blob:') return;
    if (pageOrigin === null && req.isNavigationRequest() && req.frame() === page.mainFrame()) {
      pageOrigin = url.origin;
      return;
    }
    if (url.origin !== pageOrigin) watch.foreignRequests.push(req.url());
  });
  return watch;
}

/**
 * What has keyboard focus: the focused element's text, its spaces collapsed, or BODY when focus
 * fell to the page's start.
 */
export function focusedText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'BODY';
    return (active.textContent ?? '').replace(/\s+/g, ' ').trim();
  });
}

/** The title band's lines of a saved picture: bold or not, and the text. */
export function titleBand(svg: string): Array<{ bold: boolean; text: string }> {
  return [...svg.matchAll(/<text([^>]*data-export-title[^>]*)>([^<]*)<\/text>/g)].map((m) => ({
    bold: m[1].includes('font-weight="bold"'),
    text: m[2]
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&'),
  }));
}
