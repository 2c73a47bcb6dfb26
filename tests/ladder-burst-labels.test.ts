// A burst's label is never written across another burst's bracket. At a run's last load there is
// no room below an ACK run, so its count goes beside its bracket, into the gap between lanes, where
// the neighbouring lane's server has a bracket at the same height: "6 ACKs" had been written
// across it. Where "6 ACKs" does not fit between the two brackets, the count alone ("6") does;
// a count is left off only where even that crosses something.
import { describe, expect, it } from 'vitest';
import { FLAG, type PacketRecord } from '../src/engine/trace';
import { ladderLabels, type LadderLabels } from '../src/views/ladderLabels';
import { segmentHitsRect } from '../src/views/labelPlacement';
import type { Lane, PacketShape } from '../src/views/packetGeometry';
import { bracketStrokes, burstLabelsOfLoad, ladderView } from './support/ladderView';

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

describe('burst labels beside two brackets (a hand-made pair of lanes)', () => {
  const TOP = 40;
  /** Lane 2's client 55 px right of lane 1's server: its bracket 41 px from lane 1's. */
  const lanes: Lane[] = [
    { index: 0, clientX: 100, serverX: 260 },
    { index: 1, clientX: 315, serverX: 475 },
  ];
  const y = (ns: number) => TOP + 6 + ns / 1e6;
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
  const shapeOf = (p: PacketRecord, lane: Lane): PacketShape => {
    const [fromX, toX] = p.dir === 'c2s' ? [lane.clientX, lane.serverX] : [lane.serverX, lane.clientX];
    return {
      fromX,
      toX,
      leaveTop: y(p.sendNs),
      leaveBottom: y(p.sendNs) + 0.5,
      arriveTop: y(p.arriveNs!),
      arriveBottom: y(p.arriveNs!) + 0.5,
      dropped: false,
    };
  };
  const packets: PacketRecord[] = [];
  for (let n = 0; n < 6; n++) packets.push(packet(packets.length, 0, 's2c', n));
  for (let n = 0; n < 6; n++) packets.push(packet(packets.length, 1, 'c2s', n));
  const result = ladderLabels({
    packets: { get: (i) => packets[i] },
    inView: packets.map((_, i) => i),
    shapes: packets.map((p) => shapeOf(p, lanes[p.conn])),
    name: () => 'ACK',
    lanes,
    spans: [],
    y,
    top: TOP,
    // The run ends just below the bursts: no label fits under them.
    bottom: 70,
    left: 64,
    right: 500,
    stallBoxes: [],
  });

  it('finds both bursts, brackets beside their senders', () => {
    expect(result.bursts.map((b) => [b.members.length, b.x, b.dir])).toEqual([
      [6, 267, -1],
      [6, 308, 1],
    ]);
  });

  it('writes no label across the other bracket: the server\'s flight is counted "6" beside its own', () => {
    expect(acrossOtherBrackets(result)).toEqual([]);
    // "6 segs" would reach lane 2's bracket at 308; right of lane 1's at 267, "6" fits. The ACK
    // run's "6 ACKs" would cross both that count and lane 1's bracket: it is left off, as before.
    expect(result.labels.map((l) => [l.text, l.x, l.anchor])).toEqual([['6', 270, 'start']]);
  });
});

describe("the ACK runs' counts at Kruse's LeRC page, on a 1280 px page", () => {
  it("at the last load over HTTP/1.0 (B), writes no count across the next lane's bracket, and keeps all three", () => {
    const b = ladderView('preset=kruse-lerc&b.http=1.0', 'b');
    expect(b.trace.loads.length).toBe(5);
    // Lanes 3 and 4's clients ACK beside lanes 2 and 3's servers' last flights: "6 ACKs" and
    // "5 ACKs" had been written across those servers' brackets.
    expect(acrossOtherBrackets(b.labels)).toEqual([]);
    expect(burstLabelsOfLoad(b.labels, b.trace, 5).map((l) => l.text)).toEqual(['9 ACKs', '6', '5']);
  });

  it('keeps every count at load 3 over keep-alive (A): the ten the bracket rule once dropped', () => {
    const a = ladderView('preset=kruse-lerc', 'a');
    const counts = burstLabelsOfLoad(a.labels, a.trace, 3);
    // Ten before this rule: nine ACK runs' counts beside their brackets, one whole label.
    expect(counts.length).toBe(10);
    expect(counts.filter((l) => /^\d+$/.test(l.text)).length).toBe(9);
    expect(counts.map((l) => l.text)).toContain('4 ACKs, to 183011');
    expect(acrossOtherBrackets(a.labels)).toEqual([]);
  });
});
