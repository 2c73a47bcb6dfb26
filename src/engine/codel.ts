// CoDel, Controlled Delay (Nichols and Jacobson, "Controlling Queue Delay", ACM Queue 10(5), 2012;
// RFC 8289): active queue management for a router's queue. It watches how long each packet waited
// (its sojourn time) when it reaches the head of the queue. Once every packet for INTERVAL has
// waited more than TARGET, the queue is a standing queue, not a burst: CoDel drops the packet at
// the head and keeps dropping, each next drop sooner (INTERVAL / sqrt(count)), until a packet has
// waited less than TARGET. A loss-based sender (Reno, CUBIC) halves its window at each drop, so
// the queue, however deep the buffer, stays about TARGET long.
//
// The link decides each packet's fate when it is queued, not when its turn comes: the queue is
// first-in first-out and its service times are known then, so the packets reach the head in the
// order they are queued and CoDel's state at that moment depends only on those before. One thing
// is not known then, and is left out: RFC 8289's check that spares a packet when the queue behind
// it is at most one MTU (the packets behind it have not arrived yet). No ECN: CoDel drops.
import type { Nanoseconds } from './units';

/** RFC 8289 4.3-4.4: the acceptable standing delay, and the window it must persist for. */
export const CODEL_TARGET_NS: Nanoseconds = 5e6;
export const CODEL_INTERVAL_NS: Nanoseconds = 100e6;

/** How the packet before the current one left the dequeue: returned (the call ended), dropped in
 * the dropping state's loop, or dropped as the first of a dropping state. */
type After = 'sent' | 'loop' | 'first';

export class CoDel {
  /** When the sojourn time will have been above TARGET for INTERVAL; -1: it is below. */
  private firstAboveNs: Nanoseconds = -1;
  private dropping = false;
  private dropNextNs: Nanoseconds = 0;
  private count = 0;
  private lastCount = 0;
  private after: After = 'sent';
  /** When the packet before this one reached the head of the queue. */
  private lastHeadNs: Nanoseconds = 0;

  /**
   * A packet queued at `queuedNs` reaches the head at `headNs`; `queueWasEmpty`: the link was idle
   * when it came (a dequeue between found nothing). True: CoDel drops it there.
   */
  drops(queuedNs: Nanoseconds, headNs: Nanoseconds, queueWasEmpty: boolean): boolean {
    let context = this.after;
    if (context !== 'sent' && queuedNs > this.lastHeadNs) {
      // The dequeue after the last drop found the queue empty: no sojourn above target (RFC 8289
      // 5.4), and in the dropping loop that ends the dropping state. This packet starts a new dequeue.
      this.firstAboveNs = -1;
      if (context === 'loop') this.dropping = false;
      context = 'sent';
    } else if (context === 'sent' && queueWasEmpty) {
      this.dropping = false; // the link fell idle: a dequeue found the queue empty (5.5)
    }
    this.lastHeadNs = headNs;
    const ok = this.okToDrop(headNs - queuedNs, headNs);
    if (context === 'first') return this.send(); // the packet after the first drop goes
    if (context === 'loop') {
      if (!ok) {
        this.dropping = false;
        return this.send();
      }
      this.dropNextNs = this.controlLaw(this.dropNextNs);
      return this.dropping && headNs >= this.dropNextNs ? this.dropAgain() : this.send();
    }
    if (this.dropping) {
      if (!ok) {
        this.dropping = false;
        return this.send();
      }
      return headNs >= this.dropNextNs ? this.dropAgain() : this.send();
    }
    if (!ok) return this.send();
    // Enter the dropping state. If it was left only a little while ago, resume near the drop rate
    // that controlled the queue then (RFC 8289 5.5).
    this.dropping = true;
    const delta = this.count - this.lastCount;
    this.count = delta > 1 && headNs - this.dropNextNs < 16 * CODEL_INTERVAL_NS ? delta : 1;
    this.lastCount = this.count;
    this.dropNextNs = this.controlLaw(headNs);
    this.after = 'first';
    return true;
  }

  /** RFC 8289 5.4 (dodequeue): above TARGET for a whole INTERVAL is a standing queue. */
  private okToDrop(sojournNs: Nanoseconds, nowNs: Nanoseconds): boolean {
    if (sojournNs < CODEL_TARGET_NS) {
      this.firstAboveNs = -1;
      return false;
    }
    if (this.firstAboveNs < 0) {
      this.firstAboveNs = nowNs + CODEL_INTERVAL_NS;
      return false;
    }
    return nowNs > this.firstAboveNs;
  }

  /** RFC 8289 5.3: the next drop INTERVAL / sqrt(count) after `t`. */
  private controlLaw(t: Nanoseconds): Nanoseconds {
    return t + Math.round(CODEL_INTERVAL_NS / Math.sqrt(this.count));
  }

  private dropAgain(): boolean {
    this.count++;
    this.after = 'loop';
    return true;
  }

  private send(): boolean {
    this.after = 'sent';
    return false;
  }
}
