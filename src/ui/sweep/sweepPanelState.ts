// Pure edits of the Config for the sweep panel. The panel is shown when `view=` lists `sweep`, or
// when the link has no `view=` but names a sweep (so `?sweep=kruse-fig2` alone opens it). It is
// never shown by default: a sweep is dozens of runs.
import { encodeConfig, parseQuery, querySettings, type Config } from '../../scenario/codec';
import type { ConfigKey, Settings } from '../../scenario/schema';
import { newRunView, PANELS } from '../state/configModel';

function listed(view: Record<string, string>): string[] {
  return (view.view ?? '').split(',').filter((p) => p !== '');
}

/**
 * Whether `view=` lists the panels. `ab` alone (a comparison with an unchanged B, which the page
 * adds to the list it writes) lists none: a sweep's link is still open on its sweep.
 */
function listsPanels(view: Record<string, string>): boolean {
  return listed(view).some((p) => p !== 'ab');
}

/** The rule on a link's view keys (the Share dialog reads it from the page's query). */
export function sweepShownIn(view: Record<string, string>): boolean {
  return listsPanels(view) ? listed(view).includes('sweep') : view.sweep !== undefined;
}

/**
 * `view=sweep`: the sweep's chart and no run panel (a figure for a slide). Such an embed shows the
 * chart alone, without a playback bar for a run it does not draw.
 */
export function sweepAloneIn(view: Record<string, string>): boolean {
  const panels = listed(view);
  return panels.includes('sweep') && !panels.some((p) => (PANELS as readonly string[]).includes(p));
}

export function sweepShown(config: Config): boolean {
  return sweepShownIn(config.view);
}

export function setSweepShown(config: Config, on: boolean, otherPanels: readonly string[]): Config {
  const base = listsPanels(config.view) ? listed(config.view) : [...otherPanels, ...listed(config.view)];
  const panels = base.filter((p) => p !== 'sweep');
  return {
    ...config,
    view: shortView({ ...config.view, view: [...panels, ...(on ? ['sweep'] : [])].join(',') }),
  };
}

/**
 * The shortest `view=` that says the same: every run panel and the sweep's is what
 * `?sweep=kruse-fig2` alone opens (the header's Sweep had written all five panels' names into the
 * link), and with no sweep named yet, what `view=sweep` opens on the page. In an embed `view=sweep`
 * is the chart alone, so there only the sweep's name shortens it. `ab` stays.
 */
function shortView(view: Record<string, string>, embedded = false): Record<string, string> {
  const panels = listed(view);
  const every = [...PANELS, 'sweep'].every((p) => panels.includes(p)) || (!embedded && sweepAloneIn(view));
  const named = view.sweep !== undefined;
  if (!every || (!named && embedded)) return view;
  const short = { ...view };
  const list = [...(named ? [] : ['sweep']), ...(panels.includes('ab') ? ['ab'] : [])];
  if (list.length > 0) short.view = list.join(',');
  else delete short.view;
  return short;
}

/** After another panel is toggled (which rewrites `view=`), keep the sweep panel as it was. */
export function keepSweepShown(before: Config, after: Config, otherPanels: readonly string[]): Config {
  const was = sweepShown(before);
  if (sweepShown(after) === was) return after;
  return setSweepShown(after, was, otherPanels);
}

export function setSweepValue(config: Config, value: string | null, embedded = false): Config {
  const view = { ...config.view };
  if (value === null) delete view.sweep;
  else view.sweep = value;
  return { ...config, view: shortView(view, embedded) };
}

/**
 * Open one point's run: its scenario on side A; the view (sweep panel included) stays. A point
 * plotted as a saving against another run (`versus`, Kruse's Fig. 5: over HTTP/1.0) opens as that
 * comparison, the other run on side A and the point's own on side B, so the figures' B − A row
 * gives the saving the chart plots.
 */
export function openPointRun(config: Config, query: string, versus?: string): Config {
  const parsed = parseQuery(query).config;
  if (!versus) return { ...parsed, b: config.b ? {} : null, view: newRunView(config.view) };
  const other = parseQuery(`${query}&${versus}`).config;
  const keys = Object.keys(querySettings(versus)) as ConfigKey[];
  const b = Object.fromEntries(keys.map((k) => [k, parsed.settings[k]])) as Partial<Settings>;
  return { ...other, b, view: newRunView(config.view) };
}

/** The one query string a scenario reopens as: equal settings give equal text. */
export function canonicalQuery(query: string): string {
  return encodeConfig({ ...parseQuery(query).config, b: null, view: {} });
}

/** Side A of the current scenario as a sweep's base. */
export function baseQuery(config: Config): string {
  return encodeConfig({ ...config, b: null, view: {} });
}
