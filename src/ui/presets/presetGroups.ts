// Presets grouped by paper, in the order the papers appeared.
import type { Preset } from '../../scenario/presets';

/** The papers, in the order they appeared: the groups' order. */
export const PAPER_NAMES: Record<string, string> = {
  'padmanabhan-mogul': 'Padmanabhan & Mogul 1994 — Improving HTTP latency',
  heidemann: 'Heidemann 1997 — Performance interactions between P-HTTP and TCP',
  nielsen: 'Nielsen et al. 1997 — HTTP/1.1, CSS1 and PNG',
  mathis: 'Mathis et al. 1997 — The square-root law',
  kruse: 'Kruse et al. 1998 — HTTP over satellite',
  dukkipati: 'Dukkipati et al. 2010 — Initial window of ten',
  wang: 'Wang et al. 2014 — How speedy is SPDY?',
  cardwell: 'Cardwell et al. 2016 — BBR',
  langley: 'Langley et al. 2017 — QUIC',
};

const ORDER = Object.keys(PAPER_NAMES);

export function presetsByPaper(presets: readonly Preset[]): Array<[string, Preset[]]> {
  const groups = new Map<string, Preset[]>();
  for (const p of presets) groups.set(p.paper, [...(groups.get(p.paper) ?? []), p]);
  const rank = (paper: string) => (ORDER.includes(paper) ? ORDER.indexOf(paper) : ORDER.length);
  return [...groups.entries()].sort((a, b) => rank(a[0]) - rank(b[0]));
}
