// A mistyped name in a link: the notice names the one it most likely meant.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { parseQuery, speltQuery } from '../src/scenario/codec';
import { nearestName } from '../src/scenario/didYouMean';
import { PRESETS } from '../src/scenario/presets';
import { loadLessons } from '../src/ui/lessons/catalog';
import { lessonFromView } from '../src/ui/lessons/lessonState';
import { loadSweepReader, withGuides } from '../src/ui/lessons/openGuides';
import { readLocation } from '../src/ui/state/useScenario';
import { parseSweepParam } from '../src/ui/sweep/sweepParam';

const problemsOf = (query: string) => parseQuery(query).problems;

describe('a bad link names what it most likely meant', () => {
  it('for a preset, on either side, cut short, case or a swapped letter aside', () => {
    expect(problemsOf('preset=heidemann-odd-fina')).toEqual([
      'preset="heidemann-odd-fina": no such preset; did you mean heidemann-odd-final?',
    ]);
    expect(problemsOf('preset=Nielsen-WAN-pipe-frist')).toEqual([
      'preset="Nielsen-WAN-pipe-frist": no such preset; did you mean nielsen-wan-pipe-first?',
    ]);
    expect(problemsOf('preset=heidemann-table1-phttp&b.preset=heidemann-table1-phttp-fx2')).toEqual([
      'b.preset="heidemann-table1-phttp-fx2": no such preset, ignored; did you mean heidemann-table1-phttp-fix2?',
    ]);
  });

  it('for a key, with its side', () => {
    expect(problemsOf('nagel=0&b.delak=off&embd=1')).toEqual([
      '"nagel": unknown setting, ignored; did you mean nagle?',
      '"b.delak": unknown setting, ignored; did you mean b.delack?',
      '"embd": unknown setting, ignored; did you mean embed?',
    ]);
  });

  it("for a knob's value, on either side", () => {
    expect(problemsOf('page=almanac&b.link=etherent10&cc=Cubc')).toEqual([
      expect.stringMatching(
        /^page="almanac": must be one of .*; using the default; did you mean page=almanac24\?$/,
      ),
      expect.stringMatching(
        /^b\.link="etherent10": must be one of .*; using the default; did you mean b\.link=ethernet10\?$/,
      ),
      expect.stringMatching(/^cc="Cubc": must be one of .*; using the default; did you mean cc=cubic\?$/),
    ]);
    // 1.1 and 1.0 are as near as each other to 1.2: neither is named.
    expect(problemsOf('http=1.2')).toEqual([
      expect.stringMatching(/must be one of [^;]*; using the default$/),
    ]);
  });

  it('for an HTTP mode written as its label reads, HTTP/1.1 or 1.1pipelined, on the page and the command line', () => {
    // Each had said only "must be one of ...", the values' own names too far to be guessed.
    const hintOf = (query: string) => problemsOf(query).map((p) => p.replace(/^.*using the default/, ''));
    expect(hintOf('http=HTTP/1.1')).toEqual(['; did you mean http=1.1?']);
    expect(hintOf('http=1.1pipelined')).toEqual(['; did you mean http=1.1pipe?']);
    expect(hintOf('http=HTTP/1.1%20pipelined&b.http=HTTP/2')).toEqual([
      '; did you mean http=1.1pipe?',
      '; did you mean b.http=2?',
    ]);
    expect(hintOf('http=h3&http=1.1pipline')).toEqual([
      '; did you mean http=3?',
      '; did you mean http=1.1pipe?',
    ]);
    // Near neither one value nor one label: no guess (h1 is as near 1.1 as 2 and 3).
    expect(hintOf('http=h1&http=1.0keepalive')).toEqual(['', '']);
    const cli = spawnSync('node_modules/.bin/tsx', ['src/cli/sim.ts', 'http=HTTP/1.1'], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(cli.status).toBe(2);
    expect(cli.stderr.trim()).toBe(
      'sim: http="HTTP/1.1": must be one of 1.0, 1.0ka, 1.1, 1.1pipe, getall, 2, 3; using the default; did you mean http=1.1?',
    );
  }, 60_000);

  it('and nothing where no name is near, or two are equally near', () => {
    expect(problemsOf('preset=nope&colour=blue')).toEqual([
      'preset="nope": no such preset',
      '"colour": unknown setting, ignored',
    ]);
    expect(
      nearestName(
        'heidemann-table1-phttp-fix3',
        PRESETS.map((p) => p.id),
      ),
    ).toBeNull();
  });

  it('for a lesson and a ready-made sweep', async () => {
    await loadLessons();
    const problems: string[] = [];
    expect(lessonFromView({ lesson: 'the-200-ms-mystery' }, problems)).toBeNull();
    expect(parseSweepParam('kruse-fig-2', problems)).toBeNull();
    expect(problems).toEqual([
      'lesson="the-200-ms-mystery": no such lesson; did you mean the-200ms-mystery?',
      'sweep="kruse-fig-2": no such sweep; did you mean kruse-fig2?',
    ]);
  });

  it("for a sweep's name given as a preset's, and a preset's as a sweep's", async () => {
    await loadSweepReader();
    const opened = (search: string) => withGuides(readLocation(search), search).problems;
    // Both had said only "no such preset" / "no such sweep".
    expect(opened('?preset=kruse-fig2')).toEqual([
      'preset="kruse-fig2": no such preset; did you mean sweep=kruse-fig2?',
    ]);
    expect(opened('?preset=kruse-fig-2')).toEqual([
      'preset="kruse-fig-2": no such preset; did you mean sweep=kruse-fig2?',
    ]);
    expect(opened('?sweep=heidemann-odd-final')).toEqual([
      'sweep="heidemann-odd-final": no such sweep; did you mean preset=heidemann-odd-final?',
    ]);
    // A near preset is still the first guess; a name near nothing gets no hint.
    expect(opened('?preset=heidemann-odd-fina')).toEqual([
      'preset="heidemann-odd-fina": no such preset; did you mean heidemann-odd-final?',
    ]);
    expect(opened('?preset=nope')).toEqual(['preset="nope": no such preset']);
  });
});

describe('a name in capitals or with a stray space is read as the name it is', () => {
  it('for a preset, a key and a value, on either side: the link runs as its lower-case spelling would', () => {
    // Each had been dropped with "did you mean": the comparison had opened the default page.
    const typed = parseQuery(
      'preset=Heidemann-Odd-Final%20&B.Nagle=0&Link=Ethernet10&cc=BBR&iw=4K&b.page=Yahoo96',
    );
    const meant = parseQuery(
      'preset=heidemann-odd-final&b.nagle=0&link=ethernet10&cc=bbr&iw=4k&b.page=yahoo96',
    );
    expect(typed.problems).toEqual([]);
    expect(typed.config).toEqual(meant.config);
    expect(typed.config.preset).toBe('heidemann-odd-final');
    expect(typed.config.settings).toMatchObject({ cc: 'bbr', iw: '4k', link: 'ethernet10' });
    expect(typed.config.b).toMatchObject({ nagle: false, page: 'yahoo96' });
    expect(parseQuery('b.preset=%20Heidemann-Table1-PHTTP-Fix2').config.bPreset).toBe(
      'heidemann-table1-phttp-fix2',
    );
  });

  it('for a lesson and a ready-made sweep; a custom sweep and a note keep their own spelling', () => {
    expect(parseQuery('Lesson=The-200ms-Mystery%20&step=2').config.view).toEqual({
      lesson: 'the-200ms-mystery',
      step: '2',
    });
    expect(parseQuery('sweep=Kruse-Fig2%20').config.view.sweep).toBe('kruse-fig2');
    expect(parseQuery('sweep=custom:x=conns:1,4').config.view.sweep).toBe('custom:x=conns:1,4');
    expect(parseQuery('embed=1&note=Look%20at%20THE%20ACKs').config.view.note).toBe('Look at THE ACKs');
  });

  it('leaves a link spelt as the tables spell it as it is, and a misspelt one still said', () => {
    expect(speltQuery('?v=1&preset=heidemann-odd-final&b.nagle=0&view=ladder,tsp')).toBe(
      '?v=1&preset=heidemann-odd-final&b.nagle=0&view=ladder,tsp',
    );
    expect(speltQuery('?Nagle=0&cc=BBR')).toBe('?nagle=0&cc=bbr');
    expect(problemsOf('preset=Heidemann-Odd-Fina')).toEqual([
      'preset="Heidemann-Odd-Fina": no such preset; did you mean heidemann-odd-final?',
    ]);
  });
});
