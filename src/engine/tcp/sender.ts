// The sending half's bookkeeping: sequence space (what the application queued, what was sent,
// what the peer acknowledged), the peer's window, and a record of every data segment in flight:
// what was sent when, and whether it was a retransmission.
import type { Bytes, Nanoseconds } from '../units';
import { Fenwick } from './fenwick';
import { RELEASED, type NextSend, type SendRecord } from './sendRecord';
import { blockedBy, mayTransmit, type SendRuleInput } from './sendrule';

export type { SendRecord } from './sendRecord';

/**
 * Acknowledged records' slots kept before the array is compacted (and only once they are half of
 * it): compacting moves every record in flight, rebuilds the SACK sums and regrows their arrays.
 */
const COMPACT_AFTER = 4096;

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
  /** Records are kept for a reader: a controller that reads ACK samples, or SACK's scoreboard. */
  keepsRecords = true;
  private first = 0;
  /** Counts the times records moved to other indexes (a splice), so an index held across sends can be found again. */
  moves = 0;
  /**
   * For stepping over SACKed records: `skip[i]` is i for a record not SACKed, else an index above it
   * with only SACKed records between (followed to the first record not SACKed, shortening the path).
   */
  private skip: number[] = null!; // made by trackSack(), as are the SACK arrays below
  /** With SACK: the scoreboard's sums, by record index (SACKed bytes; bytes not SACKed). */
  private tracking = false;
  private sackedLen: Fenwick = null!; // made by trackSack(): most connections never need them
  private unsackedLen: Fenwick = null!;
  /** Bytes of records not SACKed and retransmitted at or after `resentSince` (-1: not kept yet). */
  private resentSince: Nanoseconds = -1;
  private resentBytes = 0;
  /**
   * The last ACK's SACK blocks, all marked (start, end pairs), valid while no record moved: an ACK
   * repeats most of the last one's blocks, and marking one again finds nothing. (A retransmission
   * in place replaces a record not SACKed, so none inside a marked block.) This ACK's go to `marking`.
   */
  private marked: number[] = null!;
  private marking: number[] = null!;
  private markedCount = 0;
  private markedMoves = -1;
  /** The block last scanned, and where its scan stopped: the next ACK's block mostly resumes it. */
  private scannedStart = -1;
  private scannedStop = 0;
  private scannedMoves = -1;
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
    if (len > 0 && this.keepsRecords) {
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
        lostAgain: false,
        delivered: this.delivered,
        deliveredNs: this.deliveredNs,
        firstSentNs: this.firstSentNs,
        appLimited,
      });
    }
    this.sndNxt += len;
    this.sndMax = Math.max(this.sndMax, this.sndNxt);
  }

  /** Both ends use SACK: keep what the scoreboard reads (before any data is sent). */
  trackSack(): void {
    this.tracking = true;
    this.skip = [];
    this.marked = [];
    this.marking = [];
    this.sackedLen = new Fenwick();
    this.unsackedLen = new Fenwick();
    this.reindex();
  }

  /** A retransmission replaces the records of the sequence space it covers again. */
  private record(r: SendRecord): void {
    const tracking = this.tracking;
    if (!r.retransmitted) {
      if (tracking) {
        this.skip.push(this.sent.length);
        this.sackedLen.push(0);
        this.unsackedLen.push(r.len);
      }
      this.sent[this.sent.length] = r; // not push: see Sim.release
      return;
    }
    const end = r.seq + r.len;
    const sent = this.sent;
    const at = this.firstAtOrAfter(r.seq);
    let covered = 0;
    while (at + covered < sent.length && sent[at + covered].seq + sent[at + covered].len <= end) covered++;
    if (tracking && this.resentSince >= 0) {
      for (let k = at; k < at + covered; k++) if (this.resent(sent[k])) this.resentBytes -= sent[k].len;
      if (r.sentNs >= this.resentSince) this.resentBytes += r.len;
    }
    if (covered === 1 && !sent[at].sacked) {
      if (tracking) {
        this.unsackedLen.add(at, r.len - sent[at].len);
        this.skip[at] = at;
      }
      sent[at] = r;
      return;
    }
    sent.splice(at, covered, r);
    this.moves++;
    if (tracking) this.reindex();
  }

  /** Not SACKed, retransmitted at or after `resentSince`, and not found lost again. */
  private resent(r: SendRecord): boolean {
    return !r.sacked && r.retransmitted && !r.lostAgain && r.sentNs >= this.resentSince;
  }

  /** RACK found this retransmission, still in flight, lost too: out of the pipe, a hole again. */
  markLostAgain(r: SendRecord): void {
    if (this.resentSince >= 0 && this.resent(r)) this.resentBytes -= r.len;
    r.lostAgain = true;
  }

  /** Records moved: build the SACK indexes again. */
  private reindex(): void {
    if (!this.tracking) return;
    const sent = this.sent;
    const skip = this.skip;
    skip.length = sent.length;
    const sacked: number[] = [];
    const unsacked: number[] = [];
    for (let i = 0; i < sent.length; i++) {
      const r = sent[i];
      skip[i] = r.sacked ? i + 1 : i;
      sacked.push(r.sacked ? r.len : 0);
      unsacked.push(r.sacked ? 0 : r.len);
    }
    this.sackedLen.reset(sacked);
    this.unsackedLen.reset(unsacked);
  }

  // ---- The SACK scoreboard's questions (RFC 6675 4), answered in O(log n) -----------------------

  /** Bytes SACKed and not yet cumulatively acknowledged (0 without SACK). */
  get sackedInFlight(): Bytes {
    return this.tracking ? this.sackedLen.total - this.sackedLen.prefix(this.first) : 0;
  }

  /**
   * Bytes below snd.nxt that neither the ACK nor a SACK has covered: what the network may still
   * hold (after a timeout, only what has gone again). Linux's tcp_packets_in_flight, lost marks aside.
   */
  get pipe(): Bytes {
    const sent = this.sndNxt - this.sndUna;
    if (!this.tracking) return sent;
    const below = Math.min(this.sent.length, this.firstAtOrAfter(this.sndNxt));
    return sent - (this.sackedLen.prefix(below) - this.sackedLen.prefix(this.first));
  }

  /** Bytes SACKed in the records above index `i`. */
  sackedAbove(i: number): Bytes {
    return this.sackedLen.total - this.sackedLen.prefix(Math.min(this.sent.length, i + 1));
  }

  /**
   * The index below which every record not SACKed is lost: more than `threshold` bytes above it
   * are SACKed (IsLost). Records at or above it are not lost.
   */
  lostBelow(threshold: Bytes): number {
    const target = this.sackedLen.total - threshold;
    return Math.max(this.first, this.sackedLen.below(target));
  }

  /** Bytes not SACKed in the records from index `i` on. */
  unsackedFrom(i: number): Bytes {
    return this.unsackedLen.total - this.unsackedLen.prefix(Math.min(this.sent.length, i));
  }

  /** Bytes of records in flight, not SACKed, retransmitted at or after `sinceNs`. */
  resentSinceNs(sinceNs: Nanoseconds): Bytes {
    if (sinceNs !== this.resentSince) {
      this.resentSince = sinceNs;
      let bytes = 0;
      for (let i = this.first; i < this.sent.length; i++)
        if (this.resent(this.sent[i])) bytes += this.sent[i].len;
      this.resentBytes = bytes;
    }
    return this.resentBytes;
  }

  /** The index of the first record at or above index `i` that is not SACKed (or the end). */
  nextUnsacked(i: number): number {
    if (!this.tracking) return i; // nothing is SACKed
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
    const keepResent = this.tracking && this.resentSince >= 0;
    while (first < sent.length && sent[first].seq + sent[first].len <= ack) {
      const r = sent[first];
      sent[first++] = RELEASED; // let the record go now, not when the array is next compacted
      if (keepResent && this.resent(r)) this.resentBytes -= r.len;
      if (!r.sacked) this.delivered += r.len;
      this.deliveredNs = nowNs;
      this.firstSentNs = Math.max(this.firstSentNs, r.sentNs);
    }
    if (first > COMPACT_AFTER && first * 2 > sent.length) {
      sent.splice(0, first);
      first = 0;
      this.moves++;
      this.reindex();
    }
    this.first = first;
    return freedData;
  }

  /** SACK blocks arrived (RFC 2018): mark the segments they cover; returns the newest one newly SACKed. */
  onSacked(blocks: ReadonlyArray<[number, number]>, nowNs: Nanoseconds): SendRecord | null {
    let newest: SendRecord | null = null;
    const sent = this.sent;
    const marked = this.marked;
    const marking = this.marking;
    const known = this.markedMoves === this.moves ? this.markedCount : 0;
    for (let b = 0; b < blocks.length; b++) {
      const start = blocks[b][0];
      const end = blocks[b][1];
      marking[2 * b] = start;
      marking[2 * b + 1] = end;
      if (wasMarked(marked, known, start, end)) continue;
      const resume = start === this.scannedStart && this.scannedMoves === this.moves;
      let i = this.nextUnsacked(resume ? Math.max(this.scannedStop, this.first) : this.firstAtOrAfter(start));
      for (; i < sent.length; i = this.nextUnsacked(i + 1)) {
        const r = sent[i];
        if (r.seq + r.len > end) break;
        if (this.resentSince >= 0 && this.resent(r)) this.resentBytes -= r.len;
        r.sacked = true;
        this.skip[i] = i + 1;
        this.sackedLen.add(i, r.len);
        this.unsackedLen.add(i, -r.len);
        this.delivered += r.len;
        this.deliveredNs = nowNs;
        this.firstSentNs = Math.max(this.firstSentNs, r.sentNs);
        if (!newest || r.sentNs >= newest.sentNs) newest = r;
      }
      this.scannedStart = start;
      this.scannedStop = i;
      this.scannedMoves = this.moves;
    }
    this.marked = marking;
    this.marking = marked;
    this.markedCount = 2 * blocks.length;
    this.markedMoves = this.moves;
    return newest;
  }

  /** Going back over sent data (after a timeout): step over what the peer SACKed (RFC 6675 5.1). */
  skipSacked(): void {
    let i = this.firstAtOrAfter(this.sndNxt);
    while (i < this.sent.length && this.sent[i].seq === this.sndNxt && this.sent[i].sacked)
      this.sndNxt += this.sent[i++].len;
  }

  /** Index of the first record starting at or after `seq` (records are in sequence order). */
  firstAtOrAfter(seq: number): number {
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

/** Whether [start, end) is one of the first `count` / 2 pairs in `marked`. */
function wasMarked(marked: readonly number[], count: number, start: number, end: number): boolean {
  for (let k = 0; k < count; k += 2) if (marked[k] === start && marked[k + 1] === end) return true;
  return false;
}
