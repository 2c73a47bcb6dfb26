// What the marks mean: a colour and a marker shape per series (and which lie under another's
// line), the paper's published points, and Kruse's model.
import { axisIsNumeric, type SweepSpec } from '../../scenario/sweeps';
import { sweepJoined, type OpenNowMark } from '../../views/SweepChart';
import type { OpenNowWords } from './openNow';
import { COINCIDE_SHARE, SERIES_COLOURS, shortLabels } from '../../views/sweepScales';
import { markerPath, markerShape } from '../../views/sweepMarkers';

export function SweepLegend({
  spec,
  under,
  openNow = null,
  openNowWords = { line: 'open now', lead: 'the scenario open now' },
}: {
  spec: SweepSpec;
  /** Series drawn under a later one's line (seriesUnder), each to the one on top. */
  under: Map<string | null, string | null>;
  /** Where the scenario open now lies on the chart. */
  openNow?: OpenNowMark | null;
  /** What the mark is called. */
  openNowWords?: OpenNowWords;
}) {
  const series = spec.series?.values ?? [];
  const names = shortLabels(series);
  const nameOf = (s: string | null) => `${spec.series?.label} ${names[series.indexOf(s ?? '')]}`;
  // Over choices the chart draws points alone (no line between link types): so does its key.
  const joined = sweepJoined(axisIsNumeric(spec.x), spec.x.values);
  const swatch = (i: number) => (
    <svg width="22" height="12" aria-hidden="true">
      {joined && (
        <line
          x1="1"
          x2="21"
          y1="6"
          y2="6"
          stroke={SERIES_COLOURS[i % SERIES_COLOURS.length]}
          strokeWidth="2.5"
        />
      )}
      <path
        d={markerPath(markerShape(i), 11, 6, 4)}
        fill={SERIES_COLOURS[i % SERIES_COLOURS.length]}
        data-shape={markerShape(i)}
      />
    </svg>
  );
  return (
    <ul className="sweep-legend" aria-label="Legend">
      {series.map((s, i) => (
        <li key={s}>
          {swatch(i)}
          <span>
            {spec.series!.label}: {names[i]}
            {under.has(s) && (
              <span className="sweep-under" data-under={under.get(s)}>
                {` (drawn under ${nameOf(under.get(s)!)}'s ${joined ? 'line' : 'points'}: no point differs by more than ${COINCIDE_SHARE * 100}% of the axis)`}
              </span>
            )}
          </span>
        </li>
      ))}
      {series.length === 0 && spec.published && spec.published.length > 0 && (
        // One line with the paper's points beside it: say which marks are ours.
        <li>
          {swatch(0)}
          simulated
        </li>
      )}
      {spec.published && spec.published.length > 0 && (
        <li>
          <svg width="16" height="16" aria-hidden="true">
            <path d="M8 2L14 8L8 14L2 8Z" className="sweep-published" stroke="var(--ink)" />
          </svg>
          published (the paper)
        </li>
      )}
      {openNow && (
        <li data-open-now-key="">
          <svg width="22" height="16" aria-hidden="true">
            <line x1="11" x2="11" y1="1" y2="15" className="sweep-open-now-key" />
            {openNow.points.length > 0 && <circle cx="11" cy="8" r="5.5" className="sweep-open-ring" />}
          </svg>
          {openNowKey(spec, openNow, openNowWords.lead)}
        </li>
      )}
      {spec.model === 'kruse-baseline' && (
        <li>
          <svg width="22" height="12" aria-hidden="true">
            <line x1="1" x2="21" y1="6" y2="6" className="sweep-model" stroke="var(--ink)" />
          </svg>
          Kruse's simple model (the paper's formula, not a simulation)
        </li>
      )}
    </ul>
  );
}

/** "the scenario open now: Link type wan (its run ringed)", in the axis's own names. */
function openNowKey(spec: SweepSpec, open: OpenNowMark, lead: string): string {
  const names = spec.x.names ?? shortLabels(spec.x.values);
  const value = open.between ?? names[spec.x.values.indexOf(open.x)] ?? open.x;
  const ringed =
    open.points.length === 0 ? '' : open.points.length === 1 ? ' (its run ringed)' : ' (its runs ringed)';
  return `${lead}: ${spec.x.label} ${value}${ringed}`;
}
