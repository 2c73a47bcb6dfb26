// @vitest-environment jsdom
// A run whose loads go round different pages (pages=kruse: /LeRC, /acts, /oufr, /Test, /LeRC)
// names each load by its page wherever loads are listed or numbered: "the page was loaded 5 times
// (each load: 5.45 s, 3 s, ...)" had read as /LeRC taking each of those times. A page loaded
// several times (loads=3) keeps its words.
import { describe, expect, it } from 'vitest';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import type { JSX } from 'preact';
import { loadPageNames } from '../src/engine/loadPages';
import { computeMetrics } from '../src/engine/metrics';
import { runQuery } from '../src/scenario';
import { breakdown } from '../src/scenario/breakdown';
import { MetricsNotes } from '../src/views/MetricsTable';
import { TimeBreakdown } from '../src/views/TimeBreakdown';
import { Waterfall } from '../src/views/Waterfall';
import { loadHeadings, waterfallLines } from '../src/views/waterfallGroups';
import { labelColumns } from '../src/views/waterfallLabels';
import { waterfallRows } from '../src/views/waterfallPhases';
import { idleBetweenLoadsNs } from '../src/views/betweenLoads';
import { runEndNs } from '../src/views/timeScale';
import { WholeRun } from '../src/ui/callout/StallCallout';

const KRUSE = 'preset=kruse-lerc';
const REPEATED = 'loads=3';

function drawn(node: JSX.Element): HTMLElement {
  const box = document.createElement('div');
  act(() => render(node, box));
  return box;
}
/** Text as read, the non-breaking spaces between figure and unit as plain ones. */
const text = (el: Element | null) => (el?.textContent ?? '').replace(/\u00a0/g, ' ').replace(/\s+/g, ' ');

function figuresNote(query: string): string {
  const { trace } = runQuery(query);
  const m = computeMetrics(trace);
  const loads = [
    {
      loads_s: m.loads_s,
      run_s: m.elapsed_s,
      end_s: runEndNs(trace) / 1e9,
      idle_ns: idleBetweenLoadsNs(trace.loads),
      pages: loadPageNames(trace),
    },
  ];
  return text(drawn(<MetricsNotes loads={loads} headers="TCP/IP" />).querySelector('[data-loads-note]'));
}

function waterfallTitles(query: string, width = 1000) {
  const { trace } = runQuery(query);
  const rows = waterfallRows(trace);
  const lines = waterfallLines(trace, rows);
  const columns = labelColumns(rows, width, loadHeadings(lines));
  const endNs = runEndNs(trace);
  const svg = drawn(
    <Waterfall
      rows={rows}
      lines={lines}
      columns={columns}
      endNs={endNs}
      gaps={[]}
      runEndNs={endNs}
      loads={trace.loads}
      loadPages={loadPageNames(trace)}
      cursorNs={endNs}
      width={width}
      side="a"
    />,
  );
  const titles = (sel: string) => [...svg.querySelectorAll(`${sel} > title`)].map(text);
  return {
    headings: titles('[data-load-heading]'),
    words: [...svg.querySelectorAll('[data-load-heading] > text')].map(text),
    ends: [...svg.querySelectorAll('[data-load-end] title')].map(text),
    columns,
  };
}

describe("each load's page", () => {
  it("is read from each load's request for its HTML when the loads go round pages, and is none for one page", () => {
    expect(loadPageNames(runQuery(KRUSE).trace)).toEqual(['/LeRC', '/acts', '/oufr', '/Test', '/LeRC']);
    expect(loadPageNames(runQuery(REPEATED).trace)).toBeNull();
    expect(loadPageNames(runQuery('preset=kruse-lerc&loads=1').trace)).toBeNull();
  });

  it('is found under GETALL too, whose one request per load names no page of its own', () => {
    const getall = `${KRUSE}&http=getall`;
    expect(runQuery(getall).trace.exchanges.map((e) => e.label)).toEqual(Array(5).fill('GETALL'));
    expect(loadPageNames(runQuery(getall).trace)).toEqual(['/LeRC', '/acts', '/oufr', '/Test', '/LeRC']);
    expect(waterfallTitles(getall).headings[1]).toMatch(/^Load 2 of 5, \/acts, the rows below: /);
    expect(figuresNote(getall)).toMatch(/The browser loaded 5 pages in turn \(\/LeRC [\d.]+ s, \/acts /);
    expect(loadPageNames(runQuery('http=getall&loads=3').trace)).toBeNull();
  });

  it('names the pages in the figures note, each with its time, and the last whose Seconds the table gives', () => {
    expect(figuresNote(KRUSE)).toContain(
      'The browser loaded 5 pages in turn (/LeRC 5.45 s, /acts 3 s, /oufr 6.76 s, /Test 4.64 s, /LeRC 1.77 s); ' +
        'Seconds give the last, /LeRC, as the papers report it. All 5 loads took 180 s',
    );
    expect(figuresNote(REPEATED)).toContain(
      'The page was loaded 3 times (each load: 522 ms, 200 ms, 200 ms); Seconds give the last load, as the papers report it. All 3 loads took',
    );
  });

  it("names each load's page in the waterfall's load headings and page-loaded lines", () => {
    const kruse = waterfallTitles(KRUSE);
    expect(kruse.headings).toEqual([
      'Load 1 of 5, /LeRC, the rows below: the page loaded 5.45 s after it began',
      'Load 2 of 5, /acts, the rows below: the page loaded 3 s after it began',
      'Load 3 of 5, /oufr, the rows below: the page loaded 6.76 s after it began',
      'Load 4 of 5, /Test, the rows below: the page loaded 4.64 s after it began',
      'Load 5 of 5, /LeRC, the rows below: the page loaded 1.77 s after it began',
    ]);
    expect(kruse.ends[1]).toBe('Load 2 of 5, /acts loaded: its last object arrived 3 s after it began');
    const repeated = waterfallTitles(REPEATED);
    expect(repeated.headings[1]).toBe('Load 2 of 3, the rows below: the page loaded 200 ms after it began');
    expect(repeated.ends[1]).toBe('Load 2 of 3 loaded: its last object arrived 200 ms after it began');
  });

  it('writes each load\'s page beside its number in the heading over its rows, "load 2" alone for one page', () => {
    // The heading had said "load 2" alone while the rows under it were /acts's.
    const pages = ['load 1 · /LeRC', 'load 2 · /acts', 'load 3 · /oufr', 'load 4 · /Test', 'load 5 · /LeRC'];
    expect(waterfallTitles(KRUSE).words).toEqual(pages);
    expect(waterfallTitles(`${KRUSE}&http=getall`).words).toEqual(pages);
    expect(waterfallTitles(REPEATED).words).toEqual(['load 1', 'load 2', 'load 3']);
    // The label column makes room for the longest heading, on a phone's figure too (13 px bold,
    // at most 8.5 px a character), and leaves the bars most of the figure.
    for (const width of [1000, 350]) {
      const { columns } = waterfallTitles(KRUSE, width);
      expect(columns.barsLeft).toBeGreaterThanOrEqual(4 + 'load 5 · /LeRC'.length * 8.5);
      expect(columns.barsLeft).toBeLessThan(width * 0.4);
    }
  });

  it('names the last load\'s page in "where did the time go" and beside the headline', () => {
    const breakdownNote = (query: string) => {
      const { trace, path } = runQuery(query);
      return text(
        drawn(<TimeBreakdown sides={[{ side: 'a', trace, path }]} width={800} />).querySelector('.note'),
      );
    };
    expect(breakdownNote(KRUSE)).toMatch(/^Load 5 of 5, \/LeRC, from 178 s to 180 s; all 5 loads took 180 s/);
    expect(breakdownNote(REPEATED)).toMatch(/^Load 3 of 3, from [\d.]+ ms to [\d.]+ ms; all 3 loads took/);

    const beside = (query: string) => {
      const { trace, path } = runQuery(query);
      return text(drawn(<WholeRun trace={trace} b={breakdown(trace, path)} />));
    };
    expect(beside(KRUSE)).toMatch(/^ \(load 5 of 5, \/LeRC; all 5 loads took 180 s/);
    expect(beside(REPEATED)).toMatch(/^ \(load 3 of 3; all 3 loads took/);
  });
});
