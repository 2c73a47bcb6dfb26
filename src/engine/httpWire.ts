// The HTTP/1.x bytes of a run, for the pcap: each exchange's request and response written out as
// text of exactly the sizes the engine modelled, so a capture dissects in Wireshark while the
// trace (packets, lengths, timing) stays what the engine computed. (An HTTP/2 run's bytes are
// its frames, h2Wire.ts; a TLS run's its records, tls/wire.ts.)
//
// Sizes: a request is `requestBytes` long; a response is its head (`responseHeaderBytes` for a
// 200, `notModifiedBytes` for a 304 or a HEAD answer) plus the object's body as sent. A head is
// the start line and the headers that matter (Host, If-Modified-Since, Content-Length,
// Content-Encoding, Connection), then optional ones (Accept-Encoding, User-Agent, Accept,
// Content-Type, Server, ...) while they fit, then an `X-Pad: xxx` header, or a few spaces before
// the last header's value (optional whitespace), up to the exact size. Host names the port a
// plain run's server listens on (`server.example:8080`); a request too short for it with the
// other essential lines names the host alone, or none. A size too small even for the essential lines gets
// those lines cut at the size: a message Wireshark shows as broken, never a change in the byte
// counts.
//
// Messages: GET, conditional GET (If-Modified-Since, answered `304 Not Modified`), HEAD (HTTP/1.0
// revalidation, answered 200 with the entity's Content-Length and no body). `1.0` and `1.0ka`
// speak HTTP/1.0 (`1.0ka` adds Connection: Keep-Alive), the others HTTP/1.1. GETALL
// (Padmanabhan and Mogul's proposal) goes out as a GET of the page with `X-Getall: 1` and is
// answered by every object's response in turn. A deflated body is a valid zlib stream of stored
// blocks (Content-Encoding: deflate), so Wireshark inflates it; other bodies are filler text.
import { paramsOfLoad, type HttpParams, type WireObject } from './params';
import type { ExchangeRecord, RequestKind, Trace } from './trace';

export const SERVER_HOST = 'server.example';

/**
 * The server as a request on connection `conn` names it (Host, :authority, a HAR URL; RFC 9110
 * 4.2, 7.2): the host, and the port the connection went to unless it is the scheme's default
 * (80, or 443 under TLS). Plain HTTP runs use the papers' 8080, so theirs say `server.example:8080`.
 * Only the wire text changes: every message is still fitted to the size the engine modelled.
 */
export function serverAuthority(trace: Trace, conn: number, secure: boolean): string {
  const port = trace.connections.find((c) => c.id === conn)?.serverPort;
  return port === undefined || port === (secure ? 443 : 80) ? SERVER_HOST : `${SERVER_HOST}:${port}`;
}
/** The date every object was last modified (the If-Modified-Since the client sends). */
export const LAST_MODIFIED = 'Wed, 01 Jan 1997 00:00:00 GMT';

const CRLF = '\r\n';
const PAD_NAME = 'X-Pad:';
const FILLER = 'roundtrip ';

export interface ConnectionStreams {
  c2s: Uint8Array; // the client's bytes, relative sequence number 1 first
  s2c: Uint8Array;
}

function ascii(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i) & 0x7f;
  return out;
}

const text = (lines: string[]) => lines.join(CRLF) + CRLF + CRLF;
const headBytes = (lines: string[]) => text(lines).length;

/**
 * Start line and headers of exactly `size` bytes (head and blank line included): optional
 * headers are dropped from the end until the text fits, then it is padded.
 */
export function fitHead(startLine: string, required: string[], optional: string[], size: number): string {
  const kept = [...optional];
  while (kept.length > 0 && headBytes([startLine, ...required, ...kept]) > size) kept.pop();
  const lines = [startLine, ...required, ...kept];
  const gap = size - text(lines).length;
  if (gap < 0) return text(lines).slice(0, size);
  const padLine = gap - CRLF.length;
  if (padLine > PAD_NAME.length + 1) lines.push(`${PAD_NAME} ${'x'.repeat(padLine - PAD_NAME.length - 1)}`);
  else if (padLine >= PAD_NAME.length)
    lines.push(PAD_NAME + 'x'.repeat(padLine - PAD_NAME.length)); // no blank value
  // A few bytes go before the last header's value (optional whitespace, RFC 9110 5.6.3), where a
  // dissector drops them: after it, Wireshark counts them in the value (a Host of
  // `server.example:8080` and seven blanks).
  else if (gap > 0 && lines.length > 1)
    lines[lines.length - 1] = lines[lines.length - 1].replace(': ', `: ${' '.repeat(gap)}`);
  else if (gap > 0) lines[0] += ' '.repeat(gap); // only a start line: pad its end
  return text(lines);
}

const version = (p: HttpParams) => (p.mode === '1.0' || p.mode === '1.0ka' ? 'HTTP/1.0' : 'HTTP/1.1');
const keepAlive = (p: HttpParams) => (p.mode === '1.0ka' ? ['Connection: Keep-Alive'] : []);
const deflated = (p: HttpParams) => p.objects.some((o) => o.encoding === 'deflate');

export function requestHead(
  p: HttpParams,
  kind: RequestKind,
  object: number,
  size: number,
  authority: string,
): string {
  const url = p.objects[Math.max(0, object)].url;
  const method = kind === 'HEAD' ? 'HEAD' : 'GET';
  const conditional = kind === 'CGET' || (kind === 'GETALL' && p.visit === 'revalidate');
  const startLine = `${method} ${url} ${version(p)}`;
  const others = [
    ...(kind === 'GETALL' ? ['X-Getall: 1'] : []),
    ...(conditional ? [`If-Modified-Since: ${LAST_MODIFIED}`] : []),
    ...keepAlive(p),
  ];
  // Host first, wherever the modelled size has room for it with the other essential lines: a
  // paper's 58-byte "GET /images/yahoo1.gif HTTP/1.1" (Heidemann Table 1) has none for
  // `server.example:8080`, and names the host alone (as an HTTP/1.1 request must name one); a
  // request with no room even for that goes without rather than be cut short.
  const fits = (host: string) => headBytes([startLine, `Host: ${host}`, ...others]) <= size;
  const host = [authority, SERVER_HOST].find(fits);
  const required = host === undefined ? others : [`Host: ${host}`, ...others];
  const optional = [
    ...(deflated(p) ? ['Accept-Encoding: deflate'] : []),
    'User-Agent: Roundtrip/1 (libwww-like robot)',
    'Accept: */*',
  ];
  return fitHead(startLine, required, optional, size);
}

/** The bodies are filler, so only the HTML is named as what it is: an image dissector would fail. */
const contentType = (p: HttpParams, object: WireObject) =>
  object === p.objects[0] ? 'text/html' : 'application/octet-stream';

export function responseHead(p: HttpParams, kind: RequestKind, object: WireObject, size: number): string {
  const notModified = kind === 'CGET';
  const status = notModified ? '304 Not Modified' : '200 OK';
  const required = [
    ...(notModified ? [] : [`Content-Length: ${object.bodyBytes}`]),
    ...(!notModified && object.encoding ? [`Content-Encoding: ${object.encoding}`] : []),
    ...keepAlive(p),
  ];
  const optional = [
    ...(notModified ? [] : [`Content-Type: ${contentType(p, object)}`]),
    `Date: ${LAST_MODIFIED}`,
    `Last-Modified: ${LAST_MODIFIED}`,
    'Server: Roundtrip/1',
  ];
  return fitHead(`${version(p)} ${status}`, required, optional, size);
}

/** Adler-32 (RFC 1950) of the bytes. */
function adler32(bytes: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (const byte of bytes) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  return ((b << 16) | a) >>> 0;
}

const ZLIB_HEADER = [0x78, 0x01];
const STORED_BLOCK_HEADER = 5;
const MAX_STORED = 0xffff;

/**
 * A zlib stream of exactly `size` bytes holding filler in stored (uncompressed) blocks, so a
 * dissector can inflate it. Below 11 bytes (header, one empty block, checksum) it is filler.
 */
export function zlibFiller(size: number): Uint8Array {
  const out = new Uint8Array(size);
  if (size < ZLIB_HEADER.length + STORED_BLOCK_HEADER + 4) return out.fill(FILLER.charCodeAt(0));
  let blocks = 1;
  while (size - 6 - STORED_BLOCK_HEADER * blocks > MAX_STORED * blocks) blocks++;
  const data = filler(size - 6 - STORED_BLOCK_HEADER * blocks);
  out.set(ZLIB_HEADER, 0);
  let at = 2;
  for (let b = 0, from = 0; b < blocks; b++) {
    const len = Math.min(MAX_STORED, data.length - from);
    out[at] = b === blocks - 1 ? 1 : 0; // BFINAL on the last block, BTYPE 00 (stored)
    out[at + 1] = len & 0xff;
    out[at + 2] = len >>> 8;
    out[at + 3] = ~len & 0xff;
    out[at + 4] = (~len >>> 8) & 0xff;
    out.set(data.subarray(from, from + len), at + 5);
    at += STORED_BLOCK_HEADER + len;
    from += len;
  }
  new DataView(out.buffer).setUint32(at, adler32(data));
  return out;
}

function filler(size: number): Uint8Array {
  const out = new Uint8Array(size);
  for (let i = 0; i < size; i++) out[i] = FILLER.charCodeAt(i % FILLER.length);
  return out;
}

function objectResponse(p: HttpParams, kind: RequestKind, index: number): Uint8Array[] {
  const object = p.objects[index];
  if (kind === 'HEAD' || kind === 'CGET') return [ascii(responseHead(p, kind, object, p.notModifiedBytes))];
  const body = object.encoding === 'deflate' ? zlibFiller(object.bodyBytes) : filler(object.bodyBytes);
  return [ascii(responseHead(p, kind, object, p.responseHeaderBytes)), body];
}

/** The exchange's response bytes: one object's, or for GETALL every object's in turn. */
function responseBytes(p: HttpParams, e: ExchangeRecord): Uint8Array[] {
  if (e.kind !== 'GETALL') return objectResponse(p, e.kind, e.object);
  const each = p.visit === 'first' ? 'GET' : 'CGET';
  return p.objects.flatMap((_, i) => objectResponse(p, each, i));
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * Each connection's two byte streams: the requests in the order the client wrote them, and the
 * responses in the same order (HTTP/1.x answers in order). A request the connection lost before
 * it was answered is still in the client's stream; the server's stream simply stops short.
 */
export function httpStreams(trace: Trace, p: HttpParams): Map<number, ConnectionStreams> {
  const exchangeById = new Map(trace.exchanges.map((e) => [e.id, e]));
  const written = new Map<number, ExchangeRecord[]>();
  for (const event of trace.events) {
    if (event.kind !== 'request-write' || event.exchange === undefined) continue;
    const e = exchangeById.get(event.exchange);
    if (!e) continue;
    if (!written.has(event.conn)) written.set(event.conn, []);
    written.get(event.conn)!.push(e);
  }
  const out = new Map<number, ConnectionStreams>();
  for (const [conn, exchanges] of written) {
    const authority = serverAuthority(trace, conn, false); // TLS runs write tls/wire.ts's records
    out.set(conn, {
      c2s: concat(
        exchanges.map((e) =>
          ascii(requestHead(paramsOfLoad(p, e.load), e.kind, e.object, e.requestBytes, authority)),
        ),
      ),
      s2c: concat(exchanges.flatMap((e) => responseBytes(paramsOfLoad(p, e.load), e))),
    });
  }
  return out;
}
