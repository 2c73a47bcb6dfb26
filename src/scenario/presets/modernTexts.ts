// The words of the modern presets (modern.ts), by preset id: the published numbers the
// explanations quote come from the papers' abstracts and text, named in each preset's source.
import type { PresetTexts } from '../presetTypes';

export const MODERN_TEXTS: Record<string, PresetTexts> = {
  'dukkipati-iw10': {
    explanation:
      'A 12 KB response over a 100 ms path. With an initial window of 10 segments the headers and eight full segments leave in one flight; the last 320 bytes, a short segment, wait one round trip for Nagle\'s algorithm (on, as on the 1997 hosts). With 4 KB (RFC 3390) slow start needs two more round trips. The paper: "the average latency of HTTP responses improved by approximately 10% with the largest benefits being demonstrated in high RTT and BDP networks."',
    tryNext: [
      {
        sentence: 'Start from the 4 KB window of RFC 3390 and count the extra round trips.',
        settings: 'iw=4k',
      },
      {
        sentence:
          "Start from the BSD window of two segments: here it even beats 4 KB, whose last full segment arrives alone, so the client delays its ACK and Nagle's algorithm holds the short tail behind it for longer than the round trip it waits with two segments.",
        settings: 'iw=2',
      },
      {
        sentence:
          "Turn Nagle's algorithm off, as browsers and servers do today: the whole response leaves in one flight.",
        settings: 'nagle=0',
      },
      { sentence: 'On a 20 ms path the 4 KB window costs far fewer milliseconds.', settings: 'rtt=20&iw=4k' },
    ],
    calibrated: ['a 12 KB response, nine segments (the paper: most responses fit in a few initial windows)'],
    claims: [
      'IW10 sends a 12 KB response in fewer round trips than a 4 KB initial window',
      'the time saved grows with the round-trip time (most on high-RTT paths)',
    ],
  },
  'mathis-loss': {
    explanation:
      'A bulk transfer over a 10 Mb/s, 100 ms path that drops 1% of packets at random. Loss-based TCP settles where BW = (MSS / RTT) x C / sqrt(p), C = sqrt(3/2) for one ACK per segment (less with delayed ACKs): four times the loss, half the throughput.',
    tryNext: [
      {
        sentence:
          'Quadruple the loss: the square-root law halves the throughput, and the timeouts it leaves out take it lower still (Padhye et al. 1998).',
        settings: 'loss=4',
      },
      {
        sentence: 'Switch to CUBIC, which leaves the square-root law behind at low loss.',
        settings: 'cc=cubic',
      },
      { sentence: 'Switch to BBR, which does not read loss as congestion.', settings: 'cc=bbr' },
    ],
    calibrated: ['ACK every segment (delack=off), so C = sqrt(3/2) applies'],
    claims: [
      'throughput is within a factor of two of MSS / (RTT sqrt(p)) x sqrt(3/2)',
      'four times the loss rate gives half the throughput, or less once timeouts set in (Padhye et al. 1998)',
    ],
  },
  'cardwell-loss': {
    explanation:
      'A long path (20 Mb/s, 100 ms) that drops 1% of packets at random. CUBIC reads every loss as congestion and never opens its window; BBR models the bottleneck rate and keeps sending at it. The article: "The maximum possible throughput is the link rate times fraction delivered (= 1 - lossRate)"; BBR stays near it while CUBIC collapses.',
    tryNext: [
      { sentence: 'Switch to CUBIC on the same path.', settings: 'cc=cubic' },
      { sentence: 'Without loss both fill the link.', settings: 'loss=0&cc=cubic' },
      {
        sentence:
          'Halve the buffer to one bandwidth-delay product and turn RACK on: lost retransmissions are resent within a round trip, not after timeouts.',
        settings: 'queue=170&rack=on',
      },
    ],
    calibrated: [
      'a router buffer of two bandwidth-delay products (340 packets): BBR v1 overshoots a one-BDP buffer in Startup, and without RACK (rack=on, not set here) its lost retransmissions wait for timeouts there (9.3 s for the 10 MB at one BDP, 5.4 s with rack=on); at two BDPs it overshoots only briefly (140 segments dropped by the queue, all within 0.1 s)',
    ],
    claims: [
      'with 1% random loss BBR delivers most of the link rate',
      'with 1% random loss CUBIC and Reno deliver a small fraction of it',
    ],
  },
  'cardwell-bufferbloat': {
    explanation:
      'An access link (20 Mb/s, 20 ms) whose modem buffers 1000 packets: 0.6 s of queue when full. A loss-based sender such as CUBIC fills it, and its segments then wait up to 0.6 s in the queue. The smoothed RTT under the time-sequence plot follows slowly (one timed segment a round trip, each sample weighing an eighth): it passes 200 ms before this 10 MB transfer ends. BBR paces at the bottleneck rate and drains what it queued, so its RTT stays near 20 ms at the same throughput.',
    tryNext: [
      {
        sentence: 'Switch to CUBIC and watch the RTT strip under the time-sequence plot.',
        settings: 'cc=cubic',
      },
      { sentence: 'A shallow buffer hides the difference.', settings: 'queue=30&cc=cubic' },
      {
        sentence:
          "Keep CUBIC and the deep buffer, and let the router manage its queue with CoDel (RFC 8289): a few early drops, and CUBIC's RTT stays within a few milliseconds of 20 at the same throughput.",
        settings: 'cc=cubic&aqm=codel',
      },
    ],
    calibrated: ['1000-packet modem buffer (link deepbuffer)'],
    claims: [
      "CUBIC's median RTT is several times the path's; BBR's stays near it",
      'both deliver about the link rate',
    ],
  },
};
