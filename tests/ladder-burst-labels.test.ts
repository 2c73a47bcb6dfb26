// A burst's label keeps clear of every burst's bracket. At a run's last load there is no room
// below an ACK run, so its count goes beside its bracket, into the gap between lanes, where the
// neighbouring lane's server had its own bracket: "6 ACKs" had been written across it.
import { describe, expect, it } from 'vitest';
import { FLAG, type PacketRecord } from '../src/engine/trace';
import { ladderLabels } from '../src/views/ladderLabels';
import { segmentHitsRect } from '../src/views/labelPlacement';
import type { Lane, PacketShape } from '../src/views/packetGeometry';

const TOP = 40;
/** Lane 2's client 55 px right of lane 1's server: room for a count beside the bracket. */
const lanes: Lane[] = [
  { index: 0, clientX: 100, serverX: 260 },
  { index: 1, clientX: 315, serverX: 475 },
];
const y = (ns: number) => TOP + 6 + ns / 1e6;

/** Packet `n` of a burst of six, 1 ms apart: lane 1's server sends data, lane 2's client ACKs. */
function packet(id: number, conn: number, dir: 'c2s' | 's2c', n: number): PacketRecord {
  const sendNs = n * 1_000_000;
  return {
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
    sendNs,
    arriveNs: sendNs + 20_000_000,
    ipBytes: 40,
    wireBytes: 54,
  };
}

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

describe('burst labels at the end of a run', () => {
  const packets: PacketRecord[] = [];
  for (let n = 0; n < 6; n++) packets.push(packet(packets.length, 0, 's2c', n));
  for (let n = 0; n < 6; n++) packets.push(packet(packets.length, 1, 'c2s', n));
  const shapes = packets.map((p) => shapeOf(p, lanes[p.conn]));
  const result = ladderLabels({
    packets: { get: (i) => packets[i] },
    inView: packets.map((_, i) => i),
    shapes,
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

  it('writes no label across a bracket', () => {
    const strokes = result.bursts.flatMap((b) => {
      const tip = b.x + 3 * b.dir;
      return [
        { x0: tip, y0: b.y0, x1: b.x, y1: b.y0 },
        { x0: b.x, y0: b.y0, x1: b.x, y1: b.y1 },
        { x0: b.x, y0: b.y1, x1: tip, y1: b.y1 },
      ];
    });
    const crossing = result.labels
      .filter((l) => strokes.some((s) => segmentHitsRect(s, l.rect)))
      .map((l) => `${l.text} at ${l.x}`);
    expect(crossing).toEqual([]);
  });
});
