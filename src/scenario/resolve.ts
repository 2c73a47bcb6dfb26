// Settings (what the URL says) -> SimInput (what the engine runs): every default and unit
// conversion happens here, once.
import type { ExchangeParams, SimInput, TcpParams } from '../engine/params';
import { seededPhaseNs } from '../engine/simulate';
import { ms } from '../engine/units';
import { linkPreset } from './links';
import type { Settings } from './schema';

/** BSD timer figures of the papers' era: 3 s initial RTO (RFC 1122), 1 s floor (two 500 ms ticks). */
const INITIAL_RTO_MS = 3000;
const MIN_RTO_MS = 1000;
const MAX_RTO_MS = 64_000;
const MAX_RETRANSMITS = 12;
export const MAX_EVENTS = 2_000_000;

/** The server's writes for one response: headers alone when flushed, then `chunk`-sized writes. */
export function responseWrites(headerBytes: number, bodyBytes: number, flush: string, chunk: number): number[] {
  const pieces = (total: number) => {
    const out: number[] = [];
    for (let left = total; left > 0; left -= chunk) out.push(Math.min(chunk, left));
    return out;
  };
  if (flush === 'headers') return [...(headerBytes > 0 ? [headerBytes] : []), ...pieces(bodyBytes)];
  return pieces(headerBytes + bodyBytes);
}

export function toSimInput(s: Settings): SimInput {
  const link = linkPreset(s.link);
  const bandwidthBps = s.bw ?? link.bandwidthBps;
  const rttMs = s.rtt ?? link.rttMs;
  const mssBytes = s.mss ?? link.mssBytes;
  const linkParams = {
    bandwidthBps,
    oneWayDelayNs: ms(rttMs / 2),
    queuePackets: s.queue ?? link.queuePackets,
    lossPpm: Math.round((s.loss ?? 0) * 10_000),
    framingBytes: link.framingBytes,
  };
  const periodNs = ms(s.delackms ?? 200);
  const tcp = (nagle: boolean, phaseNs: number): TcpParams => ({
    mssBytes,
    nagle,
    delack: s.delack as TcpParams['delack'],
    delackNs: periodNs,
    delackPhaseNs: phaseNs % periodNs,
    initialWindow: s.iw as TcpParams['initialWindow'],
    slowStartRestart: s.ssr as TcpParams['slowStartRestart'],
    bufferBytes: s.window ?? 16_384,
    initialRtoNs: ms(INITIAL_RTO_MS),
    minRtoNs: ms(MIN_RTO_MS),
    maxRtoNs: ms(MAX_RTO_MS),
    maxRetransmits: MAX_RETRANSMITS,
  });
  const seed = s.seed ?? 1;
  const clientPhase = s.delackphase !== null ? ms(s.delackphase) : seededPhaseNs(seed, 0, periodNs);
  const nagle = s.nagle ?? true;
  const exchanges: ExchangeParams[] = s.objects.map((body, i) => ({
    label: i === 0 ? 'html' : `object ${i}`,
    requestBytes: s.req[Math.min(i, s.req.length - 1)],
    responseWrites: responseWrites(s.hdr ?? 0, body, s.flush, s.chunk ?? 4096),
    clientThinkNs: ms(s.cthink ?? 0),
    serverThinkNs: ms(s.sthink ?? 0),
  }));
  return {
    seed,
    c2s: linkParams,
    s2c: linkParams,
    client: tcp(s['nagle.client'] ?? nagle, clientPhase),
    server: tcp(s['nagle.server'] ?? nagle, seededPhaseNs(seed, 1, periodNs)),
    connections: [{ startNs: 0, exchanges, closer: s.close as 'client' | 'server', closeStyle: s.closestyle as 'full' | 'half' }],
    maxEvents: MAX_EVENTS,
  };
}
