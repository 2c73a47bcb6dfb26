// The ladder's geometry: time scales (plain and folded), packet bands and labels.
import { describe, expect, it } from 'vitest';
import { runQuery } from '../src/scenario';
import { FLAG, type PacketRecord, type Trace } from '../src/engine/trace';
import { packetKind, packetShape, shortLabel } from '../src/views/packetGeometry';
import { serializationNs } from '../src/scenario/linkTiming';
import { busyIntervals, idleGaps, runEndNs, timeScale, type Gap } from '../src/views/timeScale';
import { stallLabelSpot, stallLabelSpots } from '../src/views/LadderStalls';
import { foldLabel } from '../src/views/foldLabels';
import { chooseBoxes } from '../src/views/labelPlacement';
import { bandAmount, bandLabel, bandTitle, labelledStalls, stallBands } from '../src/views/stallBands';
import { segmentsPath } from '../src/views/TimeSequencePlot';
import { breakdown } from '../src/scenario/breakdown';
import { adviceFor } from '../src/ui/callout/stallAdvice';
import type { SegmentBar } from '../src/views/tspSeries';
import type { StallRecord } from '../src/engine/trace';
import { stallKey } from '../src/views/LadderStalls';
import { ladderView } from './support/ladderView';

const packet = (over: Partial<PacketRecord>): PacketRecord => ({
  id: 0,
  conn: 0,
  dir: 's2c',
  seq: 1,
  ack: 53,
  flags: FLAG.ACK | FLAG.PSH,
  win: 16384,
  len: 226,
  optionBytes: 0,
  reason: 'data',
  sendNs: 1_000_000,
  arriveNs: 1_000_000 + 234_000 + 175_000,
  ipBytes: 266,
  wireBytes: 304,
  ...over,
});

describe('time scale', () => {
  it('maps the run linearly onto the box when nothing is folded', () => {
    const y = timeScale(1_000, [10, 110]);
    expect(y(0)).toBe(10);
    expect(y(500)).toBe(60);
    expect(y(1_000)).toBe(110);
  });

  it('gives each folded gap a fixed height and shares the rest in proportion', () => {
    const y = timeScale(1_000, [0, 100], [{ startNs: 100, endNs: 900 }], 20);
    expect(y(100)).toBeCloseTo(40);
    expect(y(900)).toBeCloseTo(60);
    expect(y(1_000)).toBeCloseTo(100);
    expect(y.invert(50)).toBeCloseTo(500);
  });

  it('finds the delayed-ACK and Nagle waits of the default page as idle gaps', () => {
    const { trace } = runQuery('');
    const end = runEndNs(trace);
    const gaps = idleGaps([trace], end);
    expect(gaps.length).toBeGreaterThanOrEqual(2);
    for (const s of trace.stalls.filter((s) => s.cause === 'delayed-ack')) {
      const overlap = (g: { startNs: number; endNs: number }) =>
        Math.min(g.endNs, s.endNs) - Math.max(g.startNs, s.startNs);
      expect(gaps.some((g) => overlap(g) >= 0.9 * (s.endNs - s.startNs))).toBe(true);
    }
    for (const g of gaps) {
      for (const p of trace.packets)
        expect(p.sendNs >= g.endNs || (p.arriveNs ?? p.sendNs) <= g.startNs).toBe(true);
    }
  });
});

describe('busy time', () => {
  /** Every packet's time on the wire, joined where they touch: worked out afresh. */
  const onWire = (traces: Trace[]): Gap[] => {
    const spans = traces
      .flatMap((t) => t.packets.map((p) => [p.sendNs, p.arriveNs ?? p.sendNs]))
      .sort((a, b) => a[0] - b[0]);
    const out: Gap[] = [];
    for (const [startNs, endNs] of spans) {
      const last = out[out.length - 1];
      if (last && startNs <= last.endNs) last.endNs = Math.max(last.endNs, endNs);
      else out.push({ startNs, endNs });
    }
    return out;
  };

  it("is found once per run: asked again (the playhead's, each panel's) it reads none of the run's packets", () => {
    const one = runQuery('').trace;
    const other = runQuery('page=microscape&http=1.0&conns=4').trace;
    const first = busyIntervals([one]);
    expect(first).toEqual(onWire([one]));
    // What a reader does with the answer is its own: the next reader's is whole.
    first[0].endNs = first[0].startNs;
    let reads = 0;
    const packets = one.packets;
    one.packets = new Proxy(packets, {
      get: (table, key) => {
        reads++;
        return Reflect.get(table, key);
      },
    });
    expect(busyIntervals([one])).toEqual(onWire([{ ...one, packets } as Trace]));
    expect(reads).toBe(0);
    // Another run has its own, and two runs together the union of both.
    expect(busyIntervals([other])).toEqual(onWire([other]));
    expect(busyIntervals([one, other])).toEqual(onWire([{ ...one, packets } as Trace, other]));
    expect(reads).toBe(0);
  });
});

describe('packet arrows', () => {
  const lane = { index: 0, clientX: 0, serverX: 100 };
  const path = {
    c2s: { bandwidthBps: 10e6, oneWayDelayNs: 175_000 },
    s2c: { bandwidthBps: 10e6, oneWayDelayNs: 175_000 },
  };

  it('spans the serialization time at the sender and arrives at arriveNs', () => {
    const p = packet({});
    const shape = packetShape(p, lane, (ns) => ns / 1000, path);
    expect(serializationNs(304, 10e6)).toBe(243_200);
    expect(shape.fromX).toBe(100);
    expect(shape.toX).toBe(0);
    expect(shape.leaveBottom - shape.leaveTop).toBeCloseTo(243.2);
    expect(shape.arriveBottom).toBeCloseTo(p.arriveNs! / 1000);
    expect(shape.dropped).toBe(false);
  });

  it('ends a lost packet halfway across', () => {
    const shape = packetShape(packet({ arriveNs: null, drop: 'loss' }), lane, (ns) => ns / 1000, path);
    expect(shape.dropped).toBe(true);
    expect(shape.toX).toBe(50);
    expect(packetKind(packet({ arriveNs: null }))).toBe('dropped');
  });

  it('labels packets the way the papers print them', () => {
    expect(shortLabel(packet({}))).toBe('P 1:227(226) ack 53');
    expect(shortLabel(packet({ dir: 'c2s', flags: FLAG.ACK, len: 0, seq: 53, ack: 1687 }))).toBe('ack 1687');
    expect(shortLabel(packet({ flags: FLAG.SYN, len: 0, seq: 0 }))).toBe('S');
    expect(shortLabel(packet({ flags: FLAG.FIN | FLAG.ACK, len: 0, seq: 571, ack: 13079 }))).toBe(
      'F 571:571(0) ack 13079',
    );
  });
});

describe('stall labels and fold marks', () => {
  const stall = (over: Partial<StallRecord>): StallRecord => ({
    conn: 0,
    side: 'server',
    cause: 'server-think',
    startNs: 0,
    endNs: 20e6,
    ...over,
  });
  // Wide lane: client at 160, server at 1000; the ladder's right edge at 1100.
  const lane = { index: 0, clientX: 160, serverX: 1000 };
  const y = (ns: number) => ns / 1e6; // 20 px for a 20 ms stall: one line's height, not two
  const bounds = { left: 64, right: 1100 };

  it('breaks an outside label after its cause rather than run past the edge', () => {
    const spot = stallLabelSpot(stall({}), lane, y, true, bounds)!;
    expect(spot.lines).toEqual(['server think', '20\u00a0ms']);
    expect(spot.box.x1).toBeLessThanOrEqual(bounds.right);
  });

  it('puts a label with no room outside inside the lane, and none where nothing fits', () => {
    const tight = { left: 64, right: 1040 };
    const spot = stallLabelSpot(stall({}), lane, y, true, tight)!;
    expect(spot.anchor).toBe('end');
    expect(spot.box.x1).toBeLessThan(lane.serverX);
    const narrow = { index: 0, clientX: 160, serverX: 200 };
    expect(stallLabelSpot(stall({}), narrow, y, true, { left: 150, right: 230 })).toBeNull();
  });

  it('gives the amount alone where the cause has no room, only after every place for the cause', () => {
    // Two ladders side by side in a 640 px frame: lanes too narrow for "server think" inside.
    const narrow = { index: 0, clientX: 160, serverX: 230 };
    expect(stallLabelSpot(stall({}), narrow, y, false, { left: 150, right: 240 })!.lines).toEqual([
      '20\u00a0ms',
    ]);
    const spots = stallLabelSpots(stall({}), lane, y, true, bounds);
    const first = spots.findIndex((s) => s.lines.join(' ') === '20\u00a0ms');
    expect(first).toBeGreaterThan(0);
    expect(spots.slice(0, first).every((s) => s.lines[0].startsWith('server think'))).toBe(true);
  });

  it("keeps a stall's label above its run's end, beside the band", () => {
    // The stall ends where the run does (a comparison's axis goes on for the other side).
    const free = stallLabelSpot(stall({}), lane, y, true, bounds)!;
    expect(free.box.y1).toBeGreaterThan(20); // two lines on a 20 px band reach past its end
    const spot = stallLabelSpot(stall({}), lane, y, true, { ...bounds, runEndY: 20 })!;
    expect(spot.lines).toEqual(free.lines);
    expect(spot.box.y1).toBeLessThanOrEqual(20);
    expect(spot.box.y1).toBeGreaterThan(0); // still beside its band
  });

  it("keeps a stall's label whole inside the view when its band runs past the view's edge", () => {
    // 20 px of band, the view's top edge 16 px into it: 4 px in view, under the hosts' names.
    const spots = stallLabelSpots(stall({}), lane, y, true, { ...bounds, top: 16, bottom: 500 });
    expect(spots.length).toBeGreaterThan(0);
    for (const { box } of spots) expect(box.y0).toBeGreaterThanOrEqual(16);
    // And at the bottom edge: 4 px of band in view above it.
    const atBottom = stallLabelSpots(stall({ startNs: 30e6, endNs: 50e6 }), lane, y, true, {
      ...bounds,
      top: 0,
      bottom: 34,
    });
    expect(atBottom.length).toBeGreaterThan(0);
    for (const { box } of atBottom) expect(box.y1).toBeLessThanOrEqual(34);
  });

  it('labels a tall band over the arrows where every place beside it is crossed, but not a short one', () => {
    // Arrows across the whole lane every 5 px, as in a dense ladder on a phone: no clear place.
    const arrows = Array.from({ length: 40 }, (_, i) => ({ x0: 0, y0: i * 5, x1: 1100, y1: i * 5 + 3 }));
    const tall = stallLabelSpots(stall({ startNs: 60e6, endNs: 120e6 }), lane, y, true, bounds);
    const short = stallLabelSpots(stall({ startNs: 60e6, endNs: 90e6 }), lane, y, true, bounds);
    const [tallAt, shortAt] = chooseBoxes([tall.map((s) => s.box), short.map((s) => s.box)], arrows);
    expect(tall[tallAt]?.lines).toEqual(['server think', '60\u00a0ms']);
    expect(shortAt).toBe(-1);
    // Another label still keeps it out: over the arrows is the last place, not over a label.
    const [under] = chooseBoxes([tall.map((s) => s.box)], arrows, [{ x0: 0, y0: 0, x1: 1100, y1: 200 }]);
    expect(under).toBe(-1);
  });

  it('labels the focused stall over the arrows however short its band, and over other labels at last', () => {
    const arrows = Array.from({ length: 40 }, (_, i) => ({ x0: 0, y0: i * 5, x1: 1100, y1: i * 5 + 3 }));
    const short = stall({ startNs: 60e6, endNs: 90e6 });
    const boxes = (focused: boolean) =>
      stallLabelSpots(short, lane, y, true, bounds, focused).map((s) => s.box);
    // Under 36 px, crossed everywhere: unfocused it keeps only its tooltip...
    expect(chooseBoxes([boxes(false)], arrows)).toEqual([-1]);
    // ...framed by "Show the stall", it keeps its cause over the arrows, at one of its places...
    const spots = stallLabelSpots(short, lane, y, true, bounds, true);
    const [over] = chooseBoxes([boxes(true)], arrows);
    expect(spots[over].box.overArrows).toBe(true);
    expect(spots[over].box.always).toBeUndefined();
    expect(spots[over].lines.join(' ')).toBe('server think 30\u00a0ms');
    // ...and where another label covers every place, it takes its first one still.
    const [forced] = chooseBoxes([boxes(true)], arrows, [{ x0: 0, y0: 0, x1: 1100, y1: 200 }]);
    expect(forced).toBe(spots.length - 1);
    expect(spots[forced].box).toMatchObject({ ...spots[0].box, always: true });
  });

  it("names each stall's cause on a phone's geo ladder, where arrows cross every place beside a band", () => {
    // The ladder at 390 x 844 is 312 x 470 px: one lane, its labels between the host lines. The
    // handshake (39 px) and two Nagle waits (40 px) had read "561 ms", "576 ms", "560 ms" alone.
    for (const [query, side] of [
      ['link=geo', 'a'],
      ['b.link=geo', 'b'],
    ] as const) {
      const { trace, labels, spotsOf } = ladderView(query, side, 312, 470);
      const shown = labelledStalls(trace.stalls).flatMap((s) => {
        const place = labels.stalls.get(stallKey(s));
        return place === undefined ? [] : [spotsOf(s)[place].lines.join(' ')];
      });
      expect(shown).toEqual([
        'handshake 561\u00a0ms',
        'cwnd 748\u00a0ms',
        'Nagle 576\u00a0ms',
        'Nagle 560\u00a0ms',
        'Nagle 676\u00a0ms',
      ]);
    }
  });

  it('names the stall "Show the stall" framed on a phone before the stall labels beside it', () => {
    // A median 2024 page, pipelined over a lossy WAN: on a 390 px phone the button frames 113.22 to
    // 114.14 s, the server's 148 ms congestion-window wait 65 px tall beside the client's 50 ms
    // flush timer. The flush timer's label, placed first, took the cwnd band's place (and its two
    // over the arrows), and the outlined band was the one in view left unnamed ("cwnd 148 ms" at
    // 1280 px).
    const query = 'page=almanac24&http=1.1pipe&loads=5&link=wan&loss=1';
    const window: [number, number] = [113_222_303_585, 114_143_306_415];
    const framed = ladderView(query, 'a', 312, 470, { window }).trace.stalls.find(
      (s) => s.cause === 'cwnd' && s.side === 'server' && s.startNs === 113_608_563_000,
    )!;
    const { trace, labels, spotsOf } = ladderView(query, 'a', 312, 470, { window, stall: framed });
    const place = labels.stalls.get(stallKey(framed));
    expect(place).toBeDefined();
    const spot = spotsOf(framed)[place!];
    expect(spot.lines.join(' ')).toBe('cwnd 148\u00a0ms');
    // Beside its band (65 px from y 222 to 287), over no other label.
    expect(spot.box.y0).toBeGreaterThanOrEqual(222);
    expect(spot.box.y1).toBeLessThanOrEqual(288);
    const others = [
      ...labels.labels.map((l) => l.rect),
      ...labelledStalls(trace.stalls).flatMap((s) => {
        const at = labels.stalls.get(stallKey(s));
        return at === undefined || stallKey(s) === stallKey(framed) ? [] : [spotsOf(s)[at].box];
      }),
    ];
    expect(others.length).toBeGreaterThan(2);
    for (const r of others)
      expect(r.x0 < spot.box.x1 && spot.box.x0 < r.x1 && r.y0 < spot.box.y1 && spot.box.y0 < r.y1).toBe(
        false,
      );
  });

  it("keeps a stall's label clear of its lane's host lines in the narrow lanes of 16 connections", () => {
    // Images over the geo link, A with 4 connections beside B with 16, at 1280 px: B's ten lanes
    // are 180 px (A's four fit the page at 188), 128 px between the host lines, and
    // "handshake 561 ms" over the arrows, 127 px from 10 px right of the client's line, had been
    // drawn across the server's. Over the arrows the label now takes two lines.
    const query = 'page=pm-images&http=1.0&link=geo&conns=4&b.conns=16';
    for (const side of ['b', 'a'] as const) {
      const { trace, labels, spotsOf, laneOf } = ladderView(query, side);
      const shown = labelledStalls(trace.stalls).flatMap((s) => {
        const place = labels.stalls.get(stallKey(s));
        return place === undefined ? [] : [{ stall: s, spot: spotsOf(s)[place] }];
      });
      for (const { stall, spot } of shown) {
        const { clientX, serverX } = laneOf(stall.conn);
        for (const x of [clientX, serverX])
          expect(spot.box.x0 < x && spot.box.x1 > x, `${spot.lines.join(' ')} across ${x}`).toBe(false);
      }
      const handshakes = shown.filter((l) => l.stall.cause === 'handshake');
      expect(handshakes.length).toBeGreaterThanOrEqual(side === 'a' ? 4 : 10);
      // Each still names its cause.
      for (const { spot } of handshakes) expect(spot.lines[0]).toMatch(/^handshake/);
      if (side === 'b')
        expect(handshakes.map((l) => l.spot.lines)).toContainEqual(['handshake', '561\u00a0ms']);
    }
  });

  it("gives a fold's length only where no stall label or run's end already says it", () => {
    const gap = { startNs: 5e6, endNs: 120e6 };
    expect(foldLabel(gap, 200e6, []).text).toBe('⋯ 115\u00a0ms');
    const held = stall({ cause: 'delayed-ack', startNs: 4.8e6, endNs: 121e6 });
    expect(foldLabel(gap, 200e6, [held])).toMatchObject({ text: '⋯', quiet: 'in-stall' });
    expect(foldLabel(gap, 3e6, [])).toMatchObject({ text: '', quiet: 'after-run' });
  });
});

describe('stall bands', () => {
  it('draws a wait recorded more than once as one band, and counts it once among merged ones', () => {
    // A client thinking 4 ms before each of the requests it learned at once: one record a request.
    const wait = (i: number): StallRecord => ({
      conn: 0,
      side: 'client',
      cause: 'client-think',
      startNs: i * 4e6,
      endNs: (i + 1) * 4e6,
    });
    const twice = (n: number) => Array.from({ length: n }, (_, i) => [wait(i), wait(i)]).flat();
    const few = stallBands(twice(3), 1e9, 0, 1e9, 1e6);
    expect(few.map((b) => [b.startNs, b.count])).toEqual([
      [0, 1],
      [4e6, 1],
      [8e6, 1],
    ]);
    // Past MAX_BANDS, touching waits merge: 250 waits, not the 500 records.
    const many = stallBands(twice(250), 2e9, 0, 2e9, 1e6);
    expect(many.map((b) => b.count)).toEqual([250]);
  });

  it('a band standing for many stalls is labelled with how many, not with one long wait', () => {
    const { trace } = runQuery('objects=20000000&flush=none&link=longfat&window=16000000&cc=bbr&sack=1');
    const server = trace.stalls.filter((s) => s.side === 'server');
    const bands = stallBands(server, trace.endNs, 0, trace.endNs, trace.endNs / 1000);
    const merged = bands.filter((b) => b.count > 1);
    expect(merged.length).toBeGreaterThan(0);
    for (const b of merged) {
      expect(bandAmount(b)).toMatch(new RegExp(`^${b.count.toLocaleString('en-US')} (of [\\d,]+ )?stalls$`));
      expect(bandTitle(b, 'server', 'pacing')).toContain(`${b.count.toLocaleString('en-US')} times`);
    }
    const one = bands.find((b) => b.count === 1)!;
    expect(bandAmount(one)).toMatch(/s$/); // a single stall keeps its length
  });

  it('a merged band says on one line how many stalls of which cause it stands for, a single one its cause and length', () => {
    // HTTP/2 loading the 2024 page over LTE at 1% loss: two retransmission timeouts less than a
    // pixel apart are drawn as one band, whose label had read 'RTO 2 waits'.
    const { trace } = runQuery('http=2&page=almanac24&link=lte&loss=1');
    const bands = stallBands(trace.stalls, trace.endNs, 0, trace.endNs, trace.endNs / 600);
    const rto = bands.filter((b) => b.cause === 'rto');
    expect(rto.map((b) => b.count)).toEqual([2]);
    expect(bandLabel(rto[0], 'RTO')).toBe('2 RTO stalls');
    const lane = { index: 0, clientX: 100, serverX: 500 };
    const y = (ns: number) => (ns / trace.endNs) * 2000;
    const spots = stallLabelSpots(rto[0], lane, y, true, { left: 0, right: 900 });
    expect(spots.map((spot) => spot.lines.join(' / '))).toContain('2 RTO stalls');
    // One stall keeps its cause and its length: "HOL 185 ms".
    expect(bandLabel({ startNs: 0, endNs: 185e6, count: 1 }, 'HOL')).toBe('HOL 185\u00a0ms');
  });

  it("a merged band's label says how many of the run's stalls of its cause it stands for, as the headline counts them", () => {
    // HTTP/2 over LTE: the receiver's window holds the server 661 times; the plot merges them into
    // dozens of bands, and the one wide enough for a label had read 'rwnd 94 waits' (now '94 of 661
    // rwnd stalls', the headline's count and word).
    const run = runQuery('page=almanac24&http=2&link=lte');
    const { trace } = run;
    const advice = adviceFor(trace, run.config.settings, breakdown(trace, run.path))!;
    expect(advice.stall.cause).toBe('rwnd');
    const stalls = trace.stalls.filter((s) => s.conn === 0);
    const bands = stallBands(stalls, trace.endNs, 0, trace.endNs, trace.endNs / 800);
    const rwnd = bands.filter((b) => b.cause === 'rwnd' && b.count > 1);
    expect(rwnd.length).toBeGreaterThan(1);
    for (const b of rwnd) {
      expect(b.count).toBeLessThan(advice.causeCount);
      expect(bandAmount(b)).toBe(`${b.count} of ${advice.causeCount} stalls`);
      expect(bandLabel(b, 'rwnd')).toBe(`${b.count} of ${advice.causeCount} rwnd stalls`);
      expect(bandTitle(b, 'server', 'x')).toContain(
        `(drawn as one band; ${advice.causeCount} such stalls in all)`,
      );
    }
    // A band that is all of its cause's stalls says only how many.
    const all = stallBands(
      stalls.filter((s) => s.cause === 'rwnd'),
      trace.endNs,
      0,
      trace.endNs,
      trace.endNs,
    );
    expect(all.map(bandAmount)).toEqual([`${advice.causeCount} stalls`]);
  });

  it('labels once a wait of one cause that overlaps another as long (an HTTP/3 server thinking about two streams)', () => {
    const { trace } = runQuery('http=3');
    const think = trace.stalls.filter((s) => s.cause === 'server-think');
    // The server thinks about the two images' streams at once, 0.1 ms apart.
    expect(think.map((s) => [s.startNs, s.endNs - s.startNs])).toEqual([
      [5_868_200, 2e6],
      [14_678_200, 2e6],
      [14_775_800, 2e6],
    ]);
    const labelled = labelledStalls(trace.stalls);
    expect(labelled.filter((s) => s.cause === 'server-think').map((s) => s.startNs)).toEqual([
      5_868_200, 14_678_200,
    ]);
    // Left unlabelled besides: only the client's think before the two images, recorded once for
    // each (the same wait twice). The rest keep their labels, in the trace's order.
    const thinkTwice = trace.stalls.filter((s) => s.cause === 'client-think' && s.startNs === 13_905_600);
    expect(thinkTwice).toHaveLength(2);
    expect(trace.stalls.filter((s) => !labelled.includes(s))).toEqual([thinkTwice[1], think[2]]);
    expect(labelled).toEqual(trace.stalls.filter((s) => s !== think[2] && s !== thinkTwice[1]));
    // Waits that overlap but differ in length each say theirs; waits one after another each too.
    const wait = (startNs: number, endNs: number): StallRecord => ({
      conn: 0,
      side: 'server',
      cause: 'server-think',
      startNs,
      endNs,
    });
    const differ = [wait(0, 2e6), wait(1e5, 9e6)];
    expect(labelledStalls(differ)).toEqual(differ);
    const inTurn = [wait(0, 2e6), wait(2e6, 4e6)];
    expect(labelledStalls(inTurn)).toEqual(inTurn);
  });
});

describe('time-sequence plot segments', () => {
  it('a data segment is drawn at least a pixel tall, however many bytes the axis spans', () => {
    // 20 MB on a 240 px axis: a 1448-byte segment is a hundredth of a pixel.
    const y = (seq: number) => 240 - (seq / 20e6) * 240;
    const bar: SegmentBar = {
      index: 0,
      timeNs: 1e6,
      seq: 10e6,
      end: 10e6 + 1448,
      retransmit: false,
      dropped: false,
    };
    const d = segmentsPath([bar], () => 100, y, false);
    const [, y0, y1] = d.match(/^M[\d.]+,([\d.]+)V([\d.]+)$/)!.map(Number);
    expect(y0 - y1).toBeGreaterThanOrEqual(1);
  });
});
