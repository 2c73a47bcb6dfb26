// The words of the web presets (web.ts), by preset id.
import type { PresetTexts } from '../presetTypes';

export const WEB_TEXTS: Record<string, PresetTexts> = {
  'wang-spdy': {
    explanation:
      'A page of 64 small images (2 KB each) over a 10 Mb/s, 100 ms path, loaded over one HTTP/2 connection (SPDY became HTTP/2) and over six HTTP/1.1 connections as a browser opens them; TLS is off on both sides so only the connections differ. The paper: "Most SPDY benefits stem from the use of a single TCP connection, but the same feature is also detrimental under high packet loss." With many small objects every request leaves at once on the one connection, while six connections take them six at a time, a round trip each. Under loss the one connection halves its window for every stream and holds them all behind each lost segment; of six connections only one slows down.',
    tryNext: [
      {
        sentence: 'Load the same page over six HTTP/1.1 connections: about twice as long.',
        settings: 'http=1.0ka&conns=6',
      },
      {
        sentence: 'Fewer, larger objects (8 x 64 KB): six connections start with six initial windows.',
        settings: 'images=8&imagebytes=65536',
      },
      {
        sentence: 'The large objects under 3% loss: the one connection now takes about twice as long as six.',
        settings: 'images=8&imagebytes=65536&loss=3',
      },
      {
        sentence: 'The same, over six HTTP/1.1 connections.',
        settings: 'images=8&imagebytes=65536&loss=3&http=1.0ka&conns=6',
      },
    ],
    calibrated: [
      "HTTP/2 flow-control window 6 MB (Chrome's), so the comparison is about connections, not windows",
      "six persistent HTTP/1.1 connections (http=1.0ka&conns=6) stand for a browser's",
    ],
    claims: [
      'with many small objects one HTTP/2 connection loads the page much faster than six HTTP/1.1 connections',
      'under high loss (2-3%) the single connection loses that advantage: with larger objects it becomes slower than six connections',
    ],
  },
  'langley-quic': {
    explanation:
      "A small page (a 40 KB HTML and four 8 KB objects) on a 250 ms, 10 Mb/s path, loaded by a client that has talked to the server before: over HTTP/3, against HTTP/2 over TCP with TLS 1.2 as Google's servers spoke it before QUIC, resuming its TLS session too. The paper: \"QUIC uses a cryptographic handshake that minimizes handshake latency for most connections by using known server credentials.\" With those credentials the request leaves with the client's first packet (0-RTT), its address token lifts the 3x amplification limit, and the first byte is back after one round trip; TCP and a resumed TLS 1.2 session first spend two round trips on handshakes. Each round trip saved is worth the path's RTT, so the saving is largest where the path is long: half a second here, under 40 ms on a 20 ms path.",
    tryNext: [
      {
        sentence:
          'The same page over HTTP/2, TCP and a resumed TLS 1.2 session: two more round trips before the first byte.',
        settings: 'http=2&tls=1.2',
      },
      {
        sentence:
          'A first visit (no known credentials): QUIC needs a round trip, and the 3.5 KB certificate chain overruns the 3x amplification limit for one more.',
        settings: 'resume=0',
      },
      {
        sentence: "A first visit with a small (ECDSA-sized) chain: the server's flight fits, one round trip.",
        settings: 'resume=0&cert=2000',
      },
      {
        sentence: 'TLS 1.3 over TCP with 0-RTT early data: one round trip more than QUIC, the TCP handshake.',
        settings: 'http=2&tls=1.3',
      },
      {
        sentence: 'A short path (20 ms): the same round trips saved are worth little.',
        settings: 'rtt=20',
      },
    ],
    calibrated: ['no server or client think time, so only round trips and the link differ'],
    claims: [
      'with known server credentials (0-RTT) HTTP/3 gets its first byte after one round trip, where HTTP/2 over TCP with a resumed TLS 1.2 session needs three',
      'the handshake saving grows with the round-trip time: most on high-RTT paths',
    ],
  },
};
