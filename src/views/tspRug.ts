// A dense time-sequence plot's rug: one short tick along the top of the plot for each pixel column
// that holds at least one resent (or dropped) segment. At a hundred segments to a column the resends
// are a fringe under the data line that a student barely sees; the rug says where the losses were,
// to line up with the cwnd strip's cuts below. Built once per view, in pieces, as the lines are
// (playPieces.ts): a frame of playback rebuilds only the piece the playhead is in.

/** Columns per piece: a frame redraws at most this many ticks. */
const RUG_PIECE = 64;

export interface RugMark {
  /** The pixel column (its left edge). */
  column: number;
  /** The first time in the column, when its tick appears in playback. */
  ns: number;
}

export interface RugPiece {
  d: string;
  fromNs: number;
  toNs: number;
  marks: RugMark[];
}

/** The pixel columns in [left, right) that hold at least one of `timesNs`, left to right. */
export function rugMarks(
  timesNs: readonly number[],
  x: (ns: number) => number,
  left: number,
  right: number,
): RugMark[] {
  const first = new Map<number, number>();
  for (const ns of timesNs) {
    const column = Math.floor(x(ns));
    if (column < left || column >= right) continue;
    const had = first.get(column);
    if (had === undefined || ns < had) first.set(column, ns);
  }
  return [...first].map(([column, ns]) => ({ column, ns })).sort((a, b) => a.column - b.column);
}

/** Ticks `heightPx` tall from `top`, one pixel wide, centred in their columns. */
export function rugPath(marks: readonly RugMark[], top: number, heightPx: number): string {
  return marks.map((m) => `M${m.column + 0.5},${top}v${heightPx}`).join('');
}

/** The marks in pieces of RUG_PIECE columns (the time axis runs left to right, so in time order). */
export function rugPieces(marks: readonly RugMark[], top: number, heightPx: number): RugPiece[] {
  const pieces: RugPiece[] = [];
  for (let from = 0; from < marks.length; from += RUG_PIECE) {
    const part = marks.slice(from, from + RUG_PIECE);
    const times = part.map((m) => m.ns);
    pieces.push({
      d: rugPath(part, top, heightPx),
      fromNs: Math.min(...times),
      toNs: Math.max(...times),
      marks: part,
    });
  }
  return pieces;
}

/** Each piece's path with the playhead at `cursorNs`: whole before it, its ticks up to it in the
 * piece it crosses, empty after it. */
export function rugUntil(
  pieces: readonly RugPiece[],
  cursorNs: number,
  top: number,
  heightPx: number,
): string[] {
  return pieces.map((p) =>
    p.fromNs > cursorNs
      ? ''
      : p.toNs <= cursorNs
        ? p.d
        : rugPath(
            p.marks.filter((m) => m.ns <= cursorNs),
            top,
            heightPx,
          ),
  );
}
