import type { Lesson } from '../lesson';

/** Today's hosts: no Nagle, a 40 ms delayed-ACK timer, ten-segment initial window, large buffers. */
const HOSTS = 'page=microscape&nagle=0&iw=10&window=1048576&delack=fixed&delackms=40';
const LTE = `${HOSTS}&link=lte`;
const BROWSER_H1 = `${LTE}&http=1.0ka&conns=6&tls=1.3`;

export const FROM_1997: Lesson = {
  id: 'from-1997-to-today',
  title: 'From 1997 to today',
  paper: 'Wang et al. 2014 (SPDY); Web Almanac 2024',
  summary:
    "Nielsen's Microscape page on a phone network: HTTP/1.0, a browser's six TLS connections, HTTP/2, a satellite, loss, HTTP/3, and its flow control.",
  steps: [
    {
      title: 'HTTP/1.0 on a phone network',
      text: 'Four connections at a time, a new one for every image: on a 60 ms LTE path each waits a round trip for its handshake before it can ask. The ladder marks every handshake; "Where did the time go" counts only the time they held up the whole page, while no other connection was moving data.',
      query: `${LTE}&http=1.0&conns=4`,
      highlight: { stall: 'handshake' },
      checks: [{ kind: 'stall', cause: 'handshake', present: true }],
    },
    {
      title: 'A browser today: six persistent TLS connections',
      text: 'Browsers keep up to six persistent connections per server, each paying a TCP and a TLS 1.3 handshake once, then reused (here HTTP/1.0 with Keep-Alive: the lab runs several persistent connections that way, as a browser does with HTTP/1.1).',
      query: BROWSER_H1,
      highlight: { stall: 'tls-handshake' },
      checks: [
        { kind: 'stall', cause: 'tls-handshake', present: true },
        { kind: 'compare', metric: 'load_s', versus: `${LTE}&http=1.0&conns=4`, relation: 'less' },
      ],
    },
    {
      title: 'Predict: HTTP/2 on one connection',
      text: 'HTTP/2 sends every request as a stream on one TLS connection, as soon as the HTML names it.',
      query: `${LTE}&http=2`,
      question: {
        prompt: 'Against six persistent connections, the page over one HTTP/2 connection loads...',
        choices: [
          'slower: one connection has one window',
          'faster: no request waits for another',
          'the same',
        ],
        answer: 1,
        explain:
          'Forty-two small images: no request waits for a free connection, and one handshake serves them all.',
      },
      checks: [{ kind: 'compare', metric: 'load_s', versus: BROWSER_H1, relation: 'less' }],
    },
    {
      title: 'Across a satellite, round trips are everything',
      text: 'On a GEO satellite (560 ms round trips) one request at a time takes almost half a minute; HTTP/2 needs a handful of round trips.',
      query: `${HOSTS}&link=geo&http=2`,
      checks: [
        {
          kind: 'compare',
          metric: 'load_s',
          versus: `${HOSTS}&link=geo&http=1.1`,
          relation: 'less',
          factor: 0.25,
        },
      ],
    },
    {
      title: 'Under loss, one connection holds every stream back',
      text: "With 2% loss, TCP delivers in order: images already received wait behind another stream's lost segment (head-of-line blocking, highlighted). The bytes behind the hole cannot be read either, so the client gives no HTTP/2 window credit back and the server waits too: the headline's flow-control stall. Wang et al. found SPDY's single connection hurts under high loss; HTTP/3 over QUIC removes the coupling.",
      query: `${LTE}&http=2&loss=2`,
      highlight: { stall: 'hol-blocking' },
      checks: [
        { kind: 'stall', cause: 'hol-blocking', present: true },
        { kind: 'compare', metric: 'load_s', versus: `${LTE}&http=2`, relation: 'greater', factor: 3 },
      ],
    },
    {
      title: 'HTTP/3: the same loss, streams on their own',
      text: 'HTTP/3 runs its streams over QUIC on UDP: the link drops the same packets, but a loss now holds back only the stream whose bytes it carried. Watch the ladder name the packets: Initial, Handshake, 1-RTT, and the frames in each.',
      query: `${LTE}&http=3&loss=2`,
      checks: [
        { kind: 'stall', cause: 'hol-blocking', present: false },
        { kind: 'compare', metric: 'load_s', versus: `${LTE}&http=2&loss=2`, relation: 'less', factor: 0.5 },
      ],
    },
    {
      title: 'HTTP/3 without loss',
      text: "Back on the loss-free path, HTTP/3 loads the page sooner than HTTP/2 did in step 3: QUIC's handshake carries TLS 1.3 in its first round trip, and a browser gives QUIC's flow control megabytes, where HTTP/2 started with its protocol's 64 KB window and waited on it.",
      query: `${LTE}&http=3`,
      checks: [
        { kind: 'stall', cause: 'flow-control', present: false },
        { kind: 'compare', metric: 'load_s', versus: `${LTE}&http=2`, relation: 'less', factor: 0.9 },
      ],
    },
    {
      title: 'Predict: HTTP/3 with a small flow-control window',
      text: "QUIC has flow control too: the client gives the server a limit for each stream and for the connection, and raises it as it reads (MAX_STREAM_DATA and MAX_DATA frames). A browser gives megabytes; here the client gives 64 KB, HTTP/2's default window.",
      query: `${LTE}&http=3&h3window=65535`,
      question: {
        prompt: 'With 64 KB limits, HTTP/3 loads the page...',
        choices: [
          'as fast as before: QUIC streams are not held back',
          'slower: the server waits for the client to raise its limits',
          'faster: the client has less to keep track of',
        ],
        answer: 1,
        explain:
          "The server sends what the limits allow, then waits for the client's MAX_DATA: the flow-control stalls, where the time-sequence plot's bars meet its dashed line, the limit. HTTP/2 in step 3 waited on its 64 KB window the same way. B's headline still names the 3x limit, its first long wait (until it has validated the client's address, QUIC's server may send only three times the bytes the client sent, less than its certificate): each flow-control stall is short, but there are many.",
      },
      highlight: { stall: 'flow-control' },
      checks: [
        { kind: 'stall', cause: 'flow-control', present: true },
        { kind: 'compare', metric: 'load_s', versus: `${LTE}&http=3`, relation: 'greater', factor: 1.15 },
      ],
    },
  ],
};
