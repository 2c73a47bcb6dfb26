// The waterfall's label columns, left of the bars: an HTTP/2 or HTTP/3 row's stream number, then
// its object's name. Each column is as wide as its widest text, so a three-digit stream never
// runs into a name; a name too long for its share of the width loses its middle ("img…01.gif"),
// keeping the end that tells rows apart (the full name stays in the row's tooltip).
// Widths are estimated from the length of the text, generously (wide sans-serif fonts such as
// DejaVu Sans), since the figure is laid out before it is drawn.
import type { WaterfallRow } from './waterfallPhases';

/** A digit of the stream numbers (11 px). */
const DIGIT_PX = 7;
/** A character of an object's name (12 px). */
const NAME_CHAR_PX = 7;
/** A character of the bold "connection 12" heading a multiplexed connection's rows. */
const HEADING_CHAR_PX = 7.8;
/** A character of the "load 2 · /acts" heading a load's rows (13 px bold: the outer level, over its connections). */
const LOAD_HEADING_CHAR_PX = 8.5;
/** Under a load's heading, a connection's heading is set in by this much: the inner level. */
export const NESTED_HEADING_INDENT_PX = 12;
export const LEFT_PX = 4;
const GAP_PX = 8;
/** A name column narrower than this is cramped; wider than this share of the figure leaves the bars too little. */
const MIN_NAME_PX = 56;
const MAX_LABELS_SHARE = 0.4;
const ELLIPSIS = '…';

export interface LabelColumns {
  /** The right edge of the stream numbers (0: no stream column). */
  streamRight: number;
  /** The right edge of the names. */
  nameRight: number;
  /** The widest name, in characters, that fits its column. */
  nameChars: number;
  /** Where the bars' time axis begins. */
  barsLeft: number;
}

/**
 * Columns for rows drawn side by side (both sides of a comparison share them, so their time axes
 * align), wide enough for `loadHeadings`, the words heading each load's rows (loadHeading).
 */
export function labelColumns(
  rows: WaterfallRow[],
  widthPx: number,
  loadHeadings: string[] = [],
): LabelColumns {
  const streams = rows.flatMap((r) => (r.stream === undefined ? [] : [r.stream]));
  const streamPx = streams.length > 0 ? String(Math.max(...streams)).length * DIGIT_PX : 0;
  const streamRight = streamPx > 0 ? LEFT_PX + streamPx : 0;
  const namesLeft = streamPx > 0 ? streamRight + GAP_PX : LEFT_PX;
  const longest = Math.max(0, ...rows.map((r) => shortName(r.label).length));
  const roomPx = Math.max(MIN_NAME_PX, widthPx * MAX_LABELS_SHARE - namesLeft);
  const namePx = Math.min(roomPx, Math.max(MIN_NAME_PX, longest * NAME_CHAR_PX));
  // A connection's heading starts at the left edge and may be wider than the columns under it.
  const multiplexed = rows.filter((r) => r.stream !== undefined).map((r) => r.conn);
  const loads = rows.filter((r) => r.load !== undefined).map((r) => r.load!);
  // A page loaded several times heads each load's rows with "load 2" (waterfallGroups.ts), and
  // its connections' headings are set in under it.
  const nested = loads.length > 0 && Math.max(...loads) > 0;
  const headingPx = Math.max(
    multiplexed.length > 0
      ? (nested ? NESTED_HEADING_INDENT_PX : 0) +
          `connection ${Math.max(...multiplexed) + 1}`.length * HEADING_CHAR_PX
      : 0,
    ...loadHeadings.map((h) => h.length * LOAD_HEADING_CHAR_PX),
  );
  const nameRight = Math.max(namesLeft + namePx, LEFT_PX + headingPx);
  return {
    streamRight,
    nameRight,
    nameChars: Math.max(3, Math.floor(namePx / NAME_CHAR_PX)),
    barsLeft: nameRight + GAP_PX,
  };
}

/** The last part of a URL path ("/microscape/img06.gif" -> "img06.gif"); the root stays "/". */
export function shortName(label: string): string {
  const parts = label.split('/').filter(Boolean);
  return parts.length > 0 ? parts[parts.length - 1] : label;
}

/** A name cut to `chars` characters by dropping its middle, keeping more of the end than the start. */
export function fitName(name: string, chars: number): string {
  if (name.length <= chars) return name;
  const kept = chars - ELLIPSIS.length;
  const tail = Math.ceil(kept * 0.6);
  return name.slice(0, kept - tail) + ELLIPSIS + name.slice(name.length - tail);
}
