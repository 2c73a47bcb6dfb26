// The words of Kruse's presets (kruse.ts), by preset id: what was calibrated, and the paper's
// findings as claims.
import type { PresetTexts } from '../presetTypes';

const CALIBRATED = [
  'RTT 560 ms (the paper: "in excess of 500 ms")',
  'Netscape 3.01 requests 300 B, Apache 1.2b11 headers 250 B (not stated)',
  'server and client 5 ms per request (not stated)',
  "both hosts NetBSD 1.2.1 with Allman's two fixes (stack=netbsd12: BSD's 200 ms ACK clock, every second segment ACKed on arrival)",
  'Apache: 5 processes at start, one more a second; 100 requests per connection; Keep-Alive timeout 60 s; MaxSpareServers 10 (appendix A)',
  "MaxRequestsPerChild 30 (appendix A) is not modelled. Apache 1.2's http_main.c counts it per accepted connection, not per request: a child adds one before each accept, never for the requests of a Keep-Alive connection, and exits after its 29th connection. With Keep-Alive a run of five loads opens at most 29 connections (/Test with 16) and no child can serve more than 2 of them, one after the other; without Keep-Alive (http=1.0) a run opens 55 to 79, at most 24 one after the other from 4 connections up. Only over one connection without Keep-Alive could a child reach the limit, and then the other children wait in accept, so its exit delays nothing",
  'MaxSpareServers counts a process waiting on a Keep-Alive connection as idle and ends it, closing the connection (our reading of section 4.2: the server closes connections "based on resource constraints"). Apache 1.2\'s own http_main.c does not do this: a child on a Keep-Alive connection is busy, a surplus child exits only before its next accept, and the parent keeps MinSpareServers idle, one more a second. With that rule the 16-connection points would be /acts 3.09 s and /Test 2.88 s (4 connections: 2.92 and 4.64): /Test would gain at 16 too. The paper does not name the constraint',
  'the browser learns of a closed connection only when its next request meets the RST, then asks again on a new connection (stale=1, section 4.2)',
  'the browser loops over the four pages, each loading the next after the delay of Table 1 (pages=kruse); five loads, the figures are for the last, this page',
  'known difference: /Test takes 2.91 s with 8 connections against 4.64 s with 4, 37% less, where Fig. 2 shows little gain. Its 8 connections are all alive when reused: /oufr used every one of them 59 s before, inside the 60 s KeepAliveTimeout, and Apache 1.2 closes a Keep-Alive connection only on that timeout or after MaxKeepAliveRequests (http_main.c, http_protocol.c). Nothing we found in Apache 1.2 or in the Netscape network library (its 1998 source: the cache of 4 connections closes an idle one only when the browser opens a new one, which a page that reuses its connections never does; the refresh timer starts when the HTML has arrived, which makes the idle time 59.6 s, still inside) closes or delays them, so the model has no mechanism for it',
  "known difference: with 16 connections three pages are slower than with 4, where Fig. 2 has only /acts worse above 4: /Test 7.48 s against 4.64 s (61% more), /LeRC 2.44 s against 1.77 s, /acts 6.04 s against 2.92 s. /Test's persistent connections then lose 2.80 s to HTTP/1.0 (4.68 s without Keep-Alive), where Fig. 5 has them save as much as at 8 connections (3.97 s there). The cause is our MaxSpareServers reading above: between loads the processes beyond 10 idle on Keep-Alive connections are ended, so /Test's last load waits for six processes started one a second (six waits, 15.9 s in all) and /LeRC's and /acts' requests meet connections so closed. Without it (maxspare=0) /Test takes 2.49 s, /LeRC 1.77 s and /acts 3.09 s",
];
const CLAIMS = [
  'Fig. 2: little benefit from more than 4 connections',
  'Fig. 5: persistent connections help most with few connections',
  'Fig. 6: the 4K initial window helps only without persistent connections',
  'Fig. 7: windows above 16 KB help only pages with large elements',
];

/** A page's words: `gapS`, the delay before the browser loads the next page (Table 1). */
function pageTexts(key: 'lerc' | 'acts' | 'oufr' | 'test', gapS: number): PresetTexts {
  return {
    explanation:
      'Every request costs at least one round trip of more than half a second. Parallel connections hide some of them, persistent connections save the handshakes, a larger initial window saves slow-start round trips on new connections, and a larger window lets a large element fill the pipe.',
    tryNext: [
      { sentence: 'Use a single connection: the objects go one after another.', settings: 'conns=1' },
      { sentence: 'Open 16 connections at once, and compare with 4 (Fig. 2).', settings: 'conns=16' },
      { sentence: 'Drop Keep-Alive: a new connection for every object (Fig. 5).', settings: 'http=1.0' },
      // 'Larger Initial Slow-Start Window' (Fig. 6): the next request ends the server's idle state,
      // so a persistent connection never starts slow start again nor uses the larger initial window.
      {
        sentence:
          'Start each connection with the 4 KB initial window of RFC 2414: over these persistent connections nothing changes, as Kruse found (each request ends the idle state, so slow start never starts again).',
        settings: 'iw=4k',
      },
      {
        sentence:
          "Fig. 6's own case, a new connection for every object, with the 4 KB initial window: compare with dropping Keep-Alive alone.",
        settings: 'http=1.0&iw=4k',
      },
      {
        sentence:
          key === 'test'
            ? 'Shrink the TCP window to 8 KB (Fig. 7): no element of /Test is over 3 KB, so nothing changes, as Kruse found.'
            : 'Shrink the TCP window to 8 KB (Fig. 7).',
        settings: 'window=8192',
      },
    ],
    calibrated: [...CALIBRATED, `next page after ${gapS} s (Table 1)`],
    claims: CLAIMS,
  };
}

export const KRUSE_TEXTS: Record<string, PresetTexts> = {
  'kruse-lerc': pageTexts('lerc', 30),
  'kruse-acts': pageTexts('acts', 30),
  'kruse-oufr': pageTexts('oufr', 59),
  'kruse-test': pageTexts('test', 59),
};
