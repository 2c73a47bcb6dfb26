// TCP since 1997: the papers behind today's defaults. Their findings are claims (modernTexts.ts)
// the tests check against the engine's shape (tests/moderntcp-papers.test.ts).
import type { Preset } from '../presetTypes';

export const MODERN_PRESETS: Preset[] = [
  {
    id: 'dukkipati-iw10',
    title: 'IW10: a short response in fewer round trips (Dukkipati et al. 2010)',
    paper: 'dukkipati',
    source:
      'Dukkipati, Refice, Cheng, Chu, Herbert, Agarwal, Jain, Sutin, "An Argument for Increasing TCP\'s Initial Congestion Window", ACM CCR 40(3), 2010; RFC 6928',
    query: 'link=longfat&objects=12000&http=1.1&iw=10&delack=linux&cc=cubic&sack=1',
    published: [],
  },
  {
    id: 'mathis-loss',
    title: 'Throughput under random loss: the square-root law (Mathis et al. 1997)',
    paper: 'mathis',
    source:
      'Mathis, Semke, Mahdavi, Ott, "The Macroscopic Behavior of the TCP Congestion Avoidance Algorithm", ACM CCR 27(3), 1997, eq. 3; the constant as RFC 3448 sec. 3.1 states it: the first term of its throughput equation, s / (R sqrt(2bp/3)), with b = 1 packet per ACK gives C = sqrt(3/2), with b = 2 (delayed ACKs) sqrt(3/4)',
    query: 'bw=10000000&rtt=100&loss=1&objects=3000000&window=4000000&iw=10&cc=newreno&sack=1&delack=off',
    published: [],
  },
  {
    id: 'cardwell-loss',
    title: 'BBR keeps the link busy under random loss (Cardwell et al. 2016)',
    paper: 'cardwell',
    source:
      'Cardwell, Cheng, Gunn, Hassas Yeganeh, Jacobson, "BBR: Congestion-Based Congestion Control", ACM Queue 14(5), 2016, Fig. 8',
    query:
      'bw=20000000&rtt=100&queue=340&loss=1&objects=10000000&window=8000000&iw=10&cc=bbr&sack=1&delack=linux',
    published: [],
  },
  {
    id: 'cardwell-bufferbloat',
    title: 'Bufferbloat: CUBIC fills a deep buffer, BBR keeps RTT near its floor (Cardwell et al. 2016)',
    paper: 'cardwell',
    source:
      'Cardwell et al., "BBR: Congestion-Based Congestion Control", ACM Queue 14(5), 2016; Gettys and Nichols, "Bufferbloat", CACM 55(1), 2012',
    query: 'link=deepbuffer&objects=10000000&window=8000000&iw=10&cc=bbr&sack=1&delack=linux',
    published: [],
  },
];
