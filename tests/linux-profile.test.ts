// stack=linux bundles today's Linux defaults (src/scenario/hosts/profiles.ts): its ACK policy,
// IW10, CUBIC, SACK, a 200 ms RTO floor and slow-start restart; keys given beside it still win.
import { describe, expect, it } from 'vitest';
import { parseQuery } from '../src/scenario/codec';
import { toSimInput } from '../src/scenario/resolve';
import { dataSegments, run } from './support/trace';

const input = (q: string) => toSimInput(parseQuery(q).config.settings);

describe('the linux host profile', () => {
  it("sets both hosts' TCP to Linux's defaults", () => {
    const { client, server } = input('stack=linux');
    for (const side of [client, server]) {
      expect(side.delack).toBe('linux');
      expect(side.initialWindow).toBe('10');
      expect(side.congestionControl).toBe('cubic');
      expect(side.sack).toBe(true);
      expect(side.minRtoNs).toBe(200e6);
      expect(side.slowStartRestart).toBe('rfc');
    }
  });

  it('applies to one side only with stack.server, and a key given beside it wins', () => {
    const one = input('stack.server=linux');
    expect(one.server.congestionControl).toBe('cubic');
    expect(one.client.congestionControl).toBe('reno');
    expect(input('stack=linux&iw=4k&cc=newreno').server).toMatchObject({
      initialWindow: '4k',
      congestionControl: 'newreno',
    });
  });

  it('a Linux server answers with ten segments before the first ACK comes back', () => {
    const q = 'objects=40000&rtt=100&link=ethernet100&stack=linux';
    const trace = run(q);
    const data = dataSegments(trace, 's2c');
    const firstAck = trace.packets.find((p) => p.dir === 'c2s' && p.ack > 2 && p.sendNs > data[0].sendNs)!;
    expect(data.filter((p) => p.sendNs < firstAck.arriveNs!)).toHaveLength(10);
  });

  it("a Linux client ACKs the first segments at once (quick-ACK), where BSD's clock holds one", () => {
    const acksBeforeTick = (q: string) => {
      const trace = run(q);
      const first = dataSegments(trace, 's2c')[0];
      return trace.packets.filter(
        (p) =>
          p.dir === 'c2s' && p.len === 0 && p.sendNs >= first.arriveNs! && p.sendNs < first.arriveNs! + 1e6,
      ).length;
    };
    expect(acksBeforeTick('preset=heidemann-short-initial&stack=linux')).toBeGreaterThan(0);
    expect(acksBeforeTick('preset=heidemann-short-initial')).toBe(0);
  });
});
