// The HTTP/3 pieces the engine is handed (see http/http3Support.ts): QUIC as the transport, and
// HTTP/3's client and server connections over it.
import type { Http3Support } from './http/http3Support';
import { H3ClientConnection } from './quic/h3client';
import { H3ServerConnection } from './quic/h3server';
import { quicTransport } from './quic/transport';

export const HTTP3: Http3Support = {
  transport: quicTransport,
  Client: H3ClientConnection,
  Server: H3ServerConnection,
};
