// The folds of a folded time axis (foldedTimeAxis) across a chart: a band for each, dashed at its
// edges, with the folded length under it when `labelY` is given. The ladder draws its own (across
// its lanes, time running down).
import type { AxisFold } from './foldedTimeAxis';

export function FoldMarks({
  folds,
  top,
  bottom,
  labelY,
}: {
  folds: AxisFold[];
  top: number;
  bottom: number;
  labelY?: number;
}) {
  return (
    <>
      {folds.map((f) => (
        <g key={f.gap.startNs} className="fold-mark">
          <title>{f.title}</title>
          <rect className="fold-band" x={f.x0} y={top} width={f.x1 - f.x0} height={bottom - top} />
          <path className="fold-break" d={`M${f.x0},${top}V${bottom}M${f.x1},${top}V${bottom}`} />
          {labelY !== undefined && <FoldLength fold={f} y={labelY} />}
        </g>
      ))}
    </>
  );
}

/** A fold's length under its band, centred or from one of its edges (nothing where the fold has none to give). */
export function FoldLength({ fold, y }: { fold: AxisFold; y: number }) {
  if (fold.text === '') return null;
  const x = { start: fold.x0, middle: (fold.x0 + fold.x1) / 2, end: fold.x1 }[fold.anchor];
  return (
    <text x={x} y={y} textAnchor={fold.anchor} className="fold-label" data-fold-label="">
      {fold.text}
    </text>
  );
}
