// The sweep as a picture for a slide: the chart with its legend under it and the figure's title,
// source and claim above, as SVG or PNG. The writers load on the first export, as the Export
// menu's do.
import { Fragment, useState, type RefObject } from 'react';
import { parseQuery } from '../../scenario/codec';
import { fileName, scenarioHeading, scenarioName, type ScenarioHeading } from '../../scenario/scenarioName';
import { claimLead, type SweepSpec } from '../../scenario/sweeps';
import { downloadBlob } from '../export/download';

/** The settings a custom sweep varies, which its scenario's name and heading leave out. */
const sweptKeys = (spec: SweepSpec) => [spec.x.key, ...(spec.series ? [spec.series.key] : [])];

/**
 * `kruse-fig2-sweep.svg` (a paper's sweep runs its own scenario), or for a custom sweep the
 * scenario it runs and its axes: `roundtrip-wan-http1.0-sweep-conns-by-window.svg`.
 */
export function sweepFileName(spec: SweepSpec, extension: string): string {
  if (spec.id !== 'custom') return fileName(`${spec.id}-sweep`, extension);
  const { preset, settings } = parseQuery(spec.base).config;
  const axes = ['sweep', spec.x.key, ...(spec.series ? ['by', spec.series.key] : [])];
  return fileName((max) => scenarioName(preset, settings, max, sweptKeys(spec)), extension, axes);
}

/**
 * A custom sweep's scenario, headed as a view's picture is (the preset's title or Roundtrip, and
 * the settings), without the settings it sweeps; null for a paper's sweep (its source says whose).
 */
export function sweepScenarioHeading(spec: SweepSpec): ScenarioHeading | null {
  if (spec.id !== 'custom') return null;
  const { preset, settings } = parseQuery(spec.base).config;
  return scenarioHeading(preset, settings, sweptKeys(spec));
}

/** The chart's marks of the scenario open now (SweepChart). */
const OPEN_NOW_MARKS = '[data-open-now], [data-open-now-ring]';

export function SweepExport({
  spec,
  measured,
  box,
}: {
  spec: SweepSpec;
  /** The claim's figure as simulated ("Simulated here: ..."), put under the title; null: none. */
  measured: string | null;
  box: RefObject<HTMLElement | null>;
}) {
  const [status, setStatus] = useState('');
  const save = async (kind: 'svg' | 'png') => {
    try {
      const chart = box.current?.querySelector<SVGSVGElement>('svg.sweep-chart');
      const legend = box.current?.querySelector<HTMLElement>('.sweep-legend');
      if (!chart) throw new Error('the chart is not drawn yet');
      const { legendSvg, stackedSvg, standaloneSvg, svgToPng, titledSvg } = await import('../export/writers');
      const width = Math.round(chart.getBoundingClientRect().width);
      // Where the page's own scenario lies is the page's business, not the figure's: left out.
      const parts = [
        standaloneSvg(chart, OPEN_NOW_MARKS),
        ...(legend ? [legendSvg(legend, width, (item) => !item.hasAttribute('data-open-now-key'))] : []),
      ];
      const scenario = sweepScenarioHeading(spec);
      const about = scenario
        ? 'Custom sweep over this scenario'
        : spec.claim
          ? `${spec.source} — ${claimLead(spec.source)}: “${spec.claim}”`
          : spec.source;
      // What was simulated is a sentence of its own, not a name and its settings.
      const svg = titledSvg(stackedSvg(parts), [
        `${spec.title}: ${about}`,
        ...(scenario ? [scenario] : []),
        ...(measured ? [{ sentence: measured }] : []),
      ]);
      const name = sweepFileName(spec, kind);
      downloadBlob(kind === 'svg' ? new Blob([svg], { type: 'image/svg+xml' }) : await svgToPng(svg), name);
      setStatus(`Saved ${name}.`);
    } catch (error) {
      setStatus(`Could not save the picture: ${(error as Error).message}`);
    }
  };
  return (
    <p className="sweep-export">
      Save the chart for a slide:{' '}
      {(['svg', 'png'] as const).map((kind) => (
        <Fragment key={kind}>
          <button
            type="button"
            className="secondary small"
            data-sweep-export={kind}
            onClick={() => void save(kind)}
          >
            {kind.toUpperCase()}
          </button>{' '}
        </Fragment>
      ))}
      <span role="status">{status}</span>
    </p>
  );
}
