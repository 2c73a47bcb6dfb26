// Which runs the page answers on its own thread: the packet prediction must not undershoot a
// big run (that would freeze the page), and small pages must qualify.
import { describe, expect, it } from 'vitest';
import { parseQuery, runQuery } from '../src/scenario';
import { MAIN_THREAD_MAX_PACKETS, predictedPackets } from '../src/worker/mainThreadRun';

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
