// Settings (what the URL says) -> SimInput (what the engine runs): every default and unit
// conversion happens here, once.
import type { HttpParams, SimInput, TcpParams, WireObject } from '../engine/params';
import { seededPhaseNs } from './seeding';
import { ms } from '../engine/units';
import { page } from './workloads';
import { linkPreset } from './links';
import type { Settings } from './schema';

/** BSD timer figures of the papers' era: 3 s initial RTO (RFC 1122); the floor is the `minrto` key. */
const INITIAL_RTO_MS = 3000;
const MAX_RTO_MS = 64_000;
const MAX_RETRANSMITS = 12;
export const MAX_EVENTS = 2_000_000;

/** The page's objects as they travel: a deflated HTML is smaller, and names its objects earlier. */
export function wireObjects(s: Settings): WireObject[] {
  const p = page(s.page, {
    images: s.images,
    imageBytes: s.imagebytes,
    objects: s.objects,
  });
  const ratio = s.gzip ? s.ratio : 1;
  const html: WireObject = {
    url: p.html.url,
    bodyBytes: Math.round(p.html.bytes * ratio),
    refOffsetBytes: 0,
    ...(s.gzip ? { encoding: 'deflate' as const } : {}),
  };
  return [
    html,
    ...p.objects.map((o) => ({
      url: o.url,
      bodyBytes: o.bytes,
      refOffsetBytes: Math.round(o.refOffset * ratio),
    })),
  ];
}

function httpParams(s: Settings): HttpParams {
  const persistentModes = ['1.1', '1.1pipe', 'getall'];
  return {
    mode: s.http,
    maxConnections: persistentModes.includes(s.http) ? 1 : s.conns,
    visit: s.visit,
    objects: wireObjects(s),
    requestBytes: s.req,
    responseHeaderBytes: s.hdr,
    notModifiedBytes: s.hdr304 ?? s.hdr,
    flushHeaders: s.flush === 'headers',
    writeBytes: s.chunk,
    serverThinkNs: ms(s.sthink),
    serverAcceptNs: ms(s.saccept),
    serverNsPerByte: s.srate ? 1e9 / (s.srate * 1024) : 0,
    clientThinkNs: ms(s.cthink),
    pipeBufferBytes: s.pipebuf,
    pipeFlushNs: ms(s.pipeflush),
    serverBufferBytes: s.sbuf,
    maxRequestsPerConnection: s.maxreq,
    serverProcesses: s.sprocs,
    keepAliveTimeoutNs: ms(s.katimeout * 1000),
    closeStyle: s.closestyle,
    loads: s.loads,
    loadGapNs: ms(s.loadgap * 1000),
  };
}

export function toSimInput(s: Settings): SimInput {
  const link = linkPreset(s.link);
  const mssBytes = s.mss ?? link.mssBytes;
  const linkParams = {
    bandwidthBps: s.bw ?? link.bandwidthBps,
    oneWayDelayNs: ms((s.rtt ?? link.rttMs) / 2),
    queuePackets: s.queue ?? link.queuePackets,
    lossPpm: Math.round(s.loss * 10_000),
    framingBytes: link.framingBytes,
  };
  const periodNs = ms(s.delackms);
  const tcp = (nagle: boolean, phaseNs: number): TcpParams => ({
    mssBytes,
    nagle,
    delack: s.delack,
    delackNs: periodNs,
    delackPhaseNs: phaseNs % periodNs,
    initialWindow: s.iw,
    slowStartRestart: s.ssr,
    congestionControl: s.cc,
    sack: s.sack,
    pacing: s.pacing,
    bufferBytes: s.window,
    sendBufferBytes: s.sndbuf ?? s.window,
    initialRtoNs: ms(INITIAL_RTO_MS),
    minRtoNs: ms(s.minrto),
    maxRtoNs: ms(MAX_RTO_MS),
    maxRetransmits: MAX_RETRANSMITS,
  });
  const seed = s.seed;
  const clientPhase = s.delackphase !== null ? ms(s.delackphase) : seededPhaseNs(seed, 0, periodNs);
  const nagle = s.nagle;
  return {
    seed,
    c2s: linkParams,
    s2c: linkParams,
    client: tcp(s['nagle.client'] ?? nagle, clientPhase),
    server: tcp(s['nagle.server'] ?? nagle, seededPhaseNs(seed, 1, periodNs)),
    http: httpParams(s),
    maxEvents: MAX_EVENTS,
  };
}
