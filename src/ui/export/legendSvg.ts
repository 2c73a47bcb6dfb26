// A legend drawn as HTML (a list of marks and names, as the sweep panel's) redrawn as SVG, to go
// under its chart in an exported picture: each row's mark as the page draws it, then its words.
import { standaloneSvg } from './svgExport';
import { escapeXml, wrap } from './svgTitle';

const ROW = 18;
const MARK = 28; // the mark's column: its 22 px and a gap

/** `keep`: the rows that go into the picture (a comparison's key names both sides' marks). */
export function legendSvg(
  list: HTMLElement,
  width: number,
  keep: (item: HTMLLIElement) => boolean = () => true,
): string {
  let top = 4;
  const items = [...list.querySelectorAll<HTMLLIElement>(':scope > li')].filter(keep);
  const rows = items.map((item) => {
    const mark = item.querySelector<SVGSVGElement>('svg');
    const lines = wrap((item.textContent ?? '').replace(/\s+/g, ' ').trim(), width - MARK);
    const at = top;
    top += lines.length * ROW;
    const icon = mark ? standaloneSvg(mark).replace(/^<svg\b/, `<svg x="8" y="${at + 3}"`) : '';
    const words = lines.map(
      (line, i) =>
        `<text x="${8 + MARK}" y="${at + (i + 1) * ROW - 5}" font-family="system-ui, sans-serif" ` +
        `font-size="12" fill="#1f2933">${escapeXml(line)}</text>`,
    );
    return icon + words.join('');
  });
  const height = top + 4;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
    `viewBox="0 0 ${width} ${height}">${rows.join('')}</svg>`
  );
}
