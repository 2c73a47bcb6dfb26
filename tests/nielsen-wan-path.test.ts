// The WAN's 1 Mb/s bottleneck is not stated in the paper; Tables 4-7 imply it. For each server and
// protocol, [T_wan(first) - T_wan(revalidate)] - [T_lan(first) - T_lan(revalidate)] is what the
// path charged for the first visit's extra bytes: the hosts' work and the per-request round trips
// cancel. The simulation must charge about the same, row by row and in all.
import { describe, expect, it } from 'vitest';
import { runQuery } from '../src/scenario';
import { loadNs } from '../src/scenario/sweeps';
import { NIELSEN } from '../src/scenario/nielsenFigures';
import { nielsenRowQuery, type Mode, type Server, type Visit } from '../src/scenario/presets/nielsen';

const MODES: Array<[Mode, string]> = [
  ['1.0', 'HTTP/1.0'],
  ['1.1', 'HTTP/1.1'],
  ['pipe', 'HTTP/1.1 pipelined'],
  ['pipe-gzip', 'HTTP/1.1 pipelined w/ compression'],
];
const TABLES: Record<Server, { lan: string; wan: string }> = {
  jigsaw: { lan: 'Nielsen Table 4', wan: 'Nielsen Table 6' },
  apache: { lan: 'Nielsen Table 5', wan: 'Nielsen Table 7' },
};

const published = (table: string, row: string, visit: Visit) =>
  NIELSEN.find((f) => f.table === table && f.row === row && f.visit === visit && f.metric === 'seconds')!
    .value;
const simulated = (net: 'lan' | 'wan', mode: Mode, visit: Visit, server: Server, path: string) =>
  loadNs(runQuery(`${nielsenRowQuery(net, mode, visit, server)}${net === 'wan' ? path : ''}`).trace) / 1e9;

/** Seconds the path charged for the first visit's extra bytes, published and simulated, per pair. */
function pathSeconds(path = ''): Array<{ pair: string; paper: number; model: number }> {
  return (['jigsaw', 'apache'] as const).flatMap((server) =>
    MODES.map(([mode, row]) => {
      const t = TABLES[server];
      const paper =
        published(t.wan, row, 'first') -
        published(t.wan, row, 'revalidate') -
        (published(t.lan, row, 'first') - published(t.lan, row, 'revalidate'));
      const at = (net: 'lan' | 'wan', visit: Visit) => simulated(net, mode, visit, server, path);
      const model =
        at('wan', 'first') - at('wan', 'revalidate') - (at('lan', 'first') - at('lan', 'revalidate'));
      return { pair: `${server} ${mode}`, paper, model };
    }),
  );
}
const total = (rows: Array<{ paper: number; model: number }>, key: 'paper' | 'model') =>
  rows.reduce((sum, r) => sum + r[key], 0);

describe("Nielsen's WAN: the path's rate, from Tables 4-7", () => {
  it('the 1 Mb/s path charges what the paper shows for the extra bytes, on every pair and in all', () => {
    const rows = pathSeconds();
    for (const r of rows) expect(r.model / r.paper, r.pair).toBeGreaterThan(0.65);
    for (const r of rows) expect(r.model / r.paper, r.pair).toBeLessThan(1.35);
    expect(total(rows, 'model') / total(rows, 'paper')).toBeGreaterThan(0.85);
    expect(total(rows, 'model') / total(rows, 'paper')).toBeLessThan(1.15);
  });

  it('a fast path (the 16 KB window alone) charges about half: the check tells the bottleneck is there', () => {
    const rows = pathSeconds('&bw=45000000');
    expect(total(rows, 'model') / total(rows, 'paper')).toBeLessThan(0.6);
    for (const r of rows) expect(r.model / r.paper, r.pair).toBeLessThan(0.7);
  });
});
