// Where the scenario open now lies on a sweep's chart. A built sweep runs the scenario open now
// with one knob changed, so that scenario's own setting has a place on the x axis: one of the
// values swept, or, for a quantity, a place between two of them. The point run at that setting
// (and at the series' own value) is the very run the ladder shows. A ready-made sweep runs its
// paper's scenario, so only a point opened from it (the run the ladder shows) has such a place.
import { formatValue, parseQuery } from '../../scenario/codec';
import { linkFigure } from '../../scenario/links';
import { toSimInput } from '../../scenario/resolve';
import { SCHEMA } from '../../scenario/schema';
import { axisIsNumeric, type SweepSpec } from '../../scenario/sweeps';
import type { OpenNowMark } from '../../views/SweepChart';
import { canonicalQuery } from './sweepPanelState';
import { sweepScenarioHeading } from './SweepExport';

/** What the mark is called: on the line and in the table (`line`), and in the legend (`lead`). */
export interface OpenNowWords {
  line: string;
  lead: string;
}

/**
 * The mark's words. Beside the run it is "open now". In a frame that shows the chart alone (an
 * embed's `view=sweep`) no run is beside it, and "open now" names nothing the student can see: a
 * built sweep's mark is then its baseline, the scenario each point changes one setting of, and a
 * paper's sweep's (a point the link opened) the point the link highlights.
 */
export function openNowWords(spec: SweepSpec, chartAlone: boolean): OpenNowWords {
  if (!chartAlone) return { line: 'open now', lead: 'the scenario open now' };
  if (spec.id === 'custom') return { line: 'baseline', lead: 'the baseline each point varies' };
  return { line: 'highlighted', lead: 'highlighted' };
}

/**
 * The line over the chart that says whose scenario it sweeps. A built sweep's is "over the current
 * scenario"; in a frame of the chart alone, where its mark is the baseline (openNowWords), it says
 * so alike, and names that scenario's settings as the sweep's picture does: nothing else in the
 * frame said a sweep of connections ran over the WAN with HTTP/1.0.
 */
export function sweepSource(spec: SweepSpec, chartAlone: boolean): string {
  const scenario = chartAlone ? sweepScenarioHeading(spec) : null;
  if (!scenario) return spec.source;
  const name = scenario.id ? ` (${scenario.name})` : '';
  return `Custom sweep over the baseline scenario${name}: ${scenario.settings}`;
}

/**
 * The scenario open now on the chart of `spec` (`scenario`: its side A as a query; `comparing`:
 * whether a side B is open beside it), or null when it has no place there.
 */
export function openNowOn(
  spec: SweepSpec,
  scenario: string,
  comparing: boolean,
  points: ReadonlyArray<{ x: string; series: string | null; query: string }>,
): OpenNowMark | null {
  const open = canonicalQuery(scenario);
  // A point plotted as a saving opens as a comparison, side A the run it is measured against.
  const runOf = (query: string) => canonicalQuery(spec.compare ? `${query}&${spec.compare.versus}` : query);
  const hits = spec.compare && !comparing ? [] : points.filter((p) => runOf(p.query) === open);
  const keys = hits.map((p) => `${p.series}|${p.x}`);
  if (hits.length > 0) return { x: hits[0].x, between: null, points: keys };
  if (spec.id !== 'custom' || spec.x.key === 'preset' || canonicalQuery(spec.base) !== open) return null;
  // A built sweep over the scenario open now: its own setting of the x knob.
  const key = spec.x.key;
  const settings = parseQuery(scenario).config.settings;
  // Unset, a path figure is the link's own (a round-trip time sweep over the WAN: its 90 ms).
  const linkOwn = linkFigure(key, settings[key] as number | null, settings.link);
  const own = linkOwn !== null ? String(linkOwn) : formatValue(SCHEMA[key], settings[key]);
  if (own === null) return null;
  const listed = spec.x.values.find(
    (v) => canonicalQuery(`${spec.base}&${key}=${v}`) === open || (linkOwn !== null && Number(v) === linkOwn),
  );
  if (listed !== undefined) {
    // A point that sets a path figure to the link's own (`rtt=90` over the WAN) reads otherwise
    // than the page's link, yet its run is the page's: the engine is given the same input.
    const input = simInputOf(scenario);
    const ringed = points.filter((p) => input !== null && p.x === listed && simInputOf(p.query) === input);
    return { x: listed, between: null, points: ringed.map((p) => `${p.series}|${p.x}`) };
  }
  const numbers = spec.x.values.map(Number);
  const value = Number(own);
  if (!axisIsNumeric(spec.x) || numbers.some((n) => !Number.isFinite(n)) || !Number.isFinite(value))
    return null;
  if (value < Math.min(...numbers) || value > Math.max(...numbers)) return null;
  return { x: own, between: own, points: [] };
}

/** What the engine is given for a scenario, as text (equal text, the same trace), or null. */
function simInputOf(query: string): string | null {
  try {
    return JSON.stringify(toSimInput(parseQuery(query).config.settings));
  } catch {
    return null;
  }
}
