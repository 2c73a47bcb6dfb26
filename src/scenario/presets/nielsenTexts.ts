// The words of Nielsen's presets (nielsen.ts), by preset id: what each row shows, the
// neighbouring rows to try, and what was calibrated for its machines, network and server.
import type { PresetTexts, TryNext } from '../presetTypes';
import {
  NIELSEN_ROWS,
  nielsenPresetId,
  type Mode,
  type Net,
  type NielsenDifference,
  type NielsenRow,
  type Server,
  type Visit,
} from './nielsen';

/** The machines (Nielsen, the table of hardware): one calibration each, wherever it was used. */
const HOSTS_CALIBRATED = [
  "packets and bytes counted by a tcpdump on the client (capture=client): the server's packets lost on the way are not seen",
  'server www26: Solaris 2.5 (stack=solaris25: a per-connection 50 ms deferred-ACK timer, as in Sun tcp.c of 1996; see src/scenario/hosts)',
  'LAN and WAN clients: Digital UNIX 4.0 (stack=dunix4: BSD 200 ms clock, ACK sent by the window update when the robot reads); PPP client: Windows NT 4.0 (stack=nt40: a per-connection 200 ms timer)',
  'revalidating, the robot validates the HTML first and asks for its images from its cached copy after the 304 (reval=html), as a browser does; the paper does not say how its robot ordered them',
  'the robot handles each response with a body for 10 ms (parsing, two cache files) and reads no socket meanwhile, so its BSD ACKs stretch when responses arrive back to back (fitted to the pipelined rows of Tables 4 and 5)',
  "the robot takes 4 ms per request (cthink=4), with either server (fitted once, to Table 5, where the server's own times are smallest and the robot's show most)",
];
const SERVER_CALIBRATED: Record<Server, string[]> = {
  jigsaw: [
    "response headers 288 B, 304 responses 221 B (from the tables' byte counts)",
    'Jigsaw (interpreted Java): 10 ms per request, 50 ms per new connection, 1 MB/s per response byte (fitted to Table 4)',
    'server response buffer 8 KB, send buffer 32 KB',
  ],
  apache: [
    "response headers 222 B, 304 responses 136 B (from the table's byte counts)",
    'Apache 1.2b10: 4 ms per request, 25 ms per new connection, 600 KB/s per response byte (fitted to Table 5)',
    'server response buffer 8 KB, send buffer 32 KB',
  ],
};
const NET_CALIBRATED: Record<Net, string[]> = {
  lan: ['LAN RTT 0.35 ms'],
  wan: [
    'WAN RTT 90 ms (the paper: about 90 ms)',
    "bottleneck 1 Mb/s, not stated in the paper but implied by Tables 4-7 across all eight server and protocol pairs: the first visit's extra 140-185 KB cost the WAN 0.77-1.33 s more than the LAN (1.05-1.49 Mb/s of payload), 8.9 s in all; 1 Mb/s gives 8.3 s, while the 16 KB window alone (a fast path) gives 3.8 s, half on every row (see the wan link)",
  ],
  ppp: [
    '28.8 kb/s, RTT 150 ms',
    'client RTO floor 3 s: the modem queues full segments for over a second, and the traces show no spurious retransmissions',
  ],
};

/** From each row of the tables, the neighbouring rows: compare packets and seconds with the table. */
const TRY_NEXT: Record<Mode, TryNext[]> = {
  '1.0': [{ sentence: 'Keep one persistent connection instead (HTTP/1.1).', settings: 'http=1.1' }],
  '1.1': [
    { sentence: 'Pipeline the requests on that connection.', settings: 'http=1.1pipe' },
    { sentence: 'Go back to HTTP/1.0 with four connections at once.', settings: 'http=1.0&conns=4' },
  ],
  pipe: [
    { sentence: 'Deflate the HTML as well.', settings: 'gzip=1' },
    { sentence: 'Stop pipelining: one request at a time (HTTP/1.1).', settings: 'http=1.1' },
  ],
  'pipe-gzip': [{ sentence: 'Send the HTML uncompressed.', settings: 'gzip=0' }],
};

/**
 * A revalidation's 304 responses carry no HTML, so deflating it changes nothing: the hints say so
 * (the paper's pipelined rows with and without deflate agree on revalidation).
 */
function tryNextFor(mode: Mode, visit: Visit): TryNext[] {
  if (visit === 'first') return TRY_NEXT[mode];
  return TRY_NEXT[mode].map((t) =>
    t.settings.startsWith('gzip=')
      ? {
          ...t,
          sentence: `${t.sentence.slice(0, -1)}: a revalidation's 304 responses carry no HTML, so nothing changes (the paper's two rows agree).`,
        }
      : t,
  );
}

function rowTexts({ net, mode, visit, server }: NielsenRow): PresetTexts {
  return {
    explanation:
      'The libwww robot fetches the Microscape page (42 KB of HTML, 42 images) from ' +
      `${server === 'jigsaw' ? 'Jigsaw' : 'Apache'}. ` +
      {
        '1.0':
          'HTTP/1.0 opens a connection per object, four at a time: every object pays a handshake and a slow start.',
        '1.1': 'HTTP/1.1 keeps one connection but asks for one object at a time: a round trip per object.',
        pipe: 'Pipelining sends requests without waiting, buffered into full segments (flushed at 1024 bytes or after 50 ms), and the server buffers its responses: far fewer packets.',
        'pipe-gzip':
          visit === 'first'
            ? 'As pipelining, with the HTML deflated to 27%: the references arrive sooner and there are fewer bytes to move.'
            : "As pipelining, with the HTML deflated, but a revalidation's 304 responses carry none: it moves what pipelining alone moves.",
      }[mode],
    tryNext: tryNextFor(mode, visit),
    calibrated: [...HOSTS_CALIBRATED, ...NET_CALIBRATED[net], ...SERVER_CALIBRATED[server]],
    reasons: NIELSEN_DIFFERENCES,
  };
}

/** The words of the known differences nielsen.ts names (`see:<id>` in a figure's reason). */
export const NIELSEN_DIFFERENCES: Readonly<Record<NielsenDifference, string>> = {
  'robot-bytes':
    "the HTTP/1.0 robot moved more bytes than the HTTP/1.1 robot for the same objects (Jigsaw 24 KB more on the LAN, 58 KB on the WAN; Apache 27 and 57 KB), less so on revalidation (the model within 0.6-8%). Duplicates of server data in the client-side trace would fit: Solaris 2.5 retransmitted too early (Sun bug 1233827). Not modelled: the bug's timer is not published, an RTO floor of 150 ms or more retransmits nothing, and one low enough to retransmit on the LAN (50 ms) duplicates the revalidation's HEAD responses too (+8 KB), which the paper rules out",
  'jigsaw-extra-packet':
    "Jigsaw's non-pipelined HTTP/1.1 exchanges carry about one packet more than Apache's, with the Digital UNIX clients only: +37 and +35 packets on the LAN (Tables 4, 5), +33 on WAN revalidation (Tables 6, 7), but -5 on WAN first visit and +1 and 0 over the modem to the NT client (Tables 8, 9). A server write split (status line apart) or a server ACK would show on every link, so neither is modelled; the tables do not say what the client did",
  'wan-client-packets':
    'the WAN client (a different Alpha) saw more packets with either server (Apache: 559.6 and 309.4 on the first visit, 104.2 against 98.4 on the LAN revalidating); an ACK per segment from it would give 623 and 348 on the first visit (10% and 14% over) but 285 against 214 pipelined, so it is not that; the tables do not say what it is',
  'pipelined-revalidation-acks':
    "about 5 packets more than modelled with both servers (LAN 32.8 and 29.2 against 28 and 23): handshake, close, 7 request segments and the 304s (7 segments from Jigsaw, 4 from Apache) make 23 and 20, so the paper's traces hold about 10 bare ACKs where the model's hosts send 5 and 3. The HTML is validated first (reval=html); validating all 43 at once gives fewer packets still. The tables do not say which host sent them",
  'jigsaw-deferred-ack':
    "Solaris 2.5's 50 ms deferred-ACK timer fires before Jigsaw answers a new connection (its fitted 50 ms per connection and 10 ms per request), so each of the 43 connections carries a bare ACK from the server (on the LAN 430 packets; 389 if Jigsaw took 30 ms per connection). The per-connection time was fitted to Table 4's seconds; the tables do not say how Jigsaw's time divided between accepting and answering",
  'wan-retransmitted-bytes':
    'the WAN runs carry retransmitted bytes: the pipelined revalidation moved 18,233 and 19,102 B from Jigsaw (LAN 17,694), 15,352 and 15,088 B from Apache (LAN 14,009)',
  'wan-apache-retransmission':
    '0.63 s more than on the LAN (7 round trips; the model 4.5), with 1.1-1.3 KB more bytes: a retransmission, whose round trips the loss-free model does not spend',
  'modem-jigsaw-one-way':
    "Jigsaw's 5.4 s is about its packets' bytes one direction after the other at 28.8 kb/s (5.2 s), as if it answered only after reading the whole pipeline; Apache's same row (Table 9) takes 3.4 s, less than that sum (4.2 s), so that modem carried both directions at once, as the model does. The paper does not describe such a wait, so it is not modelled",
};

export const NIELSEN_TEXTS: Record<string, PresetTexts> = {
  ...Object.fromEntries(NIELSEN_ROWS.map((row) => [nielsenPresetId(row), rowTexts(row)])),
  'nielsen-nagle-pipelining': {
    explanation:
      "With pipelining and output buffering most segments are full, so Nagle rarely matters. When a response ends in a short segment, Nagle holds it until the client ACKs the segment before or until the next response's bytes fill it. After an odd segment that ACK is delayed to the client's next 200 ms tick, so the hold can last up to 200 ms, as the note says: the page's last response, which nothing follows, waits 38 ms for it in this run. On the client, Nagle holds some of the pipelined requests the same way.",
    tryNext: [
      {
        sentence: 'Turn Nagle off on the server and look again at the end of each response.',
        settings: 'nagle.server=0',
      },
      {
        // The ticks' phase is drawn from the seed: another draw, another wait for the same ACK.
        sentence:
          "Draw the client's ACK ticks again (another seed) and see how long the last response's tail waits now.",
        settings: 'seed=3',
      },
    ],
    calibrated: [...HOSTS_CALIBRATED, ...NET_CALIBRATED.lan, ...SERVER_CALIBRATED.jigsaw],
    claims: ['Nagle only matters with an odd, short final segment; with Nagle off no segment is held'],
  },
};
