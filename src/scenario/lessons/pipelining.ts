import type { Lesson } from '../lesson';

export const WHY_PIPELINING: Lesson = {
  id: 'why-pipelining',
  title: 'Why HTTP/1.1 needed pipelining',
  paper: 'Nielsen et al. 1997',
  summary: 'Four ways to fetch the Microscape page, on a LAN and over a modem, and two traps on the way.',
  steps: [
    {
      title: 'HTTP/1.0: a connection per object',
      text: '43 objects, 43 connections, four at a time. Count the handshakes and the FINs in the ladder, and the packets in the table.',
      query: 'preset=nielsen-lan-1.0-first',
      highlight: { metric: 'packets' },
      checks: [
        {
          kind: 'compare',
          metric: 'packets',
          versus: 'preset=nielsen-lan-1.1-first',
          relation: 'greater',
          factor: 1.5,
        },
      ],
    },
    {
      title: 'Predict: one persistent connection',
      text: 'HTTP/1.1 keeps one connection open but still asks for one object at a time.',
      query: 'preset=nielsen-lan-1.1-first',
      question: {
        prompt: 'Compared with four HTTP/1.0 connections, is it faster or slower?',
        choices: ['Faster', 'Slower', 'The same'],
        answer: 1,
        explain: 'Fewer packets, but a round trip and a server turn per object, one after another.',
      },
      checks: [
        { kind: 'compare', metric: 'load_s', versus: 'preset=nielsen-lan-1.0-first', relation: 'greater' },
      ],
    },
    {
      title: 'Pipelining',
      text: 'Requests go out without waiting, buffered into full segments; the server buffers its responses too. Fewest packets, least time.',
      query: 'preset=nielsen-lan-pipe-first',
      checks: [
        { kind: 'compare', metric: 'load_s', versus: 'preset=nielsen-lan-1.0-first', relation: 'less' },
        { kind: 'compare', metric: 'packets', versus: 'preset=nielsen-lan-1.1-first', relation: 'less' },
      ],
    },
    {
      title: 'Over a modem, compress the HTML',
      text: 'At 28.8 kb/s the bytes dominate. Deflating the 42 KB of HTML to 11 KB saves about a sixth of the time here, and the image references arrive sooner. Nielsen measured less, about a ninth (53.3 s to 47.4 s): each run is within 10% of the paper, but the gap between them is wider.',
      query: 'preset=nielsen-ppp-pipe-gzip-first',
      checks: [
        {
          kind: 'compare',
          metric: 'load_s',
          versus: 'preset=nielsen-ppp-pipe-first',
          relation: 'less',
          factor: 0.9,
        },
        // "about a sixth", not more
        {
          kind: 'compare',
          metric: 'load_s',
          versus: 'preset=nielsen-ppp-pipe-first',
          relation: 'greater',
          factor: 0.75,
        },
      ],
    },
    {
      title: 'Revalidating: a few dozen packets',
      text: 'Revisiting the page, every object is checked with a conditional GET and answered 304. Pipelined, the 43 checks fit in a few dozen packets.',
      query: 'preset=nielsen-lan-pipe-revalidate',
      highlight: { metric: 'packets' },
      checks: [
        {
          kind: 'compare',
          metric: 'packets',
          versus: 'preset=nielsen-lan-1.1-revalidate',
          relation: 'less',
          factor: 0.4,
        },
      ],
    },
    {
      title: 'Trap: Nagle with buffering',
      text: "Turn Nagle on: most segments are full and the page takes only a few percent longer, but a response ending in a short segment waits for the client's ACK, or for the next response to fill it: the highlighted Nagle stalls, in the ladder and in 'where did the time go' (the headline names the server think time, the page's first long wait).",
      query: 'preset=nielsen-nagle-pipelining',
      highlight: { stall: 'nagle' },
      checks: [
        { kind: 'stall', cause: 'nagle', present: true, maxMs: 200 },
        { kind: 'compare', metric: 'load_s', versus: 'preset=nielsen-lan-pipe-first', relation: 'greater' },
        {
          kind: 'compare',
          metric: 'load_s',
          versus: 'preset=nielsen-lan-pipe-first',
          relation: 'less',
          factor: 1.1,
        },
      ],
    },
    {
      title: 'Trap: closing both halves',
      text: 'A server that serves five requests and then closes both halves, while pipelined requests are still arriving, answers them with an RST, and responses already sent are lost. The client asks again on new connections, meets the same, and gives up on many of the objects: the page "loads" without them, and even so later than the whole page pipelined in step 3.',
      query: 'preset=nielsen-lan-pipe-first&maxreq=5&closestyle=full',
      checks: [
        { kind: 'packet', flag: 'RST', present: true },
        { kind: 'objects', arrived: 'some' },
        { kind: 'compare', metric: 'load_s', versus: 'preset=nielsen-lan-pipe-first', relation: 'greater' },
      ],
    },
    {
      title: 'Predict: close one half at a time',
      text: 'Suppose the server closes only its sending half first, and keeps reading.',
      question: {
        prompt: 'What happens to the requests that arrive late?',
        choices: ['Same loss', 'No RST; the client asks again on a new connection', 'The page never loads'],
        answer: 1,
        explain:
          'Late requests are read and dropped quietly; the client sees the FIN and asks again on a new connection. No RST: every object arrives, where closing both halves lost most of them, so this page takes a little longer than that incomplete one.',
      },
      query: 'preset=nielsen-lan-pipe-first&maxreq=5&closestyle=half',
      checks: [
        { kind: 'packet', flag: 'RST', present: false },
        { kind: 'objects', arrived: 'all' },
        {
          kind: 'compare',
          metric: 'load_s',
          versus: 'preset=nielsen-lan-pipe-first&maxreq=5&closestyle=full',
          relation: 'greater',
        },
      ],
    },
  ],
};
