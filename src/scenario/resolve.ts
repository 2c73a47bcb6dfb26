// Settings (what the URL says) -> SimInput (what the engine runs): every default and unit
// conversion happens here, once.
import type {
  CongestionControlName,
  HttpParams,
  InitialWindow,
  SimInput,
  TcpParams,
  WireObject,
} from '../engine/params';
import { seededPhaseNs } from './seeding';
import { ms } from '../engine/units';
import { KRUSE_LOOP, page } from './workloads';
import { linkPreset } from './links';
import { tlsOf, type Settings } from './schema';
import { hostProfile, type HostProfile, type StackName } from './hosts/profiles';

/** BSD timer figures of the papers' era: 3 s initial RTO (RFC 1122); the floor is the `minrto` key. */
const INITIAL_RTO_MS = 3000;
const MAX_RTO_MS = 64_000;
const MAX_RETRANSMITS = 12;
export const MAX_EVENTS = 2_000_000;
/** A trace costs a few hundred bytes a packet: past half a million a run is too big to keep in a tab or draw. */
export const MAX_PACKETS = 500_000;

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

/**
 * pages=kruse: the loads go round Kruse's loop of four pages, each after the delay of Table 1,
 * arranged so that the last load is `page` (its figures are the last load's).
 */
function loadPages(s: Settings): HttpParams['loadPages'] {
  const at = KRUSE_LOOP.findIndex((l) => l.page === s.page);
  if (s.pages !== 'kruse' || at < 0) return [];
  return Array.from({ length: s.loads }, (_, k) => {
    const n = KRUSE_LOOP.length;
    const step = KRUSE_LOOP[(((at - (s.loads - 1 - k)) % n) + n) % n];
    return { objects: wireObjects({ ...s, page: step.page }), loadGapNs: ms(step.nextAfterS * 1000) };
  });
}

function httpParams(s: Settings): HttpParams {
  const persistentModes = ['1.1', '1.1pipe', 'getall', '2', '3'];
  // HTTP/3: QUIC always runs TLS 1.3; the codec reports a tls= that says otherwise.
  const tls = tlsOf(s);
  return {
    mode: s.http,
    maxConnections: persistentModes.includes(s.http) ? 1 : s.conns,
    visit: s.visit,
    revalidateHtmlFirst: s.reval === 'html',
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
    clientParseNs: ms(s.cparse),
    pipeBufferBytes: s.pipebuf,
    pipeFlushNs: ms(s.pipeflush),
    serverBufferBytes: s.sbuf,
    maxRequestsPerConnection: s.maxreq,
    serverProcesses: s.sprocs,
    maxSpareProcesses: s.maxspare,
    keepAliveTimeoutNs: ms(s.katimeout * 1000),
    closeStyle: s.closestyle,
    staleDiscovery: s.stale,
    loads: s.loads,
    loadGapNs: ms(s.loadgap * 1000),
    loadPages: loadPages(s),
    ...(tls === 'none'
      ? {}
      : { tls: { version: tls, falseStart: s.falsestart, resume: s.resume, certBytes: s.cert } }),
    ...(s.http === '2' ? { h2WindowBytes: s.h2window } : {}),
    ...(s.http === '3' && s.h3window !== null ? { h3WindowBytes: s.h3window } : {}),
  };
}

/** The host stack of one side: its own key, else `stack`. */
export function sideStack(s: Settings, side: 'client' | 'server'): StackName {
  const own = s[`stack.${side}`];
  return own === 'auto' ? s.stack : own;
}

/** BSD's delayed-ACK clock: the period when neither the scenario nor a stack names one. */
const BSD_DELACK_MS = 200;

export type SenderKey = 'iw' | 'cc' | 'sack' | 'minrto' | 'ssr';
export const SENDER_KEYS: readonly SenderKey[] = ['iw', 'cc', 'ssr', 'sack', 'minrto'];
/** A sender key's value once it is set: no `auto`, no null. */
type SenderValue<K extends SenderKey> = Exclude<Settings[K], 'auto' | null>;

/** Where a host profile names each sender key's value. */
const PROFILE_FIELD = {
  iw: 'initialWindow',
  cc: 'congestionControl',
  ssr: 'slowStartRestart',
  sack: 'sack',
  minrto: 'minRtoMs',
} as const satisfies Record<SenderKey, keyof HostProfile>;

/** What the sender keys stand for when unset and the host stack names nothing: BSD's host of the 1990s. */
const SENDER_FALLBACK: { [K in SenderKey]: SenderValue<K> } = {
  iw: '2',
  cc: 'reno',
  ssr: 'off',
  sack: false,
  minrto: 1000,
};

/** One side's value of a sender key: set in the scenario, it holds; unset, the side's stack's, else BSD's. */
export function senderValue<K extends SenderKey>(
  s: Settings,
  key: K,
  side: 'client' | 'server',
): SenderValue<K> {
  const own = s[key];
  if (own !== 'auto' && own !== null) return own as SenderValue<K>;
  const fromProfile = (hostProfile(sideStack(s, side)) as HostProfile)[PROFILE_FIELD[key]];
  return (fromProfile as SenderValue<K> | undefined) ?? SENDER_FALLBACK[key];
}

/** One side's initial window: `iw`, else its stack's (Linux's is 10 segments). */
export function initialWindowOf(s: Settings, side: 'client' | 'server'): InitialWindow {
  return senderValue(s, 'iw', side);
}

/** One side's congestion controller: `cc`, else its stack's. */
export function congestionControlOf(s: Settings, side: 'client' | 'server'): CongestionControlName {
  return senderValue(s, 'cc', side);
}

/** One side's floor of the retransmission timeout, in ms: `minrto`, else its stack's. */
export function minRtoMs(s: Settings, side: 'client' | 'server'): number {
  return senderValue(s, 'minrto', side);
}

/** What a sender key comes to on each side, and the stack that decided it there (null: the scenario or BSD's default). */
export function senderSetting(
  s: Settings,
  key: SenderKey,
): Record<'client' | 'server', { value: string | number | boolean; fromStack: StackName | null }> {
  const unset = s[key] === 'auto' || s[key] === null;
  const of = (side: 'client' | 'server') => {
    const value = senderValue(s, key, side);
    return { value, fromStack: unset && value !== SENDER_FALLBACK[key] ? sideStack(s, side) : null };
  };
  return { client: of('client'), server: of('server') };
}

/** The key that decides one side's delayed ACK: its own, else (when its stack has none) `delack`. */
export function delackKeyOf(s: Settings, side: 'client' | 'server'): 'delack' | `delack.${typeof side}` {
  const decidedHere = s[`delack.${side}`] !== 'auto' || hostProfile(sideStack(s, side)).delack !== undefined;
  return decidedHere ? `delack.${side}` : 'delack';
}

/**
 * One side's ACK behaviour: its own key, else its stack's profile, else the general key. A
 * delayed-ACK period set holds; unset, it is the stack's, else BSD's 200 ms clock.
 */
export function sideAcks(s: Settings, side: 'client' | 'server') {
  const profile = hostProfile(sideStack(s, side));
  const own = s[`delack.${side}`];
  return {
    delack: own !== 'auto' ? own : (profile.delack ?? s.delack),
    delackMs: s.delackms ?? profile.delackMs ?? BSD_DELACK_MS,
    ackOnRead: s[`ackread.${side}`] ?? profile.ackOnRead ?? false,
  };
}

/** The segment size both hosts offer: `mss`, else the link's. */
export function mssOf(s: Settings): number {
  return s.mss ?? linkPreset(s.link).mssBytes;
}

/** The router queue, in packets: `queue`, else the link's. */
export function queueOf(s: Settings): number {
  return s.queue ?? linkPreset(s.link).queuePackets;
}

export function toSimInput(s: Settings): SimInput {
  const link = linkPreset(s.link);
  const mssBytes = mssOf(s);
  const linkParams = {
    bandwidthBps: s.bw ?? link.bandwidthBps,
    oneWayDelayNs: ms((s.rtt ?? link.rttMs) / 2),
    queuePackets: queueOf(s),
    lossPpm: Math.round(s.loss * 10_000),
    framingBytes: link.framingBytes,
    aqm: s.aqm,
  };
  const tcp = (side: 'client' | 'server', phaseIndex: number): TcpParams => {
    const ack = sideAcks(s, side);
    const periodNs = ms(ack.delackMs);
    const seeded = seededPhaseNs(s.seed, phaseIndex, periodNs);
    const phaseNs = side === 'client' && s.delackphase !== null ? ms(s.delackphase) : seeded;
    return {
      mssBytes,
      nagle: s[`nagle.${side}`] ?? s.nagle,
      delack: ack.delack,
      delackNs: periodNs,
      delackPhaseNs: phaseNs % periodNs,
      ackOnRead: ack.ackOnRead,
      initialWindow: initialWindowOf(s, side),
      slowStartRestart: senderValue(s, 'ssr', side),
      congestionControl: congestionControlOf(s, side),
      sack: senderValue(s, 'sack', side),
      rack: s.rack === 'on',
      pacing: s.pacing,
      bufferBytes: s.window,
      sendBufferBytes: s.sndbuf ?? s.window,
      initialRtoNs: ms(INITIAL_RTO_MS),
      minRtoNs: ms(minRtoMs(s, side)),
      maxRtoNs: ms(MAX_RTO_MS),
      maxRetransmits: MAX_RETRANSMITS,
    };
  };
  const seed = s.seed;
  return {
    seed,
    ...(s.capture !== 'wire' ? { capture: s.capture } : {}),
    c2s: linkParams,
    s2c: linkParams,
    client: tcp('client', 0),
    server: tcp('server', 1),
    http: httpParams(s),
    maxEvents: MAX_EVENTS,
    maxPackets: MAX_PACKETS,
  };
}
