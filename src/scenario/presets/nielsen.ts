// Nielsen et al. 1997, Tables 4-9, and the W3C note on Nagle and pipelining. The published
// figures are read from paperFigures.ts; this file only says how each row is configured, and
// nielsenTexts.ts what it teaches.
import { NIELSEN_TABLES_4_9, type PaperFigure } from '../paperFigures';
import type { Preset, PublishedFigure } from '../presetTypes';

export type Net = 'lan' | 'wan' | 'ppp';
export type Mode = '1.0' | '1.1' | 'pipe' | 'pipe-gzip';
export type Visit = 'first' | 'revalidate';
export type Server = 'jigsaw' | 'apache';

const ROBOT =
  'page=microscape&req=190&nagle=0&flush=none&iw=2&delack=bsd&window=16384&pipebuf=1024&pipeflush=50&cparse=10&cthink=4&reval=html&stack.server=solaris25&capture=client';
/** Each server's settings. */
const SERVERS: Record<Server, string> = {
  jigsaw: 'hdr=288&hdr304=221&sthink=10&saccept=50&srate=1000&sbuf=8192&sndbuf=32768',
  apache: 'hdr=222&hdr304=136&sthink=4&saccept=25&srate=600&sbuf=8192&sndbuf=32768',
};
const NETS: Record<Net, { query: string; table: Record<Server, string> }> = {
  lan: {
    query: 'link=ethernet10&stack.client=dunix4',
    table: { jigsaw: 'Nielsen Table 4', apache: 'Nielsen Table 5' },
  },
  wan: {
    query: 'link=wan&stack.client=dunix4',
    table: { jigsaw: 'Nielsen Table 6', apache: 'Nielsen Table 7' },
  },
  ppp: {
    query: 'link=ppp28k&minrto=3000&stack.client=nt40',
    table: { jigsaw: 'Nielsen Table 8', apache: 'Nielsen Table 9' },
  },
};
const MODES: Record<Mode, { query: string; row: string; label: string }> = {
  '1.0': { query: 'http=1.0&conns=4', row: 'HTTP/1.0', label: 'HTTP/1.0, 4 connections' },
  '1.1': { query: 'http=1.1', row: 'HTTP/1.1', label: 'HTTP/1.1, persistent' },
  pipe: { query: 'http=1.1pipe', row: 'HTTP/1.1 pipelined', label: 'HTTP/1.1 pipelined' },
  'pipe-gzip': {
    query: 'http=1.1pipe&gzip=1&ratio=0.27',
    row: 'HTTP/1.1 pipelined w/ compression',
    label: 'HTTP/1.1 pipelined, deflated HTML',
  },
};

/** Non-pipelined HTTP/1.1 rows where Jigsaw carries about one packet per exchange more than Apache. */
function jigsawExtraPacket(table: string, mode: Mode, visit: Visit): boolean {
  return (
    mode === '1.1' && (table === 'Nielsen Table 4' || (table === 'Nielsen Table 6' && visit === 'revalidate'))
  );
}

type Metric = 'packets' | 'payload_bytes' | 'seconds' | 'overhead_pct';
type Tolerance = [relative: number, reason: string];

/**
 * The bounds a row should meet (packets within 10%, payload bytes 5%, seconds 25% on LAN and WAN,
 * 10% over the modem, where the time is mostly bytes at 28.8 kb/s); a cell that cannot is widened
 * below, with the reason, never silently.
 */
function defaultTolerance(net: Net, metric: Metric): Tolerance {
  if (metric === 'packets')
    return [
      0.1,
      "the hosts' ACKs and the servers' buffer flushes are modelled, not traced; the table is a mean of 5 runs",
    ];
  if (metric === 'payload_bytes')
    return [0.05, 'request and header sizes are calibrated per server from the same tables'];
  if (metric === 'overhead_pct') return [0.3, 'follows from packets and bytes'];
  return net === 'ppp'
    ? [0.1, 'over the modem the time is mostly the bytes at 28.8 kb/s, which the simulation carries exactly']
    : [
        0.25,
        'host times are one calibrated figure per request, per connection and per byte, shared by every row of the table',
      ];
}

/** The cells the model cannot bring within the bounds without inventing a mechanism, and why. */
function knownDifference(
  net: Net,
  table: string,
  mode: Mode,
  visit: Visit,
  metric: Metric,
): Tolerance | null {
  const pipelined = mode.startsWith('pipe');
  if (mode === '1.0' && metric === 'payload_bytes')
    return [
      visit === 'first' ? 0.25 : 0.1,
      "the HTTP/1.0 robot moved more bytes than the HTTP/1.1 robot for the same objects (Jigsaw 24 KB more on the LAN, 58 KB on the WAN; Apache 27 and 57 KB), less so on revalidation (the model within 0.6-8%). Duplicates of server data in the client-side trace would fit: Solaris 2.5 retransmitted too early (Sun bug 1233827). Not modelled: the bug's timer is not published, an RTO floor of 150 ms or more retransmits nothing, and one low enough to retransmit on the LAN (50 ms) duplicates the revalidation's HEAD responses too (+8 KB), which the paper rules out",
    ];
  if (metric === 'packets' && jigsawExtraPacket(table, mode, visit))
    return [
      0.35,
      "Jigsaw's non-pipelined HTTP/1.1 exchanges carry about one packet more than Apache's, with the Digital UNIX clients only: +37 and +35 packets on the LAN (Tables 4, 5), +33 on WAN revalidation (Tables 6, 7), but -5 on WAN first visit and +1 and 0 over the modem to the NT client (Tables 8, 9). A server write split (status line apart) or a server ACK would show on every link, so neither is modelled; the tables do not say what the client did",
    ];
  if (metric === 'packets' && net === 'wan' && !pipelined && (visit === 'first' || mode === '1.1'))
    return [
      0.25,
      'the WAN client (a different Alpha) saw more packets with either server (Apache: 559.6 and 309.4 on the first visit, 104.2 against 98.4 on the LAN revalidating); an ACK per segment from it would give 623 and 348 on the first visit (10% and 14% over) but 285 against 214 pipelined, so it is not that; the tables do not say what it is',
    ];
  if (metric === 'packets' && pipelined && visit === 'revalidate')
    return [
      0.25,
      "about 5 packets more than modelled with both servers (LAN 32.8 and 29.2 against 28 and 23): handshake, close, 7 request segments and the 304s (7 segments from Jigsaw, 4 from Apache) make 23 and 20, so the paper's traces hold about 10 bare ACKs where the model's hosts send 5 and 3. The HTML is validated first (reval=html); validating all 43 at once gives fewer packets still. The tables do not say which host sent them",
    ];
  if (metric === 'packets' && mode === '1.0' && visit === 'revalidate' && serverOf(table) === 'jigsaw')
    return [
      0.2,
      "Solaris 2.5's 50 ms deferred-ACK timer fires before Jigsaw answers a new connection (its fitted 50 ms per connection and 10 ms per request), so each of the 43 connections carries a bare ACK from the server (on the LAN 430 packets; 389 if Jigsaw took 30 ms per connection). The per-connection time was fitted to Table 4's seconds; the tables do not say how Jigsaw's time divided between accepting and answering",
    ];
  if (metric === 'payload_bytes' && net === 'wan')
    return [
      0.1,
      'the WAN runs carry retransmitted bytes: the pipelined revalidation moved 18,233 and 19,102 B from Jigsaw (LAN 17,694), 15,352 and 15,088 B from Apache (LAN 14,009)',
    ];
  if (
    metric === 'seconds' &&
    net === 'wan' &&
    pipelined &&
    visit === 'revalidate' &&
    serverOf(table) === 'apache'
  )
    return [
      0.3,
      '0.63 s more than on the LAN (7 round trips; the model 4.5), with 1.1-1.3 KB more bytes: a retransmission, whose round trips the loss-free model does not spend',
    ];
  if (
    metric === 'seconds' &&
    net === 'ppp' &&
    pipelined &&
    visit === 'revalidate' &&
    serverOf(table) === 'jigsaw'
  )
    return [
      0.35,
      "Jigsaw's 5.4 s is about its packets' bytes one direction after the other at 28.8 kb/s (5.2 s), as if it answered only after reading the whole pipeline; Apache's same row (Table 9) takes 3.4 s, less than that sum (4.2 s), so that modem carried both directions at once, as the model does. The paper does not describe such a wait, so it is not modelled",
    ];
  return null;
}

const serverOf = (table: string): Server => (/[468]$/.test(table) ? 'jigsaw' : 'apache');
const UNITS = { packets: 'packets', payload_bytes: 'bytes', seconds: 's', overhead_pct: '%' };

function published(net: Net, table: string, mode: Mode, visit: Visit): PublishedFigure[] {
  const row = MODES[mode].row;
  const cells = NIELSEN_TABLES_4_9.filter(
    (f: PaperFigure) => f.table === table && f.row === row && f.visit === visit,
  );
  return (['packets', 'payload_bytes', 'seconds', 'overhead_pct'] as const).map((metric) => {
    const value = cells.find((f) => f.metric === metric)!.value;
    const [targetRel, targetReason] = defaultTolerance(net, metric);
    const [rel, reason] = knownDifference(net, table, mode, visit, metric) ?? [targetRel, targetReason];
    const distance = (r: number) => Number((r * value).toFixed(3));
    return {
      figure: metric === 'seconds' ? 'elapsed_s' : metric,
      label: `${metric.replace('_', ' ')} (${table})`,
      value,
      unit: UNITS[metric],
      tolerance: distance(rel),
      reason,
      ...(rel > targetRel ? { target: distance(targetRel) } : {}),
    };
  });
}

/** The settings of one row of Tables 4-9: network, robot, server, protocol and visit. */
export function nielsenRowQuery(net: Net, mode: Mode, visit: Visit, server: Server): string {
  return `${NETS[net].query}&${ROBOT}&${SERVERS[server]}&${MODES[mode].query}&visit=${visit}`;
}

/** One row of Tables 4-9. */
export interface NielsenRow {
  net: Net;
  mode: Mode;
  visit: Visit;
  server: Server;
}

/** The rows the presets reproduce: Jigsaw's tables, then Apache's. */
export const NIELSEN_ROWS: NielsenRow[] = [];
for (const server of ['jigsaw', 'apache'] as const) {
  for (const net of ['lan', 'wan', 'ppp'] as const) {
    for (const mode of ['1.0', '1.1', 'pipe', 'pipe-gzip'] as const) {
      if (net === 'ppp' && mode === '1.0') continue; // the paper has no HTTP/1.0 row on PPP
      for (const visit of ['first', 'revalidate'] as const) NIELSEN_ROWS.push({ net, mode, visit, server });
    }
  }
}

export function nielsenPresetId({ net, mode, visit, server }: NielsenRow): string {
  return `nielsen-${net}${server === 'apache' ? '-apache' : ''}-${mode}-${visit}`;
}

function preset(row: NielsenRow): Preset {
  const { net, mode, visit, server } = row;
  const table = NETS[net].table[server];
  const what =
    visit === 'first' ? 'first visit (43 GETs)' : 'revalidation (43 conditional GETs; HEADs for 1.0)';
  return {
    id: nielsenPresetId(row),
    title: `${MODES[mode].label}, ${net.toUpperCase()}, ${what} (${table})`,
    paper: 'nielsen',
    source: `Nielsen et al. 1997, ${table}`,
    query: nielsenRowQuery(net, mode, visit, server),
    published: published(net, table, mode, visit),
  };
}

export const NIELSEN_PRESETS: Preset[] = [
  ...NIELSEN_ROWS.map(preset),
  {
    id: 'nielsen-nagle-pipelining',
    title: "Nagle's algorithm and pipelining (W3C note)",
    paper: 'nielsen',
    source: 'Nielsen, "HTTP/1.1 and Nagle\'s Algorithm" (W3C note, 1998)',
    query: `link=ethernet10&${ROBOT}&${SERVERS.jigsaw}&http=1.1pipe&nagle=1`,
    published: [
      {
        figure: 'longest_stall_ms:nagle',
        label: 'the longest hold of a short segment by Nagle',
        value: 200,
        min: 1,
        unit: 'ms',
        bound: 'between',
        tolerance: 0,
        reason: 'the note: with an odd, short final segment the last ACK is delayed "up to 200ms"',
      },
    ],
  },
];
