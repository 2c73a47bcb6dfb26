// The sweep's values as a table: the accessible alternative to the chart, and the place to read
// exact figures. Each row can open its run.
import type { SweepAxis } from '../../scenario/sweeps';
import type { SweepRunPoint } from './useSweepRun';
import { formatSweepValue, shortLabels } from '../../views/sweepScales';

/** Each value's name as the chart's axis and legend write it: the axis's own names, if it has them. */
function namer(values: string[], axis?: SweepAxis): (value: string) => string {
  const unique = axis?.names ? axis.values : [...new Set(values)];
  const names = axis?.names ?? shortLabels(unique);
  return (value) => names[unique.indexOf(value)] ?? value;
}

export function SweepTable({
  points,
  xLabel,
  xAxis,
  yLabel,
  seriesLabel,
  withModel,
  onOpen,
  openNow = [],
  openNowName = 'open now',
}: {
  points: SweepRunPoint[];
  xLabel: string;
  /** The x axis: its own names for its values, if it has them. */
  xAxis?: SweepAxis;
  yLabel: string;
  seriesLabel: string | null;
  withModel: boolean;
  onOpen: (p: SweepRunPoint) => void;
  /** The rows whose run is the scenario open now, as `series|x`. */
  openNow?: string[];
  /** What those rows are called beside their value. */
  openNowName?: string;
}) {
  const xName = namer(
    points.map((p) => p.x),
    xAxis,
  );
  const seriesName = namer(points.flatMap((p) => (p.series === null ? [] : [p.series])));
  return (
    <div className="table-scroll">
      <table className="sweep-table">
        <thead>
          <tr>
            {seriesLabel && <th scope="col">{seriesLabel}</th>}
            <th scope="col">{xLabel}</th>
            <th scope="col">{yLabel}</th>
            {withModel && <th scope="col">Kruse model</th>}
            <th scope="col">Run</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr
              key={`${p.series}|${p.x}`}
              className={openNow.includes(`${p.series}|${p.x}`) ? 'open-now' : undefined}
            >
              {seriesLabel && <td>{p.series === null ? '' : seriesName(p.series)}</td>}
              <td>
                {xName(p.x)}
                {openNow.includes(`${p.series}|${p.x}`) && ` (${openNowName})`}
              </td>
              <td>{p.error ? `failed: ${p.error}` : p.y === null ? '…' : formatSweepValue(p.y)}</td>
              {withModel && <td>{p.model === null ? '…' : formatSweepValue(p.model)}</td>}
              <td>
                <button
                  type="button"
                  className="secondary small"
                  aria-label={`Open the run at ${xLabel} ${xName(p.x)}${p.series !== null ? `, ${seriesLabel} ${seriesName(p.series)}` : ''}`}
                  onClick={() => onOpen(p)}
                >
                  Open
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
