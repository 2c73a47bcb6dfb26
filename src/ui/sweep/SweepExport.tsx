// The sweep as a picture for a slide: the chart with its legend under it and the figure's title,
// source and claim above, as SVG or PNG. The writers load on the first export, as the Export
// menu's do.
import { Fragment, useState, type RefObject } from 'react';
import { claimLead, type SweepSpec } from '../../scenario/sweeps';
import { downloadBlob } from '../export/download';

/** `kruse-fig2-sweep`, or for a custom sweep its axes: `sweep-loss-by-cc`. */
export function sweepFileName(spec: SweepSpec): string {
  if (spec.id !== 'custom') return `${spec.id}-sweep`;
  return `sweep-${spec.x.key}${spec.series ? `-by-${spec.series.key}` : ''}`;
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
      const about = spec.claim ? `${spec.source} — ${claimLead(spec.source)}: “${spec.claim}”` : spec.source;
      // What was simulated is a sentence of its own, not a name and its settings.
      const svg = titledSvg(stackedSvg(parts), [
        `${spec.title}: ${about}`,
        ...(measured ? [{ sentence: measured }] : []),
      ]);
      const name = `${sweepFileName(spec)}.${kind}`;
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
