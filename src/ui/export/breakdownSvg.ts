// "Where did the time go" is drawn with HTML on the page; for export it is redrawn here as a
// standalone SVG from the same numbers (breakdown()) and the same colours, and, for a page loaded
// several times, the panel's sentence saying which load it gives.
import type { PathTiming } from '../../engine/path';
import type { Trace } from '../../engine/trace';
import { breakdown } from '../../scenario/breakdown';
import { elapsedNs } from '../../engine/metrics';
import { whichLoad } from '../../views/betweenLoads';
import { partStyle, textOn } from '../../views/breakdownStyle';
import { formatDuration } from '../../views/format';
import { runEndAfterLoads } from '../../views/RunEnd';
import { runEndNs } from '../../views/timeScale';
import { wrap } from './svgTitle';

const WIDTH = 760;
const BAR_HEIGHT = 28;
const LABEL_WIDTH = 30;
/** A and B stand clear of the picture's edge (at 0 they touched it: cut on a slide's crop). */
const SIDE_X = 8;
const TOTAL_WIDTH = 70;
const FONT = 'font-family="system-ui, sans-serif" font-size="12"';

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const partWords = (cause: string) => partStyle(cause).words;
const partFill = (cause: string) => partStyle(cause).fill;

export function breakdownSvg(sides: Array<{ side: 'a' | 'b'; trace: Trace; path: PathTiming }>): string {
  const bars = sides.map((s) => ({ side: s.side, trace: s.trace, data: breakdown(s.trace, s.path) }));
  const longest = Math.max(1, ...bars.map((b) => b.data.totalNs));
  const span = WIDTH - LABEL_WIDTH - TOTAL_WIDTH;
  const causes = [...new Set(bars.flatMap((b) => b.data.parts.map((p) => p.cause)))];
  const out: string[] = [];
  bars.forEach(({ side, data }, row) => {
    const y = 10 + row * (BAR_HEIGHT + 10);
    // A and B name the bars of a comparison; one run's bar is unnamed, as on the page.
    if (bars.length > 1)
      out.push(`<text x="${SIDE_X}" y="${y + 18}" ${FONT} fill="#1f2933">${side.toUpperCase()}</text>`);
    let x = LABEL_WIDTH;
    for (const part of data.parts) {
      const w = (span * part.ns) / longest;
      const fill = partFill(part.cause);
      out.push(
        `<rect x="${x.toFixed(1)}" y="${y}" width="${w.toFixed(1)}" height="${BAR_HEIGHT}" fill="${fill}"/>`,
      );
      if (w > 90)
        out.push(
          `<text x="${(x + 4).toFixed(1)}" y="${y + 18}" ${FONT} fill="${textOn(fill)}">${escapeXml(formatDuration(part.ns))}</text>`,
        );
      x += w;
    }
    out.push(
      `<text x="${(x + 6).toFixed(1)}" y="${y + 18}" ${FONT} fill="#1f2933">${escapeXml(formatDuration(data.elapsedNs))}</text>`,
    );
  });
  const legendTop = 20 + bars.length * (BAR_HEIGHT + 10);
  causes.forEach((cause, i) => {
    const y = legendTop + i * 20;
    const figures = bars
      .map(({ side, data }) => {
        const ns = data.parts.find((p) => p.cause === cause)?.ns ?? 0;
        return `${bars.length > 1 ? `${side.toUpperCase()} ` : ''}${formatDuration(ns)}`;
      })
      .join(', ');
    out.push(`<rect x="${LABEL_WIDTH}" y="${y}" width="14" height="12" fill="${partFill(cause)}"/>`);
    out.push(
      `<text x="${LABEL_WIDTH + 20}" y="${y + 10}" ${FONT} fill="#1f2933">${escapeXml(`${partWords(cause)}: ${figures}`)}</text>`,
    );
  });
  // Which load the bars give, as the panel's note says it (a bar alone would not say).
  const notes = bars.flatMap(({ side, trace, data }) => {
    if (data.loads === 1) return [];
    const who = bars.length > 1 ? `${side.toUpperCase()}: ` : '';
    const runEnd = runEndAfterLoads(elapsedNs(trace), runEndNs(trace));
    return wrap(`${who}${whichLoad(data, trace)}${runEnd}.`, WIDTH - LABEL_WIDTH);
  });
  const notesTop = legendTop + causes.length * 20 + 8;
  notes.forEach((line, i) =>
    out.push(
      `<text x="${LABEL_WIDTH}" y="${notesTop + 10 + i * 18}" ${FONT} fill="#1f2933" data-load-note="">${escapeXml(line)}</text>`,
    ),
  );
  const height = notesTop + (notes.length > 0 ? notes.length * 18 + 4 : 0);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}">`,
    `<title>Where did the time go</title>`,
    `<rect x="0" y="0" width="${WIDTH}" height="${height}" fill="#ffffff"/>`,
    ...out,
    '</svg>',
  ].join('\n');
}
