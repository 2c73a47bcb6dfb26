// A request as the client wrote it, with everything the server needs to answer it.
import type { HttpParams } from '../params';
import type { ExchangeRecord, RequestKind } from '../trace';
import type { Bytes } from '../units';
import { GETALL, type ClientStrategy } from './strategies';

export interface HttpRequest {
  object: number; // -1 for GETALL (every object)
  kind: RequestKind;
  requestBytes: Bytes;
  responseWrites: Bytes[]; // the server's writes, in order
  exchange: ExchangeRecord;
  fruitless: number; // earlier attempts lost on connections that answered nothing
  /** An earlier attempt was written: the client thought about it then, and does not again. */
  thoughtBefore: boolean;
}

export function requestKind(p: HttpParams, strategy: ClientStrategy, object: number): RequestKind {
  if (object === GETALL) return 'GETALL';
  if (p.visit === 'first') return 'GET';
  return strategy.revalidate(object);
}

/** The server's writes for one object: headers alone when flushed, then write-size pieces. */
function objectWrites(p: HttpParams, kind: RequestKind, object: number): Bytes[] {
  if (kind === 'HEAD' || kind === 'CGET') return [p.notModifiedBytes];
  const body = p.objects[object].bodyBytes;
  const pieces = (total: Bytes) => {
    const out: Bytes[] = [];
    for (let left = total; left > 0; left -= p.writeBytes) out.push(Math.min(p.writeBytes, left));
    return out;
  };
  if (p.flushHeaders) return [p.responseHeaderBytes, ...pieces(body)];
  return pieces(p.responseHeaderBytes + body);
}

export function responseWrites(p: HttpParams, kind: RequestKind, object: number): Bytes[] {
  if (kind !== 'GETALL') return objectWrites(p, kind, object);
  // The page and its images as one stream, written through the server's buffer in write-size pieces.
  const each = p.visit === 'first' ? 'GET' : 'CGET';
  const total = p.objects.reduce((sum, _, i) => sum + objectWrites(p, each, i).reduce((a, b) => a + b, 0), 0);
  const out: Bytes[] = [];
  for (let left = total; left > 0; left -= p.writeBytes) out.push(Math.min(p.writeBytes, left));
  return out;
}
