// The words of Heidemann's presets (heidemann.ts), by preset id.
import type { PresetTexts } from '../presetTypes';

const CALIBRATED = [
  'client think 0.65 ms and server think 2.175 ms, read off Fig. 2',
  "client's 200 ms ACK clock ticks at 189.2 ms, read off the delayed ACK in Figs. 2 and 4",
  'link RTT 0.35 ms (paper: under 1 ms)',
];
const TABLE1_CALIBRATED = [
  ...CALIBRATED,
  'server 6.6 ms per new connection, so that HTTP (a connection per document) takes 43 ms',
];

export const HEIDEMANN_TEXTS: Record<string, PresetTexts> = {
  'heidemann-short-initial': {
    explanation:
      "Apache 1.1b4 flushes its 226 bytes of headers as a segment of their own. With a congestion window of two segments the server sends the headers and one full segment, then must wait for an ACK; the client holds its ACK because it has seen only one full segment, until its 200 ms delayed-ACK clock ticks. The response then stalls a second time, until the next tick: its last 811 bytes are a short final segment, and Nagle's algorithm holds them while the odd segment before them waits for its delayed ACK (the problem of Fig. 4).",
    tryNext: [
      {
        sentence:
          'Stop flushing the headers alone: they ride with the data, the client sees two full segments and ACKs at once, and neither wait is left.',
        settings: 'flush=none',
      },
    ],
    calibrated: CALIBRATED,
  },
  'heidemann-odd-final': {
    explanation:
      "The second response (4109 bytes) is written as 4096 bytes and then 13. The 4 KB leave as 1460, 1460 and 1176; the client ACKs the first two at once but delays the ACK of the odd third. Nagle's algorithm holds the 13-byte tail until that ACK arrives.",
    tryNext: [
      {
        sentence:
          'Turn Nagle off on the server: the tail leaves at once and the wait (166 ms in the paper) vanishes.',
        settings: 'nagle.server=0',
      },
    ],
    calibrated: CALIBRATED,
  },
  'heidemann-table1-http': {
    explanation:
      'The Yahoo page (HTML and two images) fetched over a new connection each, one after another. Each connection pays a handshake, but closing it pushes out any short tail at once, so neither delayed-ACK problem appears.',
    tryNext: [
      {
        sentence:
          'Switch to P-HTTP with the headers flushed alone (the next row): one connection for all three, and 14 times slower.',
        settings: 'http=1.1&flush=headers',
      },
    ],
    calibrated: TABLE1_CALIBRATED,
  },
  'heidemann-table1-phttp': {
    explanation:
      "One Keep-Alive connection for the three documents, with the headers flushed alone and Nagle on. The HTML stalls twice on a delayed ACK: first for the short initial segment, then for its odd final one, which Nagle holds. The first image is ACKed at once (by then the window lets two full segments go), but the second image's short tail waits for a delayed ACK again.",
    tryNext: [
      { sentence: 'Stop flushing the headers alone (fix 1).', settings: 'flush=none' },
      { sentence: 'Then turn Nagle off too (fix 2).', settings: 'flush=none&nagle=0' },
    ],
    calibrated: TABLE1_CALIBRATED,
  },
  'heidemann-table1-phttp-fix1': {
    explanation:
      'Without the separate header segment the short-initial-segment stall is gone, but a response that ends in an odd, short segment still waits for the delayed ACK because of Nagle.',
    tryNext: [{ sentence: 'Turn Nagle off (fix 2).', settings: 'nagle=0' }],
    calibrated: TABLE1_CALIBRATED,
  },
  'heidemann-table1-phttp-fix2': {
    explanation:
      'Headers with the data and Nagle off: neither the delayed-ACK nor the Nagle stall is left (what remains is the server thinking and a few round trips), and the persistent connection beats a connection per document.',
    tryNext: [
      {
        sentence: 'Turn Nagle back on and watch the odd final segment of the first image wait again.',
        settings: 'nagle=1',
      },
    ],
    calibrated: TABLE1_CALIBRATED,
  },
};
