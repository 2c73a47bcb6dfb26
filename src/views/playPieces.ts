// A long run's lines in pieces, built once per view (run, zoom, size) rather than every frame of
// playback. A piece wholly before the playhead is drawn as it is, one after it is left out, and
// only the one the playhead crosses is cut there: playback repaints that piece alone. Rebuilding
// (and so repainting) every line whole each frame had played a 90 MB transfer at 6 frames a second.

/** Points (or bars) per piece. */
export const PIECE = 1024;

/** A part of a drawn line: its path and the times it covers. */
export interface Piece {
  d: string;
  fromNs: number;
  toNs: number;
}

type Scale = (v: number) => number;

/** How a coordinate is written: to the tenth of a pixel, or to the half pixel for a dense view,
 * where what falls on the same half pixels is then written once (a path's stroke paints its
 * union: a copy adds nothing). */
const tenth = (v: number) => v.toFixed(1);
const half = (v: number) => String(Math.round(v * 2) / 2);

export interface Bar {
  timeNs: number;
  /** The bar's low and high values (sequence numbers). */
  low: number;
  high: number;
}

/** Vertical bars at their times, at least `minPx` tall, with xplot's end ticks if `ticks`. */
export function barsPath(
  bars: readonly Bar[],
  x: Scale,
  y: Scale,
  ticks: boolean,
  minPx: number,
  dense = false,
): string {
  const at = dense ? half : tenth;
  const drawn = new Set<string>();
  let d = '';
  // A dense bar on the same half pixels as the one before it is that bar again: skipped before
  // its text is made (a long run's consecutive segments share their pixels by the dozen).
  let lastX = NaN;
  let lastLow = NaN;
  let lastHigh = NaN;
  for (const b of bars) {
    const bx = x(b.timeNs);
    const low = y(b.low);
    const high = Math.min(y(b.high), low - minPx);
    if (dense) {
      const px = Math.round(bx * 2);
      const pLow = Math.round(low * 2);
      const pHigh = Math.round(high * 2);
      if (px === lastX && pLow === lastLow && pHigh === lastHigh) continue;
      lastX = px;
      lastLow = pLow;
      lastHigh = pHigh;
    }
    const y0 = at(low);
    const y1 = at(high);
    const sx = at(bx);
    const bar = ticks ? `M${+sx - 3},${y0}h6M${sx},${y0}V${y1}M${+sx - 3},${y1}h6` : `M${sx},${y0}V${y1}`;
    if (dense && drawn.has(bar)) continue;
    if (dense) drawn.add(bar);
    d += bar;
  }
  return d;
}

/** Bars in pieces of PIECE consecutive in time. */
export function barPieces(
  bars: readonly Bar[],
  x: Scale,
  y: Scale,
  ticks: boolean,
  minPx: number,
  dense: boolean,
): Array<Piece & { bars: Bar[] }> {
  const sorted = [...bars].sort((a, b) => a.timeNs - b.timeNs);
  const pieces = [];
  for (let from = 0; from < sorted.length; from += PIECE) {
    const part = sorted.slice(from, from + PIECE);
    pieces.push({
      d: barsPath(part, x, y, ticks, minPx, dense),
      fromNs: part[0].timeNs,
      toNs: part[part.length - 1].timeNs,
      bars: part,
    });
  }
  return pieces;
}

/** The bars drawn with the playhead at `cursorNs`: the pieces before it whole, the one it crosses
 * cut there (its bars up to the playhead, rebuilt: a bar's end ticks reach past its time, so a clip
 * would cut them). */
export function barsUntil(
  pieces: ReturnType<typeof barPieces>,
  cursorNs: number,
  x: Scale,
  y: Scale,
  ticks: boolean,
  minPx: number,
  dense: boolean,
): string[] {
  return pieces.map((p) =>
    p.fromNs > cursorNs
      ? ''
      : p.toNs <= cursorNs
        ? p.d
        : barsPath(
            p.bars.filter((b) => b.timeNs <= cursorNs),
            x,
            y,
            ticks,
            minPx,
            dense,
          ),
  );
}

/** A step-after line (the value holds until the next point) through `points`, to `endNs`, in
 * pieces. Within one pixel column (to the half pixel) a dense line's steps are written as the
 * column's lowest and highest values and the one it leaves at: the same pixels, fewer commands. */
export function stepPieces(
  points: ReadonlyArray<readonly [number, number]>,
  endNs: number,
  x: Scale,
  y: Scale,
  dense: boolean,
): Piece[] {
  const kept = points.filter(([t]) => t <= endNs);
  if (kept.length === 0) return [];
  const all: Array<readonly [number, number]> = [...kept, [endNs, kept[kept.length - 1][1]]];
  const at = dense ? half : tenth;
  const pieces: Piece[] = [];
  for (let from = 0; from < all.length - 1; from += PIECE) {
    // Each piece starts where the one before it ends, so together they are one line.
    const part = all.slice(from, Math.min(all.length, from + PIECE + 1));
    let d = `M${at(x(part[0][0]))},${at(y(part[0][1]))}`;
    let column = at(x(part[0][0]));
    let vs: string[] = [];
    const flush = () => {
      if (vs.length === 0) return;
      if (!dense || vs.length <= 3) d += vs.map((v) => `V${v}`).join('');
      else {
        const nums = vs.map(Number);
        const lo = Math.min(...nums);
        const hi = Math.max(...nums);
        d += `V${lo}V${hi}V${vs[vs.length - 1]}`;
      }
      vs = [];
    };
    for (let i = 1; i < part.length; i++) {
      const cx = at(x(part[i][0]));
      if (cx !== column || !dense) {
        flush();
        d += `H${cx}`;
        column = cx;
      }
      // The line's end holds its last value: a step there would be a step that never came.
      if (from + i < all.length - 1) vs.push(at(y(part[i][1])));
    }
    flush();
    pieces.push({ d, fromNs: part[0][0], toNs: part[part.length - 1][0] });
  }
  return pieces;
}
