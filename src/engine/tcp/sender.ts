// The sending half's bookkeeping: sequence space (what the application queued, what was sent,
// what the peer acknowledged), the peer's window, and a record of every data segment in flight:
// what was sent when, and whether it was a retransmission.
import type { StallCause } from '../trace';
import type { Bytes, Nanoseconds } from '../units';
import { blockedBy, mayTransmit, type SendRuleInput } from './sendrule';

export interface SendRecord {
  seq: number;
  /** Sequence space used: payload, plus one for a FIN. */
  len: number;
  sentNs: Nanoseconds;
  retransmitted: boolean;
  /** The peer SACKed it (RFC 2018): it is held there, not in flight. */
  sacked?: boolean;
  /** Bytes delivered, and when the last of them was, as this segment left: its delivery rate's start. */
  delivered: number;
  deliveredNs: Nanoseconds;
  /** When the most recently delivered segment had been sent, as this one left: the send interval's start. */
  firstSentNs: Nanoseconds;
  /** Nothing was queued behind it: the rate it measures is the application's, not the path's. */
  appLimited: boolean;
}

/** What the next segment may carry: `len` data bytes, a FIN, or nothing and what blocks the data. */
export interface NextSend {
  len: Bytes;
  fin: boolean;
  blocked: StallCause | null;
}

export class TcpSender {
  sndUna = 0;
  sndNxt = 0;
  sndMax = 0;
  /** One past the last byte the application has written (our first data byte is 1). */
  queuedEnd = 1;
  finQueued = false;
  sndWnd: Bytes = 0;
  maxSndWnd: Bytes = 0;
  dupAcks = 0;
  /** Bytes the peer has received (cumulatively ACKed or SACKed), and when the last arrived. */
  delivered = 0;
  deliveredNs: Nanoseconds = 0;
  private firstSentNs: Nanoseconds = 0;
  /** Records of the segments in flight, oldest first, from `first` on (an index, not shift()). */
  private readonly sent: SendRecord[] = [];
  private first = 0;
  /**
   * For stepping over SACKed records: `skip[i]` is i for a record not SACKed, else an index above it
   * with only SACKed records between (followed to the first record not SACKed, shortening the path).
   */
  private skip: number[] = [];
  private readonly scratch: NextSend = { len: 0, fin: false, blocked: null }; // reused: next() runs per segment
  private readonly rule: SendRuleInput = {
    len: 0,
    mss: 0,
    allQueued: false,
    idle: false,
    nagle: false,
    maxSndWnd: 0,
    retransmitting: false,
    closing: false,
  };

  constructor(private readonly bufferBytes: Bytes) {}

  /** Bytes the send buffer can take now. */
  get writable(): Bytes {
    const held = this.queuedEnd - Math.max(this.sndUna, 1);
    return Math.max(0, this.bufferBytes - held);
  }

  get idle(): boolean {
    return this.sndMax === this.sndUna;
  }

  /** Segments sent and not yet acknowledged, oldest first: `records` from index `firstRecord` on. */
  get records(): readonly SendRecord[] {
    return this.sent;
  }

  get firstRecord(): number {
    return this.first;
  }

  /** Segments sent and not yet acknowledged, oldest first (a copy). */
  get inFlight(): readonly SendRecord[] {
    return this.sent.slice(this.first);
  }

  updateWindow(win: Bytes): void {
    this.sndWnd = win;
    this.maxSndWnd = Math.max(this.maxSndWnd, win);
  }

  /** The send rule applied at sndNxt; `idle` is judged once per output pass (sendrule.ts). */
  next(cwnd: Bytes, mss: Bytes, nagle: boolean, idle: boolean): NextSend {
    const inFlight = this.sndNxt - this.sndUna;
    const window = Math.min(this.sndWnd, cwnd);
    const queued = Math.max(0, this.queuedEnd - this.sndNxt);
    const len = Math.min(Math.max(0, Math.min(queued, window - inFlight)), mss);
    const allQueued = this.sndNxt + len === this.queuedEnd;
    const rule = this.rule;
    rule.len = len;
    rule.mss = mss;
    rule.allQueued = allQueued;
    rule.idle = idle;
    rule.nagle = nagle;
    rule.maxSndWnd = this.maxSndWnd;
    rule.retransmitting = this.sndNxt < this.sndMax;
    rule.closing = this.finQueued;
    const sendData = mayTransmit(rule);
    const fin = this.finQueued && this.sndNxt <= this.queuedEnd && (sendData ? allQueued : queued === 0);
    const blocked = !sendData && !fin && queued > 0 ? blockedBy(rule, cwnd <= this.sndWnd) : null;
    const out = this.scratch;
    out.len = sendData ? len : 0;
    out.fin = fin;
    out.blocked = blocked;
    return out;
  }

  /** A segment using `len` of sequence space left now from sndNxt. */
  onSent(len: number, nowNs: Nanoseconds): void {
    const seq = this.sndNxt;
    const retransmitted = seq < this.sndMax;
    if (len > 0) {
      const appLimited = this.sndNxt + len >= this.queuedEnd;
      if (this.idle) {
        // tcp_rate_skb_sent: nothing in flight, so both intervals start now.
        this.firstSentNs = nowNs;
        this.deliveredNs = nowNs;
      }
      this.record({
        seq,
        len,
        sentNs: nowNs,
        retransmitted,
        sacked: false,
        delivered: this.delivered,
        deliveredNs: this.deliveredNs,
        firstSentNs: this.firstSentNs,
        appLimited,
      });
    }
    this.sndNxt += len;
    this.sndMax = Math.max(this.sndMax, this.sndNxt);
  }

  /** A retransmission replaces the records of the sequence space it covers again. */
  private record(r: SendRecord): void {
    if (!r.retransmitted) {
      this.skip.push(this.sent.length);
      this.sent.push(r);
      return;
    }
    const end = r.seq + r.len;
    const sent = this.sent;
    const at = this.firstAtOrAfter(r.seq);
    let covered = 0;
    while (at + covered < sent.length && sent[at + covered].seq + sent[at + covered].len <= end) covered++;
    if (covered === 1 && !sent[at].sacked) {
      sent[at] = r;
      this.skip[at] = at;
      return;
    }
    sent.splice(at, covered, r);
    this.reindex();
  }

  /** Records moved: every record starts as its own step. */
  private reindex(): void {
    const skip = this.skip;
    skip.length = this.sent.length;
    for (let i = 0; i < skip.length; i++) skip[i] = this.sent[i].sacked ? i + 1 : i;
  }

  /** The first record at or above index `i` that is not SACKed (or the end). */
  private unsackedFrom(i: number): number {
    const skip = this.skip;
    const n = skip.length;
    let root = i;
    while (root < n && skip[root] !== root) root = skip[root];
    while (i < n && skip[i] !== i) {
      const next = skip[i];
      skip[i] = root;
      i = next;
    }
    return root;
  }

  /** The peer acknowledged everything before `ack`; returns whether application data was freed. */
  onAcked(ack: number, nowNs: Nanoseconds = 0): boolean {
    const freedData = Math.min(ack, this.queuedEnd) > Math.max(this.sndUna, 1);
    this.sndUna = ack;
    if (this.sndNxt < this.sndUna) this.sndNxt = this.sndUna;
    const sent = this.sent;
    let first = this.first;
    while (first < sent.length && sent[first].seq + sent[first].len <= ack) {
      const r = sent[first++];
      if (!r.sacked) this.delivered += r.len;
      this.deliveredNs = nowNs;
      this.firstSentNs = Math.max(this.firstSentNs, r.sentNs);
    }
    if (first === sent.length) {
      sent.length = 0;
      this.skip.length = 0;
      first = 0;
    } else if (first > 256 && first * 2 > sent.length) {
      sent.splice(0, first);
      first = 0;
      this.reindex();
    }
    this.first = first;
    return freedData;
  }

  /** SACK blocks arrived (RFC 2018): mark the segments they cover; returns the newest one newly SACKed. */
  onSacked(blocks: ReadonlyArray<[number, number]>, nowNs: Nanoseconds): SendRecord | null {
    let newest: SendRecord | null = null;
    const sent = this.sent;
    for (let b = 0; b < blocks.length; b++) {
      const start = blocks[b][0];
      const end = blocks[b][1];
      for (let i = this.unsackedFrom(this.firstAtOrAfter(start)); i < sent.length; i = this.unsackedFrom(i + 1)) {
        const r = sent[i];
        if (r.seq + r.len > end) break;
        r.sacked = true;
        this.skip[i] = i + 1;
        this.delivered += r.len;
        this.deliveredNs = nowNs;
        this.firstSentNs = Math.max(this.firstSentNs, r.sentNs);
        if (!newest || r.sentNs >= newest.sentNs) newest = r;
      }
    }
    return newest;
  }

  /** Going back over sent data (after a timeout): step over what the peer SACKed (RFC 6675 5.1). */
  skipSacked(): void {
    let i = this.firstAtOrAfter(this.sndNxt);
    while (i < this.sent.length && this.sent[i].seq === this.sndNxt && this.sent[i].sacked)
      this.sndNxt += this.sent[i++].len;
  }

  /** Index of the first record starting at or after `seq` (records are in sequence order). */
  private firstAtOrAfter(seq: number): number {
    let lo = this.first;
    let hi = this.sent.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.sent[mid].seq < seq) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
