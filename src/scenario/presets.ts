// Paper presets: each names its source, says what to look at, carries the published figures
// with a tolerance and its reason, and states which host parameters were calibrated.
// Protocol behaviour is never calibrated: only think times, link figures and clock phases.
import type { StallCause } from '../engine/trace';

export type FigureKey = 'elapsed_ms' | 'packets' | 'bytes' | 'overhead_pct' | `longest_stall_ms:${StallCause}`;

export interface PublishedFigure {
  figure: FigureKey;
  label: string;
  value: number;
  unit: string;
  /** Accepted distance from the published value, in the figure's unit, and why that much. */
  tolerance: number;
  reason: string;
}

export interface Preset {
  id: string;
  title: string;
  paper: 'heidemann' | 'nielsen' | 'padmanabhan-mogul' | 'kruse';
  source: string;
  explanation: string;
  tryNext: string;
  query: string;
  calibrated: string[];
  published: PublishedFigure[];
}

const HEIDEMANN_HOSTS =
  'link=ethernet10&window=16384&iw=2&ssr=off&delack=bsd&nagle=1&hdr=226&chunk=4096&cthink=0.65&sthink=2.175&delackphase=189.2';
const HEIDEMANN_CALIBRATED = [
  'client think 0.65 ms and server think 2.175 ms, read off Fig. 2',
  "client's 200 ms ACK clock ticks at 189.2 ms, read off the delayed ACK in Figs. 2 and 4",
  'link RTT 0.35 ms (paper: under 1 ms)',
];

export const PRESETS: readonly Preset[] = [
  {
    id: 'heidemann-short-initial',
    title: 'The short initial segment (Heidemann Fig. 2)',
    paper: 'heidemann',
    source: 'Heidemann 1997, section 2.2, Figures 1 and 2',
    explanation:
      'Apache 1.1b4 flushes its 226 bytes of headers as a segment of their own. With a congestion window of two segments the server sends the headers and one full segment, then must wait for an ACK; the client holds its ACK because it has seen only one full segment, until its 200 ms delayed-ACK clock ticks.',
    tryNext: 'Set the header flush to none: the headers ride with the data, the client sees two full segments and ACKs at once.',
    query: `${HEIDEMANN_HOSTS}&objects=6651&req=52&flush=headers`,
    calibrated: HEIDEMANN_CALIBRATED,
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
    tryNext: "Turn Nagle off on the server: the tail leaves at once and the 166 ms wait vanishes.",
    query: `${HEIDEMANN_HOSTS}&objects=6651,3883&req=52,58&flush=none`,
    calibrated: HEIDEMANN_CALIBRATED,
    published: [
      {
        figure: 'longest_stall_ms:nagle',
        label: '13-byte tail held by Nagle',
        value: 166.4,
        unit: 'ms',
        tolerance: 20,
        reason: 'the paper saw 170-190 ms between data segments; the hold depends on the phase of the ACK clock',
      },
    ],
  },
];

export function findPreset(id: string): Preset | undefined {
  return PRESETS.find((p) => p.id === id);
}
