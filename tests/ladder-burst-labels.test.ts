// A burst's label is never written across another burst's bracket. At a run's last load there is
// no room below an ACK run, so its count goes beside its bracket, into the gap between lanes, where
// the neighbouring lane's server has a bracket at the same height: "6 ACKs" had been written
// across it. Where "6 ACKs" does not fit between the two brackets, the count alone ("6") does;
// a count is left off only where even that crosses something.
import { describe, expect, it } from 'vitest';
import { FLAG, type PacketRecord } from '../src/engine/trace';
import { ladderLabels, type LadderLabels } from '../src/views/ladderLabels';
import { segmentHitsRect } from '../src/views/labelPlacement';
import type { Lane } from '../src/views/packetGeometry';
import { arrowShape, bracketStrokes, burstLabelsOfLoad, ladderView } from './support/ladderView';

/** "6 ACKs at 455" for each label written across a bracket of another burst. */
function acrossOtherBrackets({ labels, bursts }: LadderLabels): string[] {
  return labels
    .filter((l) =>
      bursts.some(
        (b) =>
          !(l.item.kind === 'burst' && l.item.members === b.members) &&
          bracketStrokes(b).some((s) => segmentHitsRect(s, l.rect)),
      ),
    )
    .map((l) => `${l.text} at ${l.x.toFixed(0)}`);
}

/** 1 px per ms, the run's first packet 6 px below the top (40), as the ladder pads it. */
const y = (ns: number) => 46 + ns / 1e6;

/** The labels of hand-made packets, packet `p` in lane `lanes[p.conn]`, the run ending at `bottom`. */
function handMadeLabels(packets: PacketRecord[], lanes: Lane[], room: { bottom: number; left: number }) {
  return ladderLabels({
    packets: { get: (i) => packets[i] },
    inView: packets.map((_, i) => i),
    shapes: packets.map((p) => arrowShape(p, lanes[p.conn], y)),
    name: () => 'ACK',
    lanes,
    spans: [],
    y,
    top: 40,
    ...room,
    right: 500,
    stallBoxes: [],
  });
}

describe('burst labels beside two brackets (a hand-made pair of lanes)', () => {
  /** Lane 2's client 55 px right of lane 1's server: its bracket 41 px from lane 1's. */
  const lanes: Lane[] = [
    { index: 0, clientX: 100, serverX: 260 },
    { index: 1, clientX: 315, serverX: 475 },
  ];
  /** Packet `n` of a burst of six, 1 ms apart: lane 1's server sends data, lane 2's client ACKs. */
  const packet = (id: number, conn: number, dir: 'c2s' | 's2c', n: number): PacketRecord => ({
    id,
    conn,
    dir,
    seq: dir === 's2c' ? 1 + n * 1460 : 1,
    ack: dir === 'c2s' ? 1 + (n + 1) * 1460 : 1,
    flags: FLAG.ACK,
    win: 65535,
    len: dir === 's2c' ? 1460 : 0,
    optionBytes: 0,
    reason: 'data',
    sendNs: n * 1_000_000,
    arriveNs: n * 1_000_000 + 20_000_000,
    ipBytes: 40,
    wireBytes: 54,
  });
  const packets: PacketRecord[] = [];
  for (let n = 0; n < 6; n++) packets.push(packet(packets.length, 0, 's2c', n));
  for (let n = 0; n < 6; n++) packets.push(packet(packets.length, 1, 'c2s', n));
  // The run ends just below the bursts: no label fits under them.
  const result = handMadeLabels(packets, lanes, { bottom: 70, left: 64 });

  it('finds both bursts, brackets beside their senders', () => {
    expect(result.bursts.map((b) => [b.members.length, b.x, b.dir])).toEqual([
      [6, 267, -1],
      [6, 308, 1],
    ]);
  });

  it('writes no label across the other bracket: each run is counted "6" beside its own', () => {
    expect(acrossOtherBrackets(result)).toEqual([]);
    // "6 segs" would reach lane 2's bracket at 308; right of lane 1's at 267, "6" fits. The ACK
    // run's "6 ACKs" would cross both that count and lane 1's bracket; its count alone fits left
    // of its own bracket, clear of the other "6".
    expect(result.labels.map((l) => [l.text, l.x, l.anchor])).toEqual([
      ['6', 270, 'start'],
      ['6', 305, 'end'],
    ]);
  });
});

describe('a client run of a request among ACKs (a hand-made lane)', () => {
  const lane: Lane = { index: 0, clientX: 200, serverX: 360 };
  /** The request (300 B), then four ACKs, 1 ms apart, as an HTTP/1.0 client sends them. */
  const packets: PacketRecord[] = Array.from({ length: 5 }, (_, n) => ({
    id: n,
    conn: 0,
    dir: 'c2s',
    seq: n === 0 ? 1 : 301,
    ack: 1 + n * 1460,
    flags: FLAG.ACK,
    win: 65535,
    len: n === 0 ? 300 : 0,
    optionBytes: 0,
    reason: n === 0 ? 'data' : 'ack-now',
    sendNs: n * 1_000_000,
    arriveNs: n * 1_000_000 + 20_000_000,
    ipBytes: 40,
    wireBytes: 54,
  }));
  const labelsIn = (left: number) =>
    handMadeLabels(packets, [lane], { bottom: 60, left }).labels.map((l) => l.text);

  it('says "1 seg + 4 ACKs" beside its bracket where that fits', () => {
    expect(labelsIn(0)).toEqual(['1 seg + 4 ACKs']);
  });

  it('counts its five arrows where only the count fits', () => {
    expect(labelsIn(170)).toEqual(['5']);
  });
});

describe('a QUIC server flight (a hand-made lane)', () => {
  const lane: Lane = { index: 0, clientX: 100, serverX: 260 };
  /** Five 1-RTT packets of stream data, 1 ms apart. */
  const packets: PacketRecord[] = Array.from({ length: 5 }, (_, n) => ({
    id: n,
    conn: 0,
    dir: 's2c',
    seq: n * 1200,
    ack: 0,
    flags: 0,
    win: 0,
    len: 1200,
    optionBytes: 0,
    reason: 'data',
    sendNs: n * 1_000_000,
    arriveNs: n * 1_000_000 + 20_000_000,
    ipBytes: 1228,
    wireBytes: 1242,
    quic: { packets: [{ type: '1-RTT', pn: n, frames: ['STREAM 0'] }], cryptoBytes: 0 },
  }));

  it('is counted in packets beside its bracket, not in TCP segments', () => {
    const { labels } = handMadeLabels(packets, [lane], { bottom: 60, left: 0 });
    expect(labels.map((l) => l.text)).toEqual(['5 packets']);
  });
});

describe("the ACK runs' counts at Kruse's LeRC page, on a 1280 px page", () => {
  it("at the last load over HTTP/1.0 (B), writes no count across the next lane's bracket, and keeps all three", () => {
    const b = ladderView('preset=kruse-lerc&b.http=1.0', 'b');
    expect(b.trace.loads.length).toBe(5);
    // Lanes 3 and 4's clients ACK beside lanes 2 and 3's servers' last flights: "6 ACKs" and
    // "5 ACKs" had been written across those servers' brackets.
    expect(acrossOtherBrackets(b.labels)).toEqual([]);
    // The other four, the servers' flights and the clients' requests among their ACKs, are counted.
    expect(burstLabelsOfLoad(b.labels, b.trace, 5).map((l) => l.text)).toEqual([
      '9 ACKs',
      '6',
      '5',
      '4',
      '15',
      '10',
      '7',
    ]);
  });

  it("counts B's brackets over HTTP/1.0 as A's: a connection's request among its ACKs has no one count", () => {
    const b = ladderView('preset=kruse-lerc&b.http=1.0', 'b');
    const labelled = b.labels.labels.filter((l) => l.item.kind === 'burst').length;
    // 9 of 83 had a label: the rest had no room for "1 seg + 11 ACKs" or "15 segs + 2 ACKs" and
    // no count to fall back on. Now 58.
    expect(b.labels.bursts.length).toBe(83);
    expect(labelled).toBeGreaterThan(50);
    expect(acrossOtherBrackets(b.labels)).toEqual([]);
  });

  it('keeps every count at load 3 over keep-alive (A): the ten the bracket rule once dropped, then more', () => {
    const a = ladderView('preset=kruse-lerc', 'a');
    const counts = burstLabelsOfLoad(a.labels, a.trace, 3).map((l) => l.text);
    // The ten placed before the counts' last pass (nine ACK runs' counts beside their brackets,
    // one whole label) are placed as before; that pass adds the servers' flights' counts after them.
    expect(counts.slice(0, 10)).toEqual(['5', '4', '6', '6', '5', '6', '5', '6', '6', '4 ACKs, to 183011']);
    expect(counts.length).toBe(35);
    expect(acrossOtherBrackets(a.labels)).toEqual([]);
  });
});
