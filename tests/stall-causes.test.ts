// One row per stall cause (scenario/stallCauses.ts): every cause the engine emits has a row, and
// every row is a cause some preset or query really produces. The type check holds the table to
// the engine's StallCause union; these tests hold both to what the engine does.
import { describe, expect, it } from 'vitest';
import type { StallCause } from '../src/engine/trace';
import { PRESETS } from '../src/scenario/presets';
import { SCHEMA } from '../src/scenario/schema';
import { KNOWN_CAUSES, STALL_CAUSES } from '../src/scenario/stallCauses';
import { parseQuery } from '../src/scenario/codec';
import { run } from './support/trace';

const FAST = 'link=lte&delack=off&nagle=0&iw=10&window=1048576&sthink=0&cthink=0';

/** A scenario that shows each cause: a preset where one does, else a query. */
const EMITTED_BY: Record<StallCause, string> = {
  'delayed-ack': 'preset=heidemann-short-initial',
  nagle: 'preset=heidemann-odd-final',
  cwnd: 'preset=heidemann-table1-http',
  rwnd: 'preset=kruse-lerc',
  sndbuf: 'objects=200000&flush=none&link=wan&sndbuf=4096&window=65535',
  handshake: 'preset=heidemann-table1-http',
  'server-think': 'preset=heidemann-short-initial',
  'client-think': 'preset=heidemann-short-initial',
  'server-process': 'preset=kruse-test&conns=16',
  'flush-timer': 'preset=nielsen-wan-pipe-first',
  'idle-restart': 'link=wan&ssr=rfc&sthink=3000&page=custom&objects=100000,100000',
  rto: 'preset=mathis-loss',
  pto: 'http=3&link=lte&page=microscape&loss=5&seed=4',
  'loss-timer': 'http=3&link=lte&page=microscape&loss=5&seed=4',
  'tail-probe': 'link=wan&loss=2&sack=1&rack=on',
  recovery: 'link=wan&loss=3&objects=300000&cc=newreno&seed=4',
  'stale-connection': 'link=wan&http=1.1&page=yahoo96&loads=2&loadgap=3&katimeout=1&stale=1',
  'tls-handshake': 'link=wan&tls=1.2',
  'flow-control': `${FAST}&page=custom&objects=2000,30000,30000,30000&http=2&h2window=4096`,
  'hol-blocking': `${FAST}&page=microscape&http=2&loss=2&seed=2`,
  amplification: 'link=geo&http=3&cert=10000',
  pacing: 'preset=cardwell-loss',
};

const causesOf = (query: string) => new Set(run(query).stalls.map((s) => s.cause));

describe('the stall-cause table', () => {
  it.each(KNOWN_CAUSES)('%s is emitted by a preset or a query', (cause) => {
    expect(causesOf(EMITTED_BY[cause]).has(cause)).toBe(true);
  });

  it('has a row for every cause the presets emit', () => {
    const emitted = new Set(PRESETS.flatMap((p) => [...causesOf(`preset=${p.id}`)]));
    for (const cause of emitted) expect(KNOWN_CAUSES).toContain(cause);
  }, 60_000);

  it('names only keys the schema has in its fixes', () => {
    const settings = parseQuery('http=1.0&tls=1.2&nagle.client=1&saccept=100&srate=10').config.settings;
    for (const cause of KNOWN_CAUSES)
      for (const side of ['client', 'server'] as const)
        for (const rtoNs of [null, 1000e6])
          for (const dropped of [false, true])
            for (const fix of STALL_CAUSES[cause].fixes({
              side,
              settings,
              stallNs: 500e6,
              stalls: [{ conn: 0, side, startNs: 0, endNs: 500e6, cause }],
              causeNs: 1500e6,
              rtoNs: () => rtoNs,
              dropped: () => dropped,
            }))
              expect(Object.keys(SCHEMA)).toContain(fix.key);
  });

  it('puts the duration in every sentence', () => {
    for (const query of ['http=1.1', 'http=3']) {
      const settings = parseQuery(query).config.settings;
      for (const cause of KNOWN_CAUSES)
        expect(STALL_CAUSES[cause].sentence('server', '185 ms', settings)).toContain('185 ms');
    }
  });

  it("gives every cause a dark-theme fill that stands out from the dark card (3:1, WCAG's figure for graphics)", () => {
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
      const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const card = luminance('#181c21'); // --card of the dark theme (app.css)
    for (const cause of KNOWN_CAUSES) {
      const contrast = (luminance(STALL_CAUSES[cause].colour.dark) + 0.05) / (card + 0.05);
      expect(contrast, cause).toBeGreaterThanOrEqual(3);
    }
  });
});
