// The page's state: config edits, the URL it writes, the controls generated from the schema,
// playback stepping, and the worker client keeping only the latest request.
import { describe, expect, it } from 'vitest';
import { parseQuery } from '../src/scenario';
import { CONFIG_KEYS, SCHEMA, type Settings } from '../src/scenario/schema';
import { findPreset } from '../src/scenario/presets';
import { fieldGroups, labelFor, labelNamesUnit, sliderScale } from '../src/ui/controls/fieldModel';
import { aCaption, bCaption, differenceText } from '../src/ui/panels/sideView';
import {
  bDifferences,
  choosePreset,
  PANELS,
  panelsShown,
  setCompare,
  setPanel,
  setSetting,
  sidesOf,
} from '../src/ui/state/configModel';
import { advance, nextEvent, previousEvent } from '../src/ui/state/playbackModel';
import { queryFor, readLocation } from '../src/ui/state/useScenario';
import { keepSweepShown, setSweepShown, setSweepValue, sweepShown } from '../src/ui/sweep/sweepPanelState';
import { SimClient } from '../src/worker/simClient';
import type { WorkerRequest, WorkerResponse } from '../src/worker/protocol';

describe('config edits', () => {
  it('keeps in B only what differs from A, so A still flows into B', () => {
    let c = setCompare(parseQuery('').config, true);
    c = setSetting(c, 'b', 'nagle', false);
    expect(bDifferences(c)).toEqual(['nagle']);
    c = setSetting(c, 'a', 'flush', 'none');
    expect(sidesOf(c)[1].flush).toBe('none');
    c = setSetting(c, 'b', 'nagle', true);
    expect(bDifferences(c)).toEqual([]);
  });

  it('resets the link figures when the link changes', () => {
    let c = setSetting(parseQuery('').config, 'a', 'bw', 1_000_000);
    c = setSetting(c, 'a', 'link', 'ppp28k');
    expect(c.settings.bw).toBeNull();
    expect(c.settings.link).toBe('ppp28k');
  });

  it('lets the codec apply its own rules to a change', () => {
    const c = setSetting(parseQuery('').config, 'a', 'objects', [1000, 2000]);
    expect(c.settings.objects).toEqual([1000, 2000]);
    expect(parseQuery(queryFor(c, null)).config.settings).toEqual(c.settings);
  });

  it('loads a preset with B back to a copy of A', () => {
    const c = choosePreset(
      setSetting(setCompare(parseQuery('').config, true), 'b', 'iw', '10'),
      'heidemann-odd-final',
    );
    expect(c.b).toEqual({});
    expect(c.settings.flush).toBe('none');
  });

  it('writes the resting playhead (ms), the panels and an empty comparison into the URL, and reads them back', () => {
    let c = setCompare(parseQuery('preset=heidemann-odd-final').config, true);
    c = setPanel(c, 'waterfall', false);
    const query = queryFor(c, 121_556_000);
    expect(query).toContain('t=121.556');
    const back = readLocation(query);
    expect(back.initialCursorNs).toBe(121_556_000);
    expect(back.config.b).toEqual({});
    expect([...panelsShown(back.config)]).toEqual(['ladder', 'tsp', 'time', 'metrics']);
  });

  it("keeps a sweep's panel across Compare: the link it writes reopens on the sweep and all panels", () => {
    // Compare on ?sweep=kruse-fig2 wrote view=ab, which had read as a list without the sweep.
    const c = setCompare(readLocation('?sweep=kruse-fig2').config, true);
    expect(sweepShown(c)).toBe(true);
    const back = readLocation(queryFor(c, null)).config;
    expect(sweepShown(back)).toBe(true);
    expect(back.b).toEqual({});
    expect(panelsShown(back).size).toBe(5);
    // Closed there, it stays closed, the comparison and the five panels kept.
    const closed = readLocation(queryFor(setSweepShown(back, false, [...panelsShown(back)]), null)).config;
    expect(sweepShown(closed)).toBe(false);
    expect(closed.b).toEqual({});
    expect(panelsShown(closed).size).toBe(5);
    // A list that names the panels still decides: the sweep was closed before Compare.
    expect(sweepShown(readLocation('?sweep=kruse-fig2&view=ladder,ab').config)).toBe(false);
  });

  it("writes no panel list where the sweep's name says the same: every panel and the sweep's", () => {
    const opened = (query: string) => readLocation(query).config;
    const headerSweep = (c: ReturnType<typeof opened>) => setSweepShown(c, true, [...panelsShown(c)]);
    // The header's Sweep, then a sweep picked: the link had kept view=ladder,tsp,waterfall,time,metrics,sweep.
    const picked = setSweepValue(headerSweep(opened('?preset=heidemann-odd-final')), 'kruse-fig2');
    expect(queryFor(picked, null)).toBe('?v=1&preset=heidemann-odd-final&sweep=kruse-fig2');
    const back = opened(queryFor(picked, null));
    expect(panelsShown(back).size).toBe(5);
    expect(sweepShown(back)).toBe(true);
    // Pressed where a sweep is already open, it adds nothing; compared, `ab` stays.
    expect(queryFor(headerSweep(opened('?sweep=kruse-fig2')), null)).toBe('?v=1&sweep=kruse-fig2');
    expect(queryFor(headerSweep(opened('?sweep=kruse-fig2&view=ab')), null)).toBe(
      '?v=1&sweep=kruse-fig2&view=ab',
    );
    // Some panels hidden, or no sweep picked yet: the list is what says so.
    expect(queryFor(headerSweep(opened('?view=ladder,tsp&sweep=kruse-fig2')), null)).toBe(
      '?v=1&view=ladder,tsp,sweep&sweep=kruse-fig2',
    );
    // No sweep picked yet: `view=sweep`, which opens every panel beside the sweep's on the page (it
    // had written all five panels' names), and a sweep picked after drops it.
    const unnamed = headerSweep(opened('?preset=heidemann-odd-final'));
    expect(queryFor(unnamed, null)).toBe('?v=1&preset=heidemann-odd-final&view=sweep');
    const reopened = opened(queryFor(unnamed, null));
    expect([...panelsShown(reopened)]).toEqual([...panelsShown(unnamed)]);
    expect(panelsShown(reopened).size).toBe(5);
    expect(sweepShown(reopened)).toBe(true);
    expect(queryFor(setSweepValue(reopened, 'kruse-fig2'), null)).toBe(
      '?v=1&preset=heidemann-odd-final&sweep=kruse-fig2',
    );
    expect(queryFor(headerSweep(opened('?b.nagle=0&view=ab')), null)).toBe('?v=1&b.nagle=0&view=sweep');
    expect(queryFor(setCompare(unnamed, true), null)).toContain('&view=sweep,ab');
    // Hiding a panel lists the rest beside the sweep; showing it again goes back to the short form.
    const hidden = keepSweepShown(reopened, setPanel(reopened, 'tsp', false), PANELS);
    expect(queryFor(hidden, null)).toBe(
      '?v=1&preset=heidemann-odd-final&view=ladder,waterfall,time,metrics,sweep',
    );
    expect(queryFor(keepSweepShown(hidden, setPanel(hidden, 'tsp', true), PANELS), null)).toBe(
      '?v=1&preset=heidemann-odd-final&view=sweep',
    );
    // In an embed `view=sweep` is the chart alone: picking a sweep there keeps it.
    const chartAlone = opened('?embed=1&view=sweep&sweep=kruse-fig2');
    expect(queryFor(setSweepValue(chartAlone, 'kruse-fig5', true), null)).toContain('view=sweep');
    // An old link's long form, with no sweep named, opens as before.
    const long = opened('?view=ladder,tsp,waterfall,time,metrics,sweep');
    expect(panelsShown(long).size).toBe(5);
    expect(sweepShown(long)).toBe(true);
    // The long form an older page wrote still opens the same.
    const old = opened('?view=ladder,tsp,waterfall,time,metrics,sweep&sweep=kruse-fig2');
    expect(panelsShown(old).size).toBe(5);
    expect(sweepShown(old)).toBe(true);
  });

  it('runs the last of a key given twice, as a key added at the end overrides (a preset its first, as links always have), and says so', () => {
    // `nagle=0` then `&nagle=1` had run the last without a word, and two presets the first.
    const twice = readLocation(
      '?preset=heidemann-odd-final&nagle=1&b.delack=off&Nagle=0&preset=heidemann-short-initial&t=5&t=7',
    );
    expect(twice.problems).toEqual([
      '"preset": given twice ("heidemann-odd-final", "heidemann-short-initial"); using the first, "heidemann-odd-final"',
      '"nagle": given twice ("1", "0"); using the last, "0"',
      '"t": given twice ("5", "7"); using the last, "7"',
    ]);
    expect(queryFor(twice.config, twice.initialCursorNs)).toBe(
      '?v=1&preset=heidemann-odd-final&nagle=0&b.delack=off&t=7',
    );
    expect(readLocation('?b.nagle=0&b.nagle=1&b.nagle=0').problems).toEqual([
      '"b.nagle": given 3 times ("0", "1", "0"); using the last, "0"',
    ]);
    // The same value twice is no mistake; the command line's reading is left as it was.
    expect(readLocation('?nagle=0&link=wan&nagle=0').problems).toEqual([]);
    expect(parseQuery('link=wan&nagle=0&nagle=1').problems).toEqual([]);
  });

  it('reports an empty or unreadable t= as any other bad number, and stands at the end of the run', () => {
    for (const t of ['', '%20', 'abc']) {
      const read = readLocation(`?preset=heidemann-odd-final&t=${t}`);
      expect(read.problems).toEqual([
        `t=${JSON.stringify(decodeURIComponent(t))}: must be a time in ms; showing the end of the run`,
      ]);
      expect(read.initialCursorNs).toBeNull();
      // An empty t= had opened at 0 ms without a word, and the page wrote t=0 back.
      expect(queryFor(read.config, read.initialCursorNs)).toBe('?v=1&preset=heidemann-odd-final');
    }
    expect(readLocation('?t=12.5').initialCursorNs).toBe(12_500_000);
    expect(readLocation('?t=0').initialCursorNs).toBe(0);
    // A time with its unit, as the page writes times: read, not refused.
    expect(readLocation('?t=100ms').initialCursorNs).toBe(100_000_000);
    expect(readLocation('?t=1.5%20s').initialCursorNs).toBe(1_500_000_000);
    expect(readLocation('?t=100ms').problems).toEqual([]);
  });

  it('reports a panel it does not know and leaves it out of the link it writes back', () => {
    const read = readLocation('?preset=heidemann-odd-final&view=ladder,laddr,tsp');
    expect(read.problems).toHaveLength(1);
    expect(read.problems[0]).toMatch(/^view: "laddr" is not a panel/);
    expect(queryFor(read.config, null)).toContain('view=ladder,tsp');
    const none = readLocation('?view=laddr');
    expect(queryFor(none.config, null)).not.toContain('view=');
  });
});

describe("side B's caption", () => {
  const caption = (query: string) => bCaption(parseQuery(query).config);
  it("names two presets by title, their sources left to a heading that cites them (an embed's)", () => {
    const { config } = parseQuery('preset=heidemann-odd-final&b.preset=heidemann-short-initial&b.nagle=0');
    expect([aCaption(config), bCaption(config)]).toEqual([
      'A: The odd, short final segment (Heidemann Fig. 4)',
      "B: The short initial segment (Heidemann Fig. 2), then Nagle's algorithm off",
    ]);
    expect([aCaption(config, false), bCaption(config, false)]).toEqual([
      'A: The odd, short final segment',
      "B: The short initial segment, then Nagle's algorithm off",
    ]);
    // Without a B preset nothing is cited either way.
    expect(bCaption(parseQuery('b.nagle=0').config, false)).toBe("B: Nagle's algorithm off");
  });

  it('names a protocol by its own name, a switch by its label', () => {
    expect(caption('b.http=2&b.tls=1.2')).toBe('B: HTTP/2, TLS 1.2');
    expect(caption('b.http=3')).toBe('B: HTTP/3');
    expect(caption('b.http=1.1pipe')).toBe('B: HTTP/1.1 pipelined');
    expect(caption('http=1.1&b.http=1.0ka')).toBe('B: HTTP/1.0 with Keep-Alive');
    expect(caption('b.nagle=0')).toBe("B: Nagle's algorithm off");
    expect(caption('b.delack=off')).toBe('B: Delayed ACK off');
    expect(caption('compare=1')).toBe('B: same as A (change a knob on side B)');
  });

  it("names another link without its own figures, and a figure given back to the link as the link's", () => {
    // mathis-loss sets 10 Mb/s and 100 ms; LTE on B gives them back to LTE's.
    expect(caption('preset=mathis-loss&b.link=lte&b.bw=auto&b.rtt=auto')).toBe('B: Link type: LTE mobile');
    expect(caption('preset=mathis-loss&b.rtt=auto')).toBe("B: Round-trip time as the link's");
    const fromPreset = 'preset=heidemann-odd-final&b.preset=mathis-loss';
    expect(caption(`${fromPreset}&b.link=lte&b.bw=auto&b.rtt=auto`)).toBe(
      `B: ${findPreset('mathis-loss')!.title}, then Link type: LTE mobile`,
    );
    expect(caption(`${fromPreset}&b.rtt=auto`)).toBe(
      `B: ${findPreset('mathis-loss')!.title}, then Round-trip time as the link's`,
    );
  });

  it('names an option after its knob, never by its URL code alone nor by a name that hides the knob', () => {
    expect(caption('b.iw=4k')).toBe('B: Initial window: About 4 KB'); // was "Initial window 4k"
    expect(caption('ssr=bsd&b.ssr=off')).toBe('B: Slow-start restart off'); // was "Off (SunOS)"
    expect(caption('tls=1.2&b.tls=auto')).toBe('B: TLS version: Automatic'); // was "Automatic"
    expect(caption('b.link=wan')).toBe('B: Link type: MA to CA Internet path'); // was "Link type wan"
    expect(caption('b.page=kruse-lerc')).toBe('B: Web page: Kruse, the LeRC page');
    expect(caption('b.cc=bbr')).toBe('B: Congestion control: BBR v1');
  });

  it('tells every option of every knob apart, and says which knob it is', () => {
    for (const key of CONFIG_KEYS) {
      const row = SCHEMA[key];
      if (row.kind !== 'enum') continue;
      const label = labelFor(key);
      const said = row.values.map((v) => differenceText(key, v as Settings[typeof key]));
      expect(new Set(said).size, key).toBe(said.length);
      for (const text of said)
        expect(
          text.startsWith(label) || text.split(/[^A-Za-z]/)[0] === label.split(/[^A-Za-z]/)[0],
          `${key}: ${text}`,
        ).toBe(true);
    }
  });

  it('says a count once: its unit, or the label that already names it', () => {
    expect(caption('http=1.0&b.conns=8')).toBe('B: 8 connections');
    expect(caption('http=1.0&b.conns=1')).toBe('B: 1 connection');
    expect(caption('page=pm-images&b.images=20')).toBe('B: 20 images');
    expect(caption('b.sprocs=3')).toBe('B: Server processes 3');
    expect(caption('b.rtt=100&b.queue=8')).toBe('B: Round-trip time 100 ms, Router queue 8 packets');
  });
});

describe("a count's unit beside its label", () => {
  it('goes unsaid where the label names it, and stays where it says something', () => {
    const named = CONFIG_KEYS.filter((k) => labelNamesUnit(k));
    expect(named.sort()).toEqual(['conns', 'images', 'loads', 'maxreq', 'maxspare', 'sprocs']);
    // Router queue (packets), Socket buffer (bytes), Round-trip time (ms) keep theirs.
    for (const key of ['queue', 'window', 'rtt'] as const) expect(labelNamesUnit(key)).toBe(false);
  });
});

describe('controls from the schema', () => {
  it('gives every key exactly one control, in a group', () => {
    const keys = fieldGroups().flatMap((g) => g.keys);
    expect(keys.sort()).toEqual([...CONFIG_KEYS].sort());
    expect(labelFor('flush')).toBe('Header flush');
    expect(labelFor('somefuturekey')).toBe('Somefuturekey');
  });

  it('maps sliders monotonically and back within the row range', () => {
    for (const key of CONFIG_KEYS) {
      const scale = sliderScale(SCHEMA[key]);
      if (!scale) continue;
      const row = SCHEMA[key] as { min: number; max: number };
      let previous = -Infinity;
      for (let p = 0; p <= 1000; p += 50) {
        const v = scale.fromPosition(p);
        expect(v).toBeGreaterThanOrEqual(row.min);
        expect(v).toBeLessThanOrEqual(row.max);
        expect(v).toBeGreaterThanOrEqual(previous);
        previous = v;
      }
    }
  });
});

describe('playback', () => {
  it('steps between event times and hurries through folded gaps', () => {
    const times = [0, 10, 20, 500];
    expect(nextEvent(times, 10, 600)).toBe(20);
    expect(nextEvent(times, 500, 600)).toBe(600);
    expect(previousEvent(times, 20)).toBe(10);
    expect(advance(0, 10, 0.1, null)).toBe(1_000_000);
    // A folded gap takes 2 s on screen: 10 ms crosses 1.25 ms of a 250 ms gap, faster than the rate.
    expect(advance(100, 10, 0.1, [{ startNs: 50, endNs: 250_000_050 }])).toBe(100 + 1_250_000);
  });
});

describe('the worker client', () => {
  class FakeWorker {
    sent: WorkerRequest[] = [];
    listeners: Array<(e: MessageEvent<WorkerResponse>) => void> = [];
    terminated = false;
    postMessage(m: WorkerRequest) {
      this.sent.push(m);
    }
    addEventListener(type: string, fn: (e: MessageEvent<WorkerResponse>) => void) {
      if (type === 'message') this.listeners.push(fn);
    }
    terminate() {
      this.terminated = true;
    }
    answer(m: WorkerRequest) {
      for (const fn of this.listeners)
        fn({ data: { kind: 'run', id: m.id, runs: [] } } as unknown as MessageEvent<WorkerResponse>);
    }
  }

  it('sends one request at a time and delivers only the latest answer', () => {
    const workers: FakeWorker[] = [];
    const delivered: number[] = [];
    const client = new SimClient(
      () => {
        workers.push(new FakeWorker());
        return workers[workers.length - 1] as unknown as Worker;
      },
      (r) => delivered.push(r.id),
    );
    client.request({ kind: 'run', sides: [], preset: null });
    client.request({ kind: 'run', sides: [], preset: null });
    client.request({ kind: 'run', sides: [], preset: null });
    const w = workers[0];
    expect(w.sent.map((m) => m.id)).toEqual([1]);
    w.answer(w.sent[0]);
    expect(delivered).toEqual([]); // stale
    expect(w.sent.map((m) => m.id)).toEqual([1, 3]); // request 2 was superseded while waiting
    w.answer(w.sent[1]);
    expect(delivered).toEqual([3]);
    client.request({ kind: 'run', sides: [], preset: null });
    client.cancel();
    expect(w.terminated).toBe(true);
  });
});
