// What a QUIC datagram carries, for the ladder's labels: its coalesced packets by type, each with
// its frames, as `Initial[CRYPTO]`, `Initial[ACK, CRYPTO] Handshake[CRYPTO]`, `1-RTT[ACK, STREAM 4]`.
// PADDING is left out (it says nothing a reader needs); many streams in one packet are counted.
// Pure: it reads the packet record only. A TCP segment has no QUIC part: null.
import type { PacketRecord } from '../engine/trace';

const MAX_STREAMS_NAMED = 3;

function frames(names: string[]): string {
  const streams = names.filter((n) => n.startsWith('STREAM ')).map((n) => n.slice('STREAM '.length));
  const out: string[] = [];
  for (const n of names) {
    if (n === 'PADDING') continue;
    if (!n.startsWith('STREAM ')) out.push(n);
    else if (n === `STREAM ${streams[0]}`)
      out.push(
        streams.length > MAX_STREAMS_NAMED ? `STREAM ×${streams.length}` : `STREAM ${streams.join(', ')}`,
      );
  }
  return out.join(', ');
}

export function quicPacketName(p: PacketRecord): string | null {
  if (!p.quic) return null;
  return p.quic.packets.map((q) => `${q.type}[${frames(q.frames)}]`).join(' ');
}

/** The papers' terse style for a QUIC datagram: its packets' types and numbers (`I0 H0`, `1RTT7`). */
export function quicShortLabel(p: PacketRecord): string | null {
  if (!p.quic) return null;
  const letter = { Initial: 'I', Handshake: 'H', '0-RTT': '0RTT', '1-RTT': '1RTT' } as const;
  return p.quic.packets.map((q) => `${letter[q.type]}${q.pn}`).join(' ');
}
