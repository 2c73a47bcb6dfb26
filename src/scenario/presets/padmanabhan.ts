// Padmanabhan & Mogul 1994: latency against the number of images, old and new protocol
// (Figs 6-1 to 6-4), and throughput against transfer length (Figs 3-2, 3-3). The paper gives
// these as graphs; the text states the figures used here. Their words are in padmanabhanTexts.ts.
import type { Preset } from '../presetTypes';

const HOSTS = 'req=190&hdr=200&nagle=0&flush=none&iw=2&delack=bsd&window=8192&sthink=2&cthink=2';
/** The paper's old protocol: HTTP/1.0, a connection per object, one after another. */
export const OLD_PROTOCOL = 'http=1.0&conns=1';
const NEW_PROTOCOL = 'http=getall';

/**
 * "ULTRIX ... avoids slow-start for local-net connections" (section 3.2): on the local server the
 * first window is 10 segments, beyond the 8 KB socket buffer, so only the buffer limits it.
 */
const LOCAL_HOSTS = HOSTS.replace('iw=2', 'iw=10');

function latency(where: 'remote' | 'local', size: 2544 | 45566): Preset {
  const link = where === 'remote' ? 'link=t1' : 'link=ethernet10';
  const hosts = where === 'remote' ? HOSTS : LOCAL_HOSTS;
  const figure = where === 'remote' ? (size === 2544 ? 'Fig. 6-1' : 'Fig. 6-2') : 'Figs 6-3 and 6-4';
  const published: Preset['published'] =
    where === 'remote'
      ? [
          size === 2544
            ? {
                figure: 'reduction_pct',
                label: 'latency cut by the new protocol, 10 images',
                value: 50,
                unit: '%',
                bound: 'gt',
                tolerance: 0,
                reason: 'the paper: "cuts the latency by more than half"',
                of: NEW_PROTOCOL,
                versus: OLD_PROTOCOL,
              }
            : {
                figure: 'reduction_pct',
                label: 'latency cut by the new protocol, 10 images',
                value: 22,
                unit: '%',
                tolerance: 8,
                reason: 'the paper: "about 22%", read off a graph',
                of: NEW_PROTOCOL,
                versus: OLD_PROTOCOL,
              },
        ]
      : size === 45566
        ? []
        : [
            {
              figure: 'reduction_pct',
              label: 'latency cut by long-lived connections without pipelining',
              value: 10,
              unit: '%',
              tolerance: 5,
              reason: 'the paper: "only about 5% to 15%" for the local server',
              of: 'http=1.1',
              versus: OLD_PROTOCOL,
            },
          ];
  return {
    id: `pm-${where}-${size}`,
    title: `${size}-byte images, ${where} server: old vs new HTTP (Padmanabhan-Mogul ${figure})`,
    paper: 'padmanabhan-mogul',
    source: `Padmanabhan & Mogul 1994, section 6, ${figure}`,
    query: `${link}&page=pm-images&images=10&imagebytes=${size}&${hosts}&${NEW_PROTOCOL}`,
    published,
  };
}

export const PADMANABHAN_MOGUL_PRESETS: Preset[] = [
  latency('remote', 2544),
  latency('remote', 45566),
  latency('local', 2544),
  latency('local', 45566),
  {
    id: 'pm-throughput',
    title: 'Throughput against transfer length (Padmanabhan-Mogul Figs 3-2, 3-3)',
    paper: 'padmanabhan-mogul',
    source: 'Padmanabhan & Mogul 1994, section 3.2, Figs 3-2 and 3-3',
    // The same hosts as the latency presets, with their 2 ms per request: the paper's "per-connection
    // overhead" (section 3.2), which on the local net holds a 2 KB transfer to about 25% of capacity.
    query: `link=t1&page=custom&objects=2048&${HOSTS.replace('window=8192', 'window=16384')}&http=1.0&conns=1`,
    published: [
      {
        figure: 'throughput_pct',
        label: 'throughput of a 2 KB transfer, as a share of the best case (1 MB)',
        value: 10,
        unit: '%',
        bound: 'lt',
        tolerance: 0,
        reason: 'the paper: "a throughput less than 10% of best-case value"',
        versus: 'objects=1000000',
      },
    ],
  },
];
