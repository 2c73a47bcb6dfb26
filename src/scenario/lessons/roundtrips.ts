import type { Lesson } from '../lesson';

const OLD = 'preset=pm-remote-2544&http=1.0&conns=1';

export const ROUND_TRIPS: Lesson = {
  id: 'round-trips-are-the-enemy',
  title: 'Round trips are the enemy',
  paper: 'Padmanabhan & Mogul 1994',
  summary: 'Counting the round trips HTTP/1.0 pays per image, and the changes that remove them.',
  steps: [
    {
      title: 'Four round trips to the first image',
      text: 'A connection per image, one after another: a handshake and a request round trip for the HTML, then again for every image. Each new connection starts in slow start, but a 2544-byte image fits in its first window, so here slow start adds no wait.',
      query: OLD,
      highlight: { stall: 'handshake' },
      checks: [
        { kind: 'stall', cause: 'handshake', present: true },
        { kind: 'stall', cause: 'cwnd', present: false },
      ],
    },
    {
      title: 'Long-lived connections',
      text: 'Keep the connection: no handshake per image, but still a round trip per request.',
      query: 'preset=pm-remote-2544&http=1.1',
      checks: [{ kind: 'compare', metric: 'load_s', versus: OLD, relation: 'less' }],
    },
    {
      title: 'Predict: ask for everything at once',
      text: 'GETALL asks for the page and all its images in one request.',
      query: 'preset=pm-remote-2544',
      question: {
        prompt: "How much of the long-lived connection's time is left?",
        choices: ['About 90%', 'About half', 'About a tenth'],
        answer: 1,
        explain:
          'About half: one round trip asks for everything, where the long-lived connection paid one per image. Against the old protocol of step 1 it leaves under a third; the paper: the new protocol cuts the latency by more than half for median-sized images.',
      },
      checks: [
        {
          kind: 'compare',
          metric: 'load_s',
          versus: 'preset=pm-remote-2544&http=1.1',
          relation: 'less',
          factor: 0.65,
        },
        {
          kind: 'compare',
          metric: 'load_s',
          versus: 'preset=pm-remote-2544&http=1.1',
          relation: 'greater',
          factor: 0.35,
        },
        { kind: 'compare', metric: 'load_s', versus: OLD, relation: 'less', factor: 1 / 3 },
      ],
    },
    {
      title: 'Large images: the bytes take over',
      text: 'With 45 KB images the transfer itself dominates and the gain shrinks to under a third (the paper: about 22%).',
      query: 'preset=pm-remote-45566',
      checks: [
        {
          kind: 'compare',
          metric: 'load_s',
          versus: 'preset=pm-remote-45566&http=1.0&conns=1',
          relation: 'less',
          factor: 0.9,
        },
        {
          kind: 'compare',
          metric: 'load_s',
          versus: 'preset=pm-remote-45566&http=1.0&conns=1',
          relation: 'greater',
          factor: 2 / 3, // a gain of under a third
        },
      ],
    },
    {
      title: 'Short transfers waste the link',
      text: 'A 2 KB transfer over 70 ms spends its life in the handshake and the first round trips: under a tenth of the best throughput.',
      query: 'preset=pm-throughput',
      checks: [
        {
          kind: 'compare',
          metric: 'throughput_kbps',
          versus: 'preset=pm-throughput&objects=1000000',
          relation: 'less',
          factor: 0.1,
        },
      ],
    },
  ],
};
