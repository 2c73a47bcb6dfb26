// Nagle's algorithm under pipelining (Nielsen's W3C note): what the preset's words and the lesson
// step that shows it say of the holds, checked on the preset's run.
import { describe, expect, it } from 'vitest';
import { LESSONS } from '../src/scenario/lessons';
import { PRESET_TEXTS } from '../src/scenario/presetTexts';
import { ms, run } from './support/trace';

describe("the Nagle-and-pipelining preset's words hold on its run", () => {
  const trace = run('preset=nielsen-nagle-pipelining');
  const holds = trace.stalls.filter((s) => s.cause === 'nagle');
  /** What ended a server hold: the client's ACK arriving, or a full segment leaving. */
  const endedBy = (endNs: number) => {
    const ack = trace.packets.find((p) => p.dir === 'c2s' && p.arriveNs === endNs);
    if (ack) return ack.reason;
    const seg = trace.packets.find((p) => p.dir === 's2c' && p.len > 0 && p.sendNs === endNs)!;
    return seg.len === 1460 ? 'filled' : 'other';
  };

  it("ends a response's held tail with the client's ACK, delayed or not, or with the next response's bytes", () => {
    const ends = holds.filter((s) => s.side === 'server').map((s) => endedBy(s.endNs));
    expect(new Set(ends)).toEqual(new Set(['ack-delayed', 'ack-now', 'filled']));
    expect(Math.max(...holds.map((s) => ms(s.endNs - s.startNs)))).toBeLessThan(100); // none near 200 ms
    const { explanation } = PRESET_TEXTS['nielsen-nagle-pipelining'];
    expect(explanation).toMatch(/or until the next response's bytes fill it/);
    expect(explanation).toMatch(/no hold comes near 200 ms/);
  });

  it('holds some pipelined requests on the client too, which the words say', () => {
    expect(holds.some((s) => s.side === 'client')).toBe(true);
    expect(
      run('preset=nielsen-nagle-pipelining&nagle.client=0').stalls.some(
        (s) => s.side === 'client' && s.cause === 'nagle',
      ),
    ).toBe(false);
    expect(PRESET_TEXTS['nielsen-nagle-pipelining'].explanation).toMatch(
      /On the client, Nagle holds some of the pipelined requests/,
    );
  });

  it("has the lesson's Nagle step say a held tail waits for an ACK or the next response, not always a delayed ACK", () => {
    const step = LESSONS.flatMap((l) => l.steps).find((s) => s.query === 'preset=nielsen-nagle-pipelining')!;
    expect(step.text).toMatch(/waits for the client's ACK, or for the next response to fill it/);
  });
});
