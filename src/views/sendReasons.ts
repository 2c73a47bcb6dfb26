// Why a packet was sent, and why it was dropped, in words, for the packet's tip on the ladder: the engine's reasons
// (engine/trace.ts) are identifiers ("ack-now"). A reason added there fails the type check until
// it has words here.
import type { DropCause, SendReason } from '../engine/trace';

export const SEND_REASON_WORDS: Record<SendReason, string> = {
  syn: 'opens the connection (SYN)',
  data: 'new data',
  retransmit: 'retransmission',
  'fast-retransmit': 'fast retransmission (duplicate ACKs)',
  fin: 'closes its side (FIN)',
  'ack-now': 'ACK sent at once',
  'ack-delayed': 'ACK the delayed-ACK timer released',
  'window-update': 'window update: the application read data',
  probe: 'zero-window probe',
  rst: 'reset (RST)',
  tlp: 'tail loss probe (RFC 8985): the last segment sent again, to draw an ACK',
  'tlp-new': 'tail loss probe (RFC 8985): the next new segment, sent to draw an ACK',
};

/** Why a packet never arrived, in words, for the same tip. */
export const DROP_WORDS: Record<DropCause, string> = {
  queue: 'the full router queue turned it away',
  loss: 'lost on the link',
  codel: 'CoDel dropped it at the head of the router queue',
};
