// Which runs the page answers on its own thread: the packet prediction must not undershoot a
// big run (that would freeze the page), and small pages must qualify.
import { describe, expect, it } from 'vitest';
import { parseQuery, runQuery } from '../src/scenario';
import { traceHash } from '../src/engine/hash';
import { simulate } from '../src/engine/simulate';
import { simulateWith } from '../src/engine/simulateCore';
import { tcpTransport } from '../src/engine/tcp/transport';
import { toSimInput } from '../src/scenario/resolve';
import { fitsMainThread, MAIN_THREAD_MAX_PACKETS, predictedPackets } from '../src/worker/mainThreadRun';

const QUERIES = [
  '',
  'page=microscape&http=1.0&conns=4',
  'page=microscape&http=1.1pipe',
  'objects=1000000',
  'objects=200000&loss=2',
];

describe('main-thread run prediction', () => {
  it.each(QUERIES)('predicts the packets of %s from 0.7 to 4 times over', (query) => {
    const actual = runQuery(query).trace.packets.length;
    const predicted = predictedPackets(parseQuery(query).config.settings);
    expect(predicted).toBeGreaterThanOrEqual(actual * 0.7);
    expect(predicted).toBeLessThanOrEqual(actual * 4);
  });

  it('keeps the default page and Microscape on the page, and a megabyte transfer in the worker', () => {
    const predict = (q: string) => predictedPackets(parseQuery(q).config.settings);
    expect(predict('')).toBeLessThan(MAIN_THREAD_MAX_PACKETS);
    expect(predict('page=microscape&http=1.0&conns=4')).toBeLessThan(MAIN_THREAD_MAX_PACKETS);
    expect(predict('objects=10000000')).toBeGreaterThan(MAIN_THREAD_MAX_PACKETS);
  });
});

describe("the page's own engine leaves HTTP/3, CUBIC and BBR out", () => {
  const request = (...queries: string[]) => ({
    kind: 'run' as const,
    preset: null,
    sides: queries.map((q) => parseQuery(q).config.settings),
  });

  it('sends runs of HTTP/3, CUBIC or BBR, on either side of a comparison, to the worker', () => {
    expect(fitsMainThread(request(''))).toBe(true);
    expect(fitsMainThread(request('cc=reno&sack=1'))).toBe(true); // NewReno, in the core
    for (const q of ['http=3', 'cc=cubic', 'cc=bbr', 'stack=linux', 'stack.server=linux']) {
      expect(fitsMainThread(request(q)), q).toBe(false);
      expect(fitsMainThread(request('', q)), q).toBe(false);
    }
  });

  it('runs the rest as the whole engine does, and says so plainly when asked for what it lacks', () => {
    const input = (q: string) => toSimInput(parseQuery(q).config.settings);
    const core = { http3: null, tcp: tcpTransport() };
    for (const q of ['', 'http=2&tls=1.3', 'page=microscape&http=1.1pipe', 'sack=1&loss=2&objects=100000'])
      expect(traceHash(simulateWith(input(q), core))).toBe(traceHash(simulate(input(q))));
    expect(() => simulateWith(input('http=3'), core)).toThrow(/HTTP\/3 is not part of this build/);
    expect(() => simulateWith(input('cc=bbr'), core)).toThrow(/bbr is not part of this build/);
  });
});
