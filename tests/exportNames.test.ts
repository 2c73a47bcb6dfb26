// Export file names and picture titles name the scenario.
import { describe, expect, it } from 'vitest';
import { parseQuery } from '../src/scenario/codec';
import { findPreset } from '../src/scenario/presets';
import { scenarioHeading, scenarioName, scenarioTitle } from '../src/scenario/scenarioName';
import { textWidthPx, titledSvg } from '../src/ui/export/svgTitle';
import { describeSides, pictureFileName, type PictureView } from '../src/ui/export/ExportItems';
import { sweepFileName, sweepScenarioHeading } from '../src/ui/sweep/SweepExport';
import { customSpec, parseSweepParam } from '../src/ui/sweep/sweepParam';
import { baseQuery } from '../src/ui/sweep/sweepPanelState';

const named = (query: string) => {
  const { config } = parseQuery(query);
  return [scenarioName(config.preset, config.settings), scenarioTitle(config.preset, config.settings)];
};

describe('scenario names', () => {
  it('a preset and the keys changed from it; without a preset, the link and the HTTP mode', () => {
    expect(named('preset=heidemann-odd-final')[0]).toBe('heidemann-odd-final');
    expect(named('preset=heidemann-odd-final&nagle=0')[0]).toBe('heidemann-odd-final-nagle0');
    expect(named('link=geo&http=1.1')[0]).toBe('roundtrip-geo-http1.1');
    expect(named('link=geo&http=1.1pipe&iw=4k')[0]).toBe('roundtrip-geo-http1.1pipe-iw4k');
    expect(
      named('objects=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30')[0],
    ).toBe('roundtrip-ethernet10-http1.1-30objects-gisb7w'); // shortened: ends in a hash of the whole
    expect(named('objects=5000,20000')[0]).toBe('roundtrip-ethernet10-http1.1-objects5000-20000');
    expect(named('objects=' + '1000,'.repeat(60) + '1')[0].length).toBeLessThanOrEqual(80);
  });

  it('a name too long is cut between words, never inside a value', () => {
    // Today's hosts over HTTP/2 had been saved as ...-pagealmanac24-h2window629 (the window is 6291456).
    const query = 'page=almanac24&link=lte&loss=2&http=2&stack=linux&nagle=0&window=1048576&h2window=6291456';
    expect(named(query)[0]).toBe(
      'roundtrip-lte-h2-loss2-nagle0-stacklinux-window1048576-pagealmanac24-gd9n4j',
    );
    // A list too long is counted: its first items alone had named another page (a lesson's two
    // 100 KB objects saved as ...-objects100000, one object), and the keys after it that fit stay.
    expect(named('objects=' + '123456,'.repeat(20) + '1&cthink=3000')[0]).toBe(
      'roundtrip-ethernet10-http1.1-21objects-cthink3000-joo25l',
    );
    expect(named('rtt=100&ssr=rfc&window=65535&objects=100000,100000&cthink=3000&flush=none')[0]).toBe(
      'roundtrip-ethernet10-http1.1-rtt100-ssrrfc-window65535-2objects-flushnone-bvd0kp',
    );
    // What was left out still tells the names apart, through the hash.
    expect(named(query + '&loads=2')[0]).toBe(
      'roundtrip-lte-h2-loss2-nagle0-stacklinux-window1048576-pagealmanac24-dgytsj',
    );
  });

  it('two scenarios that differ only past the 80th character get two names', () => {
    // Both seeds had been saved as ...-window65535-gzip1.pcap, the second file replacing the first.
    const lossy = 'link=ppp28k&http=1.0&nagle=0&delack=off&iw=10&ssr=rfc&window=65535&gzip=1&loss=3';
    const [seed1] = named(`${lossy}&seed=1`); // the default seed: not named, and it fits
    const [seed4] = named(`${lossy}&seed=4`);
    expect(seed1).toBe('roundtrip-ppp28k-http1.0-loss3-nagle0-delackoff-iw10-ssrrfc-window65535-gzip1');
    expect(seed4).toMatch(
      /^roundtrip-ppp28k-http1.0-loss3-nagle0-delackoff-iw10-ssrrfc-window65535-[a-z0-9]{6}$/,
    );
    expect(seed4).toBe(named(`${lossy}&seed=4`)[0]); // stable
    const longer = [`${lossy}&seed=4&flush=headers&chunk=512`, `${lossy}&seed=5&flush=headers&chunk=512`];
    const names = [seed1, seed4, ...longer.map((q) => named(q)[0])];
    expect(new Set(names).size).toBe(4);
    for (const name of names) expect(name.length).toBeLessThanOrEqual(80);
  });

  it('the HTTP mode says what it is: ALPN names, never a bare number', () => {
    expect(named('http=3&tls=1.3')[0]).toBe('roundtrip-ethernet10-h3-tls1.3');
    expect(named('http=2')[0]).toBe('roundtrip-ethernet10-h2');
    expect(named('http=1.0')[0]).toBe('roundtrip-ethernet10-http1.0');
    expect(named('http=1.0ka')[0]).toBe('roundtrip-ethernet10-http1.0ka');
    expect(named('http=getall')[0]).toBe('roundtrip-ethernet10-getall');
    // Changed from a preset, the same words.
    expect(named('preset=heidemann-odd-final&http=3')[0]).toBe('heidemann-odd-final-h3');
    expect(named('preset=heidemann-odd-final&http=1.0')[0]).toBe('heidemann-odd-final-http1.0');
  });

  it('a title gives the key settings and every change', () => {
    expect(named('preset=heidemann-odd-final&nagle=0&iw=4k')[1]).toBe(
      'The odd, short final segment (Heidemann Fig. 4): page=custom visit=first link=ethernet10 http=1.1 nagle=0 delack=bsd iw=4k' +
        ' delackphase=189.2 ssr=off objects=6651,3883 req=52,58 flush=none sthink=2.175 cthink=0.65',
    );
    expect(named('link=geo&gzip=1')[1]).toMatch(/^Roundtrip: .*link=geo .* gzip=1$/);
    // Changed from the preset back to the default, said too.
    expect(named('preset=heidemann-table1-phttp-fix1&flush=headers')[1]).toMatch(/ flush=headers$/);
  });

  it("a title names the settings a preset sets, so two presets' titles differ where their runs do", () => {
    // Heidemann's P-HTTP and its first fix differ only in header flush: both had been titled
    // `page=yahoo96 visit=first link=ethernet10 http=1.1 nagle=1 delack=bsd iw=2`.
    const settingsOf = (preset: string) => {
      const { config } = parseQuery(`v=1&preset=${preset}`);
      return scenarioHeading(config.preset, config.settings).settings.split(' ');
    };
    const [phttp, fix1, fix2] = ['', '-fix1', '-fix2'].map((fix) =>
      settingsOf(`heidemann-table1-phttp${fix}`),
    );
    // flush=headers is the default: P-HTTP says nothing of it, its fixes say they do not flush.
    expect(fix1.filter((s) => !phttp.includes(s))).toEqual(['flush=none']);
    expect(fix2.filter((s) => !phttp.includes(s))).toEqual(['nagle=0', 'flush=none']);
    expect(phttp).toContain('sthink=2.175');
  });

  it("a title names the path's figures where they are not its link's own, a preset's too", () => {
    // langley-quic runs over ethernet10 at 10 Mb/s with a 250 ms RTT: titled a LAN, its ladder ran 800 ms.
    expect(named('preset=langley-quic')[1]).toBe(
      'QUIC against TCP with TLS, on a long path (Langley et al. 2017): page=custom visit=first link=ethernet10 bw=10000000 rtt=250 http=3' +
        ' objects=40000,8000,8000,8000,8000 sthink=0 cthink=0 resume=1',
    );
    expect(named('preset=mathis-loss')[1]).toContain('link=ethernet10 bw=10000000 rtt=100 loss=1 ');
    expect(named('preset=mathis-loss&link=lte&bw=auto&rtt=auto')[1]).toContain(' link=lte loss=1 ');
    expect(named('preset=heidemann-odd-final')[1]).toContain(' link=ethernet10 http=1.1 ');
  });

  it("a title names the initial window and delayed ACK the hosts run, each host's when they differ", () => {
    // Linux hosts had been titled iw=2 delack=bsd (the keys' defaults, which their stack overrides).
    expect(named('stack=linux')[1]).toMatch(/ delack=linux iw=10 stack=linux$/);
    expect(named('preset=nielsen-lan-1.1-first')[1]).toContain('delack.server=fixed delack.client=bsd iw=2');
    expect(named('preset=nielsen-lan-1.1-first&delack.server=off')[1]).toContain(
      'delack.server=off delack.client=bsd iw=2',
    );
    expect(named('')[1]).toContain('delack=bsd iw=2');
  });

  it("a picture is headed by the preset's title as the gallery shows it, its id kept apart", () => {
    const { config } = parseQuery('preset=heidemann-short-initial&nagle=0');
    expect(scenarioHeading(config.preset, config.settings)).toEqual({
      name: findPreset('heidemann-short-initial')!.title,
      settings: expect.stringContaining('nagle=0'),
      id: 'heidemann-short-initial',
    });
    expect(findPreset('heidemann-short-initial')!.title).toBe('The short initial segment (Heidemann Fig. 2)');
    // The file keeps the id.
    expect(scenarioName(config.preset, config.settings)).toBe('heidemann-short-initial-nagle0');
    const { config: plain } = parseQuery('link=geo');
    expect(scenarioHeading(plain.preset, plain.settings)).toMatchObject({ name: 'Roundtrip', id: null });
  });

  it('a title leaves out what does not apply: no TCP knobs over QUIC', () => {
    expect(named('link=lte&http=3&nagle=0')).toEqual([
      'roundtrip-lte-h3',
      'Roundtrip: page=yahoo96 visit=first link=lte http=3',
    ]);
  });
});

describe("a comparison's sides, named for files and pictures", () => {
  it('name a B that starts from a preset after that preset, and by its changes from it', () => {
    const pair = 'preset=heidemann-table1-phttp&b.preset=heidemann-table1-phttp-fix2';
    const names = (query: string) => describeSides(parseQuery(query).config).map((s) => s.name);
    expect(names(pair)).toEqual(['heidemann-table1-phttp', 'heidemann-table1-phttp-fix2']);
    expect(names(`${pair}&b.nagle=1`)).toEqual([
      'heidemann-table1-phttp',
      'heidemann-table1-phttp-fix2-nagle1',
    ]);
    const b = describeSides(parseQuery(pair).config)[1];
    expect(b.heading.name).toBe('P-HTTP with both fixes (Heidemann Table 1)');
    expect(b.heading.id).toBe('heidemann-table1-phttp-fix2');
    // A B that starts from A is named from A's preset, as before.
    expect(names('preset=heidemann-odd-final&b.nagle=0')).toEqual([
      'heidemann-odd-final',
      'heidemann-odd-final-nagle0',
    ]);
  });
});

describe('the title band of an exported picture', () => {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="300" viewBox="0 0 600 300"><rect/></svg>';
  it('grows the picture upwards by the band and draws the name and settings', () => {
    const out = titledSvg(svg, ['heidemann-odd-final: link=ethernet10 http=1.1 nagle=0']);
    expect(out).toMatch(/^<svg [^>]*height="340"/);
    expect(out).toMatch(/^<svg [^>]*viewBox="0 -40 600 340"/);
    expect(out).toContain('<title>heidemann-odd-final: link=ethernet10 http=1.1 nagle=0</title>');
    const texts = [...out.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
    expect(texts).toEqual(['heidemann-odd-final', 'link=ethernet10 http=1.1 nagle=0']);
    expect(out.endsWith('<rect/></svg>')).toBe(true);
  });
  it("draws a heading's name whole, colon and all, and keeps the preset's id on it", () => {
    const out = titledSvg(svg, [
      {
        name: 'HTTP: a connection per document (Heidemann Table 1)',
        settings: 'link=ethernet10 http=1.0',
        id: 'heidemann-table1-http',
      },
    ]);
    const lines = [...out.matchAll(/<text([^>]*)>([^<]*)<\/text>/g)].map((m) => [
      m[1].includes('bold'),
      m[2],
    ]);
    expect(lines).toEqual([
      [true, 'HTTP: a connection per document (Heidemann Table 1)'],
      [false, 'link=ethernet10 http=1.0'],
    ]);
    expect(out).toMatch(/<text [^>]*font-weight="bold"[^>]*data-preset="heidemann-table1-http">HTTP: a/);
    expect(out).toContain(
      '<title>HTTP: a connection per document (Heidemann Table 1): link=ethernet10 http=1.0</title>',
    );
  });
  it('wraps long settings to the width, and escapes markup', () => {
    const out = titledSvg(svg.replace(/600/g, '200'), [`a<b: ${'key=value '.repeat(20).trim()}`]);
    const texts = [...out.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
    expect(texts[0]).toBe('a&lt;b');
    expect(texts.length).toBeGreaterThan(3);
    for (const t of texts) expect(t.length * 6.6).toBeLessThanOrEqual(200);
  });
  it("cuts a value wider than the picture after its commas: a custom page's forty sizes stay inside", () => {
    const sizes = ['5000000', ...Array<string>(39).fill('20000')].join(',');
    const out = titledSvg(svg.replace(/600/g, '400'), [`Custom page: objects=${sizes} http=3`]);
    const texts = [...out.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
    expect(texts[0]).toBe('Custom page');
    for (const t of texts) expect(textWidthPx(t)).toBeLessThanOrEqual(400);
    // Every line of the list ends at a comma but its last, and together they give it whole.
    const list = texts.slice(1);
    expect(list.length).toBeGreaterThan(2);
    for (const t of list.slice(0, -2)) expect(t.endsWith(',')).toBe(true);
    expect(list.join('').replace(/ /g, '')).toBe(`objects=${sizes}http=3`);
    // A word with no comma is cut at the width.
    const bare = titledSvg(svg.replace(/600/g, '200'), [`x: ${'a'.repeat(100)}`]);
    const bareTexts = [...bare.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
    expect(bareTexts.slice(1).join('')).toBe('a'.repeat(100));
    for (const t of bareTexts) expect(textWidthPx(t)).toBeLessThanOrEqual(200);
  });
  it('draws a sentence as one plain paragraph, not split at its colon into a bold name', () => {
    const sentence =
      'Simulated here: a 2 KB transfer gets 26% of the best throughput; a 20 KB one 71% of what an 8 KB window carries over 500 KB.';
    const out = titledSvg(svg.replace(/600/g, '350'), ['Sweep: its source', { sentence }]);
    const lines = [...out.matchAll(/<text([^>]*)>([^<]*)<\/text>/g)].map((m) => ({
      bold: m[1].includes('bold'),
      text: m[2],
    }));
    const after = lines.slice(lines.findIndex((l) => l.text === 'its source') + 1);
    expect(after.every((l) => !l.bold)).toBe(true);
    expect(after.map((l) => l.text).join(' ')).toBe(sentence);
    expect(after.length).toBeGreaterThan(1); // wrapped to the width, as one paragraph
    expect(out).toContain(`<title>Sweep: its source / ${sentence}</title>`);
  });
  it("wraps a long name too: a sweep saved at a phone's width keeps its whole title", () => {
    const title = 'Throughput against transfer length, RTT near 0 (Padmanabhan-Mogul Fig. 3-3)';
    const out = titledSvg(svg.replace(/600/g, '350'), [`${title}: Padmanabhan & Mogul 1994, Fig. 3-3`]);
    const bold = [...out.matchAll(/<text[^>]*font-weight="bold"[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
    expect(bold.join(' ')).toBe(title);
    for (const t of bold) expect(t.length * 6.6 * 1.15).toBeLessThanOrEqual(350);
  });
});

describe('the connections in a title, where they apply', () => {
  it("HTTP/1.0's pictures say how many connections, each side's own; HTTP/1.1's do not", () => {
    // A's line had read `... http=1.0 nagle=1 delack=bsd iw=2`, only B's (changed) saying conns=16.
    const [a, b] = describeSides(parseQuery('http=1.0&conns=4&b.conns=16').config);
    expect(a.heading.settings).toBe(
      'page=yahoo96 visit=first link=ethernet10 http=1.0 conns=4 nagle=1 delack=bsd iw=2',
    );
    expect(b.heading.settings).toBe(
      'page=yahoo96 visit=first link=ethernet10 http=1.0 conns=16 nagle=1 delack=bsd iw=2',
    );
    expect(named('http=1.0ka')[1]).toContain(' http=1.0ka conns=4 ');
    expect(named('preset=heidemann-odd-final')[1]).not.toContain('conns');
    expect(named('http=2&conns=8')[1]).not.toContain('conns');
  });
});

/** Every picture's file name for a link: `view/side` to the name. */
function pictureNames(query: string, extension = 'svg'): Record<string, string> {
  const { config } = parseQuery(query);
  const out: Record<string, string> = {};
  for (const view of ['ladder', 'tsp', 'waterfall', 'time'] as PictureView[])
    for (const side of ['a', 'b'] as const)
      out[`${view}/${side}`] = pictureFileName(config, view, side, extension);
  return out;
}

describe("pictures' file names", () => {
  const safe = (name: string) => {
    expect(name).toMatch(/^[a-z0-9.-]+$/);
    expect(name.length).toBeLessThan(100);
  };

  it("a comparison's pictures say so and name B's difference; one side's, its side", () => {
    const single = pictureNames('http=1.0&conns=4');
    expect(single['time/a']).toBe('roundtrip-ethernet10-http1.0-time.svg');
    expect(single['ladder/a']).toBe('roundtrip-ethernet10-http1.0-ladder.svg');
    // The comparison's breakdown (A's and B's rows) had been saved under the single run's name.
    const pair = pictureNames('http=1.0&conns=4&b.conns=16');
    expect(pair['time/a']).toBe('roundtrip-ethernet10-http1.0-vs-b-conns16-time.svg');
    expect(pair['ladder/a']).toBe('roundtrip-ethernet10-http1.0-vs-b-conns16-a-ladder.svg');
    expect(pair['ladder/b']).toBe('roundtrip-ethernet10-http1.0-vs-b-conns16-b-ladder.svg');
    expect(pair['waterfall/a']).toBe('roundtrip-ethernet10-http1.0-vs-b-conns16-a-waterfall.svg');
    expect(pair['tsp/b']).toBe('roundtrip-ethernet10-http1.0-vs-b-conns16-b-tsp.svg');
    // No picture of the comparison takes a single run's name, and none two pictures' names.
    const pairNames = Object.entries(pair)
      .filter(([k]) => !k.startsWith('time/b'))
      .map(([, v]) => v);
    expect(new Set(pairNames).size).toBe(pairNames.length);
    for (const name of pairNames) expect(Object.values(single)).not.toContain(name);
    // Another B, another name.
    expect(pictureNames('http=1.0&conns=4&b.conns=8')['time/a']).toBe(
      'roundtrip-ethernet10-http1.0-vs-b-conns8-time.svg',
    );
  });

  it("two presets' comparison is named by both", () => {
    const pair = pictureNames('preset=heidemann-table1-phttp&b.preset=heidemann-table1-phttp-fix2', 'png');
    expect(pair['time/a']).toBe('heidemann-table1-phttp-vs-b-heidemann-table1-phttp-fix2-time.png');
    expect(pair['ladder/b']).toBe('heidemann-table1-phttp-vs-b-heidemann-table1-phttp-fix2-b-ladder.png');
    expect(pictureNames('preset=heidemann-table1-phttp', 'png')['time/a']).toBe(
      'heidemann-table1-phttp-time.png',
    );
  });

  it("a zoomed ladder's or plot's picture names its window; the other views are the whole run", () => {
    const zoomed = pictureNames('preset=heidemann-odd-final&zoom=2,12&t=8');
    expect(zoomed['ladder/a']).toBe('heidemann-odd-final-zoom2-12ms-ladder.svg');
    expect(zoomed['waterfall/a']).toBe('heidemann-odd-final-waterfall.svg');
    expect(pictureNames('preset=heidemann-odd-final')['ladder/a']).toBe('heidemann-odd-final-ladder.svg');
    expect(pictureNames('preset=heidemann-odd-final&tspzoom=12.5,40.0625')['tsp/a']).toBe(
      'heidemann-odd-final-zoom12.5-40.063ms-tsp.svg',
    );
    expect(pictureNames('http=1.0&b.conns=16&zoom=2,12')['ladder/b']).toBe(
      'roundtrip-ethernet10-http1.0-vs-b-conns16-b-zoom2-12ms-ladder.svg',
    );
  });

  it("stay short and safe however long the scenario, B's difference kept", () => {
    const long =
      'page=almanac24&link=lte&loss=2&http=2&stack=linux&nagle=0&window=1048576&h2window=6291456' +
      '&b.http=3&b.loss=3&zoom=12345.678,23456.789';
    const names = pictureNames(long, 'png');
    for (const name of Object.values(names)) safe(name);
    expect(names['ladder/b']).toMatch(
      /^roundtrip-lte-h2-.*-vs-b-loss3-h3-b-zoom12345.678-23456.789ms-ladder\.png$/,
    );
    expect(names['time/a']).toMatch(/-vs-b-loss3-h3-time\.png$/);
  });
});

describe("a custom sweep's picture names the scenario it swept", () => {
  const sweep = (query: string) => {
    const { config } = parseQuery(query);
    const choice = parseSweepParam(config.view.sweep!, [])!;
    if (choice.kind !== 'custom') throw new Error('not a custom sweep');
    return customSpec(choice.custom, baseQuery(config));
  };
  const SWEEP = 'http=1.0&sweep=custom:x=conns:1,4,8,16;series=window:8192,16384;y=load_s';

  it('in its file name, which differs when the scenario does', () => {
    // Both had been saved as sweep-conns-by-window.svg.
    expect(sweepFileName(sweep(`link=wan&${SWEEP}`), 'svg')).toBe(
      'roundtrip-wan-http1.0-sweep-conns-by-window.svg',
    );
    expect(sweepFileName(sweep(`link=lte&${SWEEP}`), 'png')).toBe(
      'roundtrip-lte-http1.0-sweep-conns-by-window.png',
    );
    // The swept settings are the points', not the scenario's: a base of 8 connections is not named.
    expect(sweepFileName(sweep(`link=lte&conns=8&nagle=0&${SWEEP}`), 'svg')).toBe(
      'roundtrip-lte-http1.0-nagle0-sweep-conns-by-window.svg',
    );
    expect(sweepFileName(sweep('preset=heidemann-odd-final&sweep=custom:x=nagle:0,1'), 'svg')).toBe(
      'heidemann-odd-final-sweep-nagle.svg',
    );
    // A paper's sweep keeps its own name: it runs its own scenario, whatever the page's.
    const { config: paper } = parseQuery('link=lte&sweep=kruse-fig2');
    const ready = parseSweepParam(paper.view.sweep!, [])!;
    if (ready.kind !== 'ready') throw new Error('not a ready-made sweep');
    expect(sweepFileName(ready.spec, 'svg')).toBe('kruse-fig2-sweep.svg');
    expect(sweepScenarioHeading(ready.spec)).toBeNull();
  });

  it("under its title, headed as a view's picture is, less the swept settings", () => {
    expect(sweepScenarioHeading(sweep(`link=wan&${SWEEP}`))).toEqual({
      name: 'Roundtrip',
      settings: 'page=yahoo96 visit=first link=wan http=1.0 nagle=1 delack=bsd iw=2',
      id: null,
    });
    expect(sweepScenarioHeading(sweep(`link=lte&${SWEEP}`))?.settings).toContain(' link=lte http=1.0 ');
    expect(sweepScenarioHeading(sweep('preset=heidemann-odd-final&sweep=custom:x=nagle:0,1'))).toMatchObject({
      name: 'The odd, short final segment (Heidemann Fig. 4)',
      id: 'heidemann-odd-final',
    });
  });
});
