// HTTP/3 over QUIC is handed to the engine (simulate.ts does) rather than imported by the HTTP
// layer, so a build can leave it out: the page's own thread runs TCP scenarios with the core
// engine alone, and HTTP/3 runs go to the worker, which has the whole engine.
import type { TlsParams } from '../tls/handshake';
import type { H3ClientConnection } from '../quic/h3client';
import type { H3ServerConnection } from '../quic/h3server';
import type { QuicDatagram } from '../quic/endpoint';
import type { Transport } from '../transport';
import type { Bytes } from '../units';

export interface Http3Support {
  transport(tls: TlsParams, flowWindow?: Bytes | null): Transport<QuicDatagram>;
  Client: typeof H3ClientConnection;
  Server: typeof H3ServerConnection;
}

/** The HTTP/3 pieces, or an error saying this engine was built without them. */
export function requireHttp3(support: Http3Support | null): Http3Support {
  if (support === null) throw new Error('HTTP/3 is not part of this build of the engine');
  return support;
}
