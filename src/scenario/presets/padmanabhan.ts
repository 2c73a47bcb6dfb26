// Padmanabhan & Mogul 1994: latency against the number of images, old and new protocol
// (Figs 6-1 to 6-4), and throughput against transfer length (Figs 3-2, 3-3). The paper gives
// these as graphs; the text states the figures used here.
import type { Preset } from '../presetTypes';

const HOSTS = 'req=190&hdr=200&nagle=0&flush=none&iw=2&delack=bsd&window=8192&sthink=2&cthink=2';
const CALIBRATED = [
  'socket buffers 8 KB (ULTRIX; not stated, fits Fig. 6-2)',
  'server and client 2 ms per request (DECstation hosts; not stated)',
  'request 190 B, response headers 200 B (not stated)',
  'Nagle off on the server: the paper reports no stall, and with Nagle on the GETALL stream ends in a short segment held for a delayed ACK (the problem Heidemann described in 1997)',
];
const OLD = 'http=1.0&conns=1';
const NEW = 'http=getall';

function latency(where: 'remote' | 'local', size: 2544 | 45566): Preset {
  const link = where === 'remote' ? 'link=t1' : 'link=ethernet10';
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
                of: NEW,
                versus: OLD,
              }
            : {
                figure: 'reduction_pct',
                label: 'latency cut by the new protocol, 10 images',
                value: 22,
                unit: '%',
                tolerance: 8,
                reason: 'the paper: "about 22%", read off a graph',
                of: NEW,
                versus: OLD,
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
              versus: OLD,
            },
          ];
  const claims =
    where === 'local' && size === 45566
      ? ['Figs 6-3 and 6-4: the benefit of the new protocol is greatest for small images']
      : undefined;
  return {
    id: `pm-${where}-${size}`,
    title: `${size}-byte images, ${where} server: old vs new HTTP (Padmanabhan-Mogul ${figure})`,
    paper: 'padmanabhan-mogul',
    source: `Padmanabhan & Mogul 1994, section 6, ${figure}`,
    explanation:
      'The old protocol opens a connection per image, one after another: a handshake and a request round trip each, and slow start every time. The new protocol keeps one connection and asks for the page and its images at once (GETALL).',
    tryNext: [
      { sentence: "Load 20 images instead of 10 (the figure's x axis).", settings: 'images=20' },
      // The paper's old protocol opens its connections one after another (conns=1): with four
      // at once, HTTP/1.0 beat the new protocol on the 45 KB images (3.1 s against 5.5).
      {
        sentence: 'Go back to the old protocol: HTTP/1.0, a connection per image, one after another.',
        settings: OLD,
      },
      {
        sentence: 'Keep one long-lived connection but without pipelining: a round trip per image.',
        settings: 'http=1.1',
      },
    ],
    query: `${link}&page=pm-images&images=10&imagebytes=${size}&${HOSTS}&${NEW}`,
    calibrated: [...CALIBRATED, where === 'remote' ? 'T1, RTT 70 ms' : 'Ethernet, RTT 0.35 ms'],
    published,
    claims,
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
    explanation:
      "A short transfer spends most of its life in the handshake, the request round trip and slow start, and on a local network in the hosts' work per connection, so it sees a small part of the bandwidth. Change objects= (the transfer length), window=, mss= and link=.",
    tryNext: [
      { sentence: 'Transfer 20 KB instead.', settings: 'objects=20480' },
      { sentence: 'Transfer 1 MB.', settings: 'objects=1000000' },
      { sentence: 'Put the server on the local Ethernet.', settings: 'link=ethernet10' },
    ],
    // The same hosts as the latency presets, with their 2 ms per request: the paper's "per-connection
    // overhead" (section 3.2), which on the local net holds a 2 KB transfer to about 25% of capacity.
    query: `link=t1&page=custom&objects=2048&${HOSTS.replace('window=8192', 'window=16384')}&http=1.0&conns=1`,
    calibrated: [
      'T1, RTT 70 ms',
      'window 16 KB (a "reasonable window size")',
      'server and client 2 ms per request, as in the latency presets: locally, a 2 KB transfer then gets 26% of the link and a 20 KB one 72%, where the paper states about 25% and 70% (Fig. 3-3)',
    ],
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
