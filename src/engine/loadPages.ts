// Which page each load was, when a run's loads go round different pages (pages=kruse: /LeRC,
// /acts, /oufr, /Test, /LeRC): "load 2 of 5" alone reads as the same page loaded again.
import type { Trace } from './trace';

/**
 * Each load's page ("/acts"), as the load recorded it (a GETALL's one request names no page of
 * its own, so the requests cannot tell); null when every load was of the same page, where a
 * load's number says all there is.
 */
export function loadPageNames(trace: Pick<Trace, 'loads'>): string[] | null {
  const urls = trace.loads.map((l) => l.page);
  if (new Set(urls).size < 2) return null;
  // "/LeRC/" names the page as "/LeRC"; the site's root stays "/".
  return urls.map((u) => u.replace(/(.)\/$/, '$1'));
}

/** What follows "load 2 of 5": the load's page when the loads were of different pages (", /acts"). */
export function ofPage(pages: string[] | null, load: number): string {
  return pages ? `, ${pages[load]}` : '';
}
