// How each stall cause is named and coloured in every view. Colours are the Okabe-Ito and Tol
// colour-blind-safe sets; text is never drawn in these colours, only fills.
import type { StallCause } from '../engine/trace';

export interface CauseStyle {
  /** Short label drawn beside the shading. */
  short: string;
  /** Plain words for legends and callouts. */
  words: string;
  fill: string;
}

const STYLES: Record<StallCause, CauseStyle> = {
  'delayed-ack': { short: 'delayed ACK', words: 'waiting for a delayed ACK', fill: '#D55E00' },
  nagle: { short: 'Nagle', words: "Nagle's algorithm holding a short segment", fill: '#CC79A7' },
  cwnd: { short: 'cwnd', words: 'congestion window full', fill: '#0072B2' },
  rwnd: { short: 'rwnd', words: "receiver's window full", fill: '#56B4E9' },
  handshake: { short: 'handshake', words: 'connection handshake', fill: '#009E73' },
  'server-think': { short: 'server think', words: 'server think time', fill: '#E69F00' },
  'client-think': { short: 'client think', words: 'client think time', fill: '#F0E442' },
  'flush-timer': { short: 'flush timer', words: 'pipeline flush timer', fill: '#999999' },
  parse: { short: 'parse', words: 'client parsing the HTML', fill: '#882255' },
  'idle-restart': { short: 'idle restart', words: 'slow-start restart after idle', fill: '#44AA99' },
  rto: { short: 'RTO', words: 'retransmission timeout', fill: '#332288' },
  'stale-connection': {
    short: 'stale connection',
    words: 'a request sent on a connection the server had closed',
    fill: '#AA4499',
  },
  'tls-handshake': { short: 'TLS', words: 'TLS handshake', fill: '#117733' },
  'flow-control': { short: 'flow control', words: 'HTTP/2 flow-control window spent', fill: '#999933' },
  'hol-blocking': {
    short: 'HOL',
    words: "head-of-line blocking: in, but behind another stream's loss",
    fill: '#DDCC77',
  },
  amplification: {
    short: '3x limit',
    words: 'anti-amplification limit: the server may send only 3x what it has received',
    fill: '#661100',
  },
  pacing: {
    short: 'pacing',
    words: 'pacing: the next segment waits for its departure time',
    fill: '#88CCEE',
  },
};

const UNKNOWN: CauseStyle = { short: 'stall', words: 'stalled', fill: '#777777' };

/** Style for a cause; causes added to the engine later fall back to a grey "stall". */
export function causeStyle(cause: string): CauseStyle {
  return (STYLES as Record<string, CauseStyle>)[cause] ?? { ...UNKNOWN, short: cause, words: cause };
}

export const KNOWN_CAUSES = Object.keys(STYLES) as StallCause[];

/** Colour of "time spent moving data" in the breakdown bar. */
export const TRANSFER_FILL = '#d9d9d9';
