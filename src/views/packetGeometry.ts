// Where a packet arrow goes on the ladder. Time flows down. A packet is a band between two
// parallel edges: its first bit leaves the sender at sendNs and reaches the receiver one
// propagation delay later; its last bit leaves one serialization time after the first and
// arrives at arriveNs. So the band's height at the sender is the serialization time and the
// slope is the propagation delay, as Padmanabhan and Mogul drew them.
import { quicShortLabel } from './quicPacketNames';
import type { PathTiming } from '../engine/path';
import { serializationNs } from '../scenario/linkTiming';
import { droppedAtQueue, FLAG, flagLetters, isResentReason, type PacketRecord } from '../engine/trace';

export type { LinkTiming, PathTiming } from '../engine/path';

export interface Lane {
  index: number;
  clientX: number;
  serverX: number;
}

export interface PacketShape {
  fromX: number;
  toX: number;
  /** First bit leaves, last bit leaves (sender side). */
  leaveTop: number;
  leaveBottom: number;
  /** First bit arrives, last bit arrives (receiver side); for a dropped packet, where it died. */
  arriveTop: number;
  arriveBottom: number;
  dropped: boolean;
}

/** Half the width of the × a dropped packet's arrow ends in, where it died. */
export const DROP_CROSS_PX = 5;

/** How far an arrow's head reaches back along its shaft. */
const HEAD_PX = 7;

/** The two corners of the base of an arrow's head, its tip at (x2, y2); null for a shaft too short to
 * carry one. Drawn by the ladder, and kept clear of by its labels: wider than the shaft, a head had
 * reached into a label resting just above its line ("data 811 B" on "ACK 6067"). */
export function arrowHead(
  x1: number,
  y1: number,
  x2: number,
  y2: number,
): [[number, number], [number, number]] | null {
  const length = Math.hypot(x2 - x1, y2 - y1);
  if (length < HEAD_PX) return null;
  const ux = (x2 - x1) / length;
  const uy = (y2 - y1) / length;
  const bx = x2 - ux * HEAD_PX;
  const by = y2 - uy * HEAD_PX;
  const wx = -uy * (HEAD_PX / 2.4);
  const wy = ux * (HEAD_PX / 2.4);
  return [
    [bx + wx, by + wy],
    [bx - wx, by - wy],
  ];
}

/** The packet's band in pixels, given a time->y scale. */
export function packetShape(
  p: PacketRecord,
  lane: Lane,
  y: (ns: number) => number,
  path: PathTiming,
): PacketShape {
  const link = p.dir === 'c2s' ? path.c2s : path.s2c;
  const fromX = p.dir === 'c2s' ? lane.clientX : lane.serverX;
  const farX = p.dir === 'c2s' ? lane.serverX : lane.clientX;
  const serNs = serializationNs(p.wireBytes, link.bandwidthBps);
  const leaveTop = y(p.sendNs);
  const leaveBottom = y(p.sendNs + serNs);
  if (p.arriveNs === null) {
    // Lost on the link: draw it dying halfway across; dropped at the queue (full, or CoDel): it never left.
    const fraction = droppedAtQueue(p.drop) ? 0.12 : 0.5;
    const toX = fromX + (farX - fromX) * fraction;
    const midNs = p.sendNs + serNs + link.oneWayDelayNs * fraction;
    return {
      fromX,
      toX,
      leaveTop,
      leaveBottom,
      arriveTop: y(midNs - serNs),
      arriveBottom: y(midNs),
      dropped: true,
    };
  }
  return {
    fromX,
    toX: farX,
    leaveTop,
    leaveBottom,
    arriveTop: y(p.arriveNs - serNs),
    arriveBottom: y(p.arriveNs),
    dropped: false,
  };
}

export type PacketKind = 'data' | 'ack' | 'control' | 'retransmit' | 'dropped';

/** What a packet is, for its colour: data, a pure ACK, SYN/FIN/RST, a retransmission, a loss. */
export function packetKind(p: PacketRecord): PacketKind {
  if (p.arriveNs === null) return 'dropped';
  if (isResentReason(p.reason)) return 'retransmit';
  if (p.flags & (FLAG.SYN | FLAG.FIN | FLAG.RST)) return 'control';
  return p.len > 0 ? 'data' : 'ack';
}

/**
 * The label on the arrow, in the papers' style: `P 1:227(226) ack 53` for data, `ack 1687` for a
 * pure ACK, `S`, `F 571:571(0)`. Numbers are relative, as in the figures after the handshake.
 */
export function shortLabel(p: PacketRecord): string {
  const quic = quicShortLabel(p);
  if (quic) return quic;
  const letters = flagLetters(p.flags);
  const ack = p.flags & FLAG.ACK ? ` ack ${p.ack}` : '';
  if (p.flags & FLAG.SYN) return `${letters}${ack}`;
  if (p.len > 0 || p.flags & (FLAG.FIN | FLAG.RST))
    return `${letters} ${p.seq}:${p.seq + p.len}(${p.len})${ack}`;
  return `ack ${p.ack}`;
}
