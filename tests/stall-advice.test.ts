// The callout suggests a knob that removes the stall, and none when no knob would, nor for a
// cause that cost the page less than 5% of its time or 10 ms; its figures are the breakdown's.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { StallRecord, Trace } from '../src/engine/trace';
import { runQuery, type Run } from '../src/scenario';
import { toSimInput } from '../src/scenario/resolve';
import { simulate } from '../src/engine/simulate';
import { pageTimeNs } from '../src/engine/metrics';
import type { Settings } from '../src/scenario/schema';
import { parseQuery } from '../src/scenario/codec';
import { PRESETS } from '../src/scenario/presets';
import {
  adviceFor,
  checkedFix,
  checkRuns,
  fixWords,
  suggestionsFor,
  type Suggestion,
} from '../src/ui/callout/stallAdvice';
import { pageTimes } from '../src/worker/runSettings';
import { STALL_CAUSES } from '../src/scenario/stallCauses';
import { breakdown, partNs } from '../src/scenario/breakdown';
import { formatDuration } from '../src/views/format';
import { eachWaitOnce, stallBands } from '../src/views/stallBands';
import { conn, INSTANT_PATH, pkt, trace } from './support/handTrace';
import { checkStallsAreWaits } from './support/invariants';
import { anyQuery } from './support/randomQuery';

const stall = (cause: StallRecord['cause']): StallRecord => ({
  conn: 0,
  side: 'client',
  startNs: 0,
  endNs: 70e6,
  cause,
});
const settings = (q: string) => parseQuery(q).config.settings;
/** The first knob change a cause's row offers, or null. */
const suggestionFor = (...args: Parameters<typeof suggestionsFor>) => suggestionsFor(...args)[0] ?? null;
/** The callout on a run, from its breakdown (as the page has it). */
const advise = (r: Run) => adviceFor(r.trace, r.config.settings, breakdown(r.trace, r.path));
/** What the page's check finds: the candidates run, over loss draws when the page is lossy. */
const check = (r: Run, candidates: Suggestion[]) =>
  checkedFix(
    candidates,
    r.config.settings,
    pageTimes(checkRuns(r.config.settings, candidates)),
    pageTimeNs(r.trace),
  )!;
/** The callout on a hand-built page, whose packets are placed by hand. */
const pageAdvice = (t: Trace, s: Settings) => adviceFor(t, s, breakdown(t, INSTANT_PATH));

describe('stall advice', () => {
  it('suggests a pipelined connection for handshakes only when the page paid more than one', () => {
    // Three 70 ms handshakes one after another cost the page 210 ms: a connection kept saves two.
    expect(suggestionFor(stall('handshake'), settings('http=1.0'), [], 210e6)).toEqual({
      key: 'http',
      value: '1.1pipe',
    });
    expect(suggestionFor(stall('handshake'), settings('http=getall'), [], 210e6)).toBeNull();
    expect(suggestionFor(stall('handshake'), settings('http=1.1'), [], 210e6)).toBeNull();
    // One object, one connection: keeping it open saves nothing (Padmanabhan-Mogul's transfers),
    // nor does it when parallel connections shook hands at once (the page paid one handshake).
    expect(suggestionFor(stall('handshake'), settings('http=1.0'), [], 70e6)).toBeNull();
    expect(advise(runQuery('preset=pm-throughput'))?.candidates[0] ?? null).toBeNull();
    const parallel = runQuery('link=lte&http=1.0&conns=4&flush=none');
    expect(parallel.trace.stalls.filter((s) => s.cause === 'handshake').length).toBeGreaterThan(1);
    expect(advise(parallel)?.candidates[0] ?? null).toBeNull();
    expect(pageWith(parallel, { key: 'http', value: '1.1pipe' })).toBeGreaterThan(pageTimeNs(parallel.trace));
    // Nielsen et al.'s HTTP/1.0 robot over the WAN opens 43 connections, four at a time: the
    // callout names the handshakes and offers their answer, which halves the page (4.1 -> 2.1 s).
    const nielsen = runQuery('preset=nielsen-wan-1.0-first');
    expect(advise(nielsen)?.stall.cause).toBe('handshake');
    expect(advise(nielsen)?.candidates[0]).toEqual({ key: 'http', value: '1.1pipe' });
    expect(pageWith(nielsen, { key: 'http', value: '1.1pipe' })).toBeLessThan(
      0.6 * pageTimeNs(nielsen.trace),
    );
  });
  it('suggests only a larger initial window for a cwnd stall, then BBR on a lossy path', () => {
    expect(suggestionFor(stall('cwnd'), settings('iw=2'))).toEqual({ key: 'iw', value: '4k' });
    expect(suggestionFor(stall('cwnd'), settings('iw=4k'))).toEqual({ key: 'iw', value: '10' });
    // IW10 is the largest: a 4 KB window would only add round trips (Mathis's bulk transfer).
    expect(suggestionFor(stall('cwnd'), settings('iw=10'))).toBeNull();
    expect(suggestionFor(stall('cwnd'), settings('preset=mathis-loss'))).toEqual({
      key: 'cc',
      value: 'bbr',
    });
    expect(suggestionFor(stall('cwnd'), settings('preset=mathis-loss&cc=bbr'))).toBeNull();
    // A Linux host's window is already IW10 (its stack sets it while iw is at its default): a 4 KB
    // window had been offered as larger, and IW10 as a change.
    expect(suggestionsFor(stall('cwnd'), settings('stack=linux'))).toEqual([]);
    expect(suggestionsFor(stall('cwnd'), settings('stack=linux&loss=1'))).toEqual([
      { key: 'cc', value: 'bbr' },
    ]);
    expect(suggestionsFor(stall('cwnd'), settings('stack.server=linux&loss=1&iw=4k'))).toEqual([
      { key: 'iw', value: '10' },
      { key: 'cc', value: 'bbr' },
    ]);
    // QUIC's window is RFC 9002's: neither iw nor cc sets it, so neither is put forward; on a
    // lossy path the loss keeps it small, and less loss is offered.
    expect(suggestionsFor(stall('cwnd'), settings('http=3&tls=1.3&iw=2&loss=1'))).toEqual([
      { key: 'loss', value: 0 },
    ]);
    expect(suggestionFor(stall('cwnd'), settings('http=3&tls=1.3&iw=2'))).toBeNull();
  });
  it("offers only less loss for QUIC's probe timeout: no RTO floor, no RACK-TLP (RFC 9002 6.2)", () => {
    expect(suggestionsFor(stall('pto'), settings('http=3&loss=5&sack=1&minrto=1000'))).toEqual([
      { key: 'loss', value: 0 },
    ]);
    // A full router queue's drop: the knob is already at 0, and nothing is offered.
    expect(suggestionsFor(stall('pto'), settings('http=3&queue=1'))).toEqual([]);
  });
  it("offers only less loss for QUIC's loss timer: 9/8 of a round trip, which no knob sets (RFC 9002 6.1.2)", () => {
    expect(suggestionsFor(stall('loss-timer'), settings('http=3&loss=5'))).toEqual([
      { key: 'loss', value: 0 },
    ]);
    expect(suggestionsFor(stall('loss-timer'), settings('http=3&queue=1'))).toEqual([]);
  });
  it("says whose reordering window the loss timer waited out: QUIC's 9/8 of a round trip, or RACK's quarter of min_RTT", () => {
    const { sentence } = STALL_CAUSES['loss-timer'];
    expect(sentence('server', '9.2 ms', settings('http=3&link=lte&loss=5'))).toBe(
      'The server waited 9.2 ms to call a packet lost: fewer than three later packets were acknowledged, so QUIC waited 9/8 of a round trip in case it was only reordered (RFC 9002 6.1.2)',
    );
    // TCP's RACK (tcp/rack.ts reoWnd): min_RTT / 4 once a later segment is SACKed.
    expect(sentence('server', '114 ms', settings('link=wan&loss=5&sack=1&rack=on'))).toBe(
      'The server waited 114 ms to call a segment lost: a later one was SACKed, so RACK waited a reordering window (a quarter of the minimum round trip) in case it was only reordered (RFC 8985 6.2)',
    );
  });
  it("offers less loss where QUIC's window is held small by it, and the engine finds the page faster", () => {
    // A 2024 page over HTTP/3 on LTE at 1% loss: 8.86 s of its 10.1 s went to cwnd stalls, with
    // nothing offered before.
    const r = runQuery('http=3&link=lte&loss=1&page=almanac24');
    const advice = advise(r)!;
    expect(advice.stall.cause).toBe('cwnd');
    expect(advice.candidates).toEqual([{ key: 'loss', value: 0 }]);
    expect(pageWith(r, { key: 'loss', value: 0 })).toBeLessThan(0.5 * pageTimeNs(r.trace));
  });
  it("never suggests a knob the settings hide: TCP's delayed ACK for QUIC's", () => {
    const keys = (q: string) => suggestionsFor(stall('delayed-ack'), settings(q)).map((s) => s.key);
    expect(keys('http=2&flush=none')).toContain('delack');
    // HTTP/3 hides the TCP knobs: QUIC's ACK policy is its own (RFC 9000 13.2.1).
    expect(keys('http=3&flush=none')).toEqual([]);
  });
  it("offers flushing the pipeline at once for its flush timer, as Nielsen's explicit flush did, and the page gets faster", () => {
    const run = runQuery('preset=nielsen-wan-pipe-first');
    const advice = advise(run)!;
    expect(advice.stall.cause).toBe('flush-timer');
    expect(advice.candidates[0]).toEqual({ key: 'pipeflush', value: 0 });
    // 2.06 s with the 50 ms timer; about 5% less with the flush.
    expect(pageWith(run, advice.candidates[0])).toBeLessThan(0.97 * pageTimeNs(run.trace));
  });

  it('suggests not flushing the headers alone for a delayed-ACK stall', () => {
    expect(suggestionFor(stall('delayed-ack'), settings('flush=headers'))).toEqual({
      key: 'flush',
      value: 'none',
    });
  });
  it("never offers HTTP/1.x's server knobs under HTTP/2 or HTTP/3, whose servers never read them", () => {
    const keys = (q: string) => suggestionsFor(stall('delayed-ack'), settings(q)).map((s) => s.key);
    expect(keys('http=1.1')).toContain('flush');
    // HTTP/2 and HTTP/3 frame the headers themselves: no segment of their own to stop.
    expect(keys('http=2')).not.toContain('flush');
    expect(keys('http=3')).not.toContain('flush');
    for (const http of ['2', '3']) {
      // Apache's 25 ms per new connection: HTTP/2's and HTTP/3's servers never add it, yet the
      // server-think rule had offered to set it to 0 beside the think time and the rate.
      const r = runQuery(`preset=nielsen-lan-apache-1.1-first&http=${http}`);
      const advice = advise(r)!;
      expect(advice.stall.cause).toBe('server-think');
      expect(advice.candidates.map((c) => c.key)).toEqual(['srate', 'sthink']);
      expect(pageWith(r, { key: 'saccept', value: 0 })).toBe(pageTimeNs(r.trace));
    }
  });
});

/** The page time once a suggestion is applied to a run's settings. */
function pageWith(run: Run, s: { key: string; value: unknown }): number {
  return pageTimeNs(simulate(toSimInput({ ...run.config.settings, [s.key]: s.value } as Settings)));
}

describe('the fix offered is the one that removes the wait', () => {
  it("offers the biggest part of a server's wait: the new-connection delay, the processing per byte", () => {
    const accept = runQuery('saccept=2000&sthink=45');
    expect(advise(accept)?.candidates[0]).toEqual({ key: 'saccept', value: 0 });
    // "Server think: 0" took 45 ms off a 2.5 s page; the delay is two seconds of it.
    expect(pageTimeNs(accept.trace) - pageWith(accept, { key: 'saccept', value: 0 })).toBeGreaterThan(1990e6);
    expect(pageTimeNs(accept.trace) - pageWith(accept, { key: 'sthink', value: 0 })).toBeLessThan(50e6);
    // Over one persistent connection the delay comes once and the think time 43 times: Nielsen's
    // HTTP/1.1 robot waits 50 ms for Jigsaw's new connection, and 10 ms on each request.
    const nielsen = runQuery('preset=nielsen-lan-1.1-first');
    expect(advise(nielsen)?.candidates[0]).toEqual({ key: 'sthink', value: 0 });
    expect(pageTimeNs(nielsen.trace) - pageWith(nielsen, { key: 'sthink', value: 0 })).toBeGreaterThan(400e6);
    expect(pageTimeNs(nielsen.trace) - pageWith(nielsen, { key: 'saccept', value: 0 })).toBeLessThan(60e6);
    const perByte = runQuery('srate=10');
    expect(advise(perByte)?.candidates[0]).toEqual({ key: 'srate', value: 0 });
    expect(pageWith(perByte, { key: 'srate', value: 0 })).toBeLessThan(pageTimeNs(perByte.trace) - 1e9);
  });

  it('offers no TLS 1.3 over TLS 1.2 with False Start, which sends the request after one round trip too', () => {
    const falseStart = runQuery('link=wan&tls=1.2&falsestart=1');
    expect(falseStart.trace.stalls.some((s) => s.cause === 'tls-handshake')).toBe(true);
    expect(
      Math.abs(pageWith(falseStart, { key: 'tls', value: '1.3' }) - pageTimeNs(falseStart.trace)),
    ).toBeLessThan(1e6);
    // The certificate flight (3.5 KB) outgrows the server's initial window of two segments and
    // waits a round trip for its ACKs: a larger initial window is offered and the engine finds it
    // saves that round trip (217 ms of handshake had been said to have no knob that shortens it).
    const advice = advise(falseStart)!;
    expect(advice.stall.cause).toBe('tls-handshake');
    expect(advice.candidates).not.toContainEqual({ key: 'tls', value: '1.3' });
    expect(advice.candidates).toContainEqual({ key: 'resume', value: true });
    const currentNs = pageTimeNs(falseStart.trace);
    const settings = falseStart.config.settings;
    const { fix, pageNs } = checkedFix(
      advice.candidates,
      settings,
      pageTimes(checkRuns(settings, advice.candidates)),
      currentNs,
    )!;
    expect(fix).toEqual({ key: 'iw', value: '4k' });
    expect(pageNs!).toBeLessThan(currentNs - 150e6); // 1.22 -> 1.02 s
    // Without False Start TLS 1.3 saves the round trip.
    const full = runQuery('link=wan&tls=1.2');
    expect(advise(full)?.candidates[0]).toEqual({ key: 'tls', value: '1.3' });
    expect(pageWith(full, { key: 'tls', value: '1.3' })).toBeLessThan(pageTimeNs(full.trace) - 150e6);
  });

  it('offers the ACK policy, not the header flush, when the window is one segment', () => {
    const one = runQuery('iw=1');
    expect(advise(one)?.candidates[0]).toEqual({ key: 'delack', value: 'off' });
    expect(pageWith(one, { key: 'flush', value: 'none' })).toBeGreaterThanOrEqual(pageTimeNs(one.trace));
    expect(pageWith(one, { key: 'delack', value: 'off' })).toBeLessThan(pageTimeNs(one.trace) - 100e6);
  });
});

/** A one-connection page of `pageMs` with stalls of a cause at the given [fromMs, toMs]. */
function page(
  pageMs: number,
  stalls: Array<[number, number]>,
  busyElsewhere: Array<[number, number]> = [],
): Trace {
  const t = trace(
    [conn({ id: 0 }), conn({ id: 1 })],
    busyElsewhere.map(([from, to]) =>
      pkt({ conn: 1, dir: 's2c', len: 1460, sendNs: from * 1e6, arriveNs: to * 1e6 }),
    ),
  );
  t.stalls = stalls.map(([from, to]) => ({ ...stall('delayed-ack'), startNs: from * 1e6, endNs: to * 1e6 }));
  t.loads = [{ index: 0, page: '/', startNs: 0, endNs: pageMs * 1e6 }];
  t.endNs = pageMs * 1e6;
  return t;
}

describe("QUIC's wait on the 3x limit", () => {
  it('is named in place of the handshake it made two round trips long, with its fix', () => {
    // The default page over HTTP/3 on a satellite: the handshake's stall is 1.14 s, 574 ms of it
    // the server's first flight held by the 3x limit (RFC 9000 8.1). The callout had said "The
    // connection handshake took 1.14 s", and the breakdown had no 3x-limit part.
    const r = runQuery('http=3&link=geo');
    const b = breakdown(r.trace, r.path);
    const advice = advise(r)!;
    expect(advice.stall.cause).toBe('amplification');
    expect(advice.causeTotalNs).toBe(partNs(b, 'amplification'));
    expect(advice.causeTotalNs).toBeGreaterThanOrEqual(partNs(b, 'handshake'));
    expect(advice.causeTotalNs).toBeGreaterThan(570e6);
    expect(advice.candidates[0]).toEqual({ key: 'cert', value: 2000 });
    // A smaller certificate fits the first flight: the wait is gone, and the page is that much faster.
    const small = runQuery('http=3&link=geo&cert=2000');
    expect(small.trace.stalls.some((s) => s.cause === 'amplification')).toBe(false);
    expect(b.totalNs - breakdown(small.trace, small.path).totalNs).toBeGreaterThan(550e6);
  });
});

describe('a wait after a loss on a page without packet loss', () => {
  // Today's hosts: a 1 MB window overfills the router's queue. (Over LTE the callout had named
  // head-of-line blocking here, 491 ms of a 1.44 s page, all while the server's link was full:
  // HTTP/3 took 1.43 s. The breakdown no longer charges that, and the window's waits lead.)
  const TODAY = 'http=2&tls=1.3&stack=linux&nagle=0&window=1048576&h2window=6291456';
  it('says a full router queue dropped the segment, where the knob reads 0% loss', () => {
    // The 2024 page over a satellite in low orbit: the server's timer resends a dropped tail.
    const r = runQuery(`page=almanac24&link=leo&${TODAY}`);
    expect(r.trace.packets.some((p) => p.drop === 'loss')).toBe(false);
    expect(r.trace.packets.filter((p) => p.drop === 'queue').length).toBeGreaterThan(30);
    const advice = advise(r)!;
    expect(advice.stall.cause).toBe('rto');
    expect(advice.sentence).toMatch(
      /retransmission timeout; a full router queue had dropped the packet it resends \(Packet loss is 0%\)$/,
    );
  });
  it("says the router queue's CoDel dropped it, where CoDel manages the queue", () => {
    const r = runQuery(`objects=1000000&link=broadband&queue=400&${TODAY}&aqm=codel`);
    expect(r.trace.packets.some((p) => p.drop === 'codel')).toBe(true);
    const advice = advise(r)!;
    expect(advice.sentence).toMatch(
      /; the router queue's CoDel (had )?dropped th(at segment|e packet it resends) \(Packet loss is 0%\)$/,
    );
  });
  it('says nothing of the queue when the loss is the random loss the knob sets', () => {
    const lossy =
      'page=microscape&nagle=0&iw=10&window=1048576&delack=fixed&delackms=40&link=lte&http=2&loss=2';
    const advice = advise(runQuery(lossy))!;
    // Loss's own causes: data held behind a hole, the hole's retransmission, and credit the client
    // cannot give back while it waits (the server's flow-control wait leads here).
    expect(advice.stall.cause).toMatch(/hol-blocking|rto|flow-control/);
    expect(advice.sentence).not.toMatch(/router queue/);
  });
});

describe('head-of-line blocking: the callout offers what repairs the loss sooner, loses less, or avoids the wait', () => {
  // Today's hosts over broadband with Reno and no SACK: the 1 MB window overfills the router's
  // 200-packet queue, and streams already in wait behind its drops. The callout had said no knob
  // shortens that wait, though SACK (RFC 2018/6675) takes the page from 1.75 to 0.54 s.
  const BROADBAND =
    'page=almanac24&link=broadband&stack=linux&nagle=0&window=1048576&h2window=6291456&http=2&sack=0';
  it('offers SACK where Reno and NewReno repair one loss a round trip, and every other way it runs', () => {
    // NewReno (RFC 6582) repairs the window's 141 losses one per round trip: 3.24 s against Reno's 1.75.
    for (const [cc, pageS] of [
      ['reno', 1.749],
      ['newreno', 3.239],
    ] as const) {
      const r = runQuery(`${BROADBAND}&cc=${cc}`);
      expect(pageTimeNs(r.trace) / 1e9).toBeCloseTo(pageS, 2);
      const advice = advise(r)!;
      expect(advice.stall.cause).toBe('hol-blocking');
      expect(advice.noKnob).toBeNull();
      expect(advice.candidates).toEqual([
        { key: 'sack', value: true },
        { key: 'queue', value: 800 },
        { key: 'aqm', value: 'codel' },
        { key: 'cc', value: 'bbr' },
        { key: 'http', value: '3' },
      ]);
      const times = pageTimes(checkRuns(r.config.settings, advice.candidates)).map((ns) => ns! / 1e9);
      // SACK 0.54 s, a queue that holds the window 0.53-0.54 s, BBR 0.56 s, HTTP/3 0.54 s; CoDel,
      // which drops earlier for a loss-based sender, 1.86-1.93 s: run, and not offered.
      expect(times[0]).toBeLessThan(0.55);
      for (const i of [1, 3, 4]) expect(times[i]).toBeLessThan(0.57);
      expect(times[2]).toBeGreaterThan(1.8);
      expect(check(r, advice.candidates).fix).toEqual({ key: 'sack', value: true });
    }
  });
  it('offers RACK where SACK is on, less loss where the loss is random, and a queue only where it overflowed', () => {
    // The same page over a LEO satellite link with Linux's SACK and a 50-packet queue, which drops;
    // nothing offered shortens the page (711 ms, the best fix 711 ms): "would not help" is said.
    // (Over LTE, the wait had been charged while the server's link was still busy: no longer.)
    const leo = runQuery(
      'page=almanac24&link=leo&queue=50&http=2&tls=1.3&stack=linux&nagle=0&window=1048576&h2window=6291456',
    );
    const advice = advise(leo)!;
    expect(advice.stall.cause).toBe('hol-blocking');
    expect(advice.candidates.map((c) => c.key)).toEqual(['rack', 'queue', 'aqm', 'cc', 'http']);
    expect(check(leo, advice.candidates).fix).toBeNull();
    // Microscape over LTE with SACK at 2% loss: the random loss, not the queue.
    const lossy = runQuery(
      'page=microscape&nagle=0&iw=10&window=1048576&delack=fixed&delackms=40&link=lte&http=2&loss=2&sack=1',
    );
    const hol = advise(lossy)!;
    expect(hol.stall.cause).toBe('hol-blocking');
    expect(hol.candidates).toEqual([
      { key: 'rack', value: 'on' },
      { key: 'loss', value: 0 },
      { key: 'cc', value: 'bbr' },
      { key: 'http', value: '3' },
    ]);
    const { fix, pageNs, currentNs } = check(lossy, hol.candidates);
    expect(fix).toEqual({ key: 'loss', value: 0 });
    expect(pageNs!).toBeLessThan(0.8 * currentNs); // 0.75 -> 0.55 s, medians of 5 draws
  });
});

describe('the callout threshold', () => {
  const s = settings('');
  it("puts forward a cause worth at least 5% of the page and 10 ms, with the breakdown's figure", () => {
    const t = page(1000, [
      [100, 130],
      [500, 530],
    ]);
    const advice = pageAdvice(t, s)!;
    expect(advice.candidates[0]).toEqual({ key: 'flush', value: 'none' });
    expect(advice.causeTotalNs).toBe(60e6);
    expect(advice.causeTotalNs).toBe(partNs(breakdown(t, INSTANT_PATH), 'delayed-ack'));
  });

  it('names a single stall in its own words when it takes the headline from a first one no knob shortens', () => {
    // A 100 ms handshake (a tenth of the page: long), then one 95 ms delayed ACK (short, but as
    // costly): the delayed ACK is named, as one wait, not as "1 stalls of up to 95 ms".
    const t = page(1000, [
      [0, 100],
      [400, 495],
    ]);
    t.stalls[0] = { ...t.stalls[0], cause: 'handshake' };
    const advice = pageAdvice(t, s)!;
    expect(advice.passedOver?.cause).toBe('handshake');
    expect(advice.stall.cause).toBe('delayed-ack');
    expect(advice.sentence).toBe('The client waited 95\u00a0ms for a delayed ACK');
  });

  it('proposes nothing worth less than 5% of the page', () => {
    expect(
      pageAdvice(
        page(1000, [
          [100, 120],
          [500, 520],
        ]),
        s,
      ),
    ).toBeNull();
  });

  it('proposes nothing worth less than 10 ms, however large a share', () => {
    expect(
      pageAdvice(
        page(60, [
          [10, 14],
          [30, 34],
        ]),
        s,
      ),
    ).toBeNull();
    expect(
      pageAdvice(
        page(60, [
          [10, 16],
          [30, 36],
        ]),
        s,
      ),
    ).not.toBeNull();
  });

  it('counts a stall hidden behind data moving on another connection as worth nothing', () => {
    expect(pageAdvice(page(1000, [[100, 300]]), s)?.stall.cause).toBe('delayed-ack');
    expect(pageAdvice(page(1000, [[100, 300]], [[90, 310]]), s)).toBeNull();
  });
});

describe('the callout on the presets', () => {
  it.each(PRESETS.map((p) => p.id))('agrees with the breakdown and clears the threshold (%s)', (id) => {
    const { trace: t, config, path } = runQuery(`preset=${id}`);
    const b = breakdown(t, path);
    const advice = adviceFor(t, config.settings, b);
    if (!advice) return;
    expect(advice.causeTotalNs).toBe(partNs(b, advice.stall.cause));
    expect(advice.causeTotalNs).toBeLessThanOrEqual(b.totalNs);
    expect(advice.causeTotalNs).toBeGreaterThanOrEqual(Math.max(10e6, 0.05 * b.totalNs));
  });
  // The student who takes the fix must see the page get faster. Counting a server's think time
  // while its link was still sending the last response had the callout offer "server think: 0"
  // on Nielsen's WAN pipelining, which left the page as it was (1747.9 ms, then 1749.9).
  it.each(PRESETS.map((p) => p.id))('offers only a fix that makes the page faster (%s)', (id) => {
    const run = runQuery(`preset=${id}`);
    const suggestion = advise(run)?.candidates[0];
    if (!suggestion) return;
    expect(pageWith(run, suggestion)).toBeLessThan(pageTimeNs(run.trace));
  });
});

describe('the callout names the first long cause by its longest stall in the load', () => {
  it("loaded three times over the WAN: the last load's longest Nagle hold, as the ladder labels it", () => {
    const r = runQuery('loads=3&link=wan');
    const b = breakdown(r.trace, r.path);
    expect(b.loads).toBe(3);
    const holds = r.trace.stalls.filter(
      (s) => s.cause === 'nagle' && s.startNs >= b.startNs && s.endNs <= b.endNs,
    );
    const lengths = holds.map((s) => s.endNs - s.startNs);
    // The load's first hold is not its longest: the case this is about.
    expect(lengths[0]).toBeLessThan(Math.max(...lengths));
    const advice = adviceFor(r.trace, r.config.settings, b)!;
    expect(advice.stall.cause).toBe('nagle');
    expect(advice.stall.endNs - advice.stall.startNs).toBe(Math.max(...lengths));
    expect(advice.sentence).toContain(formatDuration(Math.max(...lengths)));
    expect(advice.causeTotalNs).toBe(partNs(b, 'nagle'));
  });
});

describe('the callout names a costlier later cause too', () => {
  it('on the default page: the first long stall is the delayed ACK, but Nagle cost more, and it says how much', () => {
    const r = runQuery('');
    const b = breakdown(r.trace, r.path);
    const advice = adviceFor(r.trace, r.config.settings, b)!;
    expect(advice.stall.cause).toBe('delayed-ack');
    expect(advice.costlier).not.toBeNull();
    expect(advice.costlier!.cause).toBe('nagle');
    expect(advice.costlier!.totalNs).toBe(partNs(b, 'nagle'));
    expect(advice.costlier!.totalNs).toBeGreaterThan(advice.causeTotalNs);
  });

  it('names a later cause a knob removes when none removes the first, though it cost no more (IW10: handshake, then Nagle)', () => {
    // Dukkipati's 2010 page: a 100 ms handshake, then a 100 ms Nagle hold of the response's tail.
    const r = runQuery('preset=dukkipati-iw10');
    const b = breakdown(r.trace, r.path);
    expect(partNs(b, 'nagle')).toBeGreaterThan(50e6);
    expect(partNs(b, 'nagle')).toBeLessThanOrEqual(partNs(b, 'handshake'));
    const advice = adviceFor(r.trace, r.config.settings, b)!;
    expect(advice.stall.cause).toBe('nagle');
    expect(advice.passedOver).toEqual({
      cause: 'handshake',
      totalNs: partNs(b, 'handshake'),
      noKnob: 'a page waits a round trip to open its first connection',
    });
    expect(advice.costlier).toBeNull();
    expect(advice.candidates[0]).toEqual({ key: 'nagle', value: false });
    expect(pageWith(r, advice.candidates[0])).toBeLessThan(pageTimeNs(r.trace) * 0.75);
  });

  it("says why no knob shortens a cause it names and offers nothing for (Wang's SPDY page, BBR under loss)", () => {
    // Wang's page over HTTP/2: its one handshake first, then window waits that cost more, with
    // Linux's 10-segment initial window and no loss. "More went to cwnd stalls: 239 ms" had stood
    // with no button and no word of why.
    const spdy = advise(runQuery('preset=wang-spdy'))!;
    expect([spdy.stall.cause, spdy.candidates, spdy.noKnob]).toEqual([
      'handshake',
      [],
      'a page waits a round trip to open its first connection',
    ]);
    expect(spdy.costlier).toMatchObject({
      cause: 'cwnd',
      candidates: [],
      noKnob: 'the window grows by itself each round trip (slow start)',
    });
    // Cardwell's BBR at 1% loss: pacing's short waits, which no knob here removes.
    const bbr = advise(runQuery('preset=cardwell-loss'))!;
    expect([bbr.stall.cause, bbr.candidates, bbr.noKnob]).toEqual([
      'pacing',
      [],
      'pacing spaces segments on purpose, so bursts do not fill the queue',
    ]);
    // With a knob to offer, nothing of the kind is said.
    expect(advise(runQuery('preset=heidemann-odd-final'))!.noKnob).toBeNull();
  });

  it('says why wherever a preset names a cause with no knob to offer: first, passed over, or costlier', () => {
    for (const preset of PRESETS) {
      const advice = advise(runQuery(`preset=${preset.id}`));
      if (!advice) continue;
      const named = [advice, ...(advice.costlier ? [advice.costlier] : [])];
      for (const { candidates, noKnob } of named)
        expect(noKnob, preset.id).toEqual(candidates.length === 0 ? expect.any(String) : null);
      if (advice.passedOver) expect(advice.passedOver.noKnob, preset.id).toEqual(expect.any(String));
    }
  }, 60_000);

  it('gives the headline to the costlier cause when no knob removes the first (one connection, one handshake)', () => {
    // Padmanabhan and Mogul's new protocol: one connection, so its 71 ms handshake is the page's
    // first long stall, and nothing here shortens it; slow start's window waits cost more.
    const r = runQuery('preset=pm-remote-2544');
    const b = breakdown(r.trace, r.path);
    const first = r.trace.stalls.find((s) => s.cause === 'handshake')!;
    expect(suggestionFor(first, r.config.settings, [first], partNs(b, 'handshake'))).toBeNull();
    const advice = adviceFor(r.trace, r.config.settings, b)!;
    expect(advice.stall.cause).toBe('cwnd');
    expect(advice.passedOver).toEqual({
      cause: 'handshake',
      totalNs: partNs(b, 'handshake'),
      noKnob: 'a page waits a round trip to open its first connection',
    });
    expect(advice.causeTotalNs).toBeGreaterThan(advice.passedOver!.totalNs);
    expect(advice.costlier).toBeNull();
    // The fix the page then offers (its check runs every candidate) takes a fifth off the page.
    const settings = r.config.settings;
    const runs = pageTimes(checkRuns(settings, advice.candidates));
    const { fix } = checkedFix(advice.candidates, settings, runs, pageTimeNs(r.trace))!;
    expect(fix).not.toBeNull();
    expect(pageWith(r, fix!)).toBeLessThan(pageTimeNs(r.trace) * 0.8);
  });

  it("offers the costlier cause's fix when none of the named cause's helps (TLS 1.2 held by the server's Nagle)", () => {
    // A 1996 host serving HTTP/2 over TLS 1.2 on the WAN: the handshake (309 ms) is the first long
    // stall, but the server's Nagle hold of its handshake flight stretches it. None of the
    // handshake's fixes (TLS 1.3, resumption, a larger initial window) makes the page faster;
    // Nagle off does. (Over LTE resumption saves 200 ms of 982, and is offered.)
    const r = runQuery('http=2&tls=1.2&link=wan');
    const settings = r.config.settings;
    const currentNs = pageTimeNs(r.trace);
    const advice = advise(r)!;
    expect(advice.stall.cause).toBe('tls-handshake');
    const own = checkedFix(
      advice.candidates,
      settings,
      pageTimes(checkRuns(settings, advice.candidates)),
      currentNs,
    )!;
    expect(own.fix).toBeNull();
    expect(advice.costlier!.cause).toBe('nagle');
    const candidates = advice.costlier!.candidates;
    expect(candidates[0]).toEqual({ key: 'nagle', value: false });
    const { fix, pageNs } = checkedFix(
      candidates,
      settings,
      pageTimes(checkRuns(settings, candidates)),
      currentNs,
    )!;
    expect(fix).toEqual({ key: 'nagle', value: false });
    expect(pageNs!).toBeLessThan(currentNs - 300e6); // 1.04 -> 0.70 s
  });

  it('says nothing more when the cause named is the costliest', () => {
    const advice = advise(runQuery('nagle=0'))!;
    expect(advice.costlier).toBeNull();
  });
});

describe('the callout on a paced sender', () => {
  it('gives pacing as many short waits, with their total in the load, not one wait', () => {
    const run = runQuery('objects=20000000&flush=none&link=longfat&window=16000000&cc=bbr&sack=1');
    const { trace } = run;
    const advice = advise(run)!;
    expect(advice.stall.cause).toBe('pacing');
    // Pacing is thousands of waits, each between two segments: the sentence gives their total.
    const pacing = trace.stalls.filter((s) => s.cause === 'pacing' && s.side === 'server');
    expect(pacing.length).toBeGreaterThan(1000);
    const lengths = pacing.map((s) => s.endNs - s.startNs).sort((x, y) => x - y);
    expect(lengths[lengths.length >> 1]).toBeLessThan(1e6); // the typical one: under a millisecond
    expect(advice.sentence).toBe(
      `Pacing spaced the server's segments: ${formatDuration(advice.causeTotalNs)} of short waits in all`,
    );
  });
});

describe('the callout on a paced sender that the receiver window holds', () => {
  // The default 16 KB window over 100 ms: about 160 KB/s, far below the 100 Mb/s path. BBR's
  // bandwidth estimate is that window-limited delivery rate, and its pacing spaces each window's
  // segments over the round trip: the window, not the pacing, is what holds the sender.
  const run = runQuery('cc=bbr&objects=20000000&link=longfat');

  it('names the receive window, with a larger window as the fix, not pacing', () => {
    const advice = advise(run)!;
    expect(advice.stall.cause).toBe('rwnd');
    expect(advice.candidates[0]).toEqual({ key: 'window', value: 65_536 });
    const server = run.trace.stalls.filter((s) => s.side === 'server');
    const total = (cause: StallRecord['cause']) =>
      server.filter((s) => s.cause === cause).reduce((sum, s) => sum + s.endNs - s.startNs, 0);
    expect(total('rwnd') / 1e9).toBeGreaterThan(130); // 14 s before, beside 119 s of "pacing"
    expect(total('pacing') / 1e9).toBeLessThan(1);
  });

  it('leaves a sender with room in a large window to pacing', () => {
    const big = runQuery('objects=20000000&flush=none&link=longfat&window=16000000&cc=bbr&sack=1');
    const rwnd = big.trace.stalls.filter((s) => s.cause === 'rwnd');
    expect(rwnd).toEqual([]);
    expect(advise(big)!.stall.cause).toBe('pacing');
  });
});

describe('stalls under SACK recovery', () => {
  // Recovery sends its segments before the output pass that reports to the stall labeller: a
  // stall must end when any of them leaves, or a whole recovery reads as one wait.
  it.each([
    'objects=20000000&flush=none&link=longfat&window=16000000&cc=bbr&sack=1',
    'objects=5000000&flush=none&link=wan&loss=2&window=200000&sack=1',
  ])('no stall holds a data segment of its own side (%s)', (query) => {
    // The property runs' invariant, on runs that recover with SACK for most of their length.
    expect(() => checkStallsAreWaits(runQuery(query).trace)).not.toThrow();
  });
});

describe('the callout on many think waits', () => {
  it('gives one wait as one: its sentence says it is one of the load’s, beside their total', () => {
    const advice = advise(runQuery(PRESETS.find((p) => p.id === 'nielsen-lan-apache-1.0-first')!.query))!;
    expect(advice.stall.cause).toBe('server-think');
    expect(advice.causeCount).toBeGreaterThan(40); // a think time per request
    const one = formatDuration(advice.stall.endNs - advice.stall.startNs);
    // "The server spent 99 ms thinking" beside "401 ms of it went to server think stalls" read as
    // a contradiction: the sentence names the one wait it measures, the longest of the load's.
    expect(advice.sentence).toBe(
      `The server spent ${one} (the longest of ${advice.causeCount} stalls) thinking before one response`,
    );
    expect(advice.causeTotalNs).toBeGreaterThan(advice.stall.endNs - advice.stall.startNs);
  });
});

describe('the callout on one stall of several', () => {
  /** The load's stalls of the named cause, as the callout counts them (each wait once). */
  const lengthsOf = (r: Run, cause: StallRecord['cause']) => {
    const b = breakdown(r.trace, r.path);
    return eachWaitOnce(
      r.trace.stalls.filter((s) => s.cause === cause && s.endNs > b.startNs && s.startNs < b.endNs),
    ).map((s) => s.endNs - s.startNs);
  };
  it('says the stall it measures is the longest of them, apart from their total', () => {
    // HTTP/2 loading the 2024 page over LTE at 1% loss: "The server waited 2.99 s for flow-control
    // credit" beside "3.23 s of it went to flow control stalls (8)" read as two answers to one question.
    const run = runQuery('http=2&page=almanac24&link=lte&loss=1');
    const advice = advise(run)!;
    expect(advice.stall.cause).toBe('flow-control');
    const lengths = lengthsOf(run, 'flow-control');
    expect(lengths.length).toBe(8);
    expect(advice.causeCount).toBe(8);
    expect(advice.sentence).toBe(
      `The server waited ${formatDuration(Math.max(...lengths))} (the longest of 8 stalls) for flow-control credit`,
    );
    expect(formatDuration(Math.max(...lengths))).toBe('2.99\u00a0s');
    expect(formatDuration(advice.causeTotalNs)).toBe('3.23\u00a0s');
  });
  it.each([
    ['loss=2', 'nagle', "Nagle's algorithm held the server's short segment for "],
    ['http=1.0&link=wan&loss=2', 'handshake', 'The connection handshake took '],
  ] as const)('names the longest for every cause alike (%s)', (query, cause, opening) => {
    const run = runQuery(query);
    const advice = advise(run)!;
    expect(advice.stall.cause).toBe(cause);
    const lengths = lengthsOf(run, cause);
    expect(lengths.length).toBeGreaterThan(1);
    expect(advice.sentence).toBe(
      `${opening}${formatDuration(Math.max(...lengths))} (the longest of ${lengths.length} stalls)`,
    );
  });
  it('says nothing of a longest when the stall is the only one of its cause', () => {
    // The default page over HTTP/3 on a geostationary link at 2% loss: one wait on the 3x limit,
    // which made the handshake take two round trips (the callout names it, as the breakdown does).
    const advice = advise(runQuery('http=3&link=geo&loss=2'))!;
    expect(advice.causeCount).toBe(1);
    expect(advice.stall.cause).toBe('amplification');
    expect(advice.sentence).toMatch(
      new RegExp(
        `^The server waited ${formatDuration(advice.stall.endNs - advice.stall.startNs)} on QUIC's anti-amplification limit: [^(]*\\(RFC 9000 8\\.1\\)$`,
      ),
    );
  });
});

describe('the callout counts waits as the ladder draws them', () => {
  it('counts a think recorded once per request, over the same interval, as one wait', () => {
    // Pipelined revalidation: the client learns 42 images at once and thinks 50 ms before each
    // request, all over the same 50 ms. The ladder draws the load's two thinks as two bands; the
    // callout had said "client think stalls (43)".
    const run = runQuery('preset=nielsen-lan-pipe-revalidate&cthink=50&sthink=0&saccept=0');
    const advice = advise(run)!;
    expect(advice.stall.cause).toBe('client-think');
    const thinks = run.trace.stalls.filter((s) => s.cause === 'client-think');
    expect(thinks.length).toBe(43);
    const bands = stallBands(thinks, run.trace.endNs, 0, run.trace.endNs, 1);
    expect(bands.length).toBe(2);
    expect(advice.causeCount).toBe(bands.length);
  });
});

describe('the callout on many stalls none of which is worth a headline alone', () => {
  it('gives their number and the longest, as the ladder labels it', () => {
    // 49 delayed ACKs of about 200 ms each (four had read as Nagle's, holding a tail the full
    // 262-byte buffer left). "49 short stalls" had stood beside ladder labels of 200 ms.
    const small = runQuery('window=262');
    const holds = small.trace.stalls.filter((s) => s.cause === 'delayed-ack').map((s) => s.endNs - s.startNs);
    expect(holds.length).toBeGreaterThanOrEqual(49);
    expect(advise(small)!.sentence).toBe(
      `Waiting for a delayed ACK: 49 stalls of up to ${formatDuration(Math.max(...holds))}`,
    );
    // The 2024 page over a geostationary link on HTTP/3: four congestion-window waits, the longest
    // labelled "cwnd 490 ms" on the ladder, had been called "4 short stalls".
    const geo = advise(runQuery('page=almanac24&link=geo&http=3'))!;
    expect(geo.sentence).toBe('Congestion window full: 4 stalls of up to 490\u00a0ms');
    // HTTP/3 at 1 kb/s: waits of about 30 s for the probe timeout (from the last packet that asked
    // for an ACK, until the idle timeout), each under 5% of a 744 s page. "20 short stalls" said
    // the opposite of what the ladder shows.
    const run = runQuery('http=3&bw=1000&queue=1');
    const t = run.trace;
    const advice = advise(run)!;
    expect(advice.stall.cause).toBe('pto');
    const longest = Math.max(...t.stalls.filter((s) => s.cause === 'pto').map((s) => s.endNs - s.startNs));
    expect(longest).toBeGreaterThan(30e9);
    expect(advice.sentence).toBe(
      `Probe timeout: ${advice.causeCount} stalls of up to ${formatDuration(longest)}` +
        // A one-packet queue at 1 kb/s: what the timer waits to resend, the queue dropped.
        '; a full router queue had dropped the packet it resends (Packet loss is 0%)',
    );
  });
});

describe('the callout on one stall short of a tenth of the page', () => {
  it('names it when its cause cost the page the most, with the length the ladder labels', () => {
    // 1 MB over the WAN: one 1.09 s retransmission timeout, 9.5% of an 11.5 s page, the costliest
    // cause; the headline had said "No long stall" beside the band labelled "RTO 1.09 s".
    const r = runQuery('objects=1000000&link=wan&window=1048576');
    const b = breakdown(r.trace, r.path);
    const rto = r.trace.stalls.filter((s) => s.cause === 'rto');
    expect(rto).toHaveLength(1);
    const ns = rto[0].endNs - rto[0].startNs;
    expect(ns / b.totalNs).toBeGreaterThan(0.05);
    expect(ns / b.totalNs).toBeLessThan(0.1);
    const advice = advise(r)!;
    expect(advice).not.toBeNull();
    expect(advice.stall).toEqual(rto[0]);
    expect(advice.sentence).toContain(formatDuration(ns));
  });
});

describe('the callout on a window smaller than two segments', () => {
  it('offers to stop delaying ACKs, not the header flush, which changes nothing there', () => {
    const r = runQuery('window=262');
    const advice = advise(r)!;
    expect(advice.stall.cause).toBe('delayed-ack');
    expect(advice.candidates[0]).toEqual({ key: 'delack', value: 'off' });
    const settings = { ...r.config.settings, delack: 'off' } as Settings;
    expect(pageTimeNs(simulate(toSimInput(settings)))).toBeLessThan(0.01 * pageTimeNs(r.trace)); // 9.7 s -> 44 ms
  });

  it("names the client's own key when its stack decides its ACKs (the general key would change nothing)", () => {
    const r = runQuery('window=262&stack.client=bsd44');
    const advice = advise(r)!;
    expect(advice.candidates[0]).toEqual({ key: 'delack.client', value: 'off' });
    const settings = { ...r.config.settings, 'delack.client': 'off' } as Settings;
    expect(pageTimeNs(simulate(toSimInput(settings)))).toBeLessThan(0.01 * pageTimeNs(r.trace));
  });
});

describe('the callout on a send buffer smaller than the window', () => {
  it('names the buffer, not moving data, and offers one as large as the window', () => {
    // 4 KB of a 200 KB response in flight per round trip over the WAN: the buffer is the limit.
    const r = runQuery('objects=200000&flush=none&link=wan&sndbuf=4096&window=65535');
    const advice = advise(r)!;
    expect(advice.stall.cause).toBe('sndbuf');
    expect(advice.causeTotalNs).toBeGreaterThan(0.3 * pageTimeNs(r.trace));
    expect(advice.candidates[0]).toEqual({ key: 'sndbuf', value: 65_536 });
    const settings = { ...r.config.settings, sndbuf: 65_536 } as Settings;
    expect(pageTimeNs(simulate(toSimInput(settings)))).toBeLessThan(0.4 * pageTimeNs(r.trace)); // 6.75 -> 2.21 s
  });
});

describe('the callout on a retransmission timeout or a slow repair', () => {
  const pageAfter = (r: Run, fix: { key: string; value: unknown }) =>
    pageTimeNs(simulate(toSimInput({ ...r.config.settings, [fix.key]: fix.value } as Settings)));

  it("offers Linux's 200 ms floor for a wait at BSD's 1 s floor, and the page gets faster", () => {
    // The default page with 10% loss: the server's last segments wait a whole second.
    const r = runQuery('loss=10');
    const advice = advise(r)!;
    expect(advice.stall.cause).toBe('rto');
    expect(advice.candidates[0]).toEqual({ key: 'minrto', value: 200 });
    expect(pageAfter(r, advice.candidates[0])).toBeLessThan(0.5 * pageTimeNs(r.trace)); // 2.53 -> 0.99 s
  });

  it('offers only less loss on a satellite path, whose timer is above the floor', () => {
    const advice = advise(runQuery('loss=15&link=geo'))!;
    expect(advice.stall.cause).toBe('rto');
    expect(advice.candidates).toEqual([{ key: 'loss', value: 0 }]);
  });

  it('offers RACK-TLP to a SACK sender (a Linux one, whose floor is already 200 ms), then less loss', () => {
    const r = runQuery('loss=15&stack=linux&link=wan');
    const advice = advise(r)!;
    expect(advice.stall.cause).toBe('rto');
    expect(advice.candidates).toEqual([
      { key: 'rack', value: 'on' },
      { key: 'loss', value: 0 },
    ]);
    expect(pageAfter(r, advice.candidates[0])).toBeLessThan(0.85 * pageTimeNs(r.trace)); // 1.52 -> 1.22 s
  });

  it("offers SACK for NewReno's repair of a window's losses one per round trip", () => {
    // 1 MB through a 256 KB window over the WAN: slow start overflows the router's queue, and
    // without SACK each partial ACK shows only the next hole. The waits had been named "cwnd", and
    // the callout offered larger initial windows (10 segments: 11.34 -> 10.93 s).
    const r = runQuery('link=wan&objects=1000000&window=262144&cc=newreno');
    const advice = advise(r)!;
    expect(advice.stall.cause).toBe('recovery');
    expect(advice.candidates).toEqual([{ key: 'sack', value: true }]);
    expect(pageAfter(r, advice.candidates[0])).toBeLessThan(0.85 * pageTimeNs(r.trace)); // 11.34 -> 9.16 s
  });

  it('offers no RACK-TLP without SACK, which it reads', () => {
    const advice = advise(runQuery('loss=10'))!;
    expect(advice.candidates.map((c) => c.key)).not.toContain('rack');
  });
});

describe('the callout offers a fix only once the engine finds it makes the page faster', () => {
  const fix = (key: string, value: unknown) => ({ key, value }) as Suggestion;

  it('takes the first candidate that saves at least 1% of the page, else names the first as no help', () => {
    const candidates = [fix('http', '1.1pipe'), fix('http', '1.0ka')];
    const lossFree = settings('');
    expect(checkRuns(lossFree, candidates)).toHaveLength(2);
    expect(checkedFix(candidates, lossFree, [89e9, 44e9], 58e9)).toEqual({
      fix: candidates[1],
      tried: candidates[1],
      pageNs: 44e9,
      currentNs: 58e9,
      draws: 1,
      thisDraw: { pageNs: 44e9, currentNs: 58e9 },
    });
    expect(checkedFix(candidates, lossFree, [57.9e9, 44e9], 58e9)?.fix).toEqual(candidates[1]);
    expect(checkedFix(candidates, lossFree, [null, 60e9], 58e9)).toEqual({
      fix: null,
      tried: candidates[0],
      pageNs: null,
      currentNs: 58e9,
      draws: 1,
      thisDraw: { pageNs: null, currentNs: 58e9 },
    });
    expect(checkedFix([], lossFree, [], 58e9)).toBeNull();
  });

  it('passes over a candidate earlier in the row for one that saves more than three times as much', () => {
    const candidates = [fix('iw', '4k'), fix('iw', '10'), fix('cc', 'bbr')];
    const lossFree = settings('');
    // Savings 3, 2 and 34 s of 266: the 1% of the first is not offered beside the 13% of the last.
    expect(checkedFix(candidates, lossFree, [263e9, 264e9, 232e9], 266e9)?.fix).toEqual(candidates[2]);
    // Savings 12, 2 and 34 s: the first saves more than a third of the best, and keeps its place.
    expect(checkedFix(candidates, lossFree, [254e9, 264e9, 232e9], 266e9)?.fix).toEqual(candidates[0]);
  });

  it('offers BBR, not a 4 KB initial window, for a 2024 page over HTTP/2 on a lossy WAN', () => {
    // One connection at 2% loss, medians over five draws: 43.6 s as it is, 42.2 s with a 4 KB
    // initial window (what the callout had offered: 3%), 32.2 s with BBR (26%).
    const r = runQuery('page=almanac24&http=2&link=wan&loss=2&seed=1');
    const advice = advise(r)!;
    expect(advice.stall.cause).toBe('cwnd');
    expect(advice.candidates).toEqual([fix('iw', '4k'), fix('iw', '10'), fix('cc', 'bbr')]);
    const c = check(r, advice.candidates);
    expect(c.fix).toEqual(fix('cc', 'bbr'));
    expect(c.pageNs!).toBeLessThan(0.8 * c.currentNs);
  });

  it('over random loss compares medians over five draws, the page shown being the first', () => {
    const candidates = [fix('resume', true)];
    const lossy = settings('loss=2&seed=7');
    const runs = checkRuns(lossy, candidates);
    // Draw 1: the candidate alone (the page is the run shown); draws 2-5: the page, the candidate.
    expect(runs.map((s) => [s.seed, s.resume])).toEqual([
      [7, true],
      [8, false],
      [8, true],
      [9, false],
      [9, true],
      [10, false],
      [10, true],
      [11, false],
      [11, true],
    ]);
    // A lost SYN on the first draw (3.0 s) does not decide it: the medians do.
    const times = [3.0e9, 1.0e9, 0.5e9, 1.1e9, 0.6e9, 0.9e9, 0.5e9, 1.2e9, 0.7e9];
    expect(checkedFix(candidates, lossy, times, 1.0e9)).toEqual({
      fix: candidates[0],
      tried: candidates[0],
      pageNs: 0.6e9,
      currentNs: 1.0e9,
      draws: 5,
      // Try and Compare run the first draw: there the fix loses (3.0 s against the page's 1.0 s).
      thisDraw: { pageNs: 3.0e9, currentNs: 1.0e9 },
    });
  });

  it('says what it found: the saving, both medians over loss draws, or that a run did not finish', () => {
    const knob = 'HTTP mode: HTTP/1.0 with Keep-Alive';
    const c = { fix: fix('http', '1.0ka'), tried: fix('http', '1.0ka'), currentNs: 58e9, draws: 1 };
    const thisDraw = (pageNs: number | null) => ({ thisDraw: { pageNs, currentNs: 58e9 } });
    expect(fixWords({ ...c, pageNs: 44e9, ...thisDraw(44e9) }, knob)).toBe(`try ${knob} (14\u00a0s faster)`);
    expect(fixWords({ ...c, fix: null, pageNs: 89e9, ...thisDraw(89e9) }, knob)).toBe(
      `${knob} would not help: the page would take 89\u00a0s`,
    );
    expect(fixWords({ ...c, pageNs: 44e9, draws: 5, ...thisDraw(50e9) }, knob)).toBe(
      `try ${knob} (44\u00a0s against 58\u00a0s, medians of 5 loss draws)`,
    );
    // Faster by the medians but not on the draw shown, which Try and Compare run: said beforehand.
    expect(fixWords({ ...c, pageNs: 44e9, draws: 5, ...thisDraw(61e9) }, knob)).toBe(
      `try ${knob} (44\u00a0s against 58\u00a0s, medians of 5 loss draws; with this page's own losses it would take 61\u00a0s)`,
    );
    // A run stopped by a budget is no evidence either way: not "would not help".
    expect(fixWords({ ...c, fix: null, pageNs: null, ...thisDraw(null) }, knob)).toBe(
      `${knob} could not be tried: its run did not finish`,
    );
  });

  // HTTP/1.0 with four connections, a 2024 page over a geostationary link, Linux hosts resuming
  // their TLS sessions: the 66 handshakes cost the page most, but one pipelined connection grows
  // one congestion window where four grew four, and the page took 89 s instead of 49 (the callout
  // had offered it). Keep-Alive keeps the four connections: 43 s. (Without resumption the TLS
  // handshakes cost more than the TCP ones, and the callout offers resumption.)
  it('passes over pipelining where one connection is slower than four, for Keep-Alive', () => {
    const r = runQuery('page=almanac24&http=1.0&link=geo&tls=1.3&resume=1&stack=linux');
    const advice = advise(r)!;
    expect(advice.stall.cause).toBe('handshake');
    expect(advice.candidates).toEqual([fix('http', '1.1pipe'), fix('http', '1.0ka')]);
    const times = pageTimes(checkRuns(r.config.settings, advice.candidates));
    const now = pageTimeNs(r.trace);
    expect(times[0]!).toBeGreaterThan(1.2 * now);
    expect(times[1]!).toBeLessThan(0.9 * now);
    expect(check(r, advice.candidates)).toMatchObject({ fix: fix('http', '1.0ka'), pageNs: times[1] });
  });

  it("offers Nagle off over HTTP/2, where the client's SETTINGS ACK carries the ACK the server waits for", () => {
    // Yahoo's page over HTTP/2 on 10 Mb Ethernet: Nagle holds the last image's tail 105 ms for the
    // client's delayed ACK. Without Nagle the page takes 18 ms: the client acknowledges the
    // server's SETTINGS at once (RFC 9113 6.5.3), and that segment ACKs the server's first, so
    // its window opens with no delayed ACK. (When the engine wrote no SETTINGS ACK, the first
    // response's three segments waited for the client's delayed ACK instead: 134 ms against 123.)
    const r = runQuery('page=yahoo96&http=2&link=ethernet10&tls=none');
    const advice = advise(r)!;
    expect(advice.stall.cause).toBe('nagle');
    expect(advice.candidates).toEqual([fix('nagle', false), fix('delack', 'off')]);
    const times = pageTimes(checkRuns(r.config.settings, advice.candidates));
    const now = pageTimeNs(r.trace);
    expect(times[0]!).toBeLessThan(0.2 * now);
    expect(times[1]!).toBeLessThan(0.2 * now);
    expect(check(r, advice.candidates).fix).toEqual(fix('nagle', false));
  });

  it('offers nothing where no candidate helps, and says the first would not', () => {
    // The ACTS page over the same link: 4.70 s with a connection per object, 5.69 s pipelined,
    // 5.27 s with Keep-Alive (each reused connection waits on Nagle and the delayed ACK).
    const r = runQuery('page=kruse-acts&http=1.0&link=geo&tls=none&stack=linux');
    const advice = advise(r)!;
    const times = pageTimes(checkRuns(r.config.settings, advice.candidates));
    expect(times.every((t) => t! > pageTimeNs(r.trace))).toBe(true);
    expect(check(r, advice.candidates)).toMatchObject({
      fix: null,
      tried: fix('http', '1.1pipe'),
      pageNs: times[0],
    });
  });

  it("says when the fix offered over loss draws loses on the page's own draw, which Try and Compare run", () => {
    // The default page over the WAN at 1% loss: the 4 KB initial window takes the medians from
    // 1.23 s to 832 ms, but on the draw shown (seed 3) a loss costs it what it saved: 1.14 s both.
    const r = runQuery('link=wan&loss=1&seed=3');
    const advice = advise(r)!;
    expect(advice.stall.cause).toBe('cwnd');
    const c = check(r, advice.candidates);
    expect(c.fix).toEqual(fix('iw', '4k'));
    expect(c.pageNs!).toBeLessThan(0.9 * c.currentNs);
    const tried = pageWith(r, fix('iw', '4k'));
    expect(c.thisDraw).toEqual({ pageNs: tried, currentNs: pageTimeNs(r.trace) });
    expect(tried).toBeGreaterThanOrEqual(pageTimeNs(r.trace));
    expect(fixWords(c, 'X')).toContain(
      `; with this page's own losses it would take ${formatDuration(tried)})`,
    );
  });
});

describe('a fix the callout offers', () => {
  // Every stall of random runs, with each fix its cause offers: applying the fix changes what the
  // engine runs. Under a Linux stack, IW10 had been offered as a change of the initial window, and
  // "Slow-start restart: off" as a fix, though a key at its default gave way to the stack's value.
  it('always changes the run it is offered for', () => {
    const noOps: string[] = [];
    fc.assert(
      // Half the runs on Linux hosts, whose stack decides the sender's defaults.
      fc.property(anyQuery, fc.boolean(), (query, linux) => {
        const q = linux ? `${query}&stack=linux&stack.client=auto&stack.server=auto` : query;
        const s = parseQuery(q).config.settings;
        const base = JSON.stringify(toSimInput(s));
        const seen = new Set<string>();
        let stalls: StallRecord[];
        try {
          stalls = simulate(toSimInput(s)).stalls;
        } catch {
          return; // a run past its budget: the page offers nothing for it
        }
        for (const stall of stalls) {
          if (seen.has(`${stall.cause}:${stall.side}`)) continue;
          seen.add(`${stall.cause}:${stall.side}`);
          for (const fix of suggestionsFor(stall, s, [stall], stall.endNs - stall.startNs, () => 200e6)) {
            const fixed = JSON.stringify(toSimInput({ ...s, [fix.key]: fix.value } as Settings));
            if (fixed === base) noOps.push(`${stall.cause}: ${fix.key}=${String(fix.value)} on ${q}`);
          }
        }
      }),
      { numRuns: 300, seed: 11 },
    );
    expect(noOps).toEqual([]);
  });
});
