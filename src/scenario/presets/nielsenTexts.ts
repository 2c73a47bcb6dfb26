// The words of Nielsen's presets (nielsen.ts), by preset id: what each row shows, the
// neighbouring rows to try, and what was calibrated for its machines, network and server.
import type { PresetTexts, TryNext } from '../presetTypes';
import {
  NIELSEN_ROWS,
  nielsenPresetId,
  type Mode,
  type Net,
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
  };
}

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
