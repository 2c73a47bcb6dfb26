// The published numbers of the four papers in papers/, as data. No simulation code here.
//
// Conventions
// - `value` is the number as printed (after repairing OCR damage, which `note` then says).
// - `bound` says how the paper states it: 'eq' (a table entry; the default when absent), 'approx'
//   ("about"), 'lt'/'gt' ("less than"/"more than"), 'le' ("up to"). `range` is for "5% to 15%".
// - Nielsen's "Bytes" column is TCP *payload* bytes (TCP/IP headers excluded), and
//   %ov = 40 * Pa / (Bytes + 40 * Pa): this identity holds to the printed precision in 51 of the 52
//   (row, visit) cells of Tables 4-11 (Table 7, pipelined w/ compression, revalidation: 7.14 vs 7.2
//   printed; the tables are means of runs), and HTTP/1.1 serial and pipelined revalidation
//   carry identical Bytes (17694) with 133.4 vs 32.8 packets. So the Nielsen byte figures carry the
//   metric 'payload_bytes'; the simulator's CLI `bytes` (DESIGN section 3) counts IP-level bytes,
//   headers included, so compare Nielsen's Bytes with IP bytes - 40 * packets.
// - Nielsen's tables are means of 5 runs (Tables 10 and 11: 3 runs), traced on the client side;
//   packets are both directions together, including SYN/FIN/ACK-only segments.

export type PaperNetwork = 'lan' | 'wan' | 'ppp' | 'geo' | 't1' | 'local';

export type PaperMetric =
  | 'packets'
  | 'packets_c2s'
  | 'packets_s2c'
  /** TCP payload bytes, both directions (Nielsen's "Bytes") */
  | 'payload_bytes'
  /** a size as stated: an object, a request, a header, a buffer (not a traffic total) */
  | 'bytes'
  | 'seconds'
  | 'overhead_pct'
  | 'ms'
  | 'sockets_max'
  | 'sockets_total'
  | 'saved_pct'
  | 'ratio'
  | 'count'
  | 'kbytes'
  | 'rtts'
  | 'rtt_ms'
  | 'bandwidth_bps'
  | 'mss_bytes'
  | 'window_bytes'
  | 'throughput_pct_of_best'
  | 'throughput_pct_of_capacity'
  | 'throughput_kbps'
  | 'latency_reduction_pct';

export interface PaperFigure {
  /** e.g. 'Nielsen Table 4' */
  table: string;
  /** e.g. 'HTTP/1.1 pipelined' */
  row: string;
  network: PaperNetwork;
  visit?: 'first' | 'revalidate';
  metric: PaperMetric;
  value: number;
  unit: string;
  note?: string;
  /** HTTP client mode in the simulator's terms, where the row is a protocol run */
  mode?: '1.0' | '1.0ka' | '1.1' | '1.1pipe' | '1.1pipe-gzip' | 'getall' | 'old' | 'new';
  /** server software, where the table says */
  server?: 'jigsaw' | 'apache' | 'apache-1.1b4' | 'ncsa-1.3' | 'apache-1.2b11';
  bound?: 'eq' | 'approx' | 'lt' | 'gt' | 'le' | 'ge';
  range?: [number, number];
}

export interface PaperStatement {
  /** paper and section */
  source: string;
  claim: string;
  /** calibration: a host/network fact a preset must use; finding: a published qualitative result;
   * model: an analytic statement; ocr: a repair or ambiguity in the text extraction */
  kind?: 'calibration' | 'finding' | 'model' | 'ocr';
}

// ---------------------------------------------------------------------------------------------
// Nielsen et al. 1997 (SIGCOMM '97), "Network Performance Effects of HTTP/1.1, CSS1, and PNG"
// ---------------------------------------------------------------------------------------------

type Cells = readonly [pa: number, bytes: number, sec: number, ov: number];

interface NielsenRow {
  row: string;
  mode: NonNullable<PaperFigure['mode']>;
  first: Cells;
  revalidate: Cells;
  note?: string;
}

export function nielsenTable(
  table: string,
  server: 'jigsaw' | 'apache',
  network: PaperNetwork,
  what: string,
  rows: readonly NielsenRow[],
): PaperFigure[] {
  const out: PaperFigure[] = [];
  for (const r of rows) {
    for (const visit of ['first', 'revalidate'] as const) {
      const [pa, bytes, sec, ov] = visit === 'first' ? r.first : r.revalidate;
      const note = r.note ? `${what}; ${r.note}` : what;
      const base = { table, row: r.row, network, visit, mode: r.mode, server, note };
      out.push({ ...base, metric: 'packets', value: pa, unit: 'packets (both directions, mean of runs)' });
      out.push({
        ...base,
        metric: 'payload_bytes',
        value: bytes,
        unit: 'bytes of TCP payload (both directions)',
      });
      out.push({ ...base, metric: 'seconds', value: sec, unit: 's elapsed' });
      out.push({ ...base, metric: 'overhead_pct', value: ov, unit: '% = 40*Pa/(Bytes+40*Pa)' });
    }
  }
  return out;
}

const ROBOT_10 =
  'libwww 4.1D robot, HTTP/1.0, one connection per request, at most 4 at once, no Keep-Alive; revalidation = 1 GET of the HTML + 42 HEAD (section 3.3)';
const ROBOT_11 =
  'libwww 5.1 robot, one persistent connection, one request at a time; revalidation = 43 conditional GETs (If-None-Match)';
const ROBOT_PIPE =
  'libwww 5.1 robot, one persistent connection, requests pipelined: explicit flush after the HTML request, then buffered, flushed at 1024 B or after 50 ms (section 4.1); Nagle off at both ends';
const ROBOT_GZIP = `${ROBOT_PIPE}; HTML sent pre-deflated (42 KB -> 11 KB), images not compressed (section 5.1)`;

function robotRows(
  r10: Cells | null,
  r10v: Cells | null,
  r11: Cells,
  r11v: Cells,
  rp: Cells,
  rpv: Cells,
  rg: Cells,
  rgv: Cells,
): NielsenRow[] {
  const rows: NielsenRow[] = [];
  if (r10 && r10v) rows.push({ row: 'HTTP/1.0', mode: '1.0', first: r10, revalidate: r10v, note: ROBOT_10 });
  rows.push({ row: 'HTTP/1.1', mode: '1.1', first: r11, revalidate: r11v, note: ROBOT_11 });
  rows.push({ row: 'HTTP/1.1 pipelined', mode: '1.1pipe', first: rp, revalidate: rpv, note: ROBOT_PIPE });
  rows.push({
    row: 'HTTP/1.1 pipelined w/ compression',
    mode: '1.1pipe-gzip',
    first: rg,
    revalidate: rgv,
    note: ROBOT_GZIP,
  });
  return rows;
}

export const LAN =
  'LAN: 10 Mb/s Ethernet, RTT < 1 ms, MSS 1460; client zorch.w3.org (DEC AlphaStation 400 4/233, Digital UNIX 4.0a)';
const WAN =
  'WAN: MIT/LCS (MA) to LBL (CA), RTT ~90 ms, MSS 1460; client turn.ee.lbl.gov (DEC AlphaStation 3000, Digital UNIX 4.0)';
export const PPP =
  'PPP: 28.8 kb/s modem via the LCS dial-up service, RTT ~150 ms, MSS 1460; client big.w3.org (dual Pentium Pro, Windows NT Server 4.0)';
export const SERVER_HOST = 'server www26.w3.org (Sun SPARC Ultra-1, Solaris 2.5)';

/** Tables 4-9: the robot's runs, which the Nielsen presets reproduce. */
export const NIELSEN_TABLES_4_9: PaperFigure[] = [
  ...nielsenTable(
    'Nielsen Table 4',
    'jigsaw',
    'lan',
    `Jigsaw 1.06, high bandwidth / low latency; ${LAN}; ${SERVER_HOST}`,
    robotRows(
      [510.2, 216289, 0.97, 8.6],
      [374.8, 61117, 0.78, 19.7],
      [281.0, 191843, 1.25, 5.5],
      [133.4, 17694, 0.89, 23.2],
      [181.8, 191551, 0.68, 3.7],
      [32.8, 17694, 0.54, 6.9],
      [148.8, 159654, 0.71, 3.6],
      [32.6, 17687, 0.54, 6.9],
    ),
  ),
  ...nielsenTable(
    'Nielsen Table 5',
    'apache',
    'lan',
    `Apache 1.2b10, high bandwidth / low latency; ${LAN}; ${SERVER_HOST}`,
    robotRows(
      [489.4, 215536, 0.72, 8.3],
      [365.4, 60605, 0.41, 19.4],
      [244.2, 189023, 0.81, 4.9],
      [98.4, 14009, 0.4, 21.9],
      [175.8, 189607, 0.49, 3.6],
      [29.2, 14009, 0.23, 7.7],
      [139.8, 156834, 0.41, 3.4],
      [28.4, 14002, 0.23, 7.5],
    ),
  ),
  ...nielsenTable(
    'Nielsen Table 6',
    'jigsaw',
    'wan',
    `Jigsaw 1.06, high bandwidth / high latency; ${WAN}; ${SERVER_HOST}`,
    robotRows(
      [565.8, 251913, 4.17, 8.2],
      [389.2, 62348.0, 2.96, 20.0],
      [304.0, 193595, 6.64, 5.9],
      [137.0, 18065.6, 4.95, 23.3],
      [214.2, 193887, 2.33, 4.2],
      [34.8, 18233.2, 1.1, 7.1],
      [183.2, 161698, 2.09, 4.3],
      [35.4, 19102.2, 1.15, 6.9],
    ),
  ),
  ...nielsenTable(
    'Nielsen Table 7',
    'apache',
    'wan',
    `Apache 1.2b10, high bandwidth / high latency; ${WAN}; ${SERVER_HOST}`,
    robotRows(
      [559.6, 248655.2, 4.09, 8.3],
      [370.0, 61887, 2.64, 19.3],
      [309.4, 191436.0, 6.14, 6.1],
      [104.2, 14255, 4.43, 22.6],
      [221.4, 191180.6, 2.23, 4.4],
      [29.8, 15352, 0.86, 7.2],
      [182.0, 159170.0, 2.11, 4.4],
      [29.0, 15088, 0.83, 7.2],
    ),
  ),
  ...nielsenTable(
    'Nielsen Table 8',
    'jigsaw',
    'ppp',
    `Jigsaw 1.06, low bandwidth / high latency (no HTTP/1.0 row in the paper); ${PPP}; ${SERVER_HOST}`,
    robotRows(
      null,
      null,
      [309.6, 190687, 63.8, 6.1],
      [89.2, 17528, 12.9, 16.9],
      [284.4, 190735, 53.3, 5.6],
      [31.0, 17598, 5.4, 6.6],
      [234.2, 159449, 47.4, 5.5],
      [31.0, 17591, 5.4, 6.6],
    ),
  ),
  ...nielsenTable(
    'Nielsen Table 9',
    'apache',
    'ppp',
    `Apache 1.2b10, low bandwidth / high latency (no HTTP/1.0 row in the paper); ${PPP}; ${SERVER_HOST}`,
    robotRows(
      null,
      null,
      [308.6, 187869, 65.6, 6.2],
      [89.0, 13843, 11.1, 20.5],
      [281.4, 187918, 53.4, 5.7],
      [26.0, 13912, 3.4, 7.0],
      [233.0, 157214, 47.2, 5.6],
      [26.0, 13905, 3.4, 7.0],
    ),
  ),
];

// ---------------------------------------------------------------------------------------------
// Heidemann 1997, "Performance Interactions Between P-HTTP and TCP Implementations", Table 1
// ---------------------------------------------------------------------------------------------
// Retrieval time for HTML and two images (Yahoo, 6651 + 3883 + 1866 B), Apache 1.1b4 on SunOS
// 4.1.3, SPARC 20/71 pair on a 10 Mb/s Ethernet; mean of 100 samples. The extraction lost decimal
// points in the first two rows' parentheses: "4.0ms, 94%, ±8.0ms" is 4.0 ms, 9.4%, ±0.80 ms
// (4.0/43 = 9.3%; 1.96*4.0/sqrt(100) = 0.78); "10ms, 16%, ±19.7ms" is 10 ms, 1.6%, ±1.97 ms.
const HEIDEMANN_NOTE =
  'Apache 1.1b4, SunOS 4.1.3, 10 Mb/s Ethernet (RTT < 1 ms), Perl client, HTTP/1.0 requests; mean of 100 samples';
export const HEIDEMANN_TABLE1: PaperFigure[] = [
  {
    table: 'Heidemann Table 1',
    row: 'HTTP',
    network: 'lan',
    visit: 'first',
    mode: '1.0',
    server: 'apache-1.1b4',
    metric: 'ms',
    value: 43,
    unit: 'ms',
    note: `${HEIDEMANN_NOTE}; a new connection per document; sd 4.0 ms, 9.4% (printed "94%"), 95% CI ±0.80 ms (printed "8.0ms")`,
  },
  {
    table: 'Heidemann Table 1',
    row: 'P-HTTP',
    network: 'lan',
    visit: 'first',
    mode: '1.0ka',
    server: 'apache-1.1b4',
    metric: 'ms',
    value: 605,
    unit: 'ms',
    note: `${HEIDEMANN_NOTE}; one Keep-Alive connection, headers flushed in their own segment, Nagle on; sd 10 ms, 1.6% (printed "16%"), 95% CI ±1.97 ms (printed "19.7ms")`,
  },
  {
    table: 'Heidemann Table 1',
    row: 'P-HTTP (w/ first fix)',
    network: 'lan',
    visit: 'first',
    mode: '1.0ka',
    server: 'apache-1.1b4',
    metric: 'ms',
    value: 195,
    unit: 'ms',
    note: `${HEIDEMANN_NOTE}; headers no longer flushed separately (short-initial-segment fix), Nagle still on; sd 1.9 ms, 1%, 95% CI ±0.38 ms`,
  },
  {
    table: 'Heidemann Table 1',
    row: 'P-HTTP (w/ both fixes)',
    network: 'lan',
    visit: 'first',
    mode: '1.0ka',
    server: 'apache-1.1b4',
    metric: 'ms',
    value: 26,
    unit: 'ms',
    note: `${HEIDEMANN_NOTE}; headers with data and Nagle off; sd 8.8 ms, 33%, 95% CI ±1.7 ms`,
  },
];

// ---------------------------------------------------------------------------------------------
// Padmanabhan & Mogul 1994, "Improving HTTP Latency"
// ---------------------------------------------------------------------------------------------
// The figures themselves (3-2, 3-3, 6-1 to 6-4) are not given as numbers in the text; what the
// text states numerically is below, the rest is in STATEMENTS. "old" = HTTP/1.0 as then used
// (a connection per request), "new" = long-lived connections + pipelining (GETALL/GETLIST).
const PM = 'Padmanabhan-Mogul';
export const PADMANABHAN_MOGUL: PaperFigure[] = [
  // setups (sections 3.2 and 6)
  {
    table: `${PM} section 3.2`,
    row: 'remote server RTT (best case)',
    network: 't1',
    metric: 'rtt_ms',
    value: 70,
    unit: 'ms',
    note: '"on the other side of the country"; section 6 says "about 70 msec"',
  },
  {
    table: `${PM} section 3.2`,
    row: 'local server RTT',
    network: 'local',
    metric: 'rtt_ms',
    value: 1,
    unit: 'ms',
    bound: 'lt',
  },
  {
    table: `${PM} section 3.2`,
    row: 'local MSS',
    network: 'local',
    metric: 'mss_bytes',
    value: 1460,
    unit: 'bytes',
  },
  {
    table: `${PM} section 3.2`,
    row: 'remote MSS (Fig. 3-2, large-MSS curve)',
    network: 't1',
    metric: 'mss_bytes',
    value: 1460,
    unit: 'bytes',
    note: 'the dotted curve of Fig. 3-2 uses the larger MSS',
  },
  {
    table: `${PM} section 3.2`,
    row: 'remote MSS (Fig. 3-2, 536 configuration)',
    network: 't1',
    metric: 'mss_bytes',
    value: 536,
    unit: 'bytes',
    note: '"a widely-used technique meant to avoid IP fragmentation"',
  },
  {
    table: `${PM} section 6`,
    row: 'remote link',
    network: 't1',
    metric: 'bandwidth_bps',
    value: 1_544_000,
    unit: 'bit/s',
    note: 'T1',
  },
  {
    table: `${PM} section 6`,
    row: 'local link',
    network: 'local',
    metric: 'bandwidth_bps',
    value: 10_000_000,
    unit: 'bit/s',
    note: '10 Mbit/s Ethernet',
  },
  {
    table: `${PM} section 6`,
    row: 'MSS in the Section 6 tests',
    network: 't1',
    metric: 'mss_bytes',
    value: 1460,
    unit: 'bytes',
    note: '"in these tests, the TCP MSS was 1460 bytes, and traces showed that slow-start did not limit the window size"',
  },
  {
    table: `${PM} section 1`,
    row: '20 KB over a T1',
    network: 't1',
    metric: 'ms',
    value: 100,
    unit: 'ms',
    bound: 'approx',
    note: 'transmission time only',
  },
  // analytic round-trip counts (sections 3 and 4)
  {
    table: `${PM} section 3 (Fig. 3-1)`,
    row: 'RTTs until the first inlined image, old protocol',
    network: 't1',
    mode: 'old',
    metric: 'rtts',
    value: 4,
    unit: 'RTTs',
    bound: 'ge',
    note: 'SYN, GET HTML, SYN, GET image; more with finite bandwidth or large documents',
  },
  {
    table: `${PM} section 3 (Fig. 3-1)`,
    row: 'RTTs per additional inlined image, old protocol',
    network: 't1',
    mode: 'old',
    metric: 'rtts',
    value: 2,
    unit: 'RTTs',
    bound: 'ge',
  },
  {
    table: `${PM} section 4 (Fig. 4-1)`,
    row: 'RTTs until the first inlined image, long-lived connection',
    network: 't1',
    mode: 'new',
    metric: 'rtts',
    value: 2,
    unit: 'RTTs',
    note: 'connection already open: "just two round trips, rather than four"',
  },
  {
    table: `${PM} section 5`,
    row: 'RTTs per additional image, long-lived connection without pipelining',
    network: 't1',
    metric: 'rtts',
    value: 1,
    unit: 'RTTs',
    bound: 'ge',
    note: '"at least one network round trip to retrieve each inlined image"',
  },
  // Fig. 3-2 (remote, RTT 70 ms) and Fig. 3-3 (local): throughput vs connection length
  {
    table: `${PM} Fig. 3-2`,
    row: '2 KB transfer',
    network: 't1',
    metric: 'throughput_pct_of_best',
    value: 10,
    unit: '% of best-case throughput',
    bound: 'lt',
  },
  {
    table: `${PM} Fig. 3-2`,
    row: '20 KB transfer',
    network: 't1',
    metric: 'throughput_pct_of_best',
    value: 50,
    unit: '% of the throughput available with a reasonable window',
    bound: 'approx',
  },
  {
    table: `${PM} Fig. 3-2`,
    row: 'throughput declines beyond',
    network: 't1',
    metric: 'kbytes',
    value: 500,
    unit: 'Kbytes transferred',
    bound: 'approx',
    note: 'congestion window exceeds the router queue; larger MSS does somewhat better',
  },
  {
    table: `${PM} Fig. 3-3`,
    row: '2 KB transfer',
    network: 'local',
    metric: 'throughput_pct_of_capacity',
    value: 25,
    unit: '% of capacity',
    bound: 'approx',
    note: 'per-connection overhead; ULTRIX does not slow-start on the local net',
  },
  {
    table: `${PM} Fig. 3-3`,
    row: '20 KB transfer',
    network: 'local',
    metric: 'throughput_pct_of_capacity',
    value: 70,
    unit: '% of capacity',
    bound: 'approx',
  },
  // Figs 6-1 to 6-4: latency vs number of images
  {
    table: `${PM} Fig. 6-1`,
    row: 'new vs old, 2544 B images, remote',
    network: 't1',
    mode: 'new',
    metric: 'latency_reduction_pct',
    value: 50,
    unit: '% less latency than the old protocol',
    bound: 'gt',
    note: '"cuts the latency by more than half"; more than half of the improvement is from pipelining',
  },
  {
    table: `${PM} Fig. 6-2`,
    row: 'new vs old, 45566 B images, remote',
    network: 't1',
    mode: 'new',
    metric: 'latency_reduction_pct',
    value: 22,
    unit: '% less latency than the old protocol',
    bound: 'approx',
  },
  {
    table: `${PM} Fig. 6-4`,
    row: 'long-lived connections without pipelining, local',
    network: 'local',
    metric: 'latency_reduction_pct',
    value: 10,
    range: [5, 15],
    unit: '% less latency than the old protocol',
    bound: 'approx',
    note: '"only about 5% to 15%"',
  },
];

// ---------------------------------------------------------------------------------------------
// Kruse, Allman, Griner, Tran 1998, "HTTP Page Transfer Rates over Geo-Stationary Satellite Links"
// ---------------------------------------------------------------------------------------------
// Figures 2-7 are plots with no numbers in the text; what is numeric is the setup, Table 1, eq. 1
// and a few analytic statements. Kbytes = 1024 B (footnote 2).
const K = 'Kruse';
const kPage = (page: string, elements: number, kb: number, delay: number): PaperFigure[] => [
  { table: `${K} Table 1`, row: page, network: 'geo', metric: 'count', value: elements, unit: 'elements' },
  { table: `${K} Table 1`, row: page, network: 'geo', metric: 'kbytes', value: kb, unit: 'Kbytes (1024 B)' },
  {
    table: `${K} Table 1`,
    row: page,
    network: 'geo',
    metric: 'seconds',
    value: delay,
    unit: 's until the next page (META refresh)',
  },
];
export const KRUSE: PaperFigure[] = [
  ...kPage('/LeRC', 4, 48, 30),
  ...kPage('/acts', 9, 99, 30),
  ...kPage('/oufr', 10, 491, 59),
  ...kPage('/Test', 28, 28, 59),
  {
    table: `${K} Larger Windows section`,
    row: '/oufr total',
    network: 'geo',
    metric: 'kbytes',
    value: 500,
    unit: 'Kbytes',
    bound: 'approx',
    note: 'text says "a total of 500kBytes"; Table 1 says 491',
  },
  {
    table: `${K} Larger Windows section`,
    row: '/Test largest element',
    network: 'geo',
    metric: 'kbytes',
    value: 3,
    unit: 'Kbytes',
    bound: 'le',
    note: '"no elements above 3Kbytes"',
  },
  {
    table: `${K} Network Layout`,
    row: 'ACTS T1',
    network: 'geo',
    metric: 'bandwidth_bps',
    value: 1_536_000,
    unit: 'bit/s',
    note: 'full-duplex T1 (1.536 Mbps) through ACTS; essentially error-free; router queues sized to avoid loss',
  },
  {
    table: `${K} Introduction`,
    row: 'GEO round trip',
    network: 'geo',
    metric: 'rtt_ms',
    value: 500,
    unit: 'ms',
    bound: 'gt',
    note: '"round trip times (RTTs) in excess of 500ms"; no measured value is printed',
  },
  {
    table: `${K} eq. 1`,
    row: '4K initial window, MSS 1460',
    network: 'geo',
    metric: 'window_bytes',
    value: 4380,
    unit: 'bytes',
    note: 'min(4*MSS, max(2*MSS, 4380)) evaluated by us for MSS 1460 (= 3 segments)',
  },
  {
    table: `${K} eq. 1`,
    row: '4K initial window, MSS 536',
    network: 'geo',
    metric: 'window_bytes',
    value: 2144,
    unit: 'bytes',
    note: 'evaluated by us for MSS 536 (= 4 segments)',
  },
  {
    table: `${K} 4K TCP section`,
    row: 'transfer time saved by the 4K initial window',
    network: 'geo',
    metric: 'rtts',
    value: 3,
    unit: 'RTTs',
    bound: 'le',
    note: 'from [FAP97]',
  },
  {
    table: `${K} Baseline Comparison`,
    row: 'extra time when the server has closed a reused connection',
    network: 'geo',
    metric: 'rtts',
    value: 3,
    unit: 'RTTs',
    note: '"an additional 3 round-trip times due to the three-way handshake" (/acts, 8 or 16 connections)',
  },
  {
    table: `${K} Table 2`,
    row: 'socket buffer sizes tested',
    network: 'geo',
    metric: 'window_bytes',
    value: 8 * 1024,
    unit: 'bytes',
    note: 'also 16, 64, 96 Kbytes',
  },
  {
    table: `${K} Table 2`,
    row: 'socket buffer sizes tested',
    network: 'geo',
    metric: 'window_bytes',
    value: 16 * 1024,
    unit: 'bytes',
    note: 'the window of Figs 2 and 5 (Fig. 6 does not state its window)',
  },
  {
    table: `${K} Table 2`,
    row: 'socket buffer sizes tested',
    network: 'geo',
    metric: 'window_bytes',
    value: 64 * 1024,
    unit: 'bytes',
  },
  {
    table: `${K} Table 2`,
    row: 'socket buffer sizes tested',
    network: 'geo',
    metric: 'window_bytes',
    value: 96 * 1024,
    unit: 'bytes',
    note: 'needs window scaling; Apache SendBufferSize 98304',
  },
];

// ---------------------------------------------------------------------------------------------
// Statements: qualitative findings, analytic models, calibration facts, OCR notes
// ---------------------------------------------------------------------------------------------
export const STATEMENTS: PaperStatement[] = [
  // Nielsen: setup and calibration
  {
    source: 'Nielsen 3.1',
    kind: 'calibration',
    claim:
      'Microscape: one HTML page of 42 KB with 42 inlined GIFs totalling 125 KB (40 static, 2 animated), 70 B to 40 KB; 19 under 1 KB, 7 of 1-2 KB, 6 of 2-3 KB. Built from the Netscape and Microsoft home pages (7 Dec 1996).',
  },
  {
    source: 'Nielsen 3.2',
    kind: 'calibration',
    claim: 'First-time retrieval = 43 GET requests (HTML + 42 images), empty cache.',
  },
  {
    source: 'Nielsen 3.3',
    kind: 'calibration',
    claim:
      'Revalidation, HTTP/1.0 (libwww 4.1D, no persistent cache): 1 GET of the HTML (a full transfer) + 42 HEAD requests for the images, in place of conditional GETs; so HTTP/1.0 revalidation packets/bytes are higher than a correct HTTP/1.0 validation would be.',
  },
  {
    source: 'Nielsen 3.3, 5',
    kind: 'calibration',
    claim:
      'Revalidation, HTTP/1.1 (libwww 5.1 with a persistent cache on a memory file system): 43 conditional GETs with If-None-Match and opaque entity tags, answered 304; nothing is transferred. libwww cache overhead (two files per cached object) was a bottleneck in the HTTP/1.1 tests.',
  },
  {
    source: 'Nielsen 3.4 Table 1',
    kind: 'calibration',
    claim:
      'Networks: LAN 10 Mbit Ethernet, RTT < 1 ms, MSS 1460; WAN MIT/LCS (MA) to LBL (CA), RTT ~90 ms, MSS 1460 (bandwidth not stated: "high bandwidth"); PPP 28.8k modem through the LCS dial-up service, RTT ~150 ms, MSS 1460.',
  },
  {
    source: 'Nielsen 3.5 Table 2',
    kind: 'calibration',
    claim:
      'Server www26.w3.org: Sun SPARC Ultra-1, Solaris 2.5, Jigsaw 1.06 (Java, JDK 1.1, run interpreted) and Apache 1.2b10. Clients: LAN zorch.w3.org DEC AlphaStation 400 4/233 Digital UNIX 4.0a; WAN turn.ee.lbl.gov DEC AlphaStation 3000 Digital UNIX 4.0; PPP big.w3.org dual Pentium Pro, Windows NT Server 4.0. Client software: libwww robot; Netscape Communicator 4.0b5 and IE 4.0b1 on NT (Tables 10-11). The server is the same in all tests; only the client changes.',
  },
  {
    source: 'Nielsen 4',
    kind: 'calibration',
    claim:
      'HTTP/1.0 robot: plain HTTP/1.0, one TCP connection per request, at most 4 simultaneous connections (Navigator default and hard-wired maximum). Keep-Alive disabled (Table 10 footnote 1: libwww HTTP/1.0 used 42 connections). Table 3 nevertheless reports max 6 simultaneous and 40 total sockets for HTTP/1.0.',
  },
  {
    source: 'Nielsen 4',
    kind: 'calibration',
    claim:
      'HTTP/1.1 persistent (non-pipelined) robot: the same request/response sequence as HTTP/1.0 but on one TCP connection, so all requests are serialized.',
  },
  {
    source: 'Nielsen 4.1',
    kind: 'calibration',
    claim:
      'Pipelining: as many requests as possible issued at once; responses serialized; HTTP messages unchanged. Average robot request ~190 B. Requests are buffered; the buffer is flushed when it reaches 1024 B (two full segments at MSS 536/512, one at 1460) or when a timer expires: 1 s for the initial results (Table 3), 50 ms for all later tests (Tables 4-9).',
  },
  {
    source: 'Nielsen 4.1.1',
    kind: 'calibration',
    claim:
      'The robot forces an explicit flush after issuing the first request (the HTML), then buffers the requests for the inlined images.',
  },
  {
    source: 'Nielsen 4.1.2',
    kind: 'calibration',
    claim:
      'Nagle was turned off in both client and server (TCP_NODELAY) - the only server change; all other changes were in the client. The server keeps a per-connection response buffer flushed when full, when no more requests are coming in on the connection, or before it goes idle (aggregates e.g. 304 responses into few packets).',
  },
  {
    source: 'Nielsen 4.1.2',
    kind: 'finding',
    claim:
      'With effective buffering segments are large, so Nagle caused no significant problem in the initial tests; with other buffering, significant (sometimes dramatic) delays were seen. Recommendation: HTTP/1.1 implementations that buffer output should disable Nagle.',
  },
  {
    source: 'Nielsen 4.1.2',
    kind: 'calibration',
    claim:
      'Apache 1.2b2 served at most 5 requests per TCP connection and had poorer output buffering; the final tests use Apache 1.2b10 after the Apache group made similar changes.',
  },
  {
    source: 'Nielsen 4.2',
    kind: 'calibration',
    claim:
      'RST hazard: a client pipelines e.g. 15 requests; the server closes both halves after serving 5; the remaining 10 requests (and client ACKs) arrive at a closed port, the server TCP sends RST, and the client TCP discards received-but-unread data, possibly including the "Connection: close" response. Servers must close each half independently.',
  },
  {
    source: 'Nielsen 4.2',
    kind: 'finding',
    claim:
      'HTTP/1.0 connections rarely involve more than 10 packets including open and close. HTTP/1.1 specifies at most two connections per client/server pair.',
  },
  {
    source: 'Nielsen 5',
    kind: 'finding',
    claim:
      'Tables 4-9 are one consistent data set taken just before publication when the Internet was quiet; Apache outperformed Jigsaw (interpreted Java). On the WAN, the higher the latency the better HTTP/1.1 did.',
  },
  {
    source: 'Nielsen 5.1',
    kind: 'calibration',
    claim:
      'Compression: only the HTML body is deflated (zlib 1.04, default settings, Content-Encoding: deflate, client sends Accept-Encoding: deflate); the server sends a pre-computed deflated file; the client inflates on the fly and parses. 42 KB -> 11 KB (factor > 3), saving ~31 KB, ~19% of the payload. Images are not compressed.',
  },
  {
    source: 'Nielsen 6',
    kind: 'calibration',
    claim:
      'Traces taken at the client; each run repeated 5 times (Tables 10-11: 3). Pa = packets, Sec = seconds, %ov = share of TCP/IP header bytes. Bytes are TCP payload: %ov = 40*Pa/(Bytes+40*Pa) holds in 51 of 52 cells to the printed precision, the 52nd within 0.1 (our check).',
  },
  {
    source: 'Nielsen 7',
    kind: 'finding',
    claim:
      'Revalidation with buffered pipelining uses less than 1/10 of the packets of HTTP/1.0 and much less time on a single connection on the WAN; a factor of three better than HTTP/1.1 without buffering. HTTP/1.1 without pipelining has higher elapsed time than HTTP/1.0 with multiple connections. Packets per TCP session rise 2-10x; mean packet size roughly doubles. First-time retrieval: bandwidth saving of persistent connections + pipelining only a few percent; elapsed time on WAN and LAN roughly halved.',
  },
  {
    source: 'Nielsen 7 footnotes',
    kind: 'calibration',
    claim:
      'Netscape: HTTP/1.0 Keep-Alive, max 4 connections (default), 8 connections in total. IE 4.0b1: Keep-Alive, max 6 (default), 6 connections in total. libwww HTTP/1.0: 42 connections, Keep-Alive disabled.',
  },
  {
    source: 'Nielsen 8.1',
    kind: 'finding',
    claim:
      'The first payload segment on Ethernet carries ~1400 B (response header + start of the HTML). In the clear-text pipelined case it did not reference enough images to fill the 1024 B pipeline buffer, so the next batch waited for a flush timer, the client sent no data to piggy-back the ACK, and the server (in slow start) waited for a delayed ACK of up to 200 ms; delayed ACKs were observed on the first server packet. Compressed, the first segment holds ~3x as much HTML, making an immediate batch more likely. Some stacks slow-start with one segment, others with two.',
  },
  {
    source: 'Nielsen 8.2',
    kind: 'finding',
    claim:
      'Compression helped in all environments: about 16% fewer packets and 12% less elapsed time in the first-time test; inflation time is more than offset.',
  },
  {
    source: 'Nielsen 8.3',
    kind: 'finding',
    claim:
      'zlib deflate beats modem (V.42bis) compression: HTML-only GET over 28.8k modems, 67 -> 21 packets, ~12.2 s -> ~4.4 s. Default zlib settings are close to best compression. Ratio 0.27 with lower-case tags, 0.35 with mixed-case tags.',
  },
  {
    source: 'Nielsen 9.1',
    kind: 'finding',
    claim:
      'CSS: 22 of 40 static images (14,791 B) replaceable by ~3,200 B of HTML+CSS; 3 more (7,541 B) halved (610 B of HTML+CSS); 14 (80,601 B) not replaceable. Removing 22 requests saves ~4,600 B sent and ~4,300 B received, assuming 210 B requests, 192 B validation responses and ~240 B GET responses. The "solutions" GIF is 682 B vs ~150 B of HTML+CSS.',
  },
  {
    source: 'Nielsen 9.2',
    kind: 'finding',
    claim:
      'PNG: 40 static GIFs 103,299 B -> 92,096 B (saves 11,203); MNG: 2 animations 24,988 B -> 16,329 B (saves 8,659); ~19% of image bytes, ~10% of payload; PNG/MNG add 16 B gamma per image. Over half of the image data is in one image and the two animations.',
  },
  {
    source: 'Nielsen 10',
    kind: 'finding',
    claim:
      'If too much data accumulates in a socket buffer TCP may delay ACKs by 200 ms; multiple HTTP/1.0 connections give more socket buffers and lower the speed demanded of the application.',
  },
  {
    source: 'Nielsen 12',
    kind: 'finding',
    claim:
      'Pipelined HTTP/1.1 beat HTTP/1.0 (even with parallel connections) in every environment: packet savings at least 2x, sometimes 10x; bandwidth savings 2-40% depending on technique; compression gave the largest bandwidth saving, then CSS, then PNG. All techniques together could load the page over a modem in ~60% of the time of HTTP/1.0 browsers. Several Solaris TCP bugs were found; the data are believed unaffected.',
  },
  {
    source: 'Nielsen 8.1 / our check of Tables 4-9',
    kind: 'model',
    claim:
      'Per-exchange header payload implied by the tables (Bytes minus bodies, / 43): HTTP/1.1 revalidation 411 B (Jigsaw LAN, 17694/43) and 326 B (Apache LAN, 14009/43); HTTP/1.0 revalidation ~420 B (Jigsaw) and ~409 B (Apache) after removing 43,008 B of HTML; pipelined first-time ~470 B (Jigsaw) and ~425 B (Apache) after removing 171,295 B of bodies; HTTP/1.0 first-time ~1,046 B (Jigsaw) - about 575 B more per exchange than HTTP/1.1, which the paper does not explain.',
  },
  // W3C note on Nagle
  {
    source: 'Nielsen, W3C note "HTTP/1.1 and Nagle\'s Algorithm"',
    kind: 'calibration',
    claim:
      'Same Microscape test (43 GETs first time, 43 conditional GETs revalidation) on a 10 Mbit LAN with no hubs, RTT < 1 ms, MSS 1460; server www26.w3.org Sun Ultra-1 Solaris 2.6; client zorch.w3.org DEC AlphaStation 400 4/233 UNIX 4.0a; tcpdump 3.4a5 at both ends; Nagle enabled vs disabled on both sides.',
  },
  {
    source: 'Nielsen, W3C note "HTTP/1.1 and Nagle\'s Algorithm"',
    kind: 'calibration',
    claim:
      'Solaris 2.5.1 showed strange delays (sleeping for a second on a LAN); worked around with "ndd -set /dev/tcp tcp_co_min 1500".',
  },
  {
    source: 'Nielsen, W3C note "HTTP/1.1 and Nagle\'s Algorithm"',
    kind: 'finding',
    claim:
      "Nagle only matters with an odd, short final segment (Heidemann's odd/short-final-segment problem): when segments line up evenly Nagle makes no difference; otherwise the last ACK from the client is delayed up to 200 ms. The short-initial-segment problem does not occur because pipelining and output buffering eliminate it. No numeric results are given in the note.",
  },
  // Heidemann
  {
    source: 'Heidemann 2.1',
    kind: 'calibration',
    claim:
      'Two Sun SPARC 20/71 on a 10 Mb/s Ethernet, RTT < 1 ms, user-to-user bandwidth 8.7 Mb/s; SunOS 4.1.3 with multicast, 16 KB default TCP window, slow start enabled for directly connected nets; Apache 1.1b4; custom Perl client making HTTP/1.0 requests with "Connection: Keep-Alive"; 100 page retrievals of 6,651 + 3,883 + 1,866 B.',
  },
  {
    source: 'Heidemann 2.2, Fig. 2',
    kind: 'calibration',
    claim:
      'Trace: SYN, SYN-ACK, ACK; client think 0.650 ms; request 52 B (1:53); server think 2.175 ms; header segment 226 B (1:227); 1.626 ms later 1460 B (227:1687); ACK of 1687 at 0.189201 s (delayed ACK); 185.736 ms gap; then 1460 B segments. Initial congestion window 2 segments (the ACK of the SYN opens it by one, footnote 1). Headers are typically 200-300 B. Delay between 2nd and 3rd data segments consistently 170-190 ms.',
  },
  {
    source: 'Heidemann 2.3, Fig. 4',
    kind: 'calibration',
    claim:
      "Apache writes in 4 KB chunks: 1460 + 1460 + 1176 (the text says 1175, the trace 9596:10772 = 1176, and 2*1460 + 1176 = 4096); the 13 B tail (10772:10785) waits 166 ms for the delayed ACK under Nagle. Second request is 58 B (53:111). Send rule (Stevens p. 326): a full segment, or half the peer's max window, or everything queued and (nothing outstanding or Nagle off).",
  },
  {
    source: 'Heidemann 2.4',
    kind: 'calibration',
    claim:
      'Slow-start restart: SunOS 4.x never reduces cwnd except on loss; 4.4BSD, FreeBSD 2.1 and Linux 2.0 reset cwnd to 1 segment after idle for one RTO (Stevens says one RTT).',
  },
  {
    source: 'Heidemann 2.5',
    kind: 'calibration',
    claim:
      'Socket buffers 2-16 KB by system, commonly 4 KB; 12 KB or more helps at 1 Mb/s and 90 ms; memory-mapped output for files > 8 KB.',
  },
  {
    source: 'Heidemann 2.2-2.3',
    kind: 'finding',
    claim:
      'P-HTTP was 14x slower than HTTP (605 vs 43 ms) and 20x slower than possible; removing the header flush gives 195 ms; also disabling Nagle gives 26 ms, 40% faster than HTTP. With the fixes wide-area P-HTTP is within 5% of the model.',
  },
  {
    source: 'Heidemann Table 1',
    kind: 'ocr',
    claim:
      'Parentheses lost decimal points: row 1 "(4.0ms, 94%, ±8.0ms)" = sd 4.0 ms, 9.4%, ±0.80 ms; row 2 "(10ms, 16%, ±19.7ms)" = 10 ms, 1.6%, ±1.97 ms (95% CI = 1.96*sd/sqrt(100)). The ± sign is mangled in the extraction.',
  },
  // Padmanabhan & Mogul
  {
    source: 'Padmanabhan-Mogul 1',
    kind: 'calibration',
    claim:
      'Sample of 200,000 HTTP retrievals: mean 12,925 B, median 1,770 B; excluding 12,727 zero-length retrievals, mean 13,767 B, median 1,946 B. ~45% were GIFs. 20 KB over a T1 takes ~100 ms; best-case coast-to-coast small-packet RTT ~70 ms, at least half of it speed of light.',
  },
  {
    source: 'Padmanabhan-Mogul 3.2',
    kind: 'calibration',
    claim:
      'Throughput experiment: a client asks for N bytes, the server writes N bytes from thin air and closes. Three configurations: local (RTT < 1 ms, MSS 1460), remote (best-case RTT 70 ms), remote with MSS 536. "A few popular TCP buffer (maximum window) sizes" (values not given in the text). Ten trials per point, the best plotted. Figs 3-2 and 3-3 have different vertical scales.',
  },
  {
    source: 'Padmanabhan-Mogul 3.2, Fig. 3-2',
    kind: 'finding',
    claim:
      'Remote (70 ms): 2 KB transfers get < 10% of best-case throughput; 20 KB about 50% of what a reasonable window gives; too small a window caps throughput at any length; throughput declines beyond ~500 KB as cwnd exceeds the router queue; the larger MSS (dotted curve) gives somewhat better throughput for long transfers.',
  },
  {
    source: 'Padmanabhan-Mogul 3.2, Fig. 3-3',
    kind: 'finding',
    claim:
      'Local: per-connection overhead limits throughput to ~25% of capacity at 2 KB and ~70% at 20 KB; no slow start because ULTRIX skips it on the local net. Absolute throughput values are not in the text.',
  },
  {
    source: 'Padmanabhan-Mogul 3, Fig. 3-1',
    kind: 'model',
    claim:
      'Old HTTP: mandatory RTTs are SYN exchange, request/response, SYN exchange, request for the first image: the first image can start to display 4 RTTs after the request; each additional image needs at least 2 more RTTs.',
  },
  {
    source: 'Padmanabhan-Mogul 4, Fig. 4-1',
    kind: 'model',
    claim:
      'With a long-lived connection already open, the first image arrives after 2 RTTs instead of 4; far fewer packets; fewer TIME-WAIT connections.',
  },
  {
    source: 'Padmanabhan-Mogul 5',
    kind: 'model',
    claim:
      'Long-lived connections alone still need at least one RTT per inlined image (stop-and-wait). GETALL returns the HTML and all its inlined images in one response (server parses the HTML); GETLIST is implemented as a series of GETs sent without waiting (pipelining). The client uses GETALL on a first visit and GETLIST otherwise.',
  },
  {
    source: 'Padmanabhan-Mogul 6',
    kind: 'calibration',
    claim:
      'Modified Mosaic 2.4 client and NCSA httpd 1.3 server on MIPS DECstations under ULTRIX; client a DECstation 3100 with 24 MB (slow, so rendering time was excluded). Local server over 10 Mbit/s Ethernet; remote server over a 1.544 Mbit/s T1, best-case RTT ~70 ms. MSS 1460; slow start did not limit the window in these tests. The HTML document size and the image counts on the x-axes are not given in the text.',
  },
  {
    source: 'Padmanabhan-Mogul 6, Fig. 6-1',
    kind: 'finding',
    claim:
      'Remote, 2544 B images (about the median size): the new protocol cuts latency by more than half, about as expected from fewer round trips; more than half of the gain comes from pipelining; long-lived connections without pipelining also help.',
  },
  {
    source: 'Padmanabhan-Mogul 6, Fig. 6-2',
    kind: 'finding',
    claim:
      'Remote, 45566 B images: the new protocol improves latency by about 22%; data transfer time begins to dominate connection setup and slow start.',
  },
  {
    source: 'Padmanabhan-Mogul 6, Figs 6-3 and 6-4',
    kind: 'finding',
    claim:
      'Relative improvement (new protocol with pipelining) vs image size and count for remote (6-3) and local (6-4) servers: greatest for small images and at least a moderate number of images. Locally the new protocol still helps significantly; long-lived connections without pipelining give only ~5-15%, so fewer round trips matter more than per-connection overhead. No point values are given in the text.',
  },
  // Kruse
  {
    source: 'Kruse, Network Layout',
    kind: 'calibration',
    claim:
      'Client side (NASA LeRC): Pentium Pro 180 MHz running NetBSD 1.2.1, 10BaseT hub, router with T1 (1.536 Mbps) CSU/DSU, VSAT earth station; full-duplex T1 through ACTS to Ohio University; server a 486/33 running NetBSD 1.2.1. Router queues sized so there is no loss; the channel is essentially error-free. RTT "in excess of 500 ms" (no measured value printed).',
  },
  {
    source: 'Kruse, Experiment Setup / Appendix A',
    kind: 'calibration',
    claim:
      'Browser Netscape 3.01 (all caching off; SOCKET_BUFFER_SIZE 32 KB); server Apache 1.2b11: Timeout 300, MaxKeepAliveRequests 100, KeepAliveTimeout 60 s, Min/MaxSpareServers 5/10, StartServers 5, MaxClients 150, MaxRequestsPerChild 30, SendBufferSize 98304. HTTP/1.0 (Keep-Alive when on); no pipelining. tcpdump on a second LeRC host; response time = earliest GET to receipt and ACK of the last data.',
  },
  {
    source: 'Kruse, TCP Implementation',
    kind: 'calibration',
    claim:
      'NetBSD TCP Reno (slow start from 1 segment, congestion avoidance, fast retransmit/recovery) with two fixes from [All97a]: the initial window and an ACK-generation bug. Optional 4K initial window: min(4*MSS, max(2*MSS, 4380 B)) (eq. 1), applied at connection start and after long idle, not after an RTO. Window set via the kernel default TCP window (8/16/64/96 KB).',
  },
  {
    source: 'Kruse, Variables (Table 2)',
    kind: 'calibration',
    claim:
      'Variables: server KeepAlive on/off; browser connections 1, 4, 8, 16; window 8, 16, 64, 96 KB; plus normal vs 4K slow start. 32 combinations x 16 minutes, repeated 3 times; pages loop via META Refresh (Table 1 delays).',
  },
  {
    source: 'Kruse, Fig. 2',
    kind: 'finding',
    claim:
      'Window 16 KB, keep-alive on, 1/4/8/16 connections: little benefit beyond 4 connections for most pages, even /Test with 28 elements; for /acts response time gets worse above 4 connections.',
  },
  {
    source: 'Kruse, Baseline Comparison',
    kind: 'model',
    claim:
      'Baseline model: no connection setup, slow start or ACK details; each element needs at least one RTT; up to one full window is delivered in RTT + (element size / T1 rate); if an element exceeds the window, one or more further RTT + transmission periods are needed; elements share the given number of connections (HTTP/1.0: one request at a time per connection).',
  },
  {
    source: 'Kruse, Figs 3 and 4',
    kind: 'finding',
    claim:
      'Model vs experiment (Fig. 2 settings): /oufr over one connection matches the model almost exactly; multiple connections gain less than predicted (slow start and other effects). /acts: above 4 connections the server sometimes closes an idle persistent connection, the browser only finds out when it reuses it, and that element costs 3 extra RTTs for a new handshake; with only two large elements this drives the page time up.',
  },
  {
    source: 'Kruse, Fig. 5',
    kind: 'finding',
    claim:
      'Window 16 KB: persistent minus non-persistent response time, per page and connection count (positive = persistent faster). Savings are largest for few connections; /Test saves much more than /LeRC (similar bytes, many more elements); /oufr saves consistently more than /acts (similar element counts, more data) because the server does not re-enter slow start between pages. 8 and 16 connections give the same difference.',
  },
  {
    source: 'Kruse, Fig. 6',
    kind: 'finding',
    claim:
      'Non-persistent connections: the 4K initial window reduces response time, most for pages with large graphics. With persistent connections there is no difference at all between normal and 4K slow start.',
  },
  {
    source: 'Kruse, Larger Initial Window',
    kind: 'calibration',
    claim:
      'Slow-start restart never happens on persistent connections: the server is idle after a page, but the segment carrying the next GET resets the idle indication (any incoming or outgoing packet resets the idle timer), so the server sends the response with its old cwnd.',
  },
  {
    source: 'Kruse, Fig. 7',
    kind: 'finding',
    claim:
      'Single persistent connection, windows 8/16/64/96 KB: window size has no effect on /Test (no element above 3 KB); 8 -> 16 KB clearly helps the other pages; above 16 KB helps only pages with a lot of data (/oufr behaves like a bulk transfer).',
  },
  {
    source: 'Kruse, Conclusions',
    kind: 'finding',
    claim:
      'Persistent connections greatly improve response time; the larger initial window helps non-persistent connections; if connections persist, TCP does not re-enter slow start and the modification has no effect; servers that close idle connections quickly should see some gain from 4K.',
  },
  // OCR / ambiguity notes
  {
    source: 'Nielsen Tables 4-11',
    kind: 'ocr',
    claim:
      'Every cell of Tables 4-11 satisfies %ov = 40*Pa/(Bytes+40*Pa) within 0.1 point (51 of 52 to the printed precision; Table 7 pipelined w/ compression revalidation gives 7.14 vs 7.2), so the extracted numbers are believed intact. Column layout: First Time Retrieval (Pa, Bytes, Sec, %ov) then Cache Validation (Pa, Bytes, Sec, %ov).',
  },
  {
    source: 'Nielsen 8.3 table',
    kind: 'ocr',
    claim:
      'The "Compressed HTML" row reads "21.0 4.35 4.35 4.43": Apache packets mis-extracted as 4.35; 21 follows from the 68.7% saving. Apache 4.43 s does not give the printed 64.5% (it gives 63.5%).',
  },
  {
    source: 'Kruse Table 1',
    kind: 'ocr',
    claim:
      'It is not stated whether "# of Elements" includes the HTML page; we assume it does. /oufr is 491 KB in Table 1 but "500kBytes" in the text.',
  },
  {
    source: 'Nielsen 3.5 vs W3C note',
    kind: 'ocr',
    claim:
      'The SIGCOMM paper lists the server as Solaris 2.5; the later Nagle note used Solaris 2.6 after delay problems with 2.5.1.',
  },
];
