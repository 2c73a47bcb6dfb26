// Heidemann 1997: the short initial segment (Fig. 2), the odd final segment (Fig. 4), Table 1.
import { HEIDEMANN_TABLE1 } from '../paperFigures';
import type { Preset } from '../presetTypes';

const HOSTS =
  'link=ethernet10&window=16384&iw=2&ssr=off&delack=bsd&hdr=226&chunk=4096&cthink=0.65&sthink=2.175&delackphase=189.2';
const CALIBRATED = [
  'client think 0.65 ms and server think 2.175 ms, read off Fig. 2',
  "client's 200 ms ACK clock ticks at 189.2 ms, read off the delayed ACK in Figs. 2 and 4",
  'link RTT 0.35 ms (paper: under 1 ms)',
];
const TABLE1_CALIBRATED = [
  ...CALIBRATED,
  'server 6.6 ms per new connection, so that HTTP (a connection per document) takes 43 ms',
];
const TABLE1 = `${HOSTS}&page=yahoo96&req=52,58&saccept=6.6`;

const table1 = (row: string) => HEIDEMANN_TABLE1.find((f) => f.row === row)!.value;

export const HEIDEMANN: Preset[] = [
  {
    id: 'heidemann-short-initial',
    title: 'The short initial segment (Heidemann Fig. 2)',
    paper: 'heidemann',
    source: 'Heidemann 1997, section 2.2, Figures 1 and 2',
    explanation:
      'Apache 1.1b4 flushes its 226 bytes of headers as a segment of their own. With a congestion window of two segments the server sends the headers and one full segment, then must wait for an ACK; the client holds its ACK because it has seen only one full segment, until its 200 ms delayed-ACK clock ticks.',
    tryNext: [
      {
        sentence:
          'Stop flushing the headers alone: they ride with the data, the client sees two full segments and ACKs at once.',
        settings: 'flush=none',
      },
    ],
    query: `${HOSTS}&page=custom&objects=6651&req=52&flush=headers&nagle=1`,
    calibrated: CALIBRATED,
    published: [
      {
        figure: 'longest_stall_ms:delayed-ack',
        label: 'wait for the delayed ACK of 1687',
        value: 185.736,
        unit: 'ms',
        tolerance: 15,
        reason: 'the paper saw 170-190 ms across runs; the wait depends on the phase of the ACK clock',
      },
    ],
  },
  {
    id: 'heidemann-odd-final',
    title: 'The odd, short final segment (Heidemann Fig. 4)',
    paper: 'heidemann',
    source: 'Heidemann 1997, section 2.3, Figures 3 and 4',
    explanation:
      "The second response (4109 bytes) is written as 4096 bytes and then 13. The 4 KB leave as 1460, 1460 and 1176; the client ACKs the first two at once but delays the ACK of the odd third. Nagle's algorithm holds the 13-byte tail until that ACK arrives.",
    tryNext: [
      {
        sentence:
          'Turn Nagle off on the server: the tail leaves at once and the wait (166 ms in the paper) vanishes.',
        settings: 'nagle.server=0',
      },
    ],
    query: `${HOSTS}&page=custom&objects=6651,3883&req=52,58&flush=none&nagle=1`,
    calibrated: CALIBRATED,
    published: [
      {
        figure: 'longest_stall_ms:nagle',
        label: '13-byte tail held by Nagle',
        value: 166.4,
        unit: 'ms',
        tolerance: 20,
        reason:
          'the paper saw 170-190 ms between data segments; the hold depends on the phase of the ACK clock',
      },
    ],
  },
  {
    id: 'heidemann-table1-http',
    title: 'HTTP: a connection per document (Heidemann Table 1)',
    paper: 'heidemann',
    source: 'Heidemann 1997, Table 1, row 1',
    explanation:
      'The Yahoo page (HTML and two images) fetched over a new connection each, one after another. Each connection pays a handshake, but closing it pushes out any short tail at once, so neither delayed-ACK problem appears.',
    tryNext: [
      {
        sentence:
          'Switch to P-HTTP with the headers flushed alone (the next row): one connection for all three, and 14 times slower.',
        settings: 'http=1.1&flush=headers',
      },
    ],
    query: `${TABLE1}&http=1.0&conns=1&flush=none&nagle=1`,
    calibrated: TABLE1_CALIBRATED,
    published: [
      {
        figure: 'elapsed_ms',
        label: 'retrieval time, HTML and images',
        value: table1('HTTP'),
        unit: 'ms',
        tolerance: 0.15 * table1('HTTP'),
        reason: 'mean of 100 runs; the per-connection server time is calibrated to this row',
      },
    ],
  },
  {
    id: 'heidemann-table1-phttp',
    title: 'P-HTTP with both problems (Heidemann Table 1)',
    paper: 'heidemann',
    source: 'Heidemann 1997, Table 1, row 2',
    explanation:
      'One Keep-Alive connection for the three documents, with the headers flushed alone and Nagle on: each response stalls on a delayed ACK, first for the short initial segment, then for the odd final one.',
    tryNext: [
      { sentence: 'Stop flushing the headers alone (fix 1).', settings: 'flush=none' },
      { sentence: 'Then turn Nagle off too (fix 2).', settings: 'flush=none&nagle=0' },
    ],
    query: `${TABLE1}&http=1.1&flush=headers&nagle=1`,
    calibrated: TABLE1_CALIBRATED,
    published: [
      {
        figure: 'elapsed_ms',
        label: 'retrieval time, HTML and images',
        value: table1('P-HTTP'),
        unit: 'ms',
        tolerance: 0.15 * table1('P-HTTP'),
        reason: 'mean of 100 runs; each stall lasts up to the next tick of the 200 ms clock',
      },
    ],
  },
  {
    id: 'heidemann-table1-phttp-fix1',
    title: 'P-HTTP, headers no longer flushed alone (Heidemann Table 1)',
    paper: 'heidemann',
    source: 'Heidemann 1997, Table 1, row 3',
    explanation:
      'Without the separate header segment the short-initial-segment stall is gone, but a response that ends in an odd, short segment still waits for the delayed ACK because of Nagle.',
    tryNext: [{ sentence: 'Turn Nagle off (fix 2).', settings: 'nagle=0' }],
    query: `${TABLE1}&http=1.1&flush=none&nagle=1`,
    calibrated: TABLE1_CALIBRATED,
    published: [
      {
        figure: 'elapsed_ms',
        label: 'retrieval time, HTML and images',
        value: table1('P-HTTP (w/ first fix)'),
        unit: 'ms',
        tolerance: 0.15 * table1('P-HTTP (w/ first fix)'),
        reason: 'mean of 100 runs; one stall of up to 200 ms remains',
      },
    ],
  },
  {
    id: 'heidemann-table1-phttp-fix2',
    title: 'P-HTTP with both fixes (Heidemann Table 1)',
    paper: 'heidemann',
    source: 'Heidemann 1997, Table 1, row 4',
    explanation:
      'Headers with the data and Nagle off: no stall is left, and the persistent connection beats a connection per document.',
    tryNext: [
      {
        sentence: 'Turn Nagle back on and watch the odd final segment of the second image wait again.',
        settings: 'nagle=1',
      },
    ],
    query: `${TABLE1}&http=1.1&flush=none&nagle=0`,
    calibrated: TABLE1_CALIBRATED,
    published: [
      {
        figure: 'elapsed_ms',
        label: 'retrieval time, HTML and images',
        value: table1('P-HTTP (w/ both fixes)'),
        unit: 'ms',
        tolerance: 0.25 * table1('P-HTTP (w/ both fixes)'),
        reason: 'mean of 100 runs with a 33% relative standard deviation',
      },
    ],
  },
];
