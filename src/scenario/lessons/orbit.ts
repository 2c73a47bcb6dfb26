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
      title: 'Four connections, large images',
      text: 'Four connections overlap the round trips. Here they fetch the page of large images.',
      query: 'preset=kruse-oufr&conns=4',
      checks: [
        {
          kind: 'compare',
          metric: 'load_s',
          versus: 'preset=kruse-oufr&conns=1',
          relation: 'less',
        },
      ],
    },
    {
      title: 'Predict: 16 connections instead of 4',
      text: 'What do sixteen connections do for the same page of large images?',
      query: 'preset=kruse-oufr&conns=16',
      question: {
        prompt: 'Compared with four connections?',
        choices: ['Four times faster', 'About the same or slower', 'Twice as fast'],
        answer: 1,
        explain:
          'The link is already full: more connections only split it, and each new one pays a handshake and slow start.',
      },
      checks: [
        {
          kind: 'compare',
          metric: 'load_s',
          versus: 'preset=kruse-oufr&conns=4',
          relation: 'greater',
          factor: 0.75,
        },
      ],
    },
    {
      title: 'Without persistent connections',
      text: 'Every element now pays a handshake: with few connections that is most of the time.',
      query: 'preset=kruse-test&conns=1&http=1.0',
      highlight: { stall: 'handshake' },
      checks: [
        {
          kind: 'compare',
          metric: 'load_s',
          versus: 'preset=kruse-test&conns=1',
          relation: 'greater',
          factor: 1.5,
        },
      ],
    },
    {
      title: 'A larger initial window',
      text: 'Starting with about 4 KB instead of one segment saves round trips of slow start on every new connection...',
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
      text: 'One connection, 96 KB window: the page of 50 KB images fills the satellite link at last. The small-element page does not care.',
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
