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
          {labelY !== undefined && f.text !== '' && (
            <text
              x={(f.x0 + f.x1) / 2}
              y={labelY}
              textAnchor="middle"
              className="fold-label"
              data-fold-label=""
            >
              {f.text}
            </text>
          )}
        </g>
      ))}
    </>
  );
}
