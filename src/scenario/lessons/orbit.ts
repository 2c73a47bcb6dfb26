import type { Lesson } from '../lesson';

export const WEB_FROM_ORBIT: Lesson = {
  id: 'web-from-orbit',
  title: 'The web from orbit',
  paper: 'Kruse et al. 1998',
  summary:
    'Half a second per round trip: connections, persistence, the initial window and the window size over a geostationary satellite.',
  steps: [
    {
      title: 'One connection',
      text: 'Every element waits for its own round trip of more than half a second.',
      query: 'preset=kruse-acts&conns=1',
      checks: [
        {
          kind: 'compare',
          metric: 'load_s',
          versus: 'preset=kruse-acts&conns=4',
          relation: 'greater',
          factor: 2,
        },
      ],
    },
    {
      title: 'Four connections',
      text: 'Four connections overlap the round trips: the same page in less than half the time.',
      query: 'preset=kruse-acts&conns=4',
      checks: [
        {
          kind: 'compare',
          metric: 'load_s',
          versus: 'preset=kruse-acts&conns=1',
          relation: 'less',
          factor: 0.5,
        },
      ],
    },
    {
      title: 'Predict: 16 connections instead of 4',
      text: 'What do sixteen connections do for the same page?',
      query: 'preset=kruse-acts&conns=16',
      question: {
        prompt: 'Compared with four connections?',
        choices: ['Four times faster', 'About the same or slower', 'Twice as fast'],
        answer: 1,
        explain:
          "Slower, as Kruse et al. measured for this page: the server keeps few idle connections open and closes the others; the browser learns it only when it sends a request on one, and that element waits for a new handshake, over half a second (the ladder's stale-connection stalls), then starts again in slow start. 'Where did the time go' gives those handshakes little time, since other connections are moving data meanwhile, but shows the fresh connections' small windows (cwnd).",
        // Load 5's stale-connection stalls (178.6 to 179.8 s), half a second each in a run of 184 s.
        focus: { zoomMs: [178400, 180000], stall: 'stale-connection' },
      },
      checks: [
        { kind: 'compare', metric: 'load_s', versus: 'preset=kruse-acts&conns=4', relation: 'greater' },
        { kind: 'stall', cause: 'stale-connection', present: true },
      ],
    },
    {
      title: 'Without persistent connections',
      text: "Kruse's /Test page (28 small elements) over one connection, as in the first step, but a new connection for each element: every element now pays a handshake, a round trip of over half a second before its request, and the page takes more than twice as long as over one persistent connection.",
      query: 'preset=kruse-test&conns=1&http=1.0',
      highlight: { stall: 'handshake' },
      checks: [
        {
          kind: 'compare',
          metric: 'load_s',
          versus: 'preset=kruse-test&conns=1',
          relation: 'greater',
          factor: 2,
        },
      ],
    },
    {
      title: 'A larger initial window',
      text: 'Back to the /acts page over four connections, still a new connection for each element. Starting with about 4 KB instead of one segment saves round trips of slow start on every new connection...',
      query: 'preset=kruse-acts&http=1.0&iw=4k',
      checks: [
        {
          kind: 'compare',
          metric: 'load_s',
          versus: 'preset=kruse-acts&http=1.0&iw=1',
          relation: 'less',
          factor: 0.9,
        },
      ],
    },
    {
      title: '...but not on a kept-alive connection',
      text: "The request that arrives after an idle period resets the server's idle clock, so the window never shrinks: the initial window no longer matters.",
      query: 'preset=kruse-acts&iw=4k',
      checks: [
        {
          kind: 'compare',
          metric: 'load_s',
          versus: 'preset=kruse-acts&iw=1',
          relation: 'greater',
          factor: 0.98,
        },
      ],
    },
    {
      title: 'Windows for large elements',
      text: 'The page of 50 KB images over one connection: with a 96 KB window it loads in less than half the time a 16 KB window takes, since 16 KB a round trip is about a seventh of the link. The small-element page, /Test, does not care: 16.2 s with either window.',
      query: 'preset=kruse-oufr&conns=1&window=98304',
      checks: [
        {
          kind: 'compare',
          metric: 'load_s',
          versus: 'preset=kruse-oufr&conns=1&window=16384',
          relation: 'less',
          factor: 0.5,
        },
        {
          kind: 'compare',
          metric: 'load_s',
          versus: 'preset=kruse-test&conns=1&window=16384',
          relation: 'less',
        },
      ],
    },
  ],
};
