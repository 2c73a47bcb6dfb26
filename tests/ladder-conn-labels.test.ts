// The ladder's connection names where lanes take turns (HTTP/1.0, more connections than lanes):
// each connection is named where it starts, and one starting at the top of the view is named
// above its lane's headings, as a lane of one connection is, rather than not at all.
import { describe, expect, it } from 'vitest';
import { FLAG, type PacketRecord } from '../src/engine/trace';
import { CONN_HEADING_Y_PX, ladderLabels } from '../src/views/ladderLabels';
import { segmentHitsRect } from '../src/views/labelPlacement';
import type { Lane, PacketShape } from '../src/views/packetGeometry';
import { arrowShape } from './support/ladderView';

const TOP = 40;
const lanes: Lane[] = [
  { index: 0, clientX: 100, serverX: 260 },
  { index: 1, clientX: 300, serverX: 460 },
];
const syn = (conn: number, sendNs: number): PacketRecord => ({
  id: conn,
  conn,
  dir: 'c2s',
  seq: 0,
  ack: 0,
  flags: FLAG.SYN,
  win: 65535,
  len: 0,
  optionBytes: 4,
  reason: 'data',
  sendNs,
  arriveNs: sendNs + 20_000_000,
  ipBytes: 44,
  wireBytes: 58,
});
/** 1 px per ms, the run's first packet 6 px below the top, as the ladder pads it. */
const y = (ns: number) => TOP + 6 + ns / 1e6;
const shapeOf = (p: PacketRecord, lane: Lane): PacketShape => arrowShape(p, lane, y);

/**
 * The labels of three connections' packets in two lanes: connections 1 and 3 share lane 1 (the
 * first ending at `firstEndNs`, the third starting at 200 ms), connection 2 has lane 2.
 */
function labelsOf(
  packets: PacketRecord[],
  shapes: ReturnType<typeof shapeOf>[],
  name: (i: number) => string,
  firstEndNs: number,
) {
  return ladderLabels({
    packets: { get: (i) => packets[i] },
    inView: [0, 1, 2],
    shapes,
    name,
    lanes,
    spans: [
      { conn: 0, startNs: 0, endNs: firstEndNs, lane: 0 },
      { conn: 1, startNs: 1_000_000, endNs: 400_000_000, lane: 1 },
      { conn: 2, startNs: 200_000_000, endNs: 400_000_000, lane: 0 },
    ],
    y,
    top: TOP,
    bottom: 600,
    left: 64,
    right: 480,
    stallBoxes: [],
  }).labels;
}

describe('connection names on shared lanes', () => {
  // Connections 1 and 2 open at once in lanes 1 and 2; connection 3 takes lane 1 at 200 ms.
  const packets = [syn(0, 0), syn(1, 1_000_000), syn(2, 200_000_000)];
  const laneOf = [0, 1, 0];
  const shapes = packets.map((p, i) => shapeOf(p, lanes[laneOf[i]]));
  const labels = labelsOf(packets, shapes, () => 'SYN', 150_000_000);
  const connLabel = (conn: number) => labels.find((l) => l.item.kind === 'conn' && l.item.conn === conn);

  it('names every connection, those that start at the top above their lane headings', () => {
    for (const conn of [0, 1]) {
      const label = connLabel(conn);
      expect(label?.text).toBe(`connection ${conn + 1}`);
      expect(label?.y).toBe(TOP - CONN_HEADING_Y_PX);
    }
    // A later one just above where it starts.
    expect(connLabel(2)?.y).toBe(y(200_000_000) - 5);
  });

  it('keeps the handshake named: a name at the top does not take the SYN label spot', () => {
    const synLabels = labels.filter((l) => l.item.kind === 'packet');
    expect(synLabels.map((l) => l.item.kind === 'packet' && l.item.index).sort()).toEqual([0, 1, 2]);
  });

  it('keeps the names clear of the lanes\' "client" and "server" headings', () => {
    for (const l of labels.filter((l) => l.item.kind === 'conn'))
      for (const lane of lanes)
        for (const x of [lane.clientX, lane.serverX]) {
          const headingBox = { x0: x - 25, x1: x + 25, y0: TOP - 18, y1: TOP - 5 };
          const clear =
            l.rect.x1 <= headingBox.x0 ||
            l.rect.x0 >= headingBox.x1 ||
            l.rect.y1 <= headingBox.y0 ||
            l.rect.y0 >= headingBox.y1;
          expect(clear).toBe(true);
        }
  });
});

describe('connection names in a lossy shared lane', () => {
  // Connection 1's data packet dies halfway at 150 ms, its × just above where connection 3 starts
  // in the same lane at 200 ms (http=1.0&conns=1&page=microscape&link=wan&loss=2 had
  // "connection 3" and "connection 12" written over such crosses).
  const lost: PacketRecord = { ...syn(0, 150_000_000), flags: FLAG.ACK, len: 1460, arriveNs: null };
  const packets = [syn(0, 0), lost, syn(2, 200_000_000)];
  const lane = lanes[0];
  const drop = { x: 200, y: y(200_000_000) - 17 };
  const shapes = [
    shapeOf(packets[0], lane),
    {
      ...shapeOf(packets[0], lane),
      leaveTop: y(150e6),
      leaveBottom: y(150e6) + 0.5,
      toX: drop.x,
      arriveTop: drop.y - 0.5,
      arriveBottom: drop.y,
      dropped: true,
    },
    shapeOf(packets[2], lane),
  ];
  const labels = labelsOf(packets, shapes, (i) => (i === 1 ? 'data 1460 B' : 'SYN'), 190_000_000);

  it("names the connection where it starts, clear of the lost packet's ×", () => {
    const name = labels.find((l) => l.item.kind === 'conn' && l.item.conn === 2);
    expect(name?.text).toBe('connection 3');
    expect(Math.abs(name!.y - y(200_000_000))).toBeLessThan(20);
    const c = 5; // the × is 10 px across, as drawn
    const strokes = [
      { x0: drop.x - c, y0: drop.y - c, x1: drop.x + c, y1: drop.y + c },
      { x0: drop.x - c, y0: drop.y + c, x1: drop.x + c, y1: drop.y - c },
    ];
    for (const s of strokes) expect(segmentHitsRect(s, name!.rect)).toBe(false);
  });
});
