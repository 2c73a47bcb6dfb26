// When each HTTP exchange was open, as its waterfall row spans it: from its request being written
// (or, never written, from when the client knew it wanted it) to its last byte or, lost with its
// connection, to where the client asked again or left the connection. The time axis folds only
// gaps no exchange spans; it needs these spans at first paint, and the rows' phases
// (waterfallPhases.ts) only when the waterfall is drawn.
import type { Trace } from '../engine/trace';

/**
 * The fields of an exchange record this view reads. Older traces number exchanges per connection
 * (`index`); newer ones carry an `id`, `queuedNs` and `firstByteNs`. Both are read.
 */
export interface Exchange {
  conn: number;
  label: string;
  responseBytes: number;
  startNs: number;
  endNs: number | null;
  index?: number;
  id?: number;
  queuedNs?: number;
  firstByteNs?: number | null;
  stream?: number;
  lost?: boolean;
  load?: number;
  object?: number;
  attempt?: number;
}

export function exchangesOf(trace: Trace): Exchange[] {
  return trace.exchanges as unknown as Exchange[];
}

/** A request was written when its start is known: a lost one may never have been (its start is then -1 ns). */
export function isWritten(ex: Exchange): boolean {
  return ex.startNs >= 0;
}

/** The client closed, reset or gave up on a connection. */
const CLIENT_LEFT = 'client-left';

/**
 * The earliest time of each (kind, connection, exchange) among the events and milestones a row
 * reads, found in one pass over the trace rather than one pass per row.
 */
export class FirstTimes {
  private readonly first = new Map<string, number>();

  constructor(trace: Trace) {
    for (const e of trace.events)
      if (e.kind === 'request-read' || e.kind === 'response-write')
        this.note(e.kind, e.conn, e.exchange, e.atNs);
      else if (e.side === 'client' && (e.kind === 'close' || e.kind === 'reset' || e.kind === 'timeout'))
        this.note(CLIENT_LEFT, e.conn, undefined, e.atNs);
    // The first milestone recorded counts, as a search from the front would find it.
    for (const m of trace.milestones ?? [])
      if (!this.first.has(FirstTimes.key(m.kind, m.conn, m.exchange)))
        this.note(m.kind, m.conn, m.exchange, m.atNs);
  }

  static key(kind: string, conn: number, exchange: number | undefined): string {
    return `${kind} ${conn} ${exchange ?? ''}`;
  }

  private note(kind: string, conn: number, exchange: number | undefined, atNs: number): void {
    const key = FirstTimes.key(kind, conn, exchange);
    const known = this.first.get(key);
    if (known === undefined || atNs < known) this.first.set(key, atNs);
  }

  get(kind: string, conn: number, exchange?: number): number | null {
    return this.first.get(FirstTimes.key(kind, conn, exchange)) ?? null;
  }
}

/** Where a lost request ended: when it was lost, and whether the client asked for it again. */
export interface Loss {
  atNs: number | null;
  askedAgain: boolean;
}

/**
 * When each lost exchange was given up: the client asks again as soon as its connection closes,
 * so its next attempt was queued then; without one (the client gave up on the object), when the
 * client left the connection. Found in one pass over the exchanges, not one per lost exchange.
 */
export function lossesOf(trace: Trace, times: FirstTimes): Map<Exchange, Loss> {
  const exchanges = exchangesOf(trace);
  const losses = new Map<Exchange, Loss>();
  if (!exchanges.some((e) => e.lost)) return losses;
  const key = (e: Exchange, attempt: number) => `${e.load} ${e.object} ${attempt}`;
  const queued = new Map<string, number | undefined>();
  for (const e of exchanges) queued.set(key(e, e.attempt ?? 0), e.queuedNs);
  for (const e of exchanges) {
    if (!e.lost) continue;
    const retry = queued.get(key(e, (e.attempt ?? 0) + 1));
    losses.set(
      e,
      retry !== undefined
        ? { atNs: retry, askedAgain: true }
        : { atNs: times.get(CLIENT_LEFT, e.conn), askedAgain: false },
    );
  }
  return losses;
}

/** Where an exchange's row begins and ends, and where it was lost. */
export interface ExchangeSpan {
  startNs: number;
  /** Its response's last byte; null if it never completed. */
  endNs: number | null;
  lostNs: number | null;
  /** Where its row is drawn to: its last byte, else its loss, else the run's end. */
  drawnEndNs: number;
}

export function spanOf(trace: Trace, ex: Exchange, loss: Loss | undefined): ExchangeSpan {
  const lostNs = loss?.atNs ?? null;
  const drawnEndNs = ex.endNs ?? lostNs ?? trace.endNs;
  // Lost before it was written: it waited (for its connection, its turn or the client's think) until the close.
  const startNs = isWritten(ex) ? ex.startNs : (ex.queuedNs ?? drawnEndNs);
  return { startNs, endNs: ex.endNs, lostNs, drawnEndNs };
}

/** Every exchange's span, in the trace's order. */
export function exchangeSpans(trace: Trace): ExchangeSpan[] {
  const losses = lossesOf(trace, new FirstTimes(trace));
  return exchangesOf(trace).map((ex) => spanOf(trace, ex, losses.get(ex)));
}
