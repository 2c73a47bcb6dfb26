// Heidemann 1997, Figures 2 and 4: the two delayed-ACK interactions, replayed packet by packet.
import { describe, expect, it } from 'vitest';
import { dataSegments, ms, range, run } from './support/trace';

describe('short initial segment (Fig. 2)', () => {
  const trace = run('preset=heidemann-short-initial');
  const reply = dataSegments(trace, 's2c');

  it('sends the flushed headers alone, then one full segment', () => {
    expect(reply.slice(0, 2).map(range)).toEqual(['1:227(226)', '227:1687(1460)']);
  });

  it('then sends nothing until the client delayed-ACKs 1687, 170-200 ms later', () => {
    const ack = trace.packets.find((p) => p.dir === 'c2s' && p.ack === 1687)!;
    expect(ack.reason).toBe('ack-delayed');
    const gap = ms(reply[2].sendNs - reply[1].sendNs);
    expect(gap).toBeGreaterThan(170);
    expect(gap).toBeLessThan(200);
    expect(reply[2].sendNs).toBeGreaterThanOrEqual(ack.arriveNs!);
    expect(reply.slice(2, 4).map(range)).toEqual(['1687:3147(1460)', '3147:4607(1460)']);
  });

  it('records the wait as a delayed-ACK stall of the server', () => {
    const stall = trace.stalls.find((s) => s.cause === 'delayed-ack')!;
    expect(stall.side).toBe('server');
    expect(ms(stall.endNs - stall.startNs)).toBeGreaterThan(170);
    expect(stall.endNs).toBe(reply[2].sendNs);
  });

  it('loses the stall when the headers are not flushed alone', () => {
    const fixed = run('preset=heidemann-short-initial&flush=none');
    expect(fixed.stalls.filter((s) => s.cause === 'delayed-ack')).toEqual([]);
    expect(dataSegments(fixed, 's2c').slice(0, 2).map(range)).toEqual(['1:1461(1460)', '1461:2921(1460)']);
    const done = (t: typeof trace) => t.exchanges[0].endNs!;
    expect(ms(done(fixed))).toBeLessThan(ms(done(trace)) - 150);
  });
});

describe('odd, short final segment (Fig. 4)', () => {
  const trace = run('preset=heidemann-odd-final');
  // The second response: 226 bytes of headers + 3883 of body, written as 4096 then 13.
  const second = dataSegments(trace, 's2c').filter((p) => p.seq > 6877);

  it('leaves as 1460, 1460 and 1176 bytes, then a 13-byte tail', () => {
    expect(second.map((p) => p.len)).toEqual([1460, 1460, 1176, 13]);
  });

  it('has the client ACK the first two segments at once', () => {
    const ack = trace.packets.find((p) => p.dir === 'c2s' && p.ack === second[1].seq + second[1].len)!;
    expect(ack.reason).toBe('ack-now');
    expect(ms(ack.sendNs - second[1].arriveNs!)).toBeLessThan(1);
  });

  it('holds the tail until the delayed ACK of the odd segment: a Nagle stall of about 166 ms', () => {
    const ack = trace.packets.find((p) => p.dir === 'c2s' && p.ack === second[2].seq + second[2].len)!;
    expect(ack.reason).toBe('ack-delayed');
    expect(second[3].sendNs).toBeGreaterThanOrEqual(ack.arriveNs!);
    const hold = ms(second[3].sendNs - second[2].sendNs);
    expect(hold).toBeGreaterThan(150);
    expect(hold).toBeLessThan(200);
    const stall = trace.stalls.find((s) => s.cause === 'nagle')!;
    expect(stall.side).toBe('server');
    expect(ms(stall.endNs - stall.startNs)).toBeGreaterThan(150);
  });

  it('sends the tail at once with Nagle off', () => {
    for (const query of ['preset=heidemann-odd-final&nagle=0', 'preset=heidemann-odd-final&nagle.server=0']) {
      const fixed = run(query);
      const tail = dataSegments(fixed, 's2c').filter((p) => p.seq > 6877);
      expect(tail.map((p) => p.len)).toEqual([1460, 1460, 1176, 13]);
      expect(ms(tail[3].sendNs - tail[2].sendNs)).toBeLessThan(2); // right behind it on the wire
      expect(fixed.stalls.filter((s) => s.cause === 'nagle')).toEqual([]);
    }
  });

  it('keeps the hold when only the client turns Nagle off', () => {
    const clientOnly = run('preset=heidemann-odd-final&nagle.client=0');
    expect(clientOnly.stalls.some((s) => s.cause === 'nagle' && s.side === 'server')).toBe(true);
  });
});
