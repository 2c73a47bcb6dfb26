// Which labels the ladder shows and where: connection names where each connection starts, then
// packets by importance (handshake, losses, requests, responses, data, ACKs). Packets sent too
// close together to label one by one are a burst with one label and a bracket. Everything is a
// function of the trace and the scale, not of the cursor, so playback only filters by time.
import type { PacketRecord } from '../engine/trace';
import { formatBytes } from './format';
import {
  chooseBoxes,
  placeLabels,
  LABEL_CHAR_PX,
  type LabelRequest,
  type LabelSpot,
  type PlacedLabel,
  type Rect,
  type Segment,
} from './labelPlacement';
import type { ConnectionSpan } from './ladderLayout';
import { arrowHead, DROP_CROSS_PX, packetKind, type Lane, type PacketShape } from './packetGeometry';

export type LabelItem =
  | { kind: 'packet'; index: number; atNs: number }
  /** `text`: the burst's whole label, its hover text where a count or a short label stands. */
  | { kind: 'burst'; members: number[]; atNs: number; text: string }
  /** `overArrows`: no spot clear of the arrows, so the name is drawn over them on a backdrop. */
  | { kind: 'conn'; conn: number; atNs: number; overArrows?: true };
type BurstItem = Extract<LabelItem, { kind: 'burst' }>;

/** A burst's bracket beside the sender's line, from its first packet's top to its last's bottom. */
export interface Burst {
  members: number[];
  x: number;
  /** +1 when the sender's line is to the bracket's right. */
  dir: 1 | -1;
  y0: number;
  y1: number;
  atNs: number;
}

export interface LadderLabels {
  labels: PlacedLabel<LabelItem>[];
  bursts: Burst[];
  /** The stalls whose labels are drawn: each one's key, and which of its places it takes. */
  stalls: Map<string, number>;
}

/** A connection that starts at the top of the view has its first packets where its name would go:
 * its name goes above the lane's headings instead, where a lane of one connection has it
 * (LadderAxis, 24 px above the plot). Labels may rise this far above the plot. */
export const CONN_LABEL_HEADROOM_PX = 36;
export const CONN_HEADING_Y_PX = 24;
/** Starting closer than this to the top counts as starting at the top: a name just above the start
 * would cross into the headings. */
const AT_TOP_PX = 16;
/** The lanes' "client" / "server" headings (LadderAxis): 12 px semibold, baseline this far above the plot. */
export const LANE_HEAD_BASELINE_PX = 8;
const HEAD_CHAR_PX = 7.5;
/** How far a heading's letters reach below its baseline. */
const HEAD_DESCENT_PX = 3;

/** Packets closer than this (sender side) are too dense to label one by one... */
const BURST_GAP_PX = 6;
/** ...when at least this many come in a row. */
const BURST_MIN = 4;

interface Input {
  /** Packet `i` (the trace's table: records made as they are asked for). */
  packets: { get(i: number): PacketRecord };
  /** Indices of the packets in view, in sending order. */
  inView: number[];
  shapes: PacketShape[];
  name: (index: number) => string;
  lanes: Lane[];
  spans: ConnectionSpan[];
  y: (ns: number) => number;
  top: number;
  /** The lowest a label reaches: the view's bottom, or this run's end when that comes first. */
  bottom: number;
  left: number;
  right: number;
  /** Stall labels' boxes, by stall, best first: the first clear of arrows and drops' × is kept,
   * then avoided by packet labels. */
  stallBoxes: [string, (Rect | null)[]][];
  /** Boxes drawn apart that labels keep clear of (the dense-band note in the headings' band). */
  reserved?: Rect[];
}

export function ladderLabels(input: Input): LadderLabels {
  const { packets, inView, shapes, lanes, top, bottom } = input;
  const bursts = findBursts(input);
  const inBurst = new Set(bursts.flatMap((b) => b.members));
  const requests: { rank: number; atNs: number; request: LabelRequest<LabelItem> }[] = [];
  for (const span of input.spans) {
    const lane = lanes[span.lane];
    const at = input.y(span.startNs);
    if (!lane || at < top || at > bottom) continue;
    const text = `connection ${span.conn + 1}`;
    const mid = (lane.clientX + lane.serverX) / 2;
    const spots: LabelSpot[] = [
      ...(at - top < AT_TOP_PX ? [{ x: mid, y: top - CONN_HEADING_Y_PX, anchor: 'middle' as const }] : []),
      { x: mid, y: at - 5, anchor: 'middle' },
      { x: lane.serverX - 8, y: at - 5, anchor: 'end' },
      { x: lane.clientX + 8, y: at - 5, anchor: 'start' },
      { x: mid, y: at + 13, anchor: 'middle' },
    ];
    requests.push({
      rank: 0,
      atNs: span.startNs,
      request: { item: { kind: 'conn', conn: span.conn, atNs: span.startNs }, text, spots },
    });
  }
  for (const i of inView) {
    if (inBurst.has(i)) continue;
    const text = input.name(i);
    const p = packets.get(i);
    // A QUIC datagram of several packets, named in full, is long: where that fits nowhere (between
    // a phone's host lines), its first packet's name does, the rest cut ("Initial[CRYPTO] …").
    const cut = (p.quic?.packets.length ?? 0) > 1 && text.includes('] ') ? `${text.split('] ')[0]}] …` : null;
    requests.push({
      rank: rank(p, text),
      atNs: p.sendNs,
      request: {
        item: { kind: 'packet', index: i, atNs: p.sendNs },
        text,
        spots: [
          ...arrowSpots(shapes[i], text),
          ...(cut ? arrowSpots(shapes[i], cut).map((s) => ({ ...s, text: cut })) : []),
        ],
      },
    });
  }
  /** Each burst's label item and the spot beside its bracket, for the counts' last pass. */
  const besideBursts: { item: BurstItem; beside: LabelSpot }[] = [];
  for (const b of bursts) {
    const first = shapes[b.members[0]];
    const last = shapes[b.members[b.members.length - 1]];
    const members = b.members.map((i) => packets.get(i));
    const text = burstText(members);
    const short = burstShortText(members);
    // "6" of "6 ACKs" ("4 segs + 1 ACK" has no one count).
    const count = /^\d+(?= \w+$)/.exec(short);
    // Outside the bracket, where no arrow of this lane goes.
    const beside = {
      x: b.x - b.dir * 3,
      y: (b.y0 + b.y1) / 2 + 4,
      anchor: b.dir > 0 ? 'end' : 'start',
    } as const;
    const spots: LabelSpot[] = [
      ...arrowSpots(first, text).slice(0, 2),
      ...arrowSpots(last, text).slice(2, 4),
      { ...beside, text: short },
      // Where that crosses the next lane's bracket, standing beside this one, the count alone.
      ...(count ? [{ ...beside, text: count[0], ifMarked: true as const }] : []),
    ];
    const item: BurstItem = { kind: 'burst', members: b.members, atNs: b.atNs, text };
    besideBursts.push({ item, beside });
    requests.push({ rank: 3, atNs: b.atNs, request: { item, text, spots } });
  }
  requests.sort((a, b) => a.rank - b.rank || a.atNs - b.atNs);
  const obstacles: Segment[] = inView.map((i) => {
    const s = shapes[i];
    return { x0: s.fromX, y0: s.leaveBottom, x1: s.toX, y1: s.arriveBottom };
  });
  for (const lane of lanes)
    for (const x of [lane.clientX, lane.serverX]) obstacles.push({ x0: x, y0: top, x1: x, y1: bottom });
  // Names and stall labels keep clear of a dropped packet's × too, which reaches past its shaft: a
  // connection named where it starts in a lossy shared lane had been written over the × of a packet
  // lost just before, and an RTO's label over the × of the packet it waited to resend.
  const hostLines = obstacles.slice(inView.length);
  // All keep clear of the arrows' heads, wider than their shafts.
  obstacles.push(...inView.flatMap((i) => headSides(shapes[i])));
  const crosses = inView.flatMap((i) => dropCross(shapes[i]));
  const nameObstacles = [...obstacles, ...crosses];
  const bounds = { x0: input.left, y0: top, x1: input.right, y1: bottom };
  // Connection names first, then the stall labels that fit, then packets around both.
  const ordered = requests.map((r) => r.request);
  const firstPacket = requests.findIndex((r) => r.rank > 0);
  const split = firstPacket < 0 ? ordered.length : firstPacket;
  const names = ordered.slice(0, split);
  const headings = [
    ...lanes.flatMap((lane) => [
      headingRect(lane.clientX, 'client', top),
      headingRect(lane.serverX, 'server', top),
    ]),
    ...(input.reserved ?? []),
  ];
  const connBounds = { ...bounds, y0: top - CONN_LABEL_HEADROOM_PX };
  const named = placeLabels(names, nameObstacles, connBounds, headings);
  // A connection is never left unnamed: a lane that showed "connection 2" then "connection 4" read
  // as a connection missing. Where every spot crosses an arrow, the name goes over the arrows on a
  // backdrop, still clear of the host lines, the drops' × and the other names.
  const placedConns = new Set(named.map((l) => l.item));
  const conns = [
    ...named,
    ...placeLabels(
      names
        .filter((r) => !placedConns.has(r.item))
        .map((r) => ({ ...r, item: { ...r.item, overArrows: true as const } })),
      [...hostLines, ...crosses],
      connBounds,
      [...headings, ...named.map((l) => l.rect)],
    ),
  ];
  const connRects = conns.map((l) => l.rect);
  const places = chooseBoxes(
    input.stallBoxes.map(([, boxes]) => boxes),
    obstacles,
    connRects,
    crosses,
    hostLines,
  );
  const stallBoxes = input.stallBoxes.flatMap(([key, boxes], i) =>
    places[i] < 0 ? [] : [{ key, place: places[i], box: boxes[places[i]]! }],
  );
  // Labels keep clear of the bursts' brackets (a burst's own stands beside it, not under it): at
  // a run's last load, with no room below, "6 ACKs" had been written across the bracket of the
  // next lane's server, at the same height in the gap between the lanes. The upright is enough:
  // a label that met a tick alone (3 px, pointing at its host line) would cross that line too.
  const brackets = bursts.map((b) => ({ x0: b.x, y0: b.y0, x1: b.x, y1: b.y1 }));
  // A packet's label may rise out of the plot to just under the lanes' headings: there the run's
  // first packet, 14 px below the top, has room for its label above its start. Over QUIC, zoomed
  // in, the client's Initial falls so steeply that it had no other place, and the 0-RTT packet
  // sent a millisecond after it was labelled alone.
  const packetBounds = { ...bounds, y0: top - LANE_HEAD_BASELINE_PX + HEAD_DESCENT_PX };
  const labels = [
    ...conns,
    ...placeLabels(
      ordered.slice(split),
      nameObstacles,
      packetBounds,
      [...headings, ...connRects, ...stallBoxes.map((s) => s.box)],
      undefined,
      brackets,
    ),
  ];
  // A burst still unlabelled gets the count of its arrows beside its bracket, where that is clear:
  // an HTTP/1.0 connection's client sends its request among its ACKs ("1 seg + 11 ACKs", no one
  // count, too long for the gap between lanes): side B of Kruse's LeRC page over HTTP/1.0 had
  // labelled 9 of its 83 brackets at 1280 px. Last, so no label placed before gives way.
  const labelled = new Set(labels.map((l) => l.item));
  const counts = placeLabels(
    besideBursts
      .filter((b) => !labelled.has(b.item))
      .map((b) => ({ item: b.item, text: String(b.item.members.length), spots: [b.beside] })),
    nameObstacles,
    bounds,
    [...labels.map((l) => l.rect), ...stallBoxes.map((s) => s.box)],
    undefined,
    brackets,
  );
  return { labels: [...labels, ...counts], bursts, stalls: new Map(stallBoxes.map((s) => [s.key, s.place])) };
}

/** The two strokes of the × a dropped packet's arrow ends in (none for a packet that arrived). */
function dropCross(s: PacketShape): Segment[] {
  if (!s.dropped) return [];
  const [x, y, c] = [s.toX, s.arriveBottom, DROP_CROSS_PX];
  return [
    { x0: x - c, y0: y - c, x1: x + c, y1: y + c },
    { x0: x - c, y0: y + c, x1: x + c, y1: y - c },
  ];
}

/** The three sides of the head an arrived packet's arrow ends in (none for a drop's, or a stub). */
function headSides(s: PacketShape): Segment[] {
  const corners = s.dropped ? null : arrowHead(s.fromX, s.leaveBottom, s.toX, s.arriveBottom);
  if (!corners) return [];
  const [[ax, ay], [bx, by]] = corners;
  return [
    { x0: s.toX, y0: s.arriveBottom, x1: ax, y1: ay },
    { x0: ax, y0: ay, x1: bx, y1: by },
    { x0: bx, y0: by, x1: s.toX, y1: s.arriveBottom },
  ];
}

/** Where a lane's heading is drawn, as a box labels keep clear of. */
function headingRect(x: number, text: string, top: number): Rect {
  const half = (text.length * HEAD_CHAR_PX) / 2;
  const baseline = top - LANE_HEAD_BASELINE_PX;
  return { x0: x - half, y0: baseline - 10, x1: x + half, y1: baseline + HEAD_DESCENT_PX };
}

/** Lower first: what a student looks for before the bulk of the transfer. */
function rank(p: PacketRecord, text: string): number {
  const kind = packetKind(p);
  if (kind === 'control' || kind === 'retransmit' || kind === 'dropped') return 1;
  if (kind === 'data' && !text.startsWith('data')) return 2;
  if (kind === 'data') return 4;
  return 5;
}

/** Spots near an arrow: above its start, along its shaft (above, below), below its end, beside it. */
function arrowSpots(s: PacketShape, text: string): LabelSpot[] {
  const dir = s.toX >= s.fromX ? 1 : -1;
  const near = dir > 0 ? 'start' : 'end';
  const far = dir > 0 ? 'end' : 'start';
  const width = text.length * LABEL_CHAR_PX;
  const midX = (s.fromX + s.toX) / 2;
  const shaftY = (x: number) =>
    s.toX === s.fromX
      ? s.leaveBottom
      : s.leaveBottom + ((x - s.fromX) / (s.toX - s.fromX)) * (s.arriveBottom - s.leaveBottom);
  const nearEnd = midX - (dir * width) / 2;
  const farEnd = midX + (dir * width) / 2;
  return [
    { x: s.fromX + dir * 6, y: s.leaveTop - 5, anchor: near },
    { x: midX, y: Math.min(shaftY(nearEnd), shaftY(farEnd)) - 6, anchor: 'middle' },
    { x: midX, y: Math.max(shaftY(nearEnd), shaftY(farEnd)) + 13, anchor: 'middle' },
    { x: s.toX - dir * 6, y: s.arriveBottom + 14, anchor: far },
    { x: s.fromX + dir * 6, y: s.leaveBottom + 14, anchor: near },
    // Beside the sender's line, on the side away from the lane: clear of this lane's arrows.
    { x: s.fromX - dir * 9, y: s.leaveTop + 4, anchor: far },
  ];
}

/** Runs of packets on one connection and direction sent closer together than a label's height. */
function findBursts({ packets, inView, shapes }: Input): Burst[] {
  const runs = new Map<string, number[][]>();
  for (const i of inView) {
    const p = packets.get(i);
    const key = `${p.conn}:${p.dir}`;
    const list = runs.get(key) ?? [];
    const run = list[list.length - 1];
    const prev = run?.[run.length - 1];
    if (run && shapes[i].leaveTop - shapes[prev!].leaveTop < BURST_GAP_PX) run.push(i);
    else list.push([i]);
    runs.set(key, list);
  }
  const bursts: Burst[] = [];
  for (const list of runs.values()) {
    for (const members of list) {
      if (members.length < BURST_MIN) continue;
      const first = shapes[members[0]];
      const dir: 1 | -1 = first.toX >= first.fromX ? 1 : -1;
      bursts.push({
        members,
        x: first.fromX - dir * 7,
        dir,
        y0: first.leaveTop,
        y1: shapes[members[members.length - 1]].leaveBottom,
        atNs: packets.get(members[0]).sendNs,
      });
    }
  }
  return bursts;
}

/** "1 ACK", "3 ACKs". */
const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** A TCP burst's bare ACKs apart from its data segments: a server's first flight under IW10 is
 * "9 segments, 11.6 KB + 1 ACK", not "10 segments", which would read as the whole window. */
function bareAcks(members: PacketRecord[]): string {
  const acks = members.filter((p) => p.len === 0).length;
  return acks > 0 ? ` + ${count(acks, 'ACK')}` : '';
}

function burstText(members: PacketRecord[]): string {
  const bytes = members.reduce((sum, p) => sum + p.len, 0);
  if (members[0].quic) {
    // QUIC acknowledges packet numbers, not a byte count: no "to n".
    return bytes === 0 ? `${members.length} ACK packets` : `${members.length} packets, ${formatBytes(bytes)}`;
  }
  if (bytes === 0) return `${members.length} ACKs, to ${members[members.length - 1].ack}`;
  const segments = members.filter((p) => p.len > 0).length;
  return `${count(segments, 'segment')}, ${formatBytes(bytes)}${bareAcks(members)}`;
}

/** The burst's count beside its bracket, where a whole label has no room. */
function burstShortText(members: PacketRecord[]): string {
  const acks = members.every((p) => p.len === 0);
  // A QUIC burst is of UDP datagrams, not TCP segments.
  if (members[0].quic || acks) return `${members.length} ${acks ? 'ACKs' : 'packets'}`;
  return `${count(members.filter((p) => p.len > 0).length, 'seg')}${bareAcks(members)}`;
}
