// The words of Padmanabhan and Mogul's presets (padmanabhan.ts), by preset id.
import type { PresetTexts } from '../presetTypes';
import { OLD_PROTOCOL } from './padmanabhan';

const CALIBRATED = [
  'socket buffers 8 KB (ULTRIX; not stated, fits Fig. 6-2)',
  'server and client 2 ms per request (DECstation hosts; not stated)',
  'request 190 B, response headers 200 B (not stated)',
  'Nagle off on the server: the paper reports no stall, and with Nagle on the GETALL stream ends in a short segment held for a delayed ACK (the problem Heidemann described in 1997)',
];

/** `small`: the 2544-byte images, which fit in the first window, so slow start costs them no wait. */
function latency(where: 'remote' | 'local', small: boolean): PresetTexts {
  const slowStart =
    where === 'local'
      ? ', but no slow start: ULTRIX skips it on the local net (the paper, section 3.2)'
      : `, and slow start every time${
          small
            ? ', though a 2544-byte image fits in the first window of two segments, so slow start costs it no wait (the paper: "slow-start did not limit the window size")'
            : ''
        }`;
  return {
    explanation: `The old protocol opens a connection per image, one after another: a handshake and a request round trip each${slowStart}. The new protocol keeps one connection and asks for the page and its images at once (GETALL).`,
    tryNext: [
      { sentence: "Load 20 images instead of 10 (the figure's x axis).", settings: 'images=20' },
      // The paper's old protocol opens its connections one after another (conns=1): with four
      // at once, HTTP/1.0 beat the new protocol on the 45 KB images (3.1 s against 5.5).
      {
        sentence: 'Go back to the old protocol: HTTP/1.0, a connection per image, one after another.',
        settings: OLD_PROTOCOL,
      },
      {
        sentence: 'Keep one long-lived connection but without pipelining: a round trip per image.',
        settings: 'http=1.1',
      },
    ],
    calibrated: [
      ...CALIBRATED,
      ...(where === 'remote'
        ? ['T1, RTT 70 ms']
        : [
            'Ethernet, RTT 0.35 ms',
            'initial window 10 segments, beyond the 8 KB buffer: "the ULTRIX implementation of TCP avoids slow-start for local-net connections" (section 3.2)',
          ]),
    ],
  };
}

export const PADMANABHAN_MOGUL_TEXTS: Record<string, PresetTexts> = {
  'pm-remote-2544': latency('remote', true),
  'pm-remote-45566': latency('remote', false),
  'pm-local-2544': latency('local', true),
  'pm-local-45566': {
    ...latency('local', false),
    claims: ['Figs 6-3 and 6-4: the benefit of the new protocol is greatest for small images'],
  },
  'pm-throughput': {
    explanation:
      "A short transfer spends most of its life in the handshake, the request round trip and slow start, and on a local network in the hosts' work per connection, so it sees a small part of the bandwidth. Change objects= (the transfer length), window=, mss= and link=.",
    tryNext: [
      { sentence: 'Transfer 20 KB instead.', settings: 'objects=20480' },
      { sentence: 'Transfer 1 MB.', settings: 'objects=1000000' },
      { sentence: 'Put the server on the local Ethernet.', settings: 'link=ethernet10' },
    ],
    calibrated: [
      'T1, RTT 70 ms',
      'window 16 KB (a "reasonable window size")',
      'server and client 2 ms per request, as in the latency presets: locally, a 2 KB transfer then gets 26% of the link and a 20 KB one 72%, where the paper states about 25% and 70% (Fig. 3-3)',
    ],
  },
};
