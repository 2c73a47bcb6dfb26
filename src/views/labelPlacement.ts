// Greedy label placement: each label, in priority order, tries a few spots and takes the first
// that overlaps no label placed before it and no obstacle line (arrows, host lines). A label
// that fits nowhere is dropped; the reader finds it in the tooltip or by zooming in.

export interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** A stall label's place over the arrows: only other labels and drops' × keep it out. */
  overArrows?: boolean;
  /** The focused stall's last place: taken whatever it crosses. */
  always?: boolean;
}

/** A line segment, from (x0, y0) to (x1, y1). */
export type Segment = Rect;

/** A text position: x at the anchor, y at the baseline. */
export interface LabelSpot {
  x: number;
  y: number;
  anchor: 'start' | 'middle' | 'end';
  /** A shorter text for a tight spot, instead of the request's. */
  text?: string;
  /** Tried only when the spot before it was refused for crossing a mark alone (`marks`): a
   * shorter text in its place, not a label where none fitted for other reasons. */
  ifMarked?: true;
}

export interface LabelRequest<T> {
  item: T;
  text: string;
  spots: LabelSpot[];
}

export interface PlacedLabel<T> extends LabelSpot {
  item: T;
  text: string;
  rect: Rect;
}

/** The packet labels' font: 11 px monospace, so a label's width follows from its length. */
export const LABEL_CHAR_PX = 6.7;
const ASCENT_PX = 9;
const DESCENT_PX = 3;
/** Clear space kept around every label. */
const PAD_PX = 1.5;

export function labelRect(spot: LabelSpot, text: string, charPx = LABEL_CHAR_PX): Rect {
  const width = text.length * charPx;
  const x0 = spot.anchor === 'start' ? spot.x : spot.anchor === 'end' ? spot.x - width : spot.x - width / 2;
  return {
    x0: x0 - PAD_PX,
    y0: spot.y - ASCENT_PX - PAD_PX,
    x1: x0 + width + PAD_PX,
    y1: spot.y + DESCENT_PX + PAD_PX,
  };
}

const overlaps = (a: Rect, b: Rect) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/** Does the segment cross the rectangle? (Liang-Barsky clipping, without allocating: it runs for
 * every label spot against every arrow near it.) */
export function segmentHitsRect(s: Segment, r: Rect): boolean {
  const dx = s.x1 - s.x0;
  const dy = s.y1 - s.y0;
  const range = { lo: 0, hi: 1 };
  return (
    clipEdge(-dx, s.x0 - r.x0, range) &&
    clipEdge(dx, r.x1 - s.x0, range) &&
    clipEdge(-dy, s.y0 - r.y0, range) &&
    clipEdge(dy, r.y1 - s.y0, range)
  );
}

/** One edge of Liang-Barsky: narrows [lo, hi]; false when the segment misses. */
function clipEdge(p: number, q: number, range: { lo: number; hi: number }): boolean {
  if (p === 0) return q >= 0;
  const t = q / p;
  if (p < 0) range.lo = Math.max(range.lo, t);
  else range.hi = Math.min(range.hi, t);
  return range.lo <= range.hi;
}

const ROW_PX = 24;

/** Rectangles or segments bucketed by rows of height, for quick look-up by a label's rows. */
class RowIndex {
  private rows = new Map<number, Rect[]>();
  constructor(list: Rect[]) {
    for (const r of list) this.add(r);
  }
  add(r: Rect): void {
    const lo = Math.floor(Math.min(r.y0, r.y1) / ROW_PX);
    const hi = Math.floor(Math.max(r.y0, r.y1) / ROW_PX);
    for (let row = lo; row <= hi; row++) {
      const list = this.rows.get(row);
      if (list) list.push(r);
      else this.rows.set(row, [r]);
    }
  }
  some(r: Rect, test: (other: Rect) => boolean): boolean {
    const lo = Math.floor(r.y0 / ROW_PX);
    const hi = Math.floor(r.y1 / ROW_PX);
    for (let row = lo; row <= hi; row++) {
      for (const other of this.rows.get(row) ?? []) {
        if (Math.max(other.x0, other.x1) < r.x0 || Math.min(other.x0, other.x1) > r.x1) continue;
        if (test(other)) return true;
      }
    }
    return false;
  }
}

/**
 * For each item of fixed text (a stall label), the first of its boxes that crosses no obstacle, no
 * reserved area and no box chosen before it: its index, or -1 when none is clear (a null box is
 * never chosen). `marks` (a drop's ×) are small: they are kept off the glyphs themselves, the box
 * less the air its estimate leaves around them (MARK_AIR), so a label can sit close beside one.
 * `walls` (the host lines) no box crosses, not even one over the arrows: in a lane narrower than
 * the label, its one line over the arrows had been drawn across the host line opposite its band.
 * A box marked `always` is taken whatever it crosses.
 */
export function chooseBoxes(
  choices: (Rect | null)[][],
  obstacles: Segment[],
  reserved: Rect[] = [],
  marks: Segment[] = [],
  walls: Segment[] = [],
): number[] {
  const lines = new RowIndex(obstacles);
  const small = new RowIndex(marks);
  const taken = new RowIndex(reserved);
  const hosts = new RowIndex(walls);
  const clear = (box: Rect) => {
    if (box.always) return true;
    if (taken.some(box, (other) => overlaps(box, other))) return false;
    if ((box.overArrows ? hosts : lines).some(box, (s) => segmentHitsRect(s, box))) return false;
    const glyphs = {
      x0: box.x0 + MARK_AIR.x,
      y0: box.y0 + MARK_AIR.top,
      x1: box.x1 - MARK_AIR.x,
      y1: box.y1 - MARK_AIR.bottom,
    };
    return !small.some(glyphs, (s) => segmentHitsRect(s, glyphs));
  };
  return choices.map((boxes) => {
    const i = boxes.findIndex((box) => box !== null && clear(box));
    if (i >= 0) taken.add(boxes[i]!);
    return i;
  });
}

/** The air a stall label's box keeps around its glyphs (LadderStalls): its width is estimated a
 * little generously, and one line takes 18 px for 11.5 px type, two lines 30 px. */
const MARK_AIR = { x: 3, top: 4, bottom: 1 };

/**
 * Place the requests, first come first served; `bounds` keeps labels inside the drawing and
 * `reserved` holds areas other text (stall labels) already uses.
 */
export function placeLabels<T>(
  requests: LabelRequest<T>[],
  obstacles: Segment[],
  bounds: Rect,
  reserved: Rect[] = [],
  /** A character's width: another font's (the plot's bold letters) than the packet labels'. */
  charPx = LABEL_CHAR_PX,
  /** Lines kept clear of as obstacles are, where a refused spot lets a shorter text be tried. */
  marks: Segment[] = [],
): PlacedLabel<T>[] {
  const lines = new RowIndex(obstacles);
  const markLines = new RowIndex(marks);
  const taken = new RowIndex(reserved);
  const placed: PlacedLabel<T>[] = [];
  for (const request of requests) {
    let marked = false;
    for (const spot of request.spots) {
      if (spot.ifMarked && !marked) continue;
      marked = false;
      const text = spot.text ?? request.text;
      const rect = labelRect(spot, text, charPx);
      if (rect.x0 < bounds.x0 || rect.x1 > bounds.x1 || rect.y0 < bounds.y0 || rect.y1 > bounds.y1) continue;
      if (taken.some(rect, (other) => overlaps(rect, other))) continue;
      if (lines.some(rect, (s) => segmentHitsRect(s, rect))) continue;
      marked = markLines.some(rect, (s) => segmentHitsRect(s, rect));
      if (marked) continue;
      taken.add(rect);
      placed.push({ ...spot, item: request.item, text, rect });
      break;
    }
  }
  return placed;
}
