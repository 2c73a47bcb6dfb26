// What a receiver keeps of out-of-order data, and what a sender marks as SACKed, against the plain
// rule each implements: held segments come back in order of start (ties in arrival order, as a
// stable sort leaves them); SACK blocks are the merged ranges, latest arrival first, at most four
// (RFC 2018 4); a block already marked is marked again once the segments under it were sent again.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HeldRanges } from '../src/engine/tcp/heldRanges';
import { SackRanges } from '../src/engine/tcp/sackRanges';
import { TcpSender } from '../src/engine/tcp/sender';

type Op = { kind: 'add'; start: number; len: number } | { kind: 'take'; upTo: number };

const ops = fc.array(
  fc.oneof(
    fc.record({
      kind: fc.constant('add' as const),
      start: fc.integer({ min: 0, max: 200 }),
      len: fc.integer({ min: 1, max: 12 }),
    }),
    fc.record({ kind: fc.constant('take' as const), upTo: fc.integer({ min: 0, max: 220 }) }),
  ),
  { maxLength: 120 },
);

describe('held out-of-order segments', () => {
  it('come back in order of start, ties in arrival order, whatever order they arrive in', () => {
    fc.assert(
      fc.property(ops, (list: Op[]) => {
        const held = new HeldRanges();
        let reference: Array<[number, number, number]> = [];
        let arrival = 0;
        for (const op of list) {
          if (op.kind === 'add') {
            held.add(op.start, op.start + op.len);
            reference.push([op.start, op.start + op.len, arrival++]);
            reference = reference.sort((a, b) => a[0] - b[0] || a[2] - b[2]);
            continue;
          }
          const taken: number[][] = [];
          for (let r = held.takeFrom(op.upTo); r !== null; r = held.takeFrom(op.upTo))
            taken.push([r[0], r[1]]);
          // The reference takes from the front while the front starts at or before upTo.
          const expected: number[][] = [];
          while (reference.length > 0 && reference[0][0] <= op.upTo)
            expected.push(reference.shift()!.slice(0, 2));
          expect(taken).toEqual(expected);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('a retransmission below what is held is taken before it', () => {
    const held = new HeldRanges();
    held.add(3000, 4000);
    held.add(4000, 5000);
    held.add(2000, 3000); // fills a later hole
    held.add(5000, 6000);
    const taken: number[] = [];
    for (let r = held.takeFrom(10_000); r !== null; r = held.takeFrom(10_000)) taken.push(r[0]);
    expect(taken).toEqual([2000, 3000, 4000, 5000]);
  });
});

/** RFC 2018 4 read plainly: merge what arrived into ranges; report the range of the latest arrival first, then the others by their latest arrival. */
function referenceBlocks(
  segments: Array<{ start: number; end: number; at: number }>,
): Array<[number, number]> {
  const sorted = [...segments].sort((a, b) => a.start - b.start);
  const ranges: Array<{ start: number; end: number; at: number }> = [];
  for (const s of sorted) {
    const last = ranges[ranges.length - 1];
    if (last && s.start <= last.end) {
      last.end = Math.max(last.end, s.end);
      last.at = Math.max(last.at, s.at);
    } else ranges.push({ ...s });
  }
  return ranges
    .sort((a, b) => b.at - a.at)
    .slice(0, 4)
    .map((r) => [r.start, r.end]);
}

describe('SACK blocks', () => {
  it('are the merged ranges, latest arrival first, at most four', () => {
    fc.assert(
      fc.property(ops, (list: Op[]) => {
        const sack = new SackRanges();
        let segments: Array<{ start: number; end: number; at: number }> = [];
        let at = 0;
        for (const op of list) {
          if (op.kind === 'add') {
            sack.add(op.start, op.start + op.len);
            segments.push({ start: op.start, end: op.start + op.len, at: at++ });
          } else {
            sack.dropBelow(op.upTo);
            // A range that ends at or below upTo has arrived in order: it goes, segments and all.
            const blocks = referenceBlocksAll(segments);
            const gone = blocks.filter((r) => r[1] <= op.upTo);
            segments = segments.filter((s) => !gone.some((r) => s.start >= r[0] && s.end <= r[1]));
          }
          expect(sack.blocksForAck() ?? []).toEqual(referenceBlocks(segments));
        }
      }),
      { numRuns: 400 },
    );
  });
});

/** Every merged range (not only the four reported). */
function referenceBlocksAll(
  segments: Array<{ start: number; end: number; at: number }>,
): Array<[number, number]> {
  const sorted = [...segments].sort((a, b) => a.start - b.start);
  const ranges: Array<[number, number]> = [];
  for (const s of sorted) {
    const last = ranges[ranges.length - 1];
    if (last && s.start <= last[1]) last[1] = Math.max(last[1], s.end);
    else ranges.push([s.start, s.end]);
  }
  return ranges;
}

describe("the sender's SACK marks", () => {
  it('a block the last ACK carried is marked again once the segment under it was sent again', () => {
    const snd = new TcpSender(1_000_000);
    snd.trackSack();
    snd.sndUna = snd.sndNxt = snd.sndMax = 1; // the SYN is acknowledged: data starts at 1
    snd.queuedEnd = 1 + 3000;
    for (let t = 0; t < 3; t++) snd.onSent(1000, t);
    expect(snd.onSacked([[1001, 2001]], 10)?.seq).toBe(1001);
    expect(snd.onSacked([[1001, 2001]], 11)).toBeNull(); // nothing new
    snd.sndNxt = 1001; // sent again over the SACKed segment: a new record, not SACKed
    snd.onSent(1000, 20);
    const again = snd.onSacked([[1001, 2001]], 30);
    expect(again?.seq).toBe(1001);
    expect(again?.sentNs).toBe(20);
  });
});
