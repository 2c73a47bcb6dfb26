// The scenario schema: one row per URL key, with its label, type, unit, default, range, help,
// when it applies and the values a sweep tries. This table drives parsing, validation, encoding,
// the CLI's --keys, the controls and the sweep knobs alike: a knob's facts live here only.
import {
  CLOSE_STYLES,
  DELACK_MODES,
  HTTP_MODES,
  INITIAL_WINDOWS,
  SLOW_START_RESTARTS,
  CONGESTION_CONTROLS,
  QUEUE_MANAGEMENTS,
  VISITS,
} from '../engine/params';
import { CAPTURE_POINTS } from '../engine/trace';
import { DEFAULT_CERT_BYTES, TLS_VERSIONS } from '../engine/tls/handshake';
import { DEFAULT_WINDOW } from '../engine/http/h2frames';

/** `auto`: what browsers and the papers did: no TLS for HTTP/1.x, TLS 1.3 for HTTP/2 (RFC 9113 3.2). */
const TLS_SETTINGS = ['auto', ...TLS_VERSIONS] as const;
import { PAGE_KEYS } from './workloads';
import { LINK_KEYS, LINK_LABELS } from './links';
import { STACK_LABELS, STACK_NAMES } from './hosts/profiles';

/** TCP's knobs do not apply to HTTP/3, which runs over QUIC (its own loss recovery and NewReno). */
const NOT_QUIC = {
  key: 'http',
  notIn: ['3'],
  why: "HTTP/3 runs over QUIC, with RFC 9002's recovery and NewReno",
} as const;
/** HTTP/1.x's server writes, processes and closes, and the client's finding of a close: an HTTP/2
 * or HTTP/3 server frames each response whole, needs no process per connection and never closes
 * first (h2server.ts, quic/h3server.ts). */
const HTTP1 = { key: 'http', notIn: ['2', '3'] } as const;

/** A per-side key's value meaning "as the host profile says, or the general key". */
const AUTO = 'auto';
const SIDE_STACKS = [AUTO, ...STACK_NAMES] as const;
const SIDE_DELACKS = [AUTO, ...DELACK_MODES] as const;
// The sender's defaults: `auto` (unset) is the host stack's when its profile names one, else the
// 1990s BSD host's (2 segments, Reno, no restart, no SACK, a 1 s floor), so a value chosen here
// always holds, even one that equals what BSD did (under a Linux stack, choosing Reno gives Reno).
const AUTO_INITIAL_WINDOWS = [AUTO, ...INITIAL_WINDOWS] as const;
const AUTO_RESTARTS = [AUTO, ...SLOW_START_RESTARTS] as const;
const AUTO_CONTROLS = [AUTO, ...CONGESTION_CONTROLS] as const;
const DELACK_OPTIONS = {
  bsd: 'BSD: next tick of a 200 ms clock',
  fixed: 'A fixed timer',
  off: 'Off: ACK every segment',
  linux: 'Linux: quick-ACK at start, adaptive 40-200 ms timer',
} as const;

/** A setting's rule: `key` has one of `in` (none of `notIn`), and `also`'s rule holds too. */
export interface When {
  key: string;
  in?: readonly string[];
  notIn?: readonly string[];
  also?: When;
  /** Why the setting does nothing when the rule fails, where its key's value alone does not say. */
  why?: string;
}

interface RowBase {
  /** What the controls, summaries and sweep axes call the setting. */
  label: string;
  help: string;
  group: 'scenario' | 'link' | 'tcp' | 'http' | 'page' | 'run';
  /** The setting matters only when another key has one of these values (the controls hide it otherwise). */
  when?: When;
  /** A custom sweep may put this knob on an axis: the values it tries first, and any base settings
   * that make the knob matter (images need the pm-images page). */
  sweep?: { values: readonly string[]; needs?: string };
}
export interface EnumRow extends RowBase {
  kind: 'enum';
  values: readonly string[];
  /** What the controls show for each value (the URL keeps the value itself). */
  options: Readonly<Record<string, string>>;
  default: string;
}
export interface NumberRow extends RowBase {
  kind: 'number';
  /** '' for a pure number (a ratio, a seed). */
  unit: string;
  min: number;
  max: number;
  integer: boolean;
  /** null: taken from another setting (the link preset, or the general key of a per-side key). */
  default: number | null;
  /** What 0 stands for when it is not an amount ("instant" rather than "0 KB/s"). */
  zero?: string;
}
export interface BoolRow extends RowBase {
  kind: 'bool';
  default: boolean | null;
}
export interface ListRow extends RowBase {
  kind: 'list';
  unit: string;
  min: number;
  max: number;
  maxItems: number;
  default: readonly number[];
}
export type Row = EnumRow | NumberRow | BoolRow | ListRow;

/** A number row without its label; the default's type is kept, so a row with a default reads as a number. */
const num = <D extends number | null>(
  group: RowBase['group'],
  unit: string,
  min: number,
  max: number,
  def: D,
  help: string,
  integer = true,
) => ({ kind: 'number' as const, group, unit, min, max, default: def, help, integer });

export const SCHEMA = {
  link: {
    label: 'Link type',
    kind: 'enum',
    group: 'link',
    values: LINK_KEYS,
    options: LINK_LABELS,
    default: 'ethernet10',
    help: 'The network path; it sets the bandwidth, round-trip time, MSS and router queue unless you set them.',
    sweep: {
      values: [
        'ethernet10',
        'wan',
        't1',
        'ppp28k',
        'geo',
        'broadband',
        'lte',
        'leo',
        'longfat',
        'deepbuffer',
      ],
    },
  },
  bw: {
    label: 'Bandwidth',
    ...num(
      'link',
      'bit/s',
      1_000,
      100_000_000_000,
      null,
      "Bottleneck bandwidth each way (default: the link's).",
    ),
    sweep: { values: ['28800', '128000', '1544000', '10000000', '100000000'] },
  },
  rtt: {
    label: 'Round-trip time',
    ...num('link', 'ms', 0, 10_000, null, "Round-trip propagation delay (default: the link's).", false),
    sweep: { values: ['1', '10', '50', '100', '250', '550'] },
  },
  mss: {
    label: 'Segment size (MSS)',
    ...num('link', 'bytes', 64, 65_495, null, "Largest TCP segment each host offers (default: the link's)."),
    sweep: { values: ['256', '536', '1460', '4312', '8960'] },
  },
  queue: {
    label: 'Router queue',
    ...num('link', 'packets', 1, 100_000, null, "Router buffer before drop-tail loss (default: the link's)."),
    sweep: { values: ['2', '5', '10', '20', '50'] },
  },
  aqm: {
    label: 'Queue management',
    kind: 'enum',
    group: 'link',
    values: QUEUE_MANAGEMENTS,
    options: {
      none: 'None: drop-tail (drop when full)',
      codel: 'CoDel (RFC 8289)',
    },
    default: 'none',
    help: "How the router manages its queue: none = drop-tail, a packet is dropped only when the queue is full (a deep buffer then holds a standing queue: bufferbloat); codel = CoDel (RFC 8289, in Linux's default fq_codel): once packets have waited over 5 ms for 100 ms, it drops at the head of the queue, ever sooner, until the wait falls below 5 ms; a loss-based sender then keeps the queue short.",
    sweep: { values: QUEUE_MANAGEMENTS },
  },
  loss: {
    label: 'Packet loss',
    ...num('link', '%', 0, 50, 0, 'Random packet loss in each direction.', false),
    sweep: { values: ['0', '1', '2', '5', '10'] },
  },
  nagle: {
    label: "Nagle's algorithm",
    kind: 'bool',
    group: 'tcp',
    default: true,
    help: "Nagle's algorithm: hold a short segment while earlier data is unacknowledged.",
    sweep: { values: ['1', '0'] },
    when: NOT_QUIC,
  },
  'nagle.client': {
    label: "Nagle's algorithm (client)",
    kind: 'bool',
    group: 'tcp',
    default: null,
    help: "Nagle on the client only (default: as Nagle's algorithm for both hosts).",
    when: NOT_QUIC,
  },
  'nagle.server': {
    label: "Nagle's algorithm (server)",
    kind: 'bool',
    group: 'tcp',
    default: null,
    help: "Nagle on the server only (default: as Nagle's algorithm for both hosts).",
    when: NOT_QUIC,
  },
  delack: {
    label: 'Delayed ACK',
    kind: 'enum',
    group: 'tcp',
    values: DELACK_MODES,
    options: DELACK_OPTIONS,
    default: 'bsd',
    help: 'Delayed ACK: bsd = next tick of a 200 ms clock; fixed = a timer; off = ACK every segment; linux = quick-ACK mode at start, then every second segment or an adaptive 40-200 ms timer.',
    sweep: { values: DELACK_MODES },
    when: NOT_QUIC,
  },
  delackms: {
    label: 'Delayed-ACK timer',
    ...num(
      'tcp',
      'ms',
      1,
      1_000,
      null,
      "Delayed-ACK timer (fixed) or clock period (bsd) (default: each host stack's, else 200 ms).",
    ),
    when: { key: 'delack', in: ['bsd', 'fixed'] },
  },
  delackphase: {
    label: 'ACK clock phase',
    ...num(
      'tcp',
      'ms',
      0,
      1_000,
      null,
      "Where the client's 200 ms ACK clock ticks (default: drawn from the seed).",
      false,
    ),
    when: { key: 'delack', in: ['bsd'] },
  },
  stack: {
    label: 'Host TCP stack',
    kind: 'enum',
    group: 'tcp',
    values: STACK_NAMES,
    options: STACK_LABELS,
    default: 'default',
    help: "Both hosts' TCP as a paper's machine behaved (delayed ACK, ACK-on-read; Linux also its sender's defaults); each host's own keys below, and any sender setting chosen, override it.",
    when: NOT_QUIC,
  },
  'stack.client': {
    label: 'Client TCP stack',
    kind: 'enum',
    group: 'tcp',
    values: SIDE_STACKS,
    options: { [AUTO]: 'Same as the host TCP stack', ...STACK_LABELS },
    default: AUTO,
    help: "The client machine's TCP (default: the host TCP stack).",
    when: NOT_QUIC,
  },
  'stack.server': {
    label: 'Server TCP stack',
    kind: 'enum',
    group: 'tcp',
    values: SIDE_STACKS,
    options: { [AUTO]: 'Same as the host TCP stack', ...STACK_LABELS },
    default: AUTO,
    help: "The server machine's TCP (default: the host TCP stack).",
    when: NOT_QUIC,
  },
  'delack.client': {
    label: 'Delayed ACK (client)',
    kind: 'enum',
    group: 'tcp',
    values: SIDE_DELACKS,
    options: { [AUTO]: "The client stack's, or Delayed ACK", ...DELACK_OPTIONS },
    default: AUTO,
    help: "Delayed ACK on the client only (default: the client stack's, else the Delayed ACK setting).",
    when: NOT_QUIC,
  },
  'delack.server': {
    label: 'Delayed ACK (server)',
    kind: 'enum',
    group: 'tcp',
    values: SIDE_DELACKS,
    options: { [AUTO]: "The server stack's, or Delayed ACK", ...DELACK_OPTIONS },
    default: AUTO,
    help: "Delayed ACK on the server only (default: the server stack's, else the Delayed ACK setting).",
    when: NOT_QUIC,
  },
  'ackread.client': {
    label: 'ACK on read (client)',
    kind: 'bool',
    group: 'tcp',
    default: null,
    help: "BSD: the client ACKs in-order data by the window update its application's read sends, so a busy application stretches ACKs (default: the client stack's, else off).",
    when: NOT_QUIC,
  },
  'ackread.server': {
    label: 'ACK on read (server)',
    kind: 'bool',
    group: 'tcp',
    default: null,
    help: "The same on the server (default: the server stack's, else off).",
    when: NOT_QUIC,
  },
  iw: {
    label: 'Initial window',
    kind: 'enum',
    group: 'tcp',
    values: AUTO_INITIAL_WINDOWS,
    options: {
      [AUTO]: "The host stack's, or 2 segments (BSD)",
      '1': '1 segment',
      '2': '2 segments (BSD)',
      '4k': 'About 4 KB (RFC 2414)',
      '10': '10 segments (RFC 6928)',
    },
    default: AUTO,
    help: "Initial congestion window: 2 = BSD (the ACK of the SYN opens it by one); 4k = RFC 2414 (default: the host stack's, else 2).",
    sweep: { values: INITIAL_WINDOWS },
    when: NOT_QUIC,
  },
  ssr: {
    label: 'Slow-start restart',
    kind: 'enum',
    group: 'tcp',
    values: AUTO_RESTARTS,
    options: {
      [AUTO]: "The host stack's, or off",
      off: 'Off (SunOS)',
      bsd: 'BSD: idle since the last receive',
      rfc: 'RFC: idle since the last send',
    },
    default: AUTO,
    help: "Slow-start restart after idle: off (SunOS), bsd (idle since last receive), rfc (idle since last send) (default: the host stack's, else off).",
    when: NOT_QUIC,
  },
  cc: {
    label: 'Congestion control',
    kind: 'enum',
    group: 'tcp',
    values: AUTO_CONTROLS,
    options: {
      [AUTO]: "The host stack's, or Reno",
      reno: 'Reno (4.4BSD)',
      newreno: 'NewReno (RFC 6582)',
      cubic: 'CUBIC (RFC 9438, Linux default)',
      bbr: 'BBR v1 (model-based, paced)',
    },
    default: AUTO,
    help: "Congestion control (default: the host stack's, else reno): reno = slow start, congestion avoidance, fast retransmit and recovery; newreno = recovery repairs several losses per window; cubic = window grows on a cubic curve after a loss; bbr = paces at the measured bottleneck rate.",
    sweep: { values: CONGESTION_CONTROLS },
    when: NOT_QUIC,
  },
  sack: {
    label: 'Selective ACK (SACK)',
    kind: 'bool',
    group: 'tcp',
    default: null,
    help: "Selective acknowledgments (RFC 2018): the receiver reports what arrived beyond a hole; the sender retransmits only the holes (RFC 6675) (default: the host stack's, else off).",
    sweep: { values: ['0', '1'] },
    when: NOT_QUIC,
  },
  rack: {
    label: 'RACK-TLP loss detection',
    kind: 'enum',
    group: 'tcp',
    values: ['off', 'on'],
    options: {
      off: 'Off: duplicate ACKs and the RTO (the papers)',
      on: 'On: RFC 8985 (Linux default since 4.18)',
    },
    default: 'off',
    help: "RACK-TLP (RFC 8985; Linux's default since 4.18): a lost tail is probed after about two round trips (TLP) instead of waiting for the retransmission timeout, and a segment is declared lost by time once a later one has arrived (RACK), not after three duplicate ACKs. Works with SACK on (as Linux, it reads the SACK blocks; without SACK it does nothing).",
    sweep: { values: ['off', 'on'] },
    when: { key: 'sack', notIn: ['0'] },
  },
  pacing: {
    label: 'Pace segments',
    kind: 'bool',
    group: 'tcp',
    default: false,
    help: "Pacing: space segments at the controller's rate (Linux: 2x cwnd/RTT in slow start, 1.2x after) instead of sending bursts; BBR always paces.",
    when: { key: 'cc', in: [AUTO, 'reno', 'newreno', 'cubic'] },
  },
  sndbuf: {
    label: 'Send buffer',
    ...num(
      'tcp',
      'bytes',
      256,
      1 << 30,
      null,
      'Send socket buffer: data the application may queue ahead (default: the socket buffer).',
    ),
    sweep: { values: ['2048', '4096', '8192', '16384', '65536'] },
    when: NOT_QUIC,
  },
  minrto: {
    label: 'Minimum retransmit timeout',
    ...num(
      'tcp',
      'ms',
      10,
      60_000,
      null,
      "Floor of the retransmission timeout (BSD: two 500 ms ticks) (default: the host stack's, else 1 s).",
    ),
    when: NOT_QUIC,
  },
  window: {
    label: 'Socket buffer',
    ...num(
      'tcp',
      'bytes',
      256,
      1 << 30,
      16_384,
      'Socket buffer, and so the largest window (scaled above 64 KB).',
    ),
    sweep: { values: ['4096', '8192', '16384', '32768', '65536'] },
    when: NOT_QUIC,
  },
  page: {
    label: 'Web page',
    kind: 'enum',
    group: 'page',
    values: PAGE_KEYS,
    options: {
      yahoo96: 'Yahoo, 1996 (Heidemann)',
      microscape: 'Microscape (Nielsen)',
      'pm-images': 'HTML and n images (Padmanabhan-Mogul)',
      'kruse-lerc': 'Kruse: the LeRC page',
      'kruse-acts': 'Kruse: the ACTS page',
      'kruse-oufr': 'Kruse: the OU FR page',
      'kruse-test': 'Kruse: the test page',
      almanac24: 'A median page of 2024 (Web Almanac)',
      custom: 'Custom object sizes',
    },
    default: 'yahoo96',
    help: 'The page: Yahoo 1996 (Heidemann), Microscape (Nielsen), n images (Padmanabhan-Mogul), Kruse pages, a median 2024 page (Web Almanac), or custom.',
  },
  objects: {
    label: 'Object sizes',
    when: { key: 'page', in: ['custom'] },
    kind: 'list',
    group: 'page',
    unit: 'bytes',
    min: 0,
    max: 100_000_000,
    maxItems: 500,
    default: [6651, 3883, 1866],
    help: 'Custom page: body sizes, the HTML first (giving objects= alone implies page=custom).',
    sweep: { values: ['1024', '2048', '5120', '10240', '20480', '51200', '102400'], needs: 'page=custom' },
  },
  images: {
    label: 'Number of images',
    ...num('page', 'images', 0, 500, 10, 'pm-images: how many inlined images.'),
    when: { key: 'page', in: ['pm-images'] },
    sweep: { values: ['1', '2', '5', '10', '20'], needs: 'page=pm-images' },
  },
  imagebytes: {
    label: 'Image size',
    ...num(
      'page',
      'bytes',
      1,
      10_000_000,
      2544,
      'pm-images: bytes per image (2544 is the median of the 1994 traces).',
    ),
    when: { key: 'page', in: ['pm-images'] },
    sweep: { values: ['512', '2544', '10240', '45566'], needs: 'page=pm-images' },
  },
  visit: {
    label: 'Cache state',
    kind: 'enum',
    group: 'page',
    values: VISITS,
    options: { first: 'First visit: empty cache', revalidate: 'Revalidate: everything cached' },
    default: 'first',
    help: 'first = empty cache (GETs); revalidate = everything cached (conditional GETs, 304s; HEADs for 1.0).',
  },
  reval: {
    label: 'Revalidation order',
    kind: 'enum',
    group: 'page',
    values: ['all', 'html'],
    options: {
      all: 'Everything at once (the cache lists the images)',
      html: 'The HTML first, then the images in its cached copy',
    },
    default: 'all',
    help: "Revalidating, the client asks for every cached object at once (all), or validates the HTML first and asks for its images after the 304, from its cached copy (html, a real browser's order).",
    when: { key: 'visit', in: ['revalidate'] },
  },
  http: {
    label: 'HTTP mode',
    kind: 'enum',
    group: 'http',
    values: HTTP_MODES,
    options: {
      '1.0': 'HTTP/1.0: a connection per request',
      '1.0ka': 'HTTP/1.0 with Keep-Alive',
      '1.1': 'HTTP/1.1: one persistent connection',
      '1.1pipe': 'HTTP/1.1 pipelined',
      getall: 'GETALL: one request for the page',
      '2': 'HTTP/2: streams on one connection',
      '3': 'HTTP/3: streams over QUIC (UDP)',
    },
    default: '1.1',
    help: "1.0 = a connection per request; 1.0ka = Keep-Alive; 1.1 = one persistent connection; 1.1pipe = pipelined; getall = one GET; 2 = HTTP/2; 3 = HTTP/3 over QUIC, TLS 1.3 built in. HTTP/2 and older run over the hosts' TCP, by default the papers' hosts (Reno without SACK, Nagle on, a 16 KB socket buffer); today's have Linux's TCP, no Nagle and megabytes of buffer.",
    sweep: { values: HTTP_MODES },
  },
  h2window: {
    label: 'HTTP/2 window',
    // At least 256 bytes: RFC 9113 allows less, but then every DATA frame carries a few bytes and a
    // modern page becomes millions of frames (minutes of simulation) with nothing more to teach.
    ...num(
      'http',
      'bytes',
      256,
      2 ** 31 - 1,
      DEFAULT_WINDOW,
      "HTTP/2: the client's flow-control window per stream and for the connection (RFC 9113 6.9).",
    ),
    when: { key: 'http', in: ['2'] },
    sweep: { values: ['16384', '65535', '262144', '1048576'], needs: 'http=2' },
  },
  h3window: {
    label: 'HTTP/3 window',
    ...num(
      'http',
      'bytes',
      1024,
      2 ** 30 - 1,
      null,
      "HTTP/3: the client's QUIC flow-control window per stream and for the connection, raised as it reads (RFC 9000 4) (default: a browser's, which no page here reaches).",
    ),
    when: { key: 'http', in: ['3'] },
    sweep: { values: ['16384', '65536', '262144', '1048576'], needs: 'http=3' },
  },
  conns: {
    label: 'Connections',
    ...num('http', 'connections', 1, 64, 4, 'HTTP/1.0 and Keep-Alive: connections open at once.'),
    when: { key: 'http', in: ['1.0', '1.0ka'] },
    sweep: { values: ['1', '2', '4', '8', '16'] },
  },
  req: {
    label: 'Request sizes',
    kind: 'list',
    group: 'http',
    unit: 'bytes',
    min: 1,
    max: 65_536,
    maxItems: 500,
    default: [190],
    help: 'Request sizes in page order; the last repeats (libwww sent about 190 bytes).',
  },
  hdr: { label: 'Header size', ...num('http', 'bytes', 1, 65_536, 226, 'Response header bytes.') },
  hdr304: {
    label: '304 response size',
    ...num('http', 'bytes', 1, 65_536, null, 'Bytes of a 304 or HEAD response (default: the header size).'),
  },
  flush: {
    label: 'Header flush',
    kind: 'enum',
    group: 'http',
    values: ['headers', 'none'],
    options: { headers: 'Headers in a segment of their own', none: 'None: headers ride with the data' },
    default: 'headers',
    help: 'headers = the server flushes its headers in a segment of their own (Apache 1.1b4).',
    when: HTTP1,
  },
  chunk: {
    label: 'Write size',
    ...num('http', 'bytes', 1, 1 << 24, 4096, 'Server write size (Apache wrote 4 KB).'),
    when: HTTP1,
  },
  sthink: {
    label: 'Server think time',
    ...num('http', 'ms', 0, 60_000, 2, 'Server time from reading a request to its first write.', false),
  },
  srate: {
    label: 'Server processing rate',
    ...num(
      'http',
      'KB/s',
      0,
      10_000_000,
      0,
      'Server processing speed per response byte, added to its think time (0: instant).',
      false,
    ),
    zero: 'instant',
  },
  saccept: {
    label: 'New-connection delay',
    ...num('http', 'ms', 0, 60_000, 0, 'Extra server time for the first request on a new connection.', false),
    when: HTTP1,
  },
  cthink: {
    label: 'Client think time',
    ...num('http', 'ms', 0, 60_000, 0.5, 'Client time from knowing a request to writing it.', false),
  },
  cparse: {
    label: 'Client work per response',
    ...num(
      'http',
      'ms',
      0,
      60_000,
      0,
      'The client handles each response with a body this long (parsing it, writing it to its cache) and reads no socket meanwhile.',
      false,
    ),
  },
  pipebuf: {
    label: 'Pipeline buffer',
    ...num(
      'http',
      'bytes',
      1,
      65_536,
      1024,
      'Pipelining: the client flushes its request buffer at this size.',
    ),
    when: { key: 'http', in: ['1.1pipe'] },
  },
  pipeflush: {
    label: 'Pipeline flush timer',
    ...num(
      'http',
      'ms',
      0,
      10_000,
      50,
      'Pipelining: ...or this long after the first buffered request.',
      false,
    ),
    when: { key: 'http', in: ['1.1pipe'] },
  },
  sbuf: {
    label: 'Server response buffer',
    ...num(
      'http',
      'bytes',
      0,
      1 << 20,
      0,
      'Server response buffer, flushed when full or when no request waits (0: none).',
    ),
    when: HTTP1,
  },
  sprocs: {
    label: 'Server processes',
    ...num(
      'http',
      'processes',
      0,
      1_000,
      0,
      'Server processes at the start; each serves one connection, more are started one a second (0: no limit).',
    ),
    zero: 'no limit',
    when: HTTP1,
  },
  maxspare: {
    label: 'Most idle processes',
    ...num(
      'http',
      'processes',
      0,
      1_000,
      0,
      "Apache's MaxSpareServers: once a second, while more server processes than this are idle (a process waiting on a Keep-Alive connection counts), one is ended and its connection closed (0: never).",
    ),
    when: { key: 'sprocs', notIn: ['0'] },
  },
  maxreq: {
    label: 'Requests per connection',
    ...num(
      'http',
      'requests',
      0,
      100_000,
      0,
      'The server closes a connection after this many requests (0: never).',
    ),
    when: HTTP1,
  },
  katimeout: {
    label: 'Keep-alive timeout',
    ...num(
      'http',
      's',
      0,
      3_600,
      15,
      'The server closes a persistent connection idle this long (0: never).',
      false,
    ),
    when: HTTP1,
  },
  closestyle: {
    label: 'Close style',
    kind: 'enum',
    group: 'http',
    values: CLOSE_STYLES,
    options: { full: 'Both halves at once', half: 'Sending half first' },
    default: 'full',
    help: 'How the server closes: full = both halves at once (late data meets an RST); half = its sending half first.',
    when: HTTP1,
  },
  stale: {
    label: 'Closes found on reuse',
    kind: 'bool',
    group: 'http',
    default: false,
    help: 'The client learns that the server closed an idle persistent connection only when it next writes on it: the request meets an RST and is asked again on a new connection (Kruse 4.2).',
    when: HTTP1,
  },
  tls: {
    label: 'TLS version',
    kind: 'enum',
    group: 'http',
    values: TLS_SETTINGS,
    options: {
      auto: 'Automatic: none for HTTP/1.x, 1.3 for HTTP/2 and HTTP/3',
      none: 'None: plain TCP (the 1997 web)',
      '1.2': 'TLS 1.2: two round trips',
      '1.3': 'TLS 1.3: one round trip',
    },
    default: 'auto',
    help: 'TLS under HTTP: auto = none for HTTP/1.x (the papers), 1.3 for HTTP/2 and HTTP/3 (QUIC runs no other); 1.2 = two round trips; 1.3 = one.',
    sweep: { values: TLS_VERSIONS },
  },
  falsestart: {
    label: 'TLS False Start',
    kind: 'bool',
    group: 'http',
    default: false,
    help: "TLS 1.2 False Start: the client sends its request with its Finished, not waiting for the server's (RFC 7918).",
    when: { key: 'tls', in: ['1.2'] },
  },
  resume: {
    label: 'TLS session resumption',
    kind: 'bool',
    group: 'http',
    default: false,
    help: 'Resume a session from an earlier visit: 1.2 abbreviated handshake (one round trip); 1.3 0-RTT, the request rides with the ClientHello; over QUIC also a NEW_TOKEN address token, so the 3x limit does not apply.',
    when: { key: 'tls', notIn: ['none'] },
  },
  cert: {
    label: 'Certificate chain',
    ...num(
      'http',
      'bytes',
      100,
      100_000,
      DEFAULT_CERT_BYTES,
      "The server's certificate chain (3500: a leaf and an intermediate, RSA-2048).",
    ),
    when: { key: 'tls', notIn: ['none'] },
    sweep: { values: ['1500', '3500', '7000', '15000', '30000'], needs: 'tls=1.3' },
  },
  gzip: {
    label: 'Compression',
    kind: 'bool',
    group: 'page',
    default: false,
    help: 'Send the HTML deflated (Nielsen 5.1).',
  },
  ratio: {
    label: 'Compression ratio',
    ...num(
      'page',
      '',
      0.01,
      1,
      0.27,
      'Deflated size over original (0.27 measured; 0.35 with mixed-case tags).',
      false,
    ),
    when: { key: 'gzip', in: ['1'] },
  },
  loads: {
    label: 'Page loads',
    ...num(
      'run',
      'loads',
      1,
      100,
      1,
      'Load the page this many times in a row, keeping connections where allowed.',
    ),
  },
  loadgap: {
    label: 'Time between loads',
    ...num(
      'run',
      's',
      0,
      3_600,
      0,
      'Seconds from the start of one load to the start of the next, like a page refresh timer (at the earliest, when the load ends).',
      false,
    ),
    when: { key: 'loads', notIn: ['1'] },
  },
  pages: {
    label: 'Pages loaded',
    kind: 'enum',
    group: 'run',
    values: ['one', 'kruse'],
    options: { one: 'The same page every load', kruse: "Kruse's loop of four pages (Table 1)" },
    default: 'one',
    help: "With several loads: the same page each time (one), or the Kruse browser's loop /LeRC, /acts, /oufr, /Test, each loading the next after Table 1's delay, ending with the chosen page (kruse).",
    // The loop ends with the chosen page, so it is one of Kruse's (resolve.ts ignores it otherwise).
    when: {
      key: 'loads',
      notIn: ['1'],
      also: { key: 'page', in: ['kruse-lerc', 'kruse-acts', 'kruse-oufr', 'kruse-test'] },
    },
  },
  capture: {
    label: 'Capture point',
    kind: 'enum',
    group: 'run',
    values: CAPTURE_POINTS,
    options: {
      wire: 'On the wire: every packet sent',
      client: 'At the client (tcpdump there)',
      server: 'At the server',
    },
    default: 'wire',
    help: "Where packets and bytes are counted: wire = every packet sent; client = a tcpdump on the client (what it sent, and what reached it, duplicates included; the server's packets lost on the way are not seen); server = the same at the server.",
  },
  seed: {
    label: 'Random seed',
    ...num('run', '', 0, 0xffffffff, 1, 'Seed for random loss and the ACK clocks.'),
  },
} as const satisfies Record<string, Row>;

export type ConfigKey = keyof typeof SCHEMA;
/** A row's value type: an enum's own values; a number or switch with a default is never null. */
type ValueOf<R> = R extends { kind: 'enum'; values: readonly (infer V)[] }
  ? V
  : R extends { kind: 'number'; default: number }
    ? number
    : R extends { kind: 'number' }
      ? number | null
      : R extends { kind: 'bool'; default: boolean }
        ? boolean
        : R extends { kind: 'bool' }
          ? boolean | null
          : R extends { kind: 'list' }
            ? number[]
            : never;

/** Every setting of a scenario, keyed as in the URL. */
export type Settings = { -readonly [K in ConfigKey]: ValueOf<(typeof SCHEMA)[K]> };

export const CONFIG_KEYS = Object.keys(SCHEMA) as ConfigKey[];

/** Whether a setting matters for these settings (see `when`); the others are hidden in the controls. */
export function applies(key: ConfigKey, settings: Settings): boolean {
  return failingRule(key, settings) === null;
}

/**
 * The rule that keeps a setting from mattering for these settings, or null when it matters: that of
 * the setting it depends on first (hidden with it: delackms without delack, under HTTP/3 HTTP/3's),
 * else its own, or the part of it that `also` adds.
 */
export function failingRule(key: ConfigKey, settings: Settings): When | null {
  return failing((SCHEMA[key] as Row).when, settings);
}

function failing(when: When | undefined, settings: Settings): When | null {
  if (!when) return null;
  return (
    failingRule(when.key as ConfigKey, settings) ??
    (holds(when, settings) ? failing(when.also, settings) : when)
  );
}

/** The TLS a run has: `auto` is none under HTTP/1.x, 1.3 under HTTP/2; QUIC runs only 1.3 (RFC 9001). */
export const tlsOf = (s: Pick<Settings, 'http' | 'tls'>) =>
  s.http === '3' ? '1.3' : s.tls === 'auto' ? (s.http === '2' ? '1.3' : 'none') : s.tls;

/** The value a rule reads: a rule on TLS, the version the run has (resumption did nothing under `auto` on HTTP/1.1). */
export const ruleValue = (when: When, settings: Settings): Settings[ConfigKey] =>
  when.key === 'tls' ? tlsOf(settings) : settings[when.key as ConfigKey];

/** Whether the value `when` reads is one it names, leaving out `also` and that setting's own rule. */
export function holds(when: When, settings: Settings): boolean {
  const value = ruleValue(when, settings);
  const text = typeof value === 'boolean' ? (value ? '1' : '0') : String(value);
  return (when.in ? when.in.includes(text) : true) && !(when.notIn ?? []).includes(text);
}

export function defaultSettings(): Settings {
  const out: Record<string, unknown> = {};
  for (const key of CONFIG_KEYS) {
    const row: Row = SCHEMA[key];
    out[key] = row.kind === 'list' ? [...row.default] : row.default;
  }
  return out as Settings;
}
