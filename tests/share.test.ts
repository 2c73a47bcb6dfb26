// The lecturer's links: embed queries keep the scenario, links out drop the embed keys, notes are
// clipped text, unknown controls are reported, and the iframe snippet is well-formed HTML.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseQuery } from '../src/scenario/codec';
import {
  clipNote,
  controlKeys,
  embedQuery,
  frameSize,
  iframeSnippet,
  NOTE_MAX_CHARS,
  questionOf,
  unescapedQuery,
  withoutEmbed,
} from '../src/ui/share/shareLinks';
import { readStartAt } from '../src/ui/share/StartAtField';
import { sweepShown } from '../src/ui/sweep/sweepPanelState';
import { loadLessons } from '../src/ui/lessons/catalog';
import { withGuides } from '../src/ui/lessons/openGuides';
import { queryFor, readLocation } from '../src/ui/state/useScenario';

/** A link as the page opens it. */
const readApp = (search: string) => withGuides(readLocation(search), search);

const SCENARIO = '?v=1&preset=heidemann-odd-final&nagle=0&b.delack=off&t=12.5';
const CHOICES = {
  panels: ['ladder', 'tsp'],
  controls: ['nagle', 'flush'],
  tMs: 40,
  autoplay: true,
  speed: 'fit' as const,
  note: 'Look',
  theme: null,
  size: '800x500',
  answer: false,
};

describe('embed links', () => {
  it('an embed query keeps every scenario setting and adds the chosen view keys', () => {
    const query = embedQuery(SCENARIO, CHOICES);
    const original = parseQuery(SCENARIO).config;
    const embedded = parseQuery(query).config;
    expect(embedded.settings).toEqual(original.settings);
    expect(embedded.b).toEqual(original.b);
    expect(embedded.view).toEqual({
      embed: '1',
      view: 'ladder,tsp',
      controls: 'nagle,flush',
      t: '40',
      autoplay: '1',
      note: 'Look',
    });
    expect(query).toContain('view=ladder,tsp');
  });

  it("an embed keeps the page's ladder zoom, and so does the link out of it", () => {
    const zoomed = `${SCENARIO}&zoom=2,12`;
    expect(parseQuery(embedQuery(zoomed, CHOICES)).config.view.zoom).toBe('2,12');
    expect(new URLSearchParams(withoutEmbed(embedQuery(zoomed, CHOICES))).get('zoom')).toBe('2,12');
  });

  it("an embed of a revealed lesson step's question has neither reveal=1 nor the answer as side B", async () => {
    await loadLessons();
    // The page after Reveal: the step before as A, the answer (`b.flush=none`) as B.
    const revealed = readApp('?lesson=the-200ms-mystery&step=2&reveal=1').config;
    const page = queryFor(revealed, null);
    expect(page).toBe(
      '?v=1&preset=heidemann-short-initial&b.flush=none&lesson=the-200ms-mystery&step=2&reveal=1',
    );
    // The code had dropped reveal=1 and kept b.flush=none: the frame drew the answer beside the question.
    const question = embedQuery(queryFor(questionOf(revealed), null), CHOICES);
    expect(question).toMatch(
      /^\?v=1&preset=heidemann-short-initial&lesson=the-200ms-mystery&step=2&embed=1&/,
    );
    const opened = readApp(question).config;
    expect(opened.b).toBeNull();
    expect(opened.settings).toEqual(revealed.settings);
    expect(opened.view).toMatchObject({ lesson: 'the-200ms-mystery', step: '2', embed: '1' });
    expect(opened.view.reveal).toBeUndefined();
    // With the answer asked for, the code keeps both.
    expect(embedQuery(page, { ...CHOICES, answer: true })).toContain(
      '&b.flush=none&lesson=the-200ms-mystery&step=2&reveal=1&embed=1',
    );
  });

  it("an embed of a sweep's link shows the sweep, as the page does", () => {
    const shownBy = (query: string) => sweepShown(parseQuery(embedQuery(query, CHOICES)).config);
    // A sweep's link without view= shows the sweep panel; so does one that lists it.
    expect(shownBy('?v=1&sweep=kruse-fig2')).toBe(true);
    expect(shownBy('?v=1&sweep=kruse-fig2&view=tsp,sweep')).toBe(true);
    expect(embedQuery('?v=1&sweep=kruse-fig2', CHOICES)).toContain('view=ladder,tsp,sweep');
    // A view list without it (the panel closed) leaves it out, and no sweep, no panel.
    expect(shownBy('?v=1&sweep=kruse-fig2&view=ladder')).toBe(false);
    expect(shownBy(SCENARIO)).toBe(false);
  });

  it('a link copied out of HTML reads with its separators, and any other link as it is', () => {
    const link = '?v=1&preset=heidemann-odd-final&b.nagle=0&embed=1&note=Q%26A%20%26amp%3B';
    expect(unescapedQuery(link.replace(/&/g, '&amp;'))).toBe(link);
    expect(unescapedQuery(link.replace(/&/g, '&amp;amp;'))).toBe(link);
    expect(unescapedQuery('?v=1&AMP;nagle=0')).toBe('?v=1&nagle=0');
    // A note's own "&amp;" is percent-encoded in a query, so it is never touched.
    expect(unescapedQuery(link)).toBe(link);
    expect(parseQuery(unescapedQuery(link.replace(/&/g, '&amp;'))).config.view.note).toBe('Q&A &amp;');
  });

  it('leaving the embed drops embed, controls and autoplay and keeps the rest', () => {
    const out = new URLSearchParams(withoutEmbed(embedQuery(SCENARIO, CHOICES)));
    expect([...out.keys()].sort()).toEqual(['b.delack', 'nagle', 'note', 'preset', 't', 'v', 'view']);
  });

  it('names only schema keys as controls and reports the rest', () => {
    expect(controlKeys('nagle, flush,,nagle,<b>')).toEqual({
      keys: ['nagle', 'flush'],
      problems: ['controls: "<b>" is not a setting, ignored'],
    });
    expect(controlKeys(undefined)).toEqual({ keys: [], problems: [] });
  });

  it('clips a note to 280 characters with an ellipsis, never splitting a character', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 400 }), (text) => {
        const clipped = clipNote(text);
        expect([...clipped].length).toBeLessThanOrEqual(NOTE_MAX_CHARS);
        if ([...text.trim()].length > NOTE_MAX_CHARS) expect(clipped.endsWith('…')).toBe(true);
        else expect(clipped).toBe(text.trim());
      }),
      { seed: 5 },
    );
  });

  it('escapes the iframe snippet so any URL or title stays inside its attribute', () => {
    const snippet = iframeSnippet('https://x.test/?a=1&note="><script>', 'A "title" <b>');
    expect(snippet).toBe(
      '<iframe src="https://x.test/?a=1&amp;note=&quot;&gt;&lt;script&gt;" width="800" height="500" title="A &quot;title&quot; &lt;b&gt;" loading="lazy"></iframe>',
    );
  });

  it('an embed asks for a theme only when the lecturer picks one', () => {
    expect(parseQuery(embedQuery(SCENARIO, { ...CHOICES, theme: 'dark' })).config.view.theme).toBe('dark');
    // The speed chosen for the embed, whatever the page's; the fitted pace goes unsaid.
    expect(
      parseQuery(embedQuery(`${SCENARIO}&speed=real`, { ...CHOICES, speed: 'slow' })).config.view.speed,
    ).toBe('slow');
    expect(embedQuery(`${SCENARIO}&speed=real`, CHOICES)).not.toMatch(/speed/);
    expect(parseQuery(embedQuery(SCENARIO, CHOICES)).config.view.theme).toBeUndefined();
  });

  it('emits the chosen frame size, or a full-width frame that keeps its shape', () => {
    expect(iframeSnippet('u', 't', frameSize('560x400'))).toContain('width="560" height="400"');
    const responsive = iframeSnippet('u', 't', frameSize('responsive'));
    expect(responsive).toContain('width: 100%; aspect-ratio: 800 / 500');
    expect(responsive).not.toContain('height="');
  });
});

describe('the theme key', () => {
  it('reads light and dark, and reports anything else and falls back to the system', () => {
    expect(parseQuery('theme=dark').config.view.theme).toBe('dark');
    const bad = parseQuery('theme=purple');
    expect(bad.config.view.theme).toBeUndefined();
    expect(bad.problems).toEqual(['theme="purple": must be light or dark; following the system\'s setting']);
  });
});

describe("the embed builder's Start at", () => {
  const endNs = 590_611_500; // a run of 590.6115 ms: the box takes up to 590.612

  it('takes a time inside the run, and empty for its end', () => {
    expect(readStartAt('25', endNs)).toEqual({ ms: 25 });
    expect(readStartAt(' 0 ', endNs)).toEqual({ ms: 0 });
    expect(readStartAt('590.612', endNs)).toEqual({ ms: 590.612 });
    expect(readStartAt('', endNs)).toEqual({ ms: null });
  });

  it('says why it refuses a time: not a number, before 0, or past the end of the run', () => {
    const range = 'must be between 0 and 590.612 ms (the end of the run)';
    const number = 'must be a number of ms, between 0 and 590.612 (the end of the run)';
    expect(readStartAt('-', endNs)).toEqual({ why: number });
    expect(readStartAt('-3', endNs)).toEqual({ why: range });
    expect(readStartAt('590.613', endNs)).toEqual({ why: range });
    expect(readStartAt('5 s', endNs)).toEqual({ why: number });
    // Before a run is drawn, only the lower bound holds.
    expect(readStartAt('99999', null)).toEqual({ ms: 99999 });
    expect(readStartAt('-1', null)).toEqual({ why: 'must be 0 ms or more' });
  });
});
