// A small table of a preset's published figures beside ours, with the tolerance the preset
// allows and whether we are within it (the worker measures; this only shows).
import type { PublishedFigure } from '../../scenario/presets';
import { trim } from '../../views/format';
import type { FigureResult } from '../../worker/protocol';

/**
 * Decimals to show a figure's numbers with: as many as the paper printed (0.97 s is not "1 s"),
 * and at least one, so a simulated 194.8 ms beside a printed 195 ms keeps its decimal.
 */
function figureDecimals(f: PublishedFigure): number {
  const printed = (String(f.value).split('.')[1] ?? '').length;
  return Math.min(3, Math.max(1, printed));
}

/** How the paper's figure is stated: ±tolerance, a bound, or a range. */
function statedAs(f: PublishedFigure, places: number): string {
  switch (f.bound) {
    case 'lt':
      return `under ${trim(f.value, places)} ${f.unit}`;
    case 'gt':
      return `over ${trim(f.value, places)} ${f.unit}`;
    case 'between':
      return `${trim(f.min ?? 0, places)} to ${trim(f.value, places)} ${f.unit}`;
    default:
      return `${trim(f.value, places)} ${f.unit}`;
  }
}

export function FigureRows({
  published,
  results,
  caption,
}: {
  published: PublishedFigure[];
  results: FigureResult[] | null;
  caption: string;
}) {
  return (
    <table className="figures">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Figure</th>
          <th scope="col">Paper</th>
          <th scope="col">Simulated</th>
        </tr>
      </thead>
      <tbody>
        {published.map((f, i) => {
          const result = results?.[i];
          const ours = result?.value ?? null;
          const places = figureDecimals(f);
          return (
            <tr key={i} data-figure={f.figure}>
              <th scope="row">
                {f.label}
                {(f.bound ?? 'approx') === 'approx' && (
                  <span className="figure-reason" title={f.reason}>
                    {' '}
                    (±{trim(f.tolerance, places)} {f.unit})
                  </span>
                )}
              </th>
              <td title={f.reason}>{statedAs(f, places)}</td>
              <td className={result?.within === true ? 'within' : result?.within === false ? 'outside' : ''}>
                {results === null ? '…' : ours === null ? 'n/a' : `${trim(ours, places)} ${f.unit}`}
                {result?.within === true && <span className="verdict"> ✓ within</span>}
                {result?.within === false && <span className="verdict"> ✗ outside</span>}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
