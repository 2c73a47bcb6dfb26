// Heidemann 1997: the short initial segment (Fig. 2), the odd final segment (Fig. 4), Table 1.
// Their words are in heidemannTexts.ts.
import { HEIDEMANN_TABLE1 } from '../paperFigures';
import type { Preset } from '../presetTypes';

const HOSTS =
  'link=ethernet10&window=16384&iw=2&ssr=off&delack=bsd&hdr=226&chunk=4096&cthink=0.65&sthink=2.175&delackphase=189.2';
const TABLE1 = `${HOSTS}&page=yahoo96&req=52,58&saccept=6.6`;

const table1 = (row: string) => HEIDEMANN_TABLE1.find((f) => f.row === row)!.value;

export const HEIDEMANN: Preset[] = [
  {
    id: 'heidemann-short-initial',
    title: 'The short initial segment (Heidemann Fig. 2)',
    paper: 'heidemann',
    source: 'Heidemann 1997, section 2.2, Figures 1 and 2',
    query: `${HOSTS}&page=custom&objects=6651&req=52&flush=headers&nagle=1`,
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
    query: `${HOSTS}&page=custom&objects=6651,3883&req=52,58&flush=none&nagle=1`,
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
    query: `${TABLE1}&http=1.0&conns=1&flush=none&nagle=1`,
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
    query: `${TABLE1}&http=1.1&flush=headers&nagle=1`,
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
    query: `${TABLE1}&http=1.1&flush=none&nagle=1`,
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
    query: `${TABLE1}&http=1.1&flush=none&nagle=0`,
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
