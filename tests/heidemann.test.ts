// Heidemann 1997, Figures 2 and 4: the two delayed-ACK interactions, replayed packet by packet.
import { describe, expect, it } from 'vitest';
import { PRESET_TEXTS } from '../src/scenario/presetTexts';
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

describe("the words of Heidemann's presets hold on their runs", () => {
  /** The server's waits over 100 ms, in order, each with the object whose exchange it falls in. */
  const longWaits = (query: string) => {
    const trace = run(query);
    return trace.stalls
      .filter((s) => s.side === 'server' && ms(s.endNs - s.startNs) > 100)
      .map((s) => {
        const x = trace.exchanges.find((e) => e.startNs <= s.startNs && s.endNs <= e.endNs!)!;
        return `${x.label} ${s.cause}`;
      });
  };
  const texts = (id: string) => PRESET_TEXTS[id];

  it('short initial segment: the delayed ACK, then Nagle holding the 811-byte tail; flushing with the data ends both', () => {
    expect(longWaits('preset=heidemann-short-initial')).toEqual(['/ delayed-ack', '/ nagle']);
    const trace = run('preset=heidemann-short-initial');
    const nagle = trace.stalls.find((s) => s.cause === 'nagle')!;
    const tail = dataSegments(trace, 's2c').find((p) => p.sendNs === nagle.endNs)!;
    expect(tail.len).toBe(811);
    expect(texts('heidemann-short-initial').explanation).toMatch(
      /stalls a second time.*last 811 bytes.*Nagle/,
    );
    expect(longWaits('preset=heidemann-short-initial&flush=none')).toEqual([]);
    const hint = texts('heidemann-short-initial').tryNext.find((t) => t.settings === 'flush=none')!;
    expect(hint.sentence).toMatch(/neither wait is left/);
  });

  it('P-HTTP: the HTML waits twice, the first image not at all, the second image once', () => {
    expect(longWaits('preset=heidemann-table1-phttp')).toEqual([
      '/ delayed-ack',
      '/ nagle',
      '/images/yahoo2.gif nagle',
    ]);
    const { explanation } = texts('heidemann-table1-phttp');
    expect(explanation).toMatch(/The HTML stalls twice/);
    expect(explanation).toMatch(/The first image is ACKed at once.*the second image's short tail waits/);
    expect(explanation).not.toMatch(/each response stalls/);
  });

  it("with the first fix, the odd final segment that waits is the first image's", () => {
    const waits = ['/images/yahoo1.gif nagle'];
    expect(longWaits('preset=heidemann-table1-phttp-fix1')).toEqual(waits);
    expect(longWaits('preset=heidemann-table1-phttp-fix2&nagle=1')).toEqual(waits);
    const hint = texts('heidemann-table1-phttp-fix2').tryNext.find((t) => t.settings === 'nagle=1')!;
    expect(hint.sentence).toMatch(/odd final segment of the first image/);
  });
});
