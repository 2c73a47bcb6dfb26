import type { Lesson } from '../lesson';

export const MYSTERY_200MS: Lesson = {
  id: 'the-200ms-mystery',
  title: 'The 200 ms mystery',
  paper: 'Heidemann 1997',
  summary:
    'Why a persistent connection made the web 14 times slower, and the two small fixes that made it faster.',
  steps: [
    {
      title: 'A gap in the middle of a reply',
      text: 'The server sends its headers (226 bytes) and one full segment, then nothing for about 185 ms. Find the shaded gap in the ladder: the server is waiting for an ACK that the client is holding back.',
      query: 'preset=heidemann-short-initial',
      highlight: { stall: 'delayed-ack' },
      checks: [{ kind: 'stall', cause: 'delayed-ack', present: true, minMs: 170, maxMs: 200 }],
    },
    {
      title: 'Predict: stop flushing the headers alone',
      text: 'Apache flushed its headers in a segment of their own. Suppose the headers go out with the first data instead.',
      query: 'preset=heidemann-short-initial&flush=none',
      question: {
        prompt: 'What happens to the gap?',
        choices: ['It stays about 185 ms', 'It disappears', 'It doubles'],
        answer: 1,
        explain: 'Two full segments arrive, and the client acknowledges every second full segment at once.',
      },
      checks: [
        { kind: 'stall', cause: 'delayed-ack', present: false },
        {
          kind: 'compare',
          metric: 'load_s',
          versus: 'preset=heidemann-short-initial',
          relation: 'less',
          factor: 0.5,
        },
      ],
    },
    {
      title: 'A short tail held by Nagle',
      text: 'The next response ends in 13 bytes after an odd segment of 1176. Nagle will not send a short segment while data is unacknowledged, and the client delays the ACK of the odd segment.',
      query: 'preset=heidemann-odd-final',
      highlight: { stall: 'nagle' },
      checks: [{ kind: 'stall', cause: 'nagle', present: true, minMs: 150, maxMs: 200 }],
    },
    {
      title: 'Turn Nagle off on the server',
      text: 'With TCP_NODELAY the 13 bytes leave right behind the 1176.',
      query: 'preset=heidemann-odd-final&nagle.server=0',
      checks: [
        { kind: 'stall', cause: 'nagle', present: false },
        {
          kind: 'compare',
          metric: 'load_s',
          versus: 'preset=heidemann-odd-final',
          relation: 'less',
          factor: 0.2,
        },
      ],
    },
    {
      title: 'Both problems on the whole page',
      text: 'The Yahoo page (HTML and two images) over one persistent connection, both problems present: about 14 times slower than a connection per document.',
      query: 'preset=heidemann-table1-phttp',
      highlight: { metric: 'elapsed_s' },
      checks: [
        {
          kind: 'compare',
          metric: 'load_s',
          versus: 'preset=heidemann-table1-http',
          relation: 'greater',
          factor: 12,
        },
        // "about 14 times", not more
        {
          kind: 'compare',
          metric: 'load_s',
          versus: 'preset=heidemann-table1-http',
          relation: 'less',
          factor: 16,
        },
      ],
    },
    {
      title: 'Both fixes',
      text: 'Headers with the data and Nagle off: now the persistent connection beats a connection per document.',
      query: 'preset=heidemann-table1-phttp-fix2',
      checks: [
        { kind: 'compare', metric: 'load_s', versus: 'preset=heidemann-table1-http', relation: 'less' },
        { kind: 'stall', cause: 'delayed-ack', present: false },
        { kind: 'stall', cause: 'nagle', present: false },
      ],
    },
    {
      title: 'The third problem: slow start after idle',
      text: "Some TCPs shrink the window after an idle period longer than the retransmission timeout. Here the client thinks for 3 s before each of two large requests (the headline's stall: the reader's, not the network's); after the second think the server's window starts again from its initial two segments, and the second response pays slow start's round trips again: the highlighted slow-start restart stalls. This run counts idle from the last send, as RFC 2581 does. The 4.4BSD code Heidemann read starts again from one segment, but counts idle from the last segment received: the request arriving would have kept the window open.",
      query: 'page=custom&objects=100000,100000&flush=none&rtt=100&cthink=3000&window=65535&ssr=rfc',
      highlight: { stall: 'idle-restart' },
      checks: [
        { kind: 'stall', cause: 'idle-restart', present: true },
        {
          kind: 'compare',
          metric: 'load_s',
          versus: 'page=custom&objects=100000,100000&flush=none&rtt=100&cthink=3000&window=65535&ssr=off',
          relation: 'greater',
        },
      ],
    },
  ],
};
