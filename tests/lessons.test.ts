// Every lesson step's claim holds on the engine.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { objectsNeverArrived } from '../src/engine/metrics';
import { FLAG } from '../src/engine/trace';
import { runQuery } from '../src/scenario';
import { wireObjects } from '../src/scenario/resolve';
import type { LessonCheck } from '../src/scenario/lesson';
import { LESSONS } from '../src/scenario/lessons';
import { PRESETS } from '../src/scenario/presets';
import { measure } from '../src/scenario/sweeps';
import { canonicalQuery } from '../src/ui/sweep/sweepPanelState';
import { breakdown, partNs } from '../src/scenario/breakdown';
import { STALL_CAUSES } from '../src/scenario/stallCauses';
import { adviceFor } from '../src/ui/callout/stallAdvice';
import { hiddenOf, panelsNamed, showing } from '../src/ui/lessons/stepPanels';
import { PANELS } from '../src/ui/state/configModel';

function check(query: string, c: LessonCheck): string | null {
  const { trace, path, problems } = runQuery(query);
  if (problems.length) return `bad query: ${problems.join('; ')}`;
  if (c.kind === 'stall') {
    const stalls = trace.stalls.filter((s) => s.cause === c.cause).map((s) => (s.endNs - s.startNs) / 1e6);
    if (!c.present) return stalls.length === 0 ? null : `found ${c.cause} stalls ${stalls.join(', ')}`;
    const longest = Math.max(0, ...stalls);
    if (stalls.length === 0) return `no ${c.cause} stall`;
    if (c.minMs !== undefined && longest < c.minMs) return `longest ${c.cause} ${longest} ms < ${c.minMs}`;
    if (c.maxMs !== undefined && longest > c.maxMs) return `longest ${c.cause} ${longest} ms > ${c.maxMs}`;
    return null;
  }
  if (c.kind === 'packet') {
    const found = trace.packets.some((p) =>
      c.flag === 'RST'
        ? p.flags & FLAG.RST
        : c.flag === 'FIN'
          ? p.flags & FLAG.FIN
          : p.reason.includes('retransmit'),
    );
    return found === c.present ? null : `${c.flag} ${c.present ? 'missing' : 'present'}`;
  }
  if (c.kind === 'objects') {
    const { missing, asked } = objectsNeverArrived(trace);
    const all = missing === 0;
    if (c.arrived === 'all') return all ? null : `${missing} of ${asked} objects never arrived`;
    return !all && missing < asked ? null : `${missing} of ${asked} objects never arrived`;
  }
  const mine = measure(c.metric, trace, path);
  const versus = runQuery(c.versus);
  const other = measure(c.metric, versus.trace, versus.path) * (c.factor ?? 1);
  const ok = c.relation === 'less' ? mine < other : mine > other;
  return ok ? null : `${c.metric} ${mine} not ${c.relation} than ${other} (${c.versus})`;
}

describe('lessons', () => {
  for (const lesson of LESSONS) {
    it.each(lesson.steps.map((s, i) => [i + 1, s.title, s] as const))(
      `${lesson.id} step %i: %s`,
      (_, __, step) => {
        expect(step.checks.length).toBeGreaterThan(0);
        const failures = step.checks.map((c) => check(step.query, c)).filter((f) => f !== null);
        expect(failures).toEqual([]);
        if (step.question) expect(step.question.answer).toBeLessThan(step.question.choices.length);
      },
    );
  }
  it('asks every question about the change from the step before it, which it shows until the reveal', () => {
    for (const lesson of LESSONS)
      lesson.steps.forEach((step, i) => {
        if (!step.question) return;
        expect(i, `${lesson.id} step ${i + 1}`).toBeGreaterThan(0);
        expect(canonicalQuery(lesson.steps[i - 1].query)).not.toBe(canonicalQuery(step.query));
      });
  });
  it("does not state a question's answer in the words above it", () => {
    for (const lesson of LESSONS)
      for (const step of lesson.steps) {
        if (!step.question) continue;
        const answer = step.question.choices[step.question.answer];
        // The answer's figures ("40 ms", "half"...) are what the student is asked to predict.
        for (const figure of answer.match(/\d[\d.,]*\s*(ms|s|%|KB|MB)?\b/g) ?? [])
          expect(`${step.title} ${step.text}`, `${lesson.id}: "${step.title}"`).not.toContain(figure.trim());
      }
  });
  it('frames, once revealed, stalls of the cause the answer names, whole and filling most of the window', () => {
    let found = 0;
    for (const lesson of LESSONS)
      for (const step of lesson.steps) {
        const focus = step.question?.focus;
        if (!focus) continue;
        found++;
        const [startMs, endMs] = focus.zoomMs;
        const framed = runQuery(step.query)
          .trace.stalls.filter((s) => s.cause === focus.stall)
          .filter((s) => s.startNs >= startMs * 1e6 && s.endNs <= endMs * 1e6);
        expect(framed.length, `${lesson.id}: "${step.title}"`).toBeGreaterThan(0);
        // Each at least a quarter of the window tall: readable in a ladder of any height.
        for (const s of framed) expect((s.endNs - s.startNs) / 1e6).toBeGreaterThan((endMs - startMs) / 4);
        // The answer names them, so that its words open the ladder too.
        expect(panelsNamed(step, true)).toContain('ladder');
      }
    expect(found).toBeGreaterThan(0);
  });
  it("gives a path's round-trip time as the step's run has it: its first handshake takes one", () => {
    // "On a GEO satellite (560 ms round trips)", "on a 60 ms LTE path": the link's own figure.
    const stated = /(\d+) ms (?:round trips|\w+ path)/;
    let found = 0;
    for (const lesson of LESSONS)
      for (const step of lesson.steps) {
        const rttMs = Number(stated.exec(step.text)?.[1]);
        if (!rttMs) continue;
        found++;
        const handshake = runQuery(step.query).trace.stalls.find((s) => s.cause === 'handshake')!;
        const ms = (handshake.endNs - handshake.startNs) / 1e6;
        expect(Math.abs(ms - rttMs) / rttMs, `${lesson.id}: "${step.title}", ${ms} ms`).toBeLessThan(0.01);
      }
    expect(found).toBeGreaterThan(1);
  });
  it("says what share of the satellite link a 16 KB window uses as the run's largest image gets it", () => {
    // From its first byte to its last, an 80 KB image over one connection moves 16 KB a round trip.
    const step = LESSONS.find((l) => l.id === 'web-from-orbit')!.steps.find((s) =>
      /16 KB window/.test(s.text),
    )!;
    const { trace } = runQuery('preset=kruse-oufr&conns=1&window=16384');
    const lastLoad = Math.max(...trace.exchanges.map((e) => e.load));
    const big = trace.exchanges
      .filter((e) => e.load === lastLoad)
      .reduce((a, b) => (b.responseBytes > a.responseBytes ? b : a));
    const share = (big.responseBytes * 8) / ((big.endNs! - big.firstByteNs!) / 1e9) / 1_536_000;
    expect(share).toBeGreaterThan(1 / 8);
    expect(share).toBeLessThan(1 / 6);
    expect(step.text).toMatch(/16 KB a round trip is about a seventh of the link/);
  });
  it("says where 'where did the time go' puts the cost of stale connections: the fresh connections' windows", () => {
    const step = LESSONS.find((l) => l.id === 'web-from-orbit')!.steps.find(
      (s) => s.query === 'preset=kruse-acts&conns=16',
    )!;
    const parts = (query: string) => {
      const { trace, path } = runQuery(query);
      return breakdown(trace, path);
    };
    const sixteen = parts(step.query);
    const four = parts('preset=kruse-acts&conns=4');
    expect(partNs(four, 'cwnd')).toBe(0);
    expect(partNs(sixteen, 'cwnd')).toBeGreaterThan(1e9);
    expect(partNs(sixteen, 'stale-connection')).toBeLessThan(0.1e9);
    expect(step.question!.explain).toMatch(/little time.*small windows \(cwnd\)/);
  });
  it('says the handshake step turns to the /Test page over one connection, and how much slower that page gets', () => {
    // The steps before it load /acts over four and sixteen connections (2.92 s); this one /Test over
    // one, each of its 28 elements on a new connection (37.9 s). Its words had named neither change and said
    // "more than half as long again", against a run of /Test kept alive (16.2 s) it never showed.
    const steps = LESSONS.find((l) => l.id === 'web-from-orbit')!.steps;
    const i = steps.findIndex((s) => s.title === 'Without persistent connections');
    expect(steps[i - 1].query).toContain('kruse-acts');
    expect(steps[i].query).toBe('preset=kruse-test&conns=1&http=1.0');
    expect(steps[i].text).toMatch(/\/Test page .* over one connection/);
    const load = (query: string) => {
      const { trace, path } = runQuery(query);
      return measure('load_s', trace, path);
    };
    expect(load(steps[i].query) / load('preset=kruse-test&conns=1')).toBeGreaterThan(2);
    expect(steps[i].text).toMatch(/more than twice as long as over one persistent connection/);
  });
  it('says the initial-window step turns back from the /Test page to /acts over four connections', () => {
    // The step before it loads /Test over one connection (37.9 s); this one /acts over four (5.28 s
    // with a 4 KB initial window, 7.29 s with one segment). Its words named neither change, so the
    // drop from 37.9 s read as the initial window's doing.
    const steps = LESSONS.find((l) => l.id === 'web-from-orbit')!.steps;
    const i = steps.findIndex((s) => s.title === 'A larger initial window');
    expect(steps[i - 1].query).toContain('kruse-test');
    expect(steps[i].query).toBe('preset=kruse-acts&http=1.0&iw=4k');
    expect(runQuery(steps[i].query).config.settings.conns).toBe(4);
    expect(steps[i].text).toMatch(/\/acts page .*four connections/);
  });
  it('says the small-element page does not care about the window, with the time its runs give at both', () => {
    const step = LESSONS.find((l) => l.id === 'web-from-orbit')!.steps.find(
      (s) => s.title === 'Windows for large elements',
    )!;
    const [, page, seconds] =
      /small-element page, \/(\w+), does not care: ([\d.]+) s with either window/i.exec(step.text)!;
    const load = (window: number) => {
      const { trace, path } = runQuery(`preset=kruse-${page.toLowerCase()}&conns=1&window=${window}`);
      return measure('load_s', trace, path);
    };
    // The step's own windows: 96 KB, against the 16 KB it compares the large-element page with.
    expect(step.query).toContain('window=98304');
    const [small, large] = [load(16384), load(98304)];
    expect(Math.abs(large - small) / small).toBeLessThan(0.005);
    expect(small.toFixed(1)).toBe(seconds);
    expect(large.toFixed(1)).toBe(seconds);
  });
  it("gives the Microscape HTML's size and its deflated size as the modem steps serve them", () => {
    const step = LESSONS.find((l) => l.id === 'why-pipelining')!.steps.find(
      (s) => s.title === 'Over a modem, compress the HTML',
    )!;
    const [, plainKb, deflatedKb] = /Deflating the (\d+) KB of HTML to (\d+) KB/.exec(step.text)!;
    // The HTML as each run serves it: its body, with the same response header in both runs.
    const html = (query: string) => {
      const { trace, config } = runQuery(query);
      const served = trace.exchanges.find((e) => e.object === 0)!;
      return { body: wireObjects(config.settings)[0].bodyBytes, response: served.responseBytes };
    };
    const deflated = html(step.query);
    const plain = html('preset=nielsen-ppp-pipe-first');
    expect(plain.response - plain.body).toBe(deflated.response - deflated.body);
    expect(Math.round(plain.body / 1024)).toBe(Number(plainKb));
    expect(Math.round(deflated.body / 1024)).toBe(Number(deflatedKb));
  });
  it("quotes Nielsen's own saving from deflate over the modem beside the model's, which is larger", () => {
    // The step said "about a sixth" alone: Tables 8 and 9 give 53.3 s and 47.4 s, about a ninth.
    const step = LESSONS.find((l) => l.id === 'why-pipelining')!.steps.find(
      (s) => s.title === 'Over a modem, compress the HTML',
    )!;
    const paper = (id: string) =>
      PRESETS.find((p) => p.id === id)!.published.find((f) => f.figure === 'elapsed_s')!;
    const [plain, deflated] = [paper('nielsen-ppp-pipe-first'), paper('nielsen-ppp-pipe-gzip-first')];
    expect(step.text).toContain(`(${plain.value} s to ${deflated.value} s)`);
    expect(Math.round(plain.value / (plain.value - deflated.value))).toBe(9); // "about a ninth"
    const load = (q: string) => measure('load_s', runQuery(q).trace, runQuery(q).path);
    const saved = 1 - load(step.query) / load('preset=nielsen-ppp-pipe-first');
    expect(Math.round(1 / saved)).toBe(6); // "about a sixth"
    expect(step.text).toMatch(/about a sixth of the time here.*Nielsen measured less, about a ninth/);
  });
  it('says where the slow-start restart step starts again from, and why the BSD rule would not restart it', () => {
    // It said "two segments" in a lesson on Heidemann, whose 4.4BSD restarts from one: the step runs
    // RFC 2581's rule, and BSD's, which counts idle from the last segment received, never fires here.
    const step = LESSONS.find((l) => l.id === 'the-200ms-mystery')!.steps.find(
      (s) => s.title === 'The third problem: slow start after idle',
    )!;
    const { trace } = runQuery(step.query);
    const restarts = trace.events.all().filter((e) => e.kind === 'cwnd-restart' && e.side === 'server');
    const mss = Math.max(...trace.packets.all().map((p) => p.len));
    expect(restarts.map((e) => e.bytes)).toEqual([2 * mss]);
    expect(step.text).toMatch(
      /starts again from its initial two segments.*counts idle from the last send, as RFC 2581 does/,
    );
    const bsd = runQuery(step.query.replace('ssr=rfc', 'ssr=bsd')).trace;
    expect(bsd.events.all().some((e) => e.kind === 'cwnd-restart' && e.side === 'server')).toBe(false);
    expect(step.text).toMatch(
      /4\.4BSD code Heidemann read starts again from one segment, but counts idle from the last segment received/,
    );
  });
  it('opens a step whose run is too big to read as a ladder on the time-sequence plot instead', () => {
    // Over the ladder's 3000 arrows it draws the run as one band (bufferbloat's 10,000-packet
    // downloads were a solid block above the plot each step asks the student to read).
    const bandAbove = 3000;
    let big = 0;
    for (const lesson of LESSONS)
      lesson.steps.forEach((step, i) => {
        if (runQuery(step.query).trace.packets.length <= bandAbove) return;
        big++;
        const panels = step.view?.panels ?? [];
        expect(panels, `${lesson.id} step ${i + 1}`).toContain('tsp');
        expect(panels, `${lesson.id} step ${i + 1}`).not.toContain('ladder');
      });
    expect(big).toBeGreaterThan(0);
  });
  it("names the headline's stall in a step that points at another, so the student knows which to read", () => {
    // Under 2% loss the 1997-to-today lesson pointed at head-of-line blocking (185 ms) while the
    // headline above the views named a flow-control wait of 1.24 s and offered a larger window,
    // a story its words never told; the pipelining lesson's Nagle trap had the headline on the
    // server's think time. A step (a question's answer, on its revealed run) whose highlighted
    // stall is not the headline's says what the headline names.
    const words = (s: string) => s.toLowerCase().replace(/-/g, ' ');
    let pointed = 0;
    for (const lesson of LESSONS)
      lesson.steps.forEach((step, i) => {
        const shown = step.highlight?.stall;
        if (!shown) return;
        pointed++;
        const { trace, path, config } = runQuery(step.query);
        const named = adviceFor(trace, config.settings, breakdown(trace, path))?.stall.cause;
        if (named === undefined || named === shown) return;
        const said = words(`${step.text} ${step.question?.explain ?? ''}`);
        expect(said, `${lesson.id} step ${i + 1}: the headline names ${named}`).toContain(
          words(STALL_CAUSES[named].label),
        );
      });
    expect(pointed).toBeGreaterThan(5);
  });
  it('says the page that gives objects up loads later than the whole pipelined page, as it does', () => {
    // The both-halves trap said the page "loads" quickly without its objects: 1.19 s, where the
    // same page pipelined whole, two steps before, takes 0.68 s.
    const steps = LESSONS.find((l) => l.id === 'why-pipelining')!.steps;
    const trap = steps.find((s) => s.title === 'Trap: closing both halves')!;
    const load = (query: string) => {
      const { trace, path } = runQuery(query);
      return measure('load_s', trace, path);
    };
    expect(load(trap.query)).toBeGreaterThan(load('preset=nielsen-lan-pipe-first'));
    expect(trap.text).not.toMatch(/quickly/);
    expect(trap.text).toMatch(/later than .*step 3/);
    expect(steps[2].query).toBe('preset=nielsen-lan-pipe-first');
  });
  it('outlines every stall and figure a step points at: the stylesheet has a rule for each', () => {
    // The outline rule had listed ten causes; the 1997-to-today lesson's TLS handshake, head-of-line
    // blocking and flow-control steps pointed at bands it left as they were.
    const css = readFileSync(new URL('../src/ui/lessons/lessons.css', import.meta.url), 'utf8');
    for (const cause of Object.keys(STALL_CAUSES))
      expect(css, cause).toContain(`:root[data-highlight-stall='${cause}'] [data-stall='${cause}'] rect`);
    for (const lesson of LESSONS)
      for (const step of lesson.steps) {
        const metric = step.highlight?.metric;
        if (metric)
          expect(css, metric).toContain(`:root[data-highlight-metric='${metric}'] [data-metric='${metric}']`);
      }
  });
  it('knows the panels each step speaks of, and every step shows them unless the student hid them', () => {
    const step = (id: string, n: number) => LESSONS.find((l) => l.id === id)!.steps[n - 1];
    // "Find the shaded gap in the ladder"; "in the ladder, and the packets in the table".
    expect(panelsNamed(step('the-200ms-mystery', 1))).toEqual(['ladder']);
    expect(panelsNamed(step('why-pipelining', 1))).toEqual(['ladder', 'metrics']);
    expect(panelsNamed(step('bufferbloat', 1))).toEqual(['tsp']);
    // The answer's words count once it is on screen.
    expect(panelsNamed(step('from-1997-to-today', 8), true)).toContain('tsp');
    for (const lesson of LESSONS)
      lesson.steps.forEach((s, i) => {
        const panels = s.view?.panels?.join(',');
        expect(hiddenOf(panelsNamed(s, true), panels), `${lesson.id} step ${i + 1}`).toEqual([]);
      });
    expect(hiddenOf(['ladder', 'tsp'], 'tsp,metrics')).toEqual(['ladder']);
    // Showing a hidden panel keeps the student's other choices and the sweep; all five is no key.
    expect(showing({ view: 'tsp,metrics,sweep', lesson: 'x' }, ['ladder'])).toEqual({
      view: 'ladder,tsp,metrics,sweep',
      lesson: 'x',
    });
    expect(showing({ view: 'tsp,waterfall,time,metrics' }, ['ladder'])).toEqual({});
    expect(PANELS).toEqual(['ladder', 'tsp', 'waterfall', 'time', 'metrics']);
  });
  it('has a lesson per paper, one from 1997 to today, and one on bufferbloat', () => {
    expect(new Set(LESSONS.map((l) => l.paper.split(' ')[0])).size).toBe(6);
  });
});
