import type { Lesson } from '../lesson';

// Heidemann's two stalls replayed against Linux's receiver (delack=linux): quick-ACK mode at the
// start of a connection and the 40 ms minimum delayed-ACK timeout (net/ipv4/tcp_input.c).
export const MYSTERY_200MS_TODAY: Lesson = {
  id: 'the-200ms-mystery-today',
  title: 'The 200 ms mystery today',
  paper: 'Heidemann 1997, on a Linux receiver',
  summary:
    "Heidemann's stalls on today's Linux: quick-ACK mode hides the first, the 40 ms delayed-ACK minimum shrinks the second.",
  steps: [
    {
      title: 'The first stall, on a Linux client',
      text: "The same reply as in Heidemann's trace: headers flushed alone, then one full segment. A Linux receiver starts every connection in quick-ACK mode and acknowledges each of its first segments at once, so the server never waits.",
      query: 'preset=heidemann-short-initial&delack=linux',
      checks: [
        { kind: 'stall', cause: 'delayed-ack', present: false },
        {
          kind: 'compare',
          metric: 'load_s',
          versus: 'preset=heidemann-short-initial',
          relation: 'less',
          factor: 0.1,
        },
      ],
    },
    {
      title: 'Predict: the odd final segment',
      text: "Now the reply that ends in 13 bytes after an odd segment. Nagle holds the 13 bytes until the odd segment is acknowledged. Linux's receiver is past quick-ACK mode by then, and delays its ACK by a timeout of its own.",
      query: 'preset=heidemann-odd-final&delack=linux',
      highlight: { stall: 'nagle' },
      question: {
        prompt: 'How long does the server wait now?',
        choices: ['About 200 ms, as in 1997', 'About 40 ms', 'Not at all'],
        answer: 1,
        explain:
          'The delayed-ACK timer starts at TCP_ATO_MIN, 40 ms: the stall is still there, only shorter.',
      },
      checks: [{ kind: 'stall', cause: 'nagle', present: true, minMs: 35, maxMs: 45 }],
    },
    {
      title: 'The fix is still the fix',
      text: 'With TCP_NODELAY on the server the 13 bytes leave at once, as Heidemann advised: the 40 ms are gone too.',
      query: 'preset=heidemann-odd-final&delack=linux&nagle.server=0',
      checks: [
        { kind: 'stall', cause: 'nagle', present: false },
        {
          kind: 'compare',
          metric: 'load_s',
          versus: 'preset=heidemann-odd-final&delack=linux',
          relation: 'less',
          factor: 0.5,
        },
      ],
    },
  ],
};
