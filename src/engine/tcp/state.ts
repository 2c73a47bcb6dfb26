// The RFC 793 connection states, and the transitions the closing handshake makes.
export type TcpState =
  | 'CLOSED'
  | 'LISTEN'
  | 'SYN_SENT'
  | 'SYN_RCVD'
  | 'ESTABLISHED'
  | 'FIN_WAIT_1'
  | 'FIN_WAIT_2'
  | 'CLOSE_WAIT'
  | 'CLOSING'
  | 'LAST_ACK'
  | 'TIME_WAIT';

/** The application closed its sending half; null when there is no half left to close. */
export function afterShutdown(s: TcpState): TcpState | null {
  if (s === 'ESTABLISHED') return 'FIN_WAIT_1';
  if (s === 'CLOSE_WAIT') return 'LAST_ACK';
  return null;
}

/** The peer's FIN arrived in order. */
export function afterPeerFin(s: TcpState): TcpState {
  if (s === 'ESTABLISHED') return 'CLOSE_WAIT';
  if (s === 'FIN_WAIT_1') return 'CLOSING';
  if (s === 'FIN_WAIT_2') return 'TIME_WAIT';
  return s;
}

/** The peer acknowledged our FIN ('CLOSED' from LAST_ACK: the connection is over). */
export function afterFinAcked(s: TcpState): TcpState {
  if (s === 'FIN_WAIT_1') return 'FIN_WAIT_2';
  if (s === 'CLOSING') return 'TIME_WAIT';
  if (s === 'LAST_ACK') return 'CLOSED';
  return s;
}

/** States in which the endpoint sends data and ACKs (not before the handshake is done). */
export function outputAllowed(s: TcpState): boolean {
  return s !== 'CLOSED' && s !== 'LISTEN' && s !== 'SYN_SENT' && s !== 'SYN_RCVD';
}
