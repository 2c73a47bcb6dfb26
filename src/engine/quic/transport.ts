// QUIC behind the transport seam: endpoints over UDP datagrams (28 bytes of IP and UDP headers
// around the QUIC packets), recorded as packets that name their QUIC packets and frames.
import type { TlsParams } from '../tls/handshake';
import type { QuicPacketFields } from '../trace';
import type { Transport } from '../transport';
import type { Bytes } from '../units';

type QuicPacketRecord = NonNullable<QuicPacketFields['quic']>['packets'][number];
import { QuicEndpoint, type QuicDatagram, type QuicPacket } from './endpoint';
import { quicHandshakePlan } from './handshake';
import { IP_UDP_HEADER } from './wire';

const FRAME_NAMES = {
  ack: 'ACK',
  crypto: 'CRYPTO',
  padding: 'PADDING',
  ping: 'PING',
  'handshake-done': 'HANDSHAKE_DONE',
  close: 'CONNECTION_CLOSE',
  'max-data': 'MAX_DATA',
  'data-blocked': 'DATA_BLOCKED',
} as const;

/** The frames of a packet as the ladder names them, a run of the same name once. */
function frameNames(p: QuicPacket): string[] {
  const names: string[] = [];
  for (const f of p.frames) {
    const name =
      f.kind === 'stream'
        ? `STREAM ${f.id}`
        : f.kind === 'max-stream-data'
          ? `MAX_STREAM_DATA ${f.id}`
          : f.kind === 'stream-data-blocked'
            ? `STREAM_DATA_BLOCKED ${f.id}`
            : FRAME_NAMES[f.kind];
    if (!names.includes(name)) names.push(name);
  }
  return names;
}

/** What views need beyond the names: where STREAM frames lie in their streams, what ACKs cover. */
type FrameDetail = Pick<QuicPacketRecord, 'streams' | 'cryptoBytes' | 'acked' | 'limits' | 'blocked'>;
function frameDetail(p: QuicPacket): FrameDetail {
  const out: FrameDetail = {};
  for (const f of p.frames) {
    if (f.kind === 'stream') (out.streams ??= []).push([f.id, f.offset, f.len]);
    else if (f.kind === 'crypto') out.cryptoBytes = (out.cryptoBytes ?? 0) + f.len;
    else if (f.kind === 'ack') out.acked = f.ranges.map(([a, b]) => [a, b]);
    else if (f.kind === 'max-data') (out.limits ??= []).push([-1, f.max]);
    else if (f.kind === 'max-stream-data') (out.limits ??= []).push([f.id, f.max]);
    else if (f.kind === 'data-blocked') (out.blocked ??= []).push([-1, f.limit]);
    else if (f.kind === 'stream-data-blocked') (out.blocked ??= []).push([f.id, f.limit]);
  }
  return out;
}

/** The client's Initial with the start of its CRYPTO stream: the ClientHello, first sent or again. */
const carriesClientHello = (d: QuicDatagram) =>
  d.from === 'client' &&
  d.packets.some((p) => p.type === 'Initial' && p.frames.some((f) => f.kind === 'crypto' && f.offset === 0));

export function quicTransport(tls: TlsParams, flowWindow: Bytes | null = null): Transport<QuicDatagram> {
  const plan = quicHandshakePlan(tls, flowWindow);
  return {
    endpoint: (ctx) => new QuicEndpoint(ctx, plan),
    ipBytes: (d) => IP_UDP_HEADER + d.payload,
    describe: (d, r) => {
      r.seq = d.seq;
      r.ack = 0;
      r.flags = 0;
      r.win = 0;
      r.len = d.data;
      r.optionBytes = 0;
      r.mssOption = undefined;
      r.wscaleOption = undefined;
      r.sackPermitted = undefined;
      r.sackBlocks = undefined;
      r.reason = d.reason;
      r.quic = {
        packets: d.packets.map((p) => ({ type: p.type, pn: p.pn, frames: frameNames(p), ...frameDetail(p) })),
        cryptoBytes: d.crypto,
        ...(plan.flowWindow !== null && carriesClientHello(d) ? { flowWindow: plan.flowWindow } : {}),
      };
    },
    established: () => {},
  };
}
