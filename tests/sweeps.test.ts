// The ready-made sweeps redraw the papers' figures: each shape matches what the paper says.
import { describe, expect, it } from 'vitest';
import { kruseBaselineFor, kruseBaselineSeconds } from '../src/scenario/kruseModel';
import {
  claimLead,
  findSweep,
  sweepQueries,
  SWEEPS,
  type SweepMetric,
  type SweepPoint,
  type SweepSpec,
} from '../src/scenario/sweeps';
import { evaluatePoint, runSweep } from '../src/scenario/sweepRun';
import { runQuery } from '../src/scenario';
import { customSpec, parseSweepParam } from '../src/ui/sweep/sweepParam';
import { canonicalQuery } from '../src/ui/sweep/sweepPanelState';
import { openNowOn, openNowWords, sweepSource } from '../src/ui/sweep/openNow';
import { SWEEP_KNOBS, defaultSweepKnob, knobApplies, notApplyingNote } from '../src/ui/sweep/sweepKnobs';
import { parseQuery } from '../src/scenario/codec';
import { applies } from '../src/scenario/schema';
import { pageTimeNs } from '../src/engine/metrics';
import { breakdown } from '../src/scenario/breakdown';
import { run } from './support/trace';

const at = (points: SweepPoint[], x: string, series: string | null = null) =>
  points.find((p) => p.x === x && p.series === series)!.y;
const sweep = (id: string) => runSweep(findSweep(id)!);

describe('ready-made sweeps', () => {
  it('every point of every sweep is a valid scenario', () => {
    for (const spec of SWEEPS) {
      for (const p of sweepQueries(spec))
        expect(runQuery(p.query).problems, `${spec.id}: ${p.query}`).toEqual([]);
    }
  });

  const KRUSE_PAGES = ['kruse-lerc', 'kruse-acts', 'kruse-oufr', 'kruse-test'];
  let fig2: SweepPoint[] | null = null;
  const fig2Points = () => (fig2 ??= sweep('kruse-fig2'));

  it('Kruse Fig. 2: more than 4 connections gain little on /LeRC, /acts and /oufr; /acts is worse above 4', () => {
    const points = fig2Points();
    for (const page of KRUSE_PAGES) {
      expect(at(points, '4', page)).toBeLessThan(0.6 * at(points, '1', page));
      expect(at(points, '16', page)).toBeGreaterThan(0.8 * at(points, '4', page));
    }
    for (const page of KRUSE_PAGES.filter((p) => p !== 'kruse-test'))
      expect(at(points, '8', page)).toBeGreaterThan(0.8 * at(points, '4', page));
    // Section 4.2: the server closes idle connections and the browser finds out on reuse.
    expect(at(points, '8', 'kruse-acts')).toBeGreaterThan(at(points, '4', 'kruse-acts'));
    expect(at(points, '16', 'kruse-acts')).toBeGreaterThan(at(points, '4', 'kruse-acts'));
  });

  // The paper: "This is true even for the /Test page". Not met: the kruse-test preset says why (its
  // 8 connections are all alive and no source closes or delays them). Expected to fail until a
  // mechanism from a source gets /Test there; it then passes and this must become a plain test.
  it.fails('Kruse Fig. 2: /Test gains little from 8 connections (known difference)', () => {
    const points = fig2Points();
    expect(at(points, '8', 'kruse-test')).toBeGreaterThan(0.8 * at(points, '4', 'kruse-test'));
  });

  it('Kruse Fig. 5: persistent connections save most with few connections', () => {
    const points = sweep('kruse-fig5');
    for (const page of ['kruse-lerc', 'kruse-acts', 'kruse-oufr', 'kruse-test']) {
      expect(at(points, '1', page)).toBeGreaterThan(at(points, '16', page)); // seconds saved
      expect(at(points, '1', page)).toBeGreaterThan(2);
    }
  });

  it('Kruse Fig. 6: the 4K initial window saves time on new connections', () => {
    const points = sweep('kruse-fig6');
    for (const page of ['kruse-lerc', 'kruse-acts', 'kruse-oufr'])
      expect(at(points, '4', page)).toBeGreaterThan(1); // seconds saved
  });

  it('Kruse Fig. 7: 8 KB to 16 KB helps; beyond 16 KB only the large page gains much', () => {
    const points = sweep('kruse-fig7');
    for (const page of ['kruse-lerc', 'kruse-acts', 'kruse-oufr']) {
      expect(at(points, '16384', page)).toBeLessThan(at(points, '8192', page));
    }
    const beyond = (page: string) => 1 - at(points, '98304', page) / at(points, '16384', page);
    expect(beyond('kruse-oufr')).toBeGreaterThan(0.5);
    expect(beyond('kruse-test')).toBeLessThan(0.02);
    expect(beyond('kruse-lerc')).toBeLessThan(beyond('kruse-oufr') / 2);
  });

  it('Padmanabhan-Mogul Fig. 3-2: 2 KB gets under 10% of the best throughput at 70 ms; a small window caps it', () => {
    const points = sweep('pm-fig3-2');
    const best = Math.max(...points.map((p) => p.y));
    expect(at(points, '2048', '16384')).toBeLessThan(0.1 * best);
    expect(at(points, '20480', '16384')).toBeGreaterThan(at(points, '2048', '16384') * 2.5);
    // "Even a 20 Kbyte transfer achieves only about 50% of the throughput available with a
    // reasonable window size": the 8 KB window of the ULTRIX hosts (the latency presets' buffers).
    const half = at(points, '20480', '8192') / at(points, '512000', '8192');
    expect(half).toBeGreaterThan(0.4);
    expect(half).toBeLessThan(0.6);
    const text = findSweep('pm-fig3-2')!.measured!((x, s) => at(points, x, s!))!;
    expect(text).toContain(
      `2 KB transfer gets ${Math.round((100 * at(points, '2048', '16384')) / best)}% of the best`,
    );
    expect(text).toContain(`20 KB one ${Math.round(100 * half)}% of what an 8 KB window carries`);
    expect(at(points, '512000', '4096')).toBeLessThan(0.5 * at(points, '512000', '32768'));
  });

  it('Padmanabhan-Mogul Fig. 3-3: locally, about 25% of capacity at 2 KB and 70% at 20 KB', () => {
    // The paper: "per-connection overhead limits throughput to about 25% of capacity for transfers
    // of 2 Kbytes, and about 70% of capacity for transfers of 20 Kbytes" (10 Mb/s Ethernet).
    const points = sweep('pm-fig3-3');
    const share = (bytes: string) => at(points, bytes, '16384') / 10_000;
    expect(share('2048')).toBeGreaterThan(0.2);
    expect(share('2048')).toBeLessThan(0.3);
    expect(share('20480')).toBeGreaterThan(0.65);
    expect(share('20480')).toBeLessThan(0.75);
    // Under the claim, the same shares as the panel gives them.
    const text = findSweep('pm-fig3-3')!.measured!((x, s) => at(points, x, s!))!;
    expect(text).toContain(`2 KB transfer gets ${Math.round(100 * share('2048'))}% of the 10 Mb/s link`);
    expect(text).toContain(`20 KB one ${Math.round(100 * share('20480'))}%`);
  });

  it('Padmanabhan-Mogul Figs 6-1 and 6-2: the new protocol halves latency for small images, less for large', () => {
    const small = sweep('pm-fig6-1');
    const large = sweep('pm-fig6-2');
    const cut = (pts: SweepPoint[], n: string) => 1 - at(pts, n, 'getall') / at(pts, n, '1.0');
    expect(cut(small, '10')).toBeGreaterThan(0.5);
    expect(cut(large, '10')).toBeLessThan(cut(small, '10'));
    expect(cut(large, '10')).toBeGreaterThan(0.1);
    for (const pts of [small, large]) expect(at(pts, '20', '1.0')).toBeGreaterThan(at(pts, '5', '1.0')); // latency grows with images
  });

  it("Padmanabhan-Mogul Figs 6-1 and 6-2: under the paper's claim, the cut as the simulation gives it", () => {
    for (const [id, min, max] of [
      ['pm-fig6-1', 50, 80], // "more than half"
      ['pm-fig6-2', 15, 35], // "about 22%": the model cuts more as the count grows (26-30%)
    ] as const) {
      const spec = findSweep(id)!;
      const points = sweep(id);
      const text = spec.measured!((x, s) => at(points, x, s!))!;
      const cuts = [...text.split(';')[0].matchAll(/(\d+)%/g)].map((m) => Number(m[1]));
      expect(cuts, id).toHaveLength(3);
      expect(cuts[1], id).toBe(Math.round((1 - at(points, '10', 'getall') / at(points, '10', '1.0')) * 100));
      for (const c of cuts) expect(c, id).toBeGreaterThanOrEqual(min);
      for (const c of cuts) expect(c, id).toBeLessThanOrEqual(max);
    }
    // Until its points are in, nothing is said.
    expect(findSweep('pm-fig6-2')!.measured!(() => null)).toBeNull();
  });

  it("Padmanabhan-Mogul Fig. 6-1: pipelining's share of the cut as simulated, and that the paper's is larger", () => {
    // The paper: "While more than half of the improvement comes from pipelining, even without
    // pipelining long-lived connections do help." The model gives pipelining 35-43%.
    const spec = findSweep('pm-fig6-1')!;
    const points = sweep('pm-fig6-1');
    expect(spec.claim).toContain('more than half of the improvement comes from pipelining');
    const text = spec.measured!((x, s) => at(points, x, s!))!;
    const [, a, b, c] = /pipelining gives (\d+)%, (\d+)% and (\d+)% of that cut/.exec(text)!;
    const share = (n: string) =>
      Math.round(
        (100 * (at(points, n, '1.1') - at(points, n, 'getall'))) /
          (at(points, n, '1.0') - at(points, n, 'getall')),
      );
    expect([a, b, c].map(Number)).toEqual([share('5'), share('10'), share('20')]);
    expect(share('10')).toBeLessThan(50);
    expect(text).toMatch(/where the paper says more than half.*the model differs from the paper/);
  });

  it("Kruse Fig. 2 under its claim: each page's time with 8 and, apart, with 16 connections against 4, the differences named", () => {
    const spec = findSweep('kruse-fig2')!;
    const points = fig2Points();
    const text = spec.measured!((x, s) => at(points, x, s!))!;
    const [at8, at16] = text.split('; 16 give ');
    expect(at8).toContain('against 4 connections: 8 give ');
    const change = (conns: string, page: string) => {
      const four = at(points, '4', `kruse-${page}`);
      return Math.round((100 * (at(points, conns, `kruse-${page}`) - four)) / four);
    };
    const said = (c: number) => (c === 0 ? 'the same' : c < 0 ? `${-c}% faster` : `${c}% slower`);
    for (const page of ['lerc', 'acts', 'oufr', 'test']) {
      expect(at8, page).toContain(`${page} ${said(change('8', page))}`);
      expect(at16, page).toContain(`${page} ${said(change('16', page))}`);
    }
    expect(at8).toMatch(/acts \d+% slower/); // stale connections: the paper's finding
    // 16 connections are not hidden behind 8: /Test is slower there than with 4.
    expect(change('16', 'test')).toBeGreaterThan(50);
    expect(at16).toContain(`test ${change('16', 'test')}% slower`);
    expect(change('16', 'lerc')).toBeGreaterThan(0); // the paper: only /acts is worse above 4
    expect(text).toContain('(the presets say why test and lerc differ from the paper)');
  });

  it('Kruse Fig. 5 under its claim: the saving with 8 and with 16 connections, a loss said as one', () => {
    const spec = findSweep('kruse-fig5')!;
    const points = sweep('kruse-fig5');
    const text = spec.measured!((x, s) => at(points, x, s!))!;
    const [at8, at16] = text.split('; with 16: ');
    for (const page of ['lerc', 'acts', 'oufr']) {
      expect(at8, page).toContain(`${page} ${at(points, '8', `kruse-${page}`).toFixed(2)} s`);
      expect(at16, page).toContain(`${page} ${at(points, '16', `kruse-${page}`).toFixed(2)} s`);
    }
    expect(at8).toContain(`test ${at(points, '8', 'kruse-test').toFixed(2)} s`);
    expect(at(points, '16', 'kruse-test')).toBeLessThan(-2);
    expect(at16).toContain(`test loses ${(-at(points, '16', 'kruse-test')).toFixed(2)} s`);
    expect(text).toContain('the paper finds the same saving at 8 and 16');
    expect(spec.measured!(() => null)).toBeNull();
  });

  it('TLS and QUIC by round trip: under the claims, the round trips each adds or saves on the 550 ms path', () => {
    const rtts = (id: string, series: string, over: string) => {
      const points = sweep(id);
      return Math.round(((at(points, '550', series) - at(points, '550', over)) * 10_000) / 550) / 10;
    };
    const tls = findSweep('tls-by-rtt')!;
    const tlsPoints = sweep('tls-by-rtt');
    expect(rtts('tls-by-rtt', '1.2', 'none')).toBe(2); // RFC 5246: two round trips
    expect(rtts('tls-by-rtt', '1.3', 'none')).toBe(1); // RFC 8446: one
    expect(tls.measured!((x, s) => at(tlsPoints, x, s!))).toBe(
      'Simulated here, on the 550 ms path: TLS 1.2 adds 2 round trips, TLS 1.3 1 round trip.',
    );
    const quic = findSweep('quic-by-rtt')!;
    const quicPoints = sweep('quic-by-rtt');
    expect(rtts('quic-by-rtt', '1.1', '3')).toBe(1);
    expect(quic.measured!((x, s) => at(quicPoints, x, s!))).toBe(
      'Simulated here, on the 550 ms path: HTTP/3 saves 1 round trip.',
    );
  });

  it("Kruse Fig. 7 under its claim: each page's saving from 8 to 16 KB and from 16 to 96 KB, as the points give it", () => {
    const spec = findSweep('kruse-fig7')!;
    const points = sweep('kruse-fig7');
    const text = spec.measured!((x, s) => at(points, x, s!))!;
    const cut = (page: string, from: string, to: string) =>
      Math.round((100 * (at(points, from, page) - at(points, to, page))) / at(points, from, page));
    const [small, large] = text.split('; from 16 to 96 KB: ');
    for (const page of ['lerc', 'acts', 'oufr', 'test']) {
      expect(small, page).toContain(`${page} ${cut(`kruse-${page}`, '8192', '16384')}%`);
      expect(large, page).toContain(`${page} ${cut(`kruse-${page}`, '16384', '98304')}%`);
    }
    // The page of small elements gains nothing from a larger window; the page of large images most.
    expect(large).toContain('test 0%');
    const gains = ['lerc', 'acts', 'test'].map((p) => cut(`kruse-${p}`, '16384', '98304'));
    expect(cut('kruse-oufr', '16384', '98304')).toBeGreaterThan(Math.max(...gains));
  });

  it("Mathis's law under its claim: four times the loss leaves loss-based TCP under half (timeouts), BBR most", () => {
    const spec = findSweep('mathis-loss')!;
    const points = sweep('mathis-loss');
    const text = spec.measured!((x, s) => at(points, x, s!))!;
    const kept = Object.fromEntries(
      [...text.matchAll(/(NewReno|CUBIC|BBR) (\d+)%/g)].map((m) => [m[1], Number(m[2])]),
    );
    expect(kept.NewReno).toBe(Math.round((100 * at(points, '4', 'newreno')) / at(points, '1', 'newreno')));
    for (const cc of ['NewReno', 'CUBIC']) {
      expect(kept[cc], cc).toBeLessThan(50);
      expect(kept[cc], cc).toBeGreaterThan(20);
    }
    expect(kept.BBR).toBeGreaterThan(70);
  });

  it('Padmanabhan-Mogul Figs 6-3 and 6-4: the benefit is greatest for small images', () => {
    for (const id of ['pm-fig6-3', 'pm-fig6-4']) {
      const points = sweep(id);
      expect(at(points, '10', '512')).toBeGreaterThan(at(points, '10', '45566'));
    }
  });

  it('Nielsen Tables 4, 6, 8 as bars: the simulated ordering and the published points agree', () => {
    for (const id of ['nielsen-lan-packets', 'nielsen-wan-packets', 'nielsen-ppp-packets']) {
      const spec = findSweep(id)!;
      const points = runSweep(spec);
      const order = (ys: number[]) => ys.every((y, i) => i === 0 || y < ys[i - 1]);
      expect(order(points.map((p) => p.y))).toBe(true);
      expect(order(spec.x.values.map((x) => spec.published!.find((p) => p.x === x)!.y))).toBe(true);
    }
  });
});

describe("a sweep's header introduces its claim by the kind of source", () => {
  it('a paper claims; RFCs and drafts specify', () => {
    expect(claimLead(findSweep('kruse-fig5')!.source)).toBe("the paper's claim");
    expect(claimLead(findSweep('mathis-loss')!.source)).toBe("the papers' claim");
    expect(claimLead(findSweep('tls-by-rtt')!.source)).toBe('from the RFCs');
    expect(claimLead(findSweep('quic-by-rtt')!.source)).toBe('from the RFCs');
    expect(claimLead('RFC 2018 3 (SACK option)')).toBe('from the RFC');
    expect(claimLead('draft-ietf-tcpm-rack-01 (RACK)')).toBe('from the IETF draft');
    expect(claimLead('RFC 8985 and draft-ietf-quic-http-34')).toBe('from the specifications');
    expect(claimLead('Cardwell et al. 2016 and RFC 9002')).toBe('from the sources');
  });

  it('no ready-made sweep citing an RFC is called a paper', () => {
    for (const spec of SWEEPS)
      if (/\bRFC\b|draft-/.test(spec.source)) expect(claimLead(spec.source), spec.id).not.toMatch(/paper/);
  });
});

describe("Kruse's baseline model", () => {
  it('charges a round trip per window of each element plus its transmission', () => {
    // one 10 KB element after a 1 KB HTML, one connection, 4 KB window, 0.5 s RTT, 80 kb/s
    expect(kruseBaselineSeconds([1000, 10000], 1, 4096, 0.5, 80000)).toBeCloseTo(0.5 + 0.1 + 3 * 0.5 + 1, 6);
    // more connections overlap the round trips, but never beat the channel: 0.6 s + 20 KB at 80 kb/s
    expect(kruseBaselineSeconds([1000, 10000, 10000], 2, 65536, 0.5, 80000)).toBeCloseTo(0.6 + 2, 6);
    expect(kruseBaselineSeconds([1000, 10000, 10000], 1, 65536, 0.5, 80000)).toBeCloseTo(0.6 + 2 * 1.5, 6);
  });
  it('matches a single connection for the page of large elements; more connections gain less than it promises', () => {
    const simulated = (conns: number) =>
      runSweep({
        ...findSweep('kruse-fig2')!,
        series: undefined,
        base: 'preset=kruse-oufr',
        x: { key: 'conns', values: [String(conns)], label: '' },
      })[0].y;
    expect(Math.abs(simulated(1) / kruseBaselineFor('preset=kruse-oufr&conns=1') - 1)).toBeLessThan(0.1);
    // Fig. 3: well short of the model. 1.4 rather than 1.5 since the page loop warms the connections.
    expect(simulated(8)).toBeGreaterThan(1.4 * kruseBaselineFor('preset=kruse-oufr&conns=8'));
  });
});

describe('a custom sweep of the send buffer', () => {
  it('is accepted, and its wait shrinks as the buffer grows toward the window', () => {
    const problems: string[] = [];
    const choice = parseSweepParam('custom:x=sndbuf:2048,4096,8192,65536;y=stall_s:sndbuf', problems);
    expect(problems).toEqual([]);
    expect(choice?.kind).toBe('custom');
    if (choice?.kind !== 'custom') return;
    const points = runSweep(customSpec(choice.custom, 'objects=200000&flush=none&link=wan&window=65535'));
    const waits = points.map((p) => p.y);
    expect(waits[0]).toBeGreaterThan(waits[1]); // 17.5 s, then 2.8 s
    expect(waits[1]).toBeGreaterThan(1);
    expect(waits[3]).toBe(0); // as large as the window: the window is the limit
  });
});

describe('a custom sweep whose axis lists no values', () => {
  it("sweeps the knob's usual values, as without the colon, and says so", () => {
    const problems: string[] = [];
    const choice = parseSweepParam('custom:x=rtt:;series=conns:', problems);
    const bare = parseSweepParam('custom:x=rtt;series=conns', []);
    expect(choice).toEqual(bare);
    expect(choice?.kind === 'custom' && choice.custom.x.values.length).toBeGreaterThan(1);
    expect(problems).toEqual([
      'sweep: rtt: lists no values; sweeping its usual ones',
      'sweep: conns: lists no values; sweeping its usual ones',
    ]);
  });
});

describe("a custom sweep's knobs over the current scenario", () => {
  const settings = (query: string) => parseQuery(query).config.settings;

  it('opens on a knob that changes the default page, and its line is not flat', () => {
    const knob = defaultSweepKnob(settings(''));
    // Connections were the default, and HTTP/1.1 (the default page's) ignores them.
    expect(knob.key).not.toBe('conns');
    expect(applies(knob.key, settings(''))).toBe(true);
    const ys = runSweep(
      customSpec({ x: { key: knob.key, values: knob.values }, series: null, y: 'load_s' }, ''),
    ).map((p) => p.y);
    expect(new Set(ys).size).toBe(ys.length);
  });

  it('opens on connections where they apply', () => {
    expect(defaultSweepKnob(settings('http=1.0')).key).toBe('conns');
    expect(defaultSweepKnob(settings('http=1.0ka')).key).toBe('conns');
    expect(defaultSweepKnob(settings('http=3')).key).toBe('rtt');
  });

  it("says why a knob has no effect, in the schema's words", () => {
    expect(notApplyingNote('conns', settings(''))).toBe(
      'Connections has no effect with HTTP/1.1: it applies to HTTP/1.0 and HTTP/1.0 with Keep-Alive, so a sweep of it draws a flat line.',
    );
    expect(notApplyingNote('nagle', settings('http=3'))).toBe(
      "Nagle's algorithm has no effect with HTTP/3: it applies to any HTTP mode but HTTP/3, so a sweep of it draws a flat line.",
    );
    expect(notApplyingNote('conns', settings('http=1.0'))).toBeNull();
    // The other axis can make it apply: connections, one line per HTTP mode.
    expect(notApplyingNote('conns', settings(''), { key: 'http', values: ['1.1', '1.0'] })).toBeNull();
    // A knob whose sweep sets what it needs (the pm-images page) applies.
    expect(knobApplies('images', settings(''))).toBe(true);
  });

  it('agrees with the rule Settings hides knobs by', () => {
    for (const query of ['', 'http=1.0', 'http=2', 'http=3', 'preset=heidemann-odd-final'])
      for (const knob of SWEEP_KNOBS.filter((k) => !k.needs)) {
        const s = settings(query);
        expect(notApplyingNote(knob.key, s) === null, `${knob.key} on "${query}"`).toBe(applies(knob.key, s));
      }
  });
});

// The sweep's point for the scenario open now reads as the headline does: the load it reports (the
// last of several), its stalls and its bytes, not every load's against the last load's time.
describe("a custom sweep's figures are the headline's load", () => {
  const custom = (q: string, y: string) => {
    const choice = parseSweepParam(`custom:x=nagle:1;y=${y}`, []);
    if (choice?.kind !== 'custom') throw new Error(`not a custom sweep: ${y}`);
    return runSweep(customSpec(choice.custom, q))[0].y;
  };
  for (const q of ['loads=3&loadgap=2', 'link=wan&loads=3', '', 'page=almanac24&loads=2']) {
    it(`page load and Nagle's stalls as the headline and the breakdown give them (${q || 'default'})`, () => {
      const { trace, path } = runQuery(q);
      expect(custom(q, 'load_s')).toBe(pageTimeNs(trace) / 1e9);
      const nagle = breakdown(trace, path).parts.find((p) => p.cause === 'nagle')?.ns ?? 0;
      const swept = custom(q, 'stall_s:nagle');
      expect(swept).toBeLessThanOrEqual(pageTimeNs(trace) / 1e9);
      expect(swept).toBe(nagle / 1e9);
    });
  }
  it("throughput counts the reported load's bytes: a page loaded three times carries one page a load", () => {
    const bytesOfALoad = (q: string) => custom(q, 'throughput_kbps') * 1000 * custom(q, 'load_s');
    expect(bytesOfALoad('link=wan&loads=3')).toBeCloseTo(bytesOfALoad('link=wan'), 3);
    expect(bytesOfALoad('loads=3&loadgap=2')).toBeCloseTo(bytesOfALoad(''), 3);
  });
});

// A sweep's stall time is the breakdown's: each instant of the load counted once (OVERLAP_RULE).
// Summed over connections, four HTTP/1.0 connections each waiting on a delayed ACK at once had
// plotted 1.95 s on Microscape beside the breakdown's 0.55 s for the very same run.
describe("a custom sweep's stall time is what 'where did the time go' gives the cause", () => {
  const RUNS = [
    'page=microscape&http=1.0&conns=4',
    'preset=nielsen-wan-pipe-first',
    '',
    'loads=3&link=wan&http=1.0&conns=4',
  ];
  for (const q of RUNS)
    it(`every cause, at the scenario's own setting (${q || 'default'})`, () => {
      const { trace, path, config } = runQuery(q);
      const parts = breakdown(trace, path).parts;
      const causes = [...new Set([...trace.stalls.map((s) => s.cause), ...parts.map((p) => p.cause)])].filter(
        (c) => c !== 'transfer' && c !== 'idle',
      );
      expect(causes.length).toBeGreaterThan(2);
      // The window swept through the scenario's own value: that point is this very run.
      const own = String(config.settings.window);
      const choice = parseSweepParam(`custom:x=window:${own},65536;y=load_s`, []);
      if (choice?.kind !== 'custom') throw new Error('not a custom sweep');
      const spec = customSpec(choice.custom, q);
      const point = sweepQueries(spec).find((p) => p.x === own)!;
      expect(canonicalQuery(point.query)).toBe(canonicalQuery(q));
      const swept = Object.fromEntries(
        causes.map((c) => [c, evaluatePoint({ ...spec, y: `stall_s:${c}` as SweepMetric }, point.query)]),
      );
      const given = Object.fromEntries(
        causes.map((c) => [c, (parts.find((p) => p.cause === c)?.ns ?? 0) / 1e9]),
      );
      expect(swept).toEqual(given);
    });

  it('on Microscape over four HTTP/1.0 connections, the delayed-ACK stall is 0.55 s, not 1.95 s', () => {
    const y = evaluatePoint({ y: 'stall_s:delayed-ack' } as SweepSpec, 'page=microscape&http=1.0&conns=4');
    expect(y).toBeGreaterThan(0.5);
    expect(y).toBeLessThan(0.6);
  });
});

// Where the scenario open now lies on a sweep's chart (the panel's dashed line and ring).
describe('the scenario open now on a sweep', () => {
  const built = (sweep: string, q: string) => {
    const choice = parseSweepParam(sweep, []);
    if (choice?.kind !== 'custom') throw new Error(`not a custom sweep: ${sweep}`);
    const spec = customSpec(choice.custom, q);
    return openNowOn(spec, q, false, sweepQueries(spec));
  };
  it('a built sweep: its own setting, and the point that is its run', () => {
    expect(built('custom:x=link;y=load_s', 'link=wan')).toEqual({
      x: 'wan',
      between: null,
      points: ['null|wan'],
    });
    // With a series the scenario is not on, the line alone.
    expect(built('custom:x=conns:1,4;series=window:8192,65536', 'http=1.0&conns=4')).toEqual({
      x: '4',
      between: null,
      points: [],
    });
    expect(built('custom:x=conns:1,4;series=window:8192,16384', 'http=1.0&conns=4')?.points).toEqual([
      '16384|4',
    ]);
    // A quantity between two values swept; outside them, no place.
    expect(built('custom:x=rtt:50,100,250', 'rtt=120')).toEqual({ x: '120', between: '120', points: [] });
    expect(built('custom:x=rtt:50,100,250', 'rtt=20')).toBeNull();
    // Unset, a path figure is the link's own: the WAN's 90 ms round trip, its 1 Mb/s, its 50 packets.
    expect(built('custom:x=rtt:50,100,250', 'link=wan')).toEqual({ x: '90', between: '90', points: [] });
    // Swept to the link's own figure, the point's run is the page's, trace for trace: ringed.
    expect(built('custom:x=rtt:50,90,250', 'link=wan')).toEqual({
      x: '90',
      between: null,
      points: ['null|90'],
    });
    expect(JSON.stringify(run('link=wan&rtt=90'))).toBe(JSON.stringify(run('link=wan')));
    expect(built('custom:x=queue:10,50,100;y=load_s', 'link=wan')?.points).toEqual(['null|50']);
    expect(built('custom:x=rtt:50,90;series=conns:2,4', 'link=wan&http=1.0&conns=4')?.points).toEqual([
      '4|90',
    ]);
    // The link's own figure on a page that sets another knob's apart: the line alone.
    expect(built('custom:x=rtt:50,90;series=conns:1,2', 'link=wan&http=1.0&conns=4')?.points).toEqual([]);
    expect(built('custom:x=bw:500000,2000000', 'link=wan')?.between).toBe('1000000');
    expect(built('custom:x=queue:10,100', 'link=wan')?.between).toBe('50');
    expect(built('custom:x=rtt:1,10', '')).toBeNull();
    // A knob whose sweep brings a page of its own sweeps another scenario.
    expect(built('custom:x=images:1,2', '')).toBeNull();
  });
  it("a point swept to the link's own figure opens the page's own link, without the key", () => {
    const queries = (sweep: string, q: string) => {
      const choice = parseSweepParam(sweep, []);
      if (choice?.kind !== 'custom') throw new Error(`not a custom sweep: ${sweep}`);
      return sweepQueries(customSpec(choice.custom, q)).map((p) => p.query);
    };
    // The WAN's 90 ms point had opened link=wan&rtt=90, which kept 90 ms when the link changed after.
    expect(queries('custom:x=rtt:50,90,250;y=load_s', 'link=wan')).toEqual([
      'link=wan&rtt=50',
      'link=wan',
      'link=wan&rtt=250',
    ]);
    expect(queries('custom:x=queue:10,50;y=load_s', 'link=wan')).toEqual(['link=wan&queue=10', 'link=wan']);
    expect(queries('custom:x=bw:1000000,2000000;y=load_s', 'link=wan')).toEqual([
      'link=wan',
      'link=wan&bw=2000000',
    ]);
    // The figure is the point's own link's: 90 ms is the WAN's, not LTE's.
    expect(queries('custom:x=link:wan,lte;series=rtt:90;y=load_s', '')).toEqual([
      'link=wan',
      'rtt=90&link=lte',
    ]);
    // A page that sets its own round trip: its point is the page's link as it stands, and the
    // WAN's own 90 ms is the WAN unset.
    expect(queries('custom:x=rtt:50,90;y=load_s', 'link=wan&rtt=50')).toEqual([
      'link=wan&rtt=50',
      'link=wan',
    ]);
    expect(queries('custom:x=rtt:50,90,250;y=load_s', 'link=wan&rtt=250')).toEqual([
      'link=wan&rtt=250&rtt=50',
      'link=wan',
      'link=wan&rtt=250',
    ]);
  });
  it('its words: "open now" beside the run; in a frame of the chart alone, the baseline or the point highlighted', () => {
    const choice = parseSweepParam('custom:x=link;y=load_s', []);
    if (choice?.kind !== 'custom') throw new Error('not a custom sweep');
    const custom = customSpec(choice.custom, 'link=wan');
    const fig2 = findSweep('kruse-fig2')!;
    expect(openNowWords(custom, false)).toEqual({ line: 'open now', lead: 'the scenario open now' });
    expect(openNowWords(fig2, false)).toEqual({ line: 'open now', lead: 'the scenario open now' });
    expect(openNowWords(custom, true)).toEqual({ line: 'baseline', lead: 'the baseline each point varies' });
    expect(openNowWords(fig2, true)).toEqual({ line: 'highlighted', lead: 'highlighted' });
    // The line over the chart says alike whose scenario a built sweep varies.
    expect(sweepSource(custom, false)).toBe('Custom sweep over the current scenario');
    expect(sweepSource(custom, true)).toBe(
      'Custom sweep over the baseline scenario: page=yahoo96 visit=first http=1.1 nagle=1 delack=bsd iw=2',
    );
    expect(sweepSource(fig2, true)).toBe(fig2.source);
    // A frame of the chart alone names the scenario it sweeps over, less the swept settings: its
    // legend had named only "Connections 4", nothing said WAN or HTTP/1.0.
    const conns = parseSweepParam('custom:x=conns:1,4,8,16;series=window:8192,16384;y=load_s', []);
    if (conns?.kind !== 'custom') throw new Error('not a custom sweep');
    const overWan = sweepSource(customSpec(conns.custom, 'link=wan&http=1.0'), true);
    expect(overWan).toMatch(
      /^Custom sweep over the baseline scenario: page=yahoo96 visit=first link=wan http=1.0 /,
    );
    expect(overWan).not.toMatch(/conns=|window=/);
    const fromPreset = sweepSource(customSpec(conns.custom, 'preset=heidemann-odd-final'), true);
    expect(fromPreset).toMatch(
      /^Custom sweep over the baseline scenario \(The odd, short final segment \(Heidemann Fig. 4\)\): page=custom /,
    );
  });
  it("a paper's sweep: only a point opened from it", () => {
    const fig2 = findSweep('kruse-fig2')!;
    expect(openNowOn(fig2, '', false, sweepQueries(fig2))).toBeNull();
    expect(openNowOn(fig2, 'preset=kruse-acts&conns=8', false, sweepQueries(fig2))).toEqual({
      x: '8',
      between: null,
      points: ['kruse-acts|8'],
    });
    // A saving opens as a comparison, the run it is measured against on side A.
    const fig5 = findSweep('kruse-fig5')!;
    const versus = 'preset=kruse-acts&conns=4&http=1.0';
    expect(openNowOn(fig5, versus, true, sweepQueries(fig5))?.points).toEqual(['kruse-acts|4']);
    expect(openNowOn(fig5, versus, false, sweepQueries(fig5))).toBeNull();
  });
});
