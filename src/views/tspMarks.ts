// Where the time-sequence plot writes the letter beside a retransmitted or dropped segment ('R',
// '×'): beside the bar's top as before where that is clear of the letters already written, else
// the first clear spot around the bar. A resend drawn a few pixels from the drop it repairs had
// its 'R' written over the '×' (preset=mathis-loss on a phone). Placed in time order, so a letter
// keeps its spot as playback reveals later ones; one with no clear spot is left out, its bar
// still drawn in the marks' colour.
import { placeLabels, type LabelSpot } from './labelPlacement';

/** The letters' width: 11 px bold ('R' advances about 8 px), with a little to spare. */
const GLYPH_PX = 9;

export interface MarkBar<T> {
  item: T;
  glyph: string;
  /** The bar's x, and the y of its top (end of the range) and bottom (start). */
  x: number;
  top: number;
  bottom: number;
}

export interface PlacedMark<T> {
  item: T;
  glyph: string;
  x: number;
  y: number;
  anchor: LabelSpot['anchor'];
}

export function placeMarks<T>(
  bars: MarkBar<T>[],
  bounds: { x0: number; y0: number; x1: number; y1: number },
): PlacedMark<T>[] {
  return placeLabels(
    bars.map((b) => ({
      item: b.item,
      text: b.glyph,
      spots: [
        { x: b.x + 4, y: b.top, anchor: 'start' as const },
        { x: b.x - 4, y: b.top, anchor: 'end' as const },
        { x: b.x, y: b.top - 4, anchor: 'middle' as const },
        { x: b.x, y: b.bottom + 12, anchor: 'middle' as const },
        { x: b.x + 4, y: b.bottom + 9, anchor: 'start' as const },
        { x: b.x - 4, y: b.bottom + 9, anchor: 'end' as const },
      ],
    })),
    [],
    bounds,
    [],
    GLYPH_PX,
  ).map((l) => ({ item: l.item, glyph: l.text, x: l.x, y: l.y, anchor: l.anchor }));
}
