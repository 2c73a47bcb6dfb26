// The web since HTTP/1.1: papers on today's protocols, reproduced on the same engine. Their
// findings are claims (webTexts.ts) the tests check against the engine's shape
// (tests/web-papers.test.ts).
import { TODAY_H2_WINDOW, TODAY_HOSTS } from '../hosts/today';
import type { Preset } from '../presetTypes';

/** Today's hosts for the comparison (hosts/today.ts). */
const HOSTS = TODAY_HOSTS;
const H2 = `http=2&tls=none&${TODAY_H2_WINDOW}`;

export const WEB_PRESETS: Preset[] = [
  {
    // Wang, Balasubramanian, Krishnamurthy, Wetherall, NSDI 2014, abstract
    // (usenix.org/conference/nsdi14/technical-sessions/wang): "Most SPDY benefits stem from the use
    // of a single TCP connection, but the same feature is also detrimental under high packet loss."
    // Its synthetic pages vary object number and size, RTT, bandwidth and loss; this preset takes
    // one such page and turns the same knobs.
    id: 'wang-spdy',
    title: 'One connection or six: HTTP/2 (SPDY) against HTTP/1.1 (Wang et al. 2014)',
    paper: 'wang',
    source:
      'Wang, Balasubramanian, Krishnamurthy, Wetherall, "How Speedy is SPDY?", USENIX NSDI 2014, abstract; its experiments on synthetic pages',
    query: `page=pm-images&images=64&imagebytes=2048&bw=10000000&rtt=100&${HOSTS}&${H2}`,
    published: [],
  },
  {
    // Langley et al., SIGCOMM 2017, section 1: "QUIC uses a cryptographic handshake that minimizes
    // handshake latency for most connections by using known server credentials". The issue's
    // claim, checked in tests/web-papers.test.ts: the handshake saving matters most on high-RTT
    // paths. The page stands for a search result: one 40 KB HTML and four small objects.
    id: 'langley-quic',
    title: 'QUIC against TCP with TLS, on a long path (Langley et al. 2017)',
    paper: 'langley',
    source:
      'Langley et al., "The QUIC Transport Protocol: Design and Internet-Scale Deployment", ACM SIGCOMM 2017, section 1; RFC 9000, 9001 (the QUIC handshake), RFC 8446 2.3 (0-RTT)',
    query: `page=custom&objects=40000,8000,8000,8000,8000&bw=10000000&rtt=250&sthink=0&cthink=0&${HOSTS}&http=3&resume=1`,
    published: [],
  },
];
