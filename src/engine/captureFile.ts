// A capture as taken at the trace's capture point (the `capture` key): which packets it saw, in
// the order and at the time it saw them, and the whole capture as tcpdump text. pcap.ts lists the
// same packets, so the text and the capture agree. Apart from tcpdump.ts, whose one-line writer the
// ladder's hover uses on first paint: these load with the exports.
import { capturedPackets } from './metrics';
import { connectionLookup, tcpdumpLine } from './tcpdump';
import type { DropCause, PacketRecord, Trace } from './trace';

/**
 * capturedPackets as that capture lists them, each with the time it saw the packet: on the wire
 * and at its sender, when it was sent; at its receiver, when it arrived. Ordered by that time, ties
 * by id. The pcap and tcpdump writers list exactly these.
 */
export function packetsAsCaptured(trace: Trace): { packet: PacketRecord; atNs: number }[] {
  const peer = trace.capture === 'client' ? 's2c' : trace.capture === 'server' ? 'c2s' : null;
  return capturedPackets(trace)
    .map((packet) => ({
      packet,
      atNs: packet.dir === peer ? packet.arriveNs! : packet.sendNs, // the peer's all arrived
    }))
    .sort((a, b) => a.atNs - b.atNs || a.packet.id - b.packet.id);
}

/** What a dropped packet's comment in the capture says, by its cause. */
const DROPPED: Record<DropCause | 'unknown', string> = {
  loss: 'dropped by the link: never arrived',
  queue: "dropped at the router's full queue: never arrived",
  codel: "dropped by CoDel at the router's queue: never arrived",
  unknown: 'dropped: never arrived',
};

/** The comment a capture gives a packet: what dropped it, or null for one that arrived. */
export function dropComment(packet: PacketRecord): string | null {
  return packet.arriveNs === null ? DROPPED[packet.drop ?? 'unknown'] : null;
}

/** How many dropped packets the capture holds, each marked (pcap.ts writes them as pcapng). */
export function droppedInCapture(trace: Trace): number {
  return capturedPackets(trace).filter((p) => p.arriveNs === null).length;
}

/** The capture file's type: pcapng if it holds a dropped packet (to say so), classic pcap otherwise. */
export function captureExtension(trace: Trace): 'pcap' | 'pcapng' {
  return droppedInCapture(trace) > 0 ? 'pcapng' : 'pcap';
}

/**
 * The whole trace as tcpdump text, as taken at its capture point: one line per packet that capture
 * saw, in the order and at the time it saw them, each ending in `\n`.
 */
export function formatTcpdump(trace: Trace): string {
  const connOf = connectionLookup(trace);
  let out = '';
  for (const { packet, atNs } of packetsAsCaptured(trace))
    out += tcpdumpLine(connOf(packet), packet, atNs) + '\n';
  return out;
}
