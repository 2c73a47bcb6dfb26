// The trace's tables keep a small run's records as objects and a long run's in columns: both
// must give back exactly the records the engine wrote, in JSON too (trace hashes depend on it),
// also after crossing to the page.
import { describe, expect, it } from 'vitest';
import { OBJECTS_UP_TO } from '../src/engine/recordTable';
import { reviveTrace } from '../src/engine/traceTransfer';
import { traceHash } from '../src/engine/hash';
import { run } from './support/trace';
import { PacketTable } from '../src/engine/packetTable';
import type { AppEvent, SampleRecord } from '../src/engine/trace';

/** The records as plain data, undefined fields dropped (as JSON writes them). */
const plain = (records: unknown[]) => JSON.parse(JSON.stringify(records)) as unknown[];

describe('trace tables', () => {
  // 20 MB at 100 Mb/s: far more packets, events and samples than a table keeps as objects.
  const long = run('objects=20000000&flush=none&link=longfat&window=16000000&cc=cubic&sack=1');
  const short = run('preset=heidemann-short-initial');
  // Reno samples on most ACKs: more samples than a table keeps as objects.
  const reno = run('objects=20000000&flush=none&link=ethernet100&window=16000000&cc=reno');

  it('a long run moves its records to columns; a short one keeps objects', () => {
    expect(long.packets.length).toBeGreaterThan(OBJECTS_UP_TO);
    expect(long.packets.columns).not.toBeNull();
    expect(long.events.columns).not.toBeNull();
    expect(reno.samples!.columns).not.toBeNull();
    expect(short.packets.columns).toBeNull();
  });

  it('columns give back every field of every record, rare ones included', () => {
    const packets = long.packets.all();
    expect(packets.map((p) => p.id)).toEqual(packets.map((_, i) => i));
    // SACK blocks, options on the SYNs, drops: all survive the columns.
    expect(packets.filter((p) => p.sackBlocks).length).toBeGreaterThan(1000);
    expect(packets[0].mssOption).toBe(1460);
    expect(packets.some((p) => p.drop !== undefined)).toBe(true);
    // Records made from the columns go back into a table and come out the same, field order included.
    expect(JSON.stringify(PacketTable.of(packets))).toBe(JSON.stringify(packets));
  });

  it('events and samples read the same from columns as from objects', () => {
    const events: AppEvent[] = long.events.all();
    expect(events.filter((e) => e.kind === 'deliver').every((e) => e.seq! > 0 && e.bytes! > 0)).toBe(true);
    expect(events.filter((e) => e.kind === 'cc-phase').every((e) => typeof e.note === 'string')).toBe(true);
    expect(events.some((e) => e.kind === 'cc-phase')).toBe(true);
    expect(events.some((e) => e.exchange !== undefined)).toBe(true);
    const samples: SampleRecord[] = reno.samples!.all();
    expect(samples.length).toBeGreaterThan(OBJECTS_UP_TO);
    expect(samples.every((s) => s.cwnd > 0 && s.rtoNs > 0)).toBe(true);
    expect(samples.some((s) => s.srttNs !== null)).toBe(true);
    expect(plain(samples)).toEqual(plain(samples.map((s) => ({ ...s }))));
  });

  it('a long run writes the trace the engine wrote when it kept every record as an object', () => {
    // Whole-trace hashes taken from the engine before the tables (d745603). The two SACK runs'
    // were taken again when a stall began to end at data sent by SACK recovery: their stalls
    // changed and nothing else (packets, events, samples compared field by field). The CUBIC run's
    // again when its cwnd grew only while in use (cwndUsage.ts): its samples changed, its packets not.
    // The Reno run's again when Reno opened its window as BSD does at cwnd == ssthresh and on the
    // ACK ending fast recovery (its queue overflows): its packets changed with its window.
    // The CUBIC run's again when the ACK of a timed segment that also covers a retransmission gave
    // the echoed timestamp's sample (Linux): its samples changed, its packets not. All three again
    // when a segment that fills part of a gap was ACKed at once (RFC 5681 4.2): a few ACKs leave
    // earlier (CUBIC 24,770 packets, was 24,769; BBR 26,338, was 26,135; both end when they did),
    // and Reno's recovery moves with them (2.72 s, 21,003 packets, 180 retransmissions; was 2.70 s,
    // 21,008, 194). BBR's again when its Drain and gain-cycle checks read what the network holds,
    // not all that is unacknowledged (SACKed data included): it leaves Drain sooner, 3.03 s and
    // 27,889 packets (was 4.42 s, 26,338), the same 2,126 retransmissions. All three again when
    // each load recorded its page (`page: '/'`): without that field they hash as before
    // (00d4141e782f2f, 0ea8790ab3440c, 08f7f3338b0af4).
    expect(traceHash(long)).toBe('07f56b9183e0a4');
    expect(traceHash(reno)).toBe('1283625c4f37e5');
    const bbr = run('objects=20000000&flush=none&link=longfat&window=16000000&cc=bbr&sack=1');
    expect(traceHash(bbr)).toBe('016917672e4505');
  });

  it('a trace crosses to the page whole, with its tables usable again', () => {
    for (const trace of [short, long]) {
      const arrived = reviveTrace(structuredClone(trace));
      expect(JSON.stringify(arrived)).toBe(JSON.stringify(trace));
      expect(arrived.packets.get(3)).toEqual(trace.packets.get(3));
      expect(arrived.events.filter((e) => e.kind === 'deliver').length).toBe(
        trace.events.filter((e) => e.kind === 'deliver').length,
      );
    }
  });
});
