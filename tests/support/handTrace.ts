// Hand-built traces for the output-format tests. Sequence numbers are relative (SYN = 0, first
// data byte = 1), as in a Trace; ISS values and ports are those of Heidemann's Figure 2.
import { EventTable } from '../../src/engine/eventTable';
import { PacketTable } from '../../src/engine/packetTable';
import { FLAG, type ConnectionRecord, type PacketRecord, type Trace } from '../../src/engine/trace';
import type { PathTiming } from '../../src/engine/path';

export const us = (micros: number) => micros * 1000;

/** A path whose links send a packet in no time: a hand-built trace places its packets itself. */
export const INSTANT_PATH: PathTiming = {
  c2s: { bandwidthBps: Infinity, oneWayDelayNs: 0 },
  s2c: { bandwidthBps: Infinity, oneWayDelayNs: 0 },
};
export const CLIENT_ISS = 676352001;
export const SERVER_ISS = 1807168001;

export function conn(over: Partial<ConnectionRecord> = {}): ConnectionRecord {
  return {
    id: 0,
    clientPort: 3199,
    serverPort: 8080,
    clientIss: CLIENT_ISS,
    serverIss: SERVER_ISS,
    mss: 1460,
    clientWscale: 0,
    serverWscale: 0,
    openNs: 0,
    ...over,
  };
}

let nextId = 0;
export function pkt(p: Partial<PacketRecord> & Pick<PacketRecord, 'dir' | 'sendNs'>): PacketRecord {
  const len = p.len ?? 0;
  const optionBytes = p.optionBytes ?? 0;
  return {
    id: nextId++,
    conn: 0,
    seq: 0,
    ack: 0,
    flags: FLAG.ACK,
    win: 16384,
    len,
    optionBytes,
    reason: len > 0 ? 'data' : 'ack-now',
    arriveNs: p.sendNs + us(100),
    ipBytes: 40 + optionBytes + len,
    wireBytes: 40 + optionBytes + len + 38,
    ...p,
  };
}

export function trace(connections: ConnectionRecord[], packets: PacketRecord[]): Trace {
  return {
    packets: PacketTable.of(packets),
    timers: [],
    events: new EventTable(),
    stalls: [],
    connections,
    exchanges: [],
    loads: [],
    linkFramingBytes: 38,
    endNs: Math.max(0, ...packets.map((p) => p.sendNs)),
    eventCount: packets.length,
  };
}
