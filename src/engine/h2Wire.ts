// The bytes of a cleartext HTTP/2 run (h2c with prior knowledge, RFC 9113 3.3), for the pcap:
// every frame the engine recorded (trace.frames) written at its place in its connection's stream,
// exactly as long as the engine made it, so Wireshark dissects the frames, decodes the header
// blocks and follows each stream, while the packets and their lengths stay what the engine
// computed.
//
// - SETTINGS: the client's record is the preface and a SETTINGS frame of three settings
//   (h2frames.ts): ENABLE_PUSH 0 (the run has no push), INITIAL_WINDOW_SIZE the run's stream
//   window (h2window, 65,535 by default), MAX_FRAME_SIZE 16,384 or the largest frame payload the
//   server writes, if larger. The server's is a SETTINGS frame of two, HEADER_TABLE_SIZE 4,096
//   (the table the client's encoder uses) and MAX_FRAME_SIZE as the client's, then its ACK of the
//   client's. The client's ACK of the server's (its record marked `ack`) is an empty SETTINGS
//   frame with the ACK flag.
// - WINDOW_UPDATE: the increment the client gave.
// - HEADERS: an HPACK block (hpack.ts) of exactly the size the engine's rule gave (h2frames.ts),
//   END_HEADERS always; END_STREAM on every request (GET and HEAD carry no body) and on a
//   response with no DATA after it. Requests: :method, :scheme http, :path the object's URL,
//   then :authority, If-Modified-Since (conditional GET), User-Agent, Accept, Accept-Encoding
//   (a deflated page), while they fit; responses: :status 200 or 304, then Content-Length,
//   Content-Encoding, Content-Type, Date, Last-Modified, Server. The first block on a connection
//   puts them in the dynamic table; later blocks name them by one index byte each.
// - DATA: the body (filler text, or a zlib stream for a deflated page, as httpWire.ts), END_STREAM
//   on the frame that completes it; a response its connection lost before the end has none.
//
// A request's HEADERS size too small for :method, :scheme and :path alone (a request size of a
// few bytes, req=1) gets those cut at the size: a block a decoder rejects, never a change in the
// byte counts. The sizes the engine gives every page's paths leave room (tests/pcapH2.test.ts);
// a response needs only :status, one byte, and always fits.
import type { ConnectionStreams } from './httpWire';
import { LAST_MODIFIED, serverAuthority, zlibFiller } from './httpWire';
import { fitBlock, HEADER_TABLE_SIZE, HpackEncoder, type HeaderField } from './hpack';
import { DEFAULT_WINDOW, FRAME_HEADER, MAX_FRAME_PAYLOAD } from './http/h2frames';
import { paramsOfLoad, type HttpParams } from './params';
import type { Direction, ExchangeRecord, FrameRecord, Trace } from './trace';

/** RFC 9113 3.4. */
export const PREFACE = 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n';

/** RFC 9113 6: frame types. */
export const TYPE = { DATA: 0x0, HEADERS: 0x1, SETTINGS: 0x4, WINDOW_UPDATE: 0x8 } as const;
/** RFC 9113 6.2, 6.5: frame flags. */
export const FLAG_H2 = { END_STREAM: 0x1, ACK: 0x1, END_HEADERS: 0x4, PADDED: 0x8 } as const;
/** RFC 9113 6.5.2: settings identifiers. */
export const SETTING = {
  HEADER_TABLE_SIZE: 0x1,
  ENABLE_PUSH: 0x2,
  INITIAL_WINDOW_SIZE: 0x4,
  MAX_FRAME_SIZE: 0x5,
} as const;
/** RFC 9113 6.5.2: the largest MAX_FRAME_SIZE allowed. */
const MAX_FRAME_SIZE_LIMIT = 2 ** 24 - 1;

const FILLER = Array.from('roundtrip ', (ch) => ch.charCodeAt(0));

/** RFC 9113 4.1: the 9-byte frame header. */
function frameHeader(length: number, type: number, flags: number, stream: number): number[] {
  return [
    (length >>> 16) & 0xff,
    (length >>> 8) & 0xff,
    length & 0xff,
    type,
    flags,
    (stream >>> 24) & 0x7f, // the reserved bit is 0
    (stream >>> 16) & 0xff,
    (stream >>> 8) & 0xff,
    stream & 0xff,
  ];
}

function settingsFrame(settings: Array<[number, number]>): number[] {
  const payload = settings.flatMap(([id, value]) => [
    id >>> 8,
    id & 0xff,
    (value >>> 24) & 0xff,
    (value >>> 16) & 0xff,
    (value >>> 8) & 0xff,
    value & 0xff,
  ]);
  return [...frameHeader(payload.length, TYPE.SETTINGS, 0, 0), ...payload];
}

/** The body an exchange's response carries: none for a 304 or an answer to HEAD. */
function bodyBytes(p: HttpParams, e: ExchangeRecord): number {
  return e.kind === 'GET' ? paramsOfLoad(p, e.load).objects[e.object].bodyBytes : 0;
}

function requestFields(
  p: HttpParams,
  e: ExchangeRecord,
  authority: string,
): { required: HeaderField[]; optional: HeaderField[] } {
  const pl = paramsOfLoad(p, e.load);
  const deflated = pl.objects.some((o) => o.encoding === 'deflate');
  return {
    required: [
      { name: ':method', value: e.kind === 'HEAD' ? 'HEAD' : 'GET' },
      { name: ':scheme', value: 'http' },
      { name: ':path', value: pl.objects[Math.max(0, e.object)].url },
    ],
    optional: [
      { name: ':authority', value: authority, keep: true },
      ...(e.kind === 'CGET' ? [{ name: 'if-modified-since', value: LAST_MODIFIED, keep: true }] : []),
      { name: 'user-agent', value: 'Roundtrip/1 (libwww-like robot)', keep: true },
      { name: 'accept', value: '*/*', keep: true },
      ...(deflated ? [{ name: 'accept-encoding', value: 'deflate', keep: true }] : []),
    ],
  };
}

function responseFields(
  p: HttpParams,
  e: ExchangeRecord,
): { required: HeaderField[]; optional: HeaderField[] } {
  const pl = paramsOfLoad(p, e.load);
  const object = pl.objects[Math.max(0, e.object)];
  const notModified = e.kind === 'CGET';
  const entity = notModified
    ? []
    : [
        { name: 'content-length', value: String(object.bodyBytes) },
        ...(object.encoding ? [{ name: 'content-encoding', value: object.encoding, keep: true }] : []),
        // The bodies are filler, so only the HTML is named as what it is (as httpWire.ts).
        {
          name: 'content-type',
          value: object === pl.objects[0] ? 'text/html' : 'application/octet-stream',
          keep: true,
        },
      ];
  return {
    required: [{ name: ':status', value: notModified ? '304' : '200' }],
    optional: [
      ...entity,
      { name: 'date', value: LAST_MODIFIED, keep: true },
      { name: 'last-modified', value: LAST_MODIFIED, keep: true },
      { name: 'server', value: 'Roundtrip/1', keep: true },
    ],
  };
}

/** What one direction of a connection needs while its frames are written in order. */
interface Writer {
  p: HttpParams;
  authority: string; // the connection's host and port (h2c: 8080)
  exchanges: Map<number, ExchangeRecord>;
  records: FrameRecord[]; // the direction's frames, in stream order
  peer: FrameRecord[]; // the other direction's
  encoder: HpackEncoder;
  sent: Map<number, number>; // DATA body bytes written per stream
  bodies: Map<number, Uint8Array>; // a deflated body per stream, made once
}

/** The largest frame payload in these records, or the initial maximum. */
function maxFrameSize(records: FrameRecord[]): number {
  const largest = records.reduce((max, f) => Math.max(max, f.bytes - FRAME_HEADER), 0);
  return Math.min(MAX_FRAME_SIZE_LIMIT, Math.max(MAX_FRAME_PAYLOAD, largest));
}

function settingsBytes(w: Writer, f: FrameRecord, dir: Direction): number[] {
  if (f.ack) return frameHeader(0, TYPE.SETTINGS, FLAG_H2.ACK, 0);
  if (dir === 'c2s')
    return [
      ...Array.from(PREFACE, (ch) => ch.charCodeAt(0)),
      ...settingsFrame([
        [SETTING.ENABLE_PUSH, 0],
        [SETTING.INITIAL_WINDOW_SIZE, w.p.h2WindowBytes ?? DEFAULT_WINDOW],
        [SETTING.MAX_FRAME_SIZE, maxFrameSize(w.peer)],
      ]),
    ];
  return [
    ...settingsFrame([
      [SETTING.HEADER_TABLE_SIZE, HEADER_TABLE_SIZE],
      [SETTING.MAX_FRAME_SIZE, maxFrameSize(w.peer)],
    ]),
    ...frameHeader(0, TYPE.SETTINGS, FLAG_H2.ACK, 0),
  ];
}

function headersBytes(w: Writer, f: FrameRecord, dir: Direction): number[] {
  const e = f.exchange === undefined ? undefined : w.exchanges.get(f.exchange);
  if (!e) return []; // every HEADERS the engine writes names its exchange
  const { required, optional } = dir === 'c2s' ? requestFields(w.p, e, w.authority) : responseFields(w.p, e);
  const size = f.bytes - FRAME_HEADER;
  const { block, pad } = fitBlock(w.encoder, required, optional, size);
  const ends =
    dir === 'c2s' ||
    (bodyBytes(w.p, e) === 0 && !w.records.some((r) => r.type === 'DATA' && r.stream === f.stream));
  const flags = FLAG_H2.END_HEADERS | (ends ? FLAG_H2.END_STREAM : 0) | (pad !== null ? FLAG_H2.PADDED : 0);
  const payload = pad === null ? [...block] : [pad, ...block, ...new Array<number>(pad).fill(0)];
  return [...frameHeader(size, TYPE.HEADERS, flags, f.stream), ...payload];
}

function dataBytes(w: Writer, f: FrameRecord): number[] {
  const e = f.exchange === undefined ? undefined : w.exchanges.get(f.exchange);
  const from = w.sent.get(f.stream) ?? 0;
  w.sent.set(f.stream, from + f.payload);
  const total = e ? bodyBytes(w.p, e) : -1;
  const object = e ? paramsOfLoad(w.p, e.load).objects[e.object] : undefined;
  let body: Uint8Array | undefined;
  if (e && object?.encoding === 'deflate' && total > 0) {
    body = w.bodies.get(f.stream) ?? zlibFiller(total);
    w.bodies.set(f.stream, body);
  }
  const payload = new Array<number>(f.payload);
  for (let i = 0; i < f.payload; i++)
    payload[i] = body && from + i < body.length ? body[from + i] : FILLER[(from + i) % FILLER.length];
  const flags = from + f.payload === total ? FLAG_H2.END_STREAM : 0;
  return [...frameHeader(f.payload, TYPE.DATA, flags, f.stream), ...payload];
}

function windowUpdateBytes(f: FrameRecord): number[] {
  const increment = f.increment ?? 0;
  return [
    ...frameHeader(4, TYPE.WINDOW_UPDATE, 0, f.stream),
    (increment >>> 24) & 0x7f,
    (increment >>> 16) & 0xff,
    (increment >>> 8) & 0xff,
    increment & 0xff,
  ];
}

/** One frame's bytes: as long as the record says, whatever the content came to. */
function frameBytes(w: Writer, f: FrameRecord, dir: Direction): Uint8Array {
  const bytes =
    f.type === 'SETTINGS'
      ? settingsBytes(w, f, dir)
      : f.type === 'HEADERS'
        ? headersBytes(w, f, dir)
        : f.type === 'DATA'
          ? dataBytes(w, f)
          : windowUpdateBytes(f);
  const out = new Uint8Array(f.bytes);
  out.set(bytes.slice(0, f.bytes));
  return out;
}

/** Each HTTP/2 connection's two byte streams, frame by frame from the trace's frame records. */
export function h2Streams(trace: Trace, p: HttpParams): Map<number, ConnectionStreams> {
  const exchanges = new Map(trace.exchanges.map((e) => [e.id, e]));
  const byConn = new Map<number, { c2s: FrameRecord[]; s2c: FrameRecord[] }>();
  for (const f of trace.frames ?? []) {
    if (!byConn.has(f.conn)) byConn.set(f.conn, { c2s: [], s2c: [] });
    byConn.get(f.conn)![f.dir].push(f);
  }
  const out = new Map<number, ConnectionStreams>();
  for (const [conn, frames] of byConn) {
    const stream = (dir: Direction): Uint8Array => {
      const records = [...frames[dir]].sort((a, b) => a.offset - b.offset);
      const last = records[records.length - 1];
      const bytes = new Uint8Array(last ? last.offset + last.bytes : 0);
      for (let i = 0; i < bytes.length; i++) bytes[i] = FILLER[i % FILLER.length];
      const w: Writer = {
        p,
        authority: serverAuthority(trace, conn, false), // cleartext: TLS runs write tls/wire.ts's records
        exchanges,
        records,
        peer: frames[dir === 'c2s' ? 's2c' : 'c2s'],
        encoder: new HpackEncoder(),
        sent: new Map(),
        bodies: new Map(),
      };
      for (const f of records) bytes.set(frameBytes(w, f, dir), f.offset);
      return bytes;
    };
    out.set(conn, { c2s: stream('c2s'), s2c: stream('s2c') });
  }
  return out;
}
