// The time-sequence plot's legend: one key for each line and mark the plot draws, in rows that end
// at the plot's right edge. A chart too narrow for one row wraps the legend onto more, and the
// plot moves down to make room for them.
import { PLAYHEAD_WIDTH_PX } from './kindStyle';

export interface LegendEntry {
  /** What the key stands for; what the plot draws for it carries the same `data-series`. */
  series: string;
  label: string;
  /** What the key's short label stands for, as its tooltip. */
  words?: string;
  colour: string;
  /** A line (solid or dashed) like the plot's, the playhead's upright line, or a segment's bar with
   * the letter drawn beside it. */
  swatch: 'line' | 'dashed' | 'playhead' | { glyph: string };
}

/** A key's swatch, and the gap between it and its label. */
const SWATCH_PX = 14;
const SWATCH_GAP_PX = 4;
/** About how wide a character of a label is, and the space between entries. */
const CHAR_PX = 7;
const ENTRY_GAP_PX = 12;
/** From one row of the legend to the next. */
export const LEGEND_ROW_PX = 14;

function entryWidth(entry: LegendEntry): number {
  return SWATCH_PX + SWATCH_GAP_PX + entry.label.length * CHAR_PX;
}

/** About how wide a line of `text` is in the legend's type (for laying out what sits beside it). */
export function legendTextWidth(text: string): number {
  return text.length * CHAR_PX;
}

/**
 * The entries in rows of at most `width` pixels, in order; a row holds at least one entry. The rows
 * after the first may be `below` wide: under the axis title the first row sits beside.
 */
export function legendRows(entries: LegendEntry[], width: number, below = width): LegendEntry[][] {
  const rows: LegendEntry[][] = [];
  let used = Infinity;
  for (const entry of entries) {
    const w = entryWidth(entry);
    if (used + ENTRY_GAP_PX + w > (rows.length > 1 ? below : width)) {
      rows.push([entry]);
      used = w;
    } else {
      rows[rows.length - 1].push(entry);
      used += ENTRY_GAP_PX + w;
    }
  }
  return rows;
}

/** Where each entry of a row that ends at `right` begins. */
function rowXs(row: LegendEntry[], right: number): number[] {
  const xs: number[] = [];
  let x = right;
  for (let i = row.length - 1; i >= 0; i--) {
    x -= entryWidth(row[i]);
    xs.unshift(x);
    x -= ENTRY_GAP_PX;
  }
  return xs;
}

/** The legend's rows, each ending at `right`, the first with its baseline at `y`. */
export function TspLegend({ rows, right, y }: { rows: LegendEntry[][]; right: number; y: number }) {
  return (
    <g transform={`translate(0,${y})`} className="tsp-legend">
      {rows.map((row, r) => {
        const xs = rowXs(row, right);
        return row.map((e, i) => (
          <g key={e.series} transform={`translate(${xs[i]},${r * LEGEND_ROW_PX})`} data-legend={e.series}>
            {e.words && <title>{e.words}</title>}
            <Swatch entry={e} />
            <text x={SWATCH_PX + SWATCH_GAP_PX} y={0} className="tsp-legend-label">
              {e.label}
            </text>
          </g>
        ));
      })}
    </g>
  );
}

function Swatch({ entry }: { entry: LegendEntry }) {
  const { swatch, colour } = entry;
  if (typeof swatch === 'object')
    return (
      <>
        <line x1={1} x2={1} y1={-9} y2={1} stroke={colour} strokeWidth={1.6} />
        {/* a style, not an attribute: the legend's text colour would override the attribute */}
        <text x={4} y={0} className="tsp-mark" style={{ fill: colour }}>
          {swatch.glyph}
        </text>
      </>
    );
  if (swatch === 'playhead')
    return (
      <line
        x1={SWATCH_PX / 2}
        x2={SWATCH_PX / 2}
        y1={-11}
        y2={2}
        stroke={colour}
        strokeWidth={PLAYHEAD_WIDTH_PX}
      />
    );
  return (
    <line
      x1={0}
      x2={SWATCH_PX}
      y1={-4}
      y2={-4}
      stroke={colour}
      strokeWidth={2}
      strokeDasharray={swatch === 'dashed' ? '4 2' : undefined}
    />
  );
}
