// A small table of a preset's published figures beside ours, with the tolerance the preset
// allows and whether we are within it (the worker measures; this only shows).
import { reasonOf, type PresetTexts, type PublishedFigure } from '../../scenario/presetTypes';
import { isKnownDifference } from '../../scenario/figures';
import { trim } from '../../views/format';
import type { FigureResult } from '../../worker/protocol';

/** The decimals the paper printed a figure with (0.97 s is not "1 s"). */
function printedDecimals(f: PublishedFigure): number {
  return Math.min(3, (String(f.value).split('.')[1] ?? '').length);
}

/**
 * Ours beside the paper's: to as many decimals, zeros kept (0.60 s beside 0.72 s, not 0.6 s);
 * beside a whole number, with one decimal where it has one (194.8 ms beside 195 ms); none, 0; a
 * whole count as it is.
 */
function likePrinted(x: number, places: number, unit: string): string {
  // A count of ours is whole: "29 packets" beside the paper's mean of 34.8, not "29.0".
  if (Number.isInteger(x) && COUNTS.has(unit)) return String(x);
  return places > 0 && x !== 0 ? x.toFixed(places) : trim(x, 1);
}

/** Units of figures that count things. */
const COUNTS = new Set(['packets', 'bytes']);

/** A tolerance to the figure's printed decimals, and none once it is in the hundreds (±1910 bytes
 * beside 17672.8, ±54072 beside 216289); a small one beside a whole number keeps one (±0.5). */
function toleranceText(tolerance: number, places: number): string {
  return trim(tolerance, tolerance >= 100 ? 0 : places > 0 ? places : tolerance >= 10 ? 0 : 1);
}

/** A figure and its unit, joined by a no-break space: a narrow card had wrapped "over 50 %"
 * between the number and "%". */
export function withUnit(figure: string, unit: string): string {
  return `${figure}\u00a0${unit}`;
}

/** How the paper's figure is stated: ±tolerance, a bound, or a range. */
export function statedAs(f: PublishedFigure): string {
  switch (f.bound) {
    case 'lt':
      return `under ${withUnit(trim(f.value, 3), f.unit)}`;
    case 'gt':
      return `over ${withUnit(trim(f.value, 3), f.unit)}`;
    case 'between':
      return `${trim(f.min ?? 0, 3)} to ${withUnit(trim(f.value, 3), f.unit)}`;
    default:
      return withUnit(trim(f.value, 3), f.unit);
  }
}

export function FigureRows({
  published,
  results,
  caption,
  texts,
  modified = false,
}: {
  published: PublishedFigure[];
  /** The preset's words, where long reasons are (undefined until they load). */
  texts: PresetTexts | undefined;
  results: FigureResult[] | null;
  caption: string;
  /**
   * The reader changed the preset: the paper's figure is for the preset's own settings, so the run
   * is shown beside it without a verdict (Nagle turned off as the paper advises had read "0 ms ✗
   * outside" in red), and a known difference's reason, the preset's, is not given.
   */
  modified?: boolean;
}) {
  const places = published.map(printedDecimals);
  const known = published.map(
    (f, i) => !modified && results?.[i]?.value != null && isKnownDifference(f, results[i].value!),
  );
  // The bound a row's verdict is judged by: a figure beyond the paper rows' own (`target`) but
  // within the preset's wider tolerance is a known difference, said and explained under the table
  // with its reason a tap away (a hover title alone reached no phone; and "±1.9 s" beside "4.5 s ~
  // a known difference" for the paper's 5.4 s read as a contradiction).
  const bound = (f: PublishedFigure, i: number) =>
    withUnit(toleranceText(f.target ?? f.tolerance, places[i]), f.unit);
  return (
    <>
      <div className="figures-box">
        <table className="figures">
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Figure</th>
              <th scope="col">Paper</th>
              <th scope="col">{modified ? 'This run' : 'Simulated'}</th>
            </tr>
          </thead>
          <tbody>
            {published.map((f, i) => {
              const result = results?.[i];
              const ours = result?.value ?? null;
              const within = modified ? undefined : result?.within;
              return (
                <tr key={i} data-figure={f.figure}>
                  <th scope="row">
                    {f.label}
                    {(f.bound ?? 'approx') === 'approx' && (
                      <span className="figure-reason" title={reasonOf(f, texts)}>
                        {' '}
                        (±{bound(f, i)})
                      </span>
                    )}
                  </th>
                  <td title={reasonOf(f, texts)}>{statedAs(f)}</td>
                  <td
                    className={within === true ? 'within' : within === false ? 'outside' : ''}
                    data-changed-run={modified || undefined}
                  >
                    {results === null
                      ? '…'
                      : ours === null
                        ? 'n/a'
                        : withUnit(likePrinted(ours, places[i], f.unit), f.unit)}
                    {within === true && (
                      <span className={known[i] ? 'verdict known' : 'verdict'}>
                        {known[i] ? ' ~ a known difference' : ' ✓ within'}
                      </span>
                    )}
                    {within === false && <span className="verdict"> ✗ outside</span>}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {published.map(
        (f, i) =>
          known[i] && (
            <details key={i} className="figures-note" data-known-difference={f.figure}>
              <summary>
                <strong>Known difference</strong> in {f.label}: beyond the ±{bound(f, i)} the paper's rows are
                held to, and allowed ±{withUnit(toleranceText(f.tolerance, places[i]), f.unit)} here
              </summary>
              <p>{reasonOf(f, texts) ?? '…'}.</p>
            </details>
          ),
      )}
    </>
  );
}
