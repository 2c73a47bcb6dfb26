import type { Lesson } from '../lesson';

/** A 10 MB download over a 20 Mb/s access link whose modem buffers 1000 packets, by CUBIC. */
const CUBIC = 'link=deepbuffer&objects=10000000&window=8000000&iw=10&cc=cubic&sack=1&delack=linux';

/**
 * Over ten thousand packets: a ladder of the whole run is one solid band, and the story is in the
 * time-sequence plot's RTT strip, so every step opens on that (the ladder stays under Panels).
 */
const VIEW = { panels: ['tsp', 'time', 'metrics'] };

export const BUFFERBLOAT: Lesson = {
  id: 'bufferbloat',
  title: 'Bufferbloat',
  paper: 'Gettys and Nichols 2012; Nichols and Jacobson 2012 (CoDel); Cardwell et al. 2016 (BBR)',
  summary:
    'A download through a deep router buffer: the round trip grows tenfold while the throughput does not move. A smaller buffer, CoDel at the router, and BBR at the sender.',
  steps: [
    {
      title: 'A deep buffer and a loss-based sender',
      text: "A 20 Mb/s access link, 20 ms across, whose modem buffers 1000 packets: 0.6 s of waiting when full. CUBIC, Linux's congestion control, grows its window until a packet is lost, and here nothing is lost until the buffer is full. Watch the smoothed RTT under the time-sequence plot: every segment now waits its turn behind the queue it built.",
      query: CUBIC,
      view: VIEW,
      checks: [
        {
          kind: 'compare',
          metric: 'srtt_max_ms',
          versus: `${CUBIC}&queue=30`,
          relation: 'greater',
          factor: 4,
        },
      ],
    },
    {
      title: 'Predict: a buffer of 30 packets',
      text: 'The same download, the same link, but the modem keeps only 30 packets.',
      query: `${CUBIC}&queue=30`,
      view: VIEW,
      question: {
        prompt: 'With the small buffer, the 10 MB download takes...',
        choices: [
          'much longer: the small buffer drops packets',
          'about as long: the link is busy either way',
          'much less time: nothing waits in the queue',
        ],
        answer: 1,
        explain:
          'The link sends 20 Mb/s either way: the deep buffer added only waiting. CUBIC loses a packet sooner and halves its window more often, but the short queue still keeps the link busy, and the round trip stays close to the path.',
      },
      checks: [
        { kind: 'compare', metric: 'load_s', versus: CUBIC, relation: 'less', factor: 1.05 },
        { kind: 'compare', metric: 'load_s', versus: CUBIC, relation: 'greater', factor: 0.95 },
        { kind: 'compare', metric: 'srtt_max_ms', versus: CUBIC, relation: 'less', factor: 0.25 },
      ],
    },
    {
      title: 'CoDel: keep the buffer, manage the queue',
      text: "A small buffer drops the bursts a router should absorb. CoDel (RFC 8289, in Linux's default fq_codel) keeps the deep buffer and watches how long packets wait: once every packet has waited more than 5 ms for 100 ms, it drops one at the head of the queue, then more, ever sooner, until the wait falls below 5 ms. A handful of drops, each halving CUBIC's window, and the queue stays short.",
      query: `${CUBIC}&aqm=codel`,
      view: VIEW,
      checks: [
        { kind: 'compare', metric: 'srtt_max_ms', versus: CUBIC, relation: 'less', factor: 0.2 },
        { kind: 'compare', metric: 'load_s', versus: CUBIC, relation: 'less', factor: 1.05 },
        { kind: 'packet', flag: 'retransmit', present: true },
      ],
    },
    {
      title: 'BBR: a sender that does not fill the buffer',
      text: 'Back to the deep drop-tail buffer, with BBR at the sender (Cardwell et al. 2016). It paces at the bottleneck rate it measures and drains what it queued, so its round trip stays near the path with nothing dropped.',
      query: CUBIC.replace('cc=cubic', 'cc=bbr'),
      view: VIEW,
      checks: [
        { kind: 'compare', metric: 'srtt_max_ms', versus: CUBIC, relation: 'less', factor: 0.25 },
        { kind: 'packet', flag: 'retransmit', present: false },
      ],
    },
  ],
};
