// The title line drawn into an exported picture: the scenario's name in bold, then its settings,
// wrapped to the picture's width, in a band added above the drawing (the root <svg>'s height and
// viewBox grow by the band; nothing inside moves). Pure string work, so it is testable anywhere.
const FONT = 'font-family="system-ui, sans-serif"';
const LINE_HEIGHT = 16;
const PAD = 8;
const FONT_PX = 12;

/**
 * How wide a 12 px line is, by its characters' widths in DejaVu Sans (what system-ui falls back
 * to where no other sans is installed, and wider than the others): digits and `=` are wide, commas
 * narrow. One average width (6.6 px) had let a line of digits run 10 to 30 px past the edge.
 */
export function textWidthPx(text: string): number {
  let em = 0;
  for (const c of text) {
    if (c >= '0' && c <= '9') em += 0.64;
    else if (c === '=' || c === '&' || c === 'm' || c === 'w' || c === 'M' || c === 'W') em += 0.9;
    else if (c >= 'A' && c <= 'Z') em += 0.75;
    else if (' ,.:;!|'.includes(c)) em += 0.32;
    else if ('ijlIftr-()/[]'.includes(c)) em += 0.4;
    else em += 0.62;
  }
  return em * FONT_PX;
}

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function wrap(text: string, widthPx: number): string[] {
  const max = Math.max(120, widthPx - 2 * PAD);
  const fits = (line: string) => textWidthPx(line) <= max;
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ').flatMap((w) => pieces(w, fits))) {
    if (line && !fits(`${line} ${word}`)) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * A word wider than a line, cut into lines' widths: after a comma where one falls in the line
 * (`objects=5000000,20000,…`, a custom page of forty sizes, had run 1,750 px past a 944 px picture),
 * else at the width.
 */
function pieces(word: string, fits: (line: string) => boolean): string[] {
  const out: string[] = [];
  let rest = word;
  while (!fits(rest)) {
    let n = 1;
    while (n < rest.length && fits(rest.slice(0, n + 1))) n++;
    const comma = rest.lastIndexOf(',', n - 1);
    const cut = comma > 0 ? comma + 1 : n;
    out.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  out.push(rest);
  return out;
}

const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

function setAttr(tag: string, name: string, value: string): string {
  return attr(tag, name) === undefined
    ? tag.replace(/^<svg\b/, `<svg ${name}="${value}"`)
    : tag.replace(new RegExp(`(\\s${name}=)"[^"]*"`), `$1"${value}"`);
}

/**
 * A line of the title band: `name: settings` (the name in bold, on its own line when long), a
 * scenario's heading (a name that may itself hold a colon, "HTTP: a connection per document",
 * its preset's id kept on the name as `data-preset`), or a sentence, drawn as one plain paragraph
 * however many colons it has ("Simulated here: a 2 KB transfer gets 26% ..." had read as a bold
 * "Simulated here" over a lowercase fragment).
 */
export type TitleLine =
  string | { sentence: string } | { name: string; settings: string; id?: string | null };

/** What a title says in one line, for the picture's <title>. */
const said = (t: TitleLine) =>
  typeof t === 'string' ? t : 'sentence' in t ? t.sentence : `${t.name}: ${t.settings}`;

/**
 * `svgText` with `title` drawn above it. Each title is `name: settings`, a heading or a sentence;
 * several titles (a comparison, a sweep's figure and what was simulated) are drawn one under the
 * other.
 */
export function titledSvg(svgText: string, titles: TitleLine[]): string {
  const root = /^<svg\b[^>]*>/.exec(svgText);
  if (!root) return svgText;
  const tag = root[0];
  const width = Number(attr(tag, 'width') ?? 600);
  const height = Number(attr(tag, 'height') ?? 400);
  const [x, y, w, h] = (attr(tag, 'viewBox') ?? `0 0 ${width} ${height}`).split(/[\s,]+/).map(Number);
  const lines = titles.flatMap((title) => {
    if (typeof title !== 'string' && 'sentence' in title)
      return wrap(title.sentence, width).map((text) => ({ text, bold: false, id: null }));
    const at = typeof title === 'string' ? title.indexOf(': ') : -1;
    const [name, rest] =
      typeof title !== 'string'
        ? [title.name, title.settings]
        : at < 0
          ? [title, '']
          : [title.slice(0, at), title.slice(at + 2)];
    const id = typeof title === 'string' ? null : (title.id ?? null);
    // The name wraps too (a sweep's title is a sentence), its bold letters about 15% wider.
    return [
      ...wrap(name, width / 1.15).map((text, i) => ({ text, bold: true, id: i === 0 ? id : null })),
      ...wrap(rest, width).map((text) => ({ text, bold: false, id: null })),
    ];
  });
  const band = lines.length * LINE_HEIGHT + PAD;
  const scale = w / width || 1; // viewBox units per pixel
  const top = y - band * scale;
  const texts = lines.map(
    (line, i) =>
      `<text x="${x + PAD * scale}" y="${top + (PAD / 2 + (i + 1) * LINE_HEIGHT - 4) * scale}" ${FONT} ` +
      `font-size="${(line.bold ? 13 : 12) * scale}"${line.bold ? ' font-weight="bold"' : ''} ` +
      `fill="#1f2933" data-export-title=""${line.id ? ` data-preset="${escapeXml(line.id)}"` : ''}>` +
      `${escapeXml(line.text)}</text>`,
  );
  let newTag = setAttr(tag, 'height', String(height + band));
  newTag = setAttr(newTag, 'viewBox', `${x} ${top} ${w} ${h + band * scale}`);
  const heading = `<title>${escapeXml(titles.map(said).join(' / '))}</title>${texts.join('')}`;
  return newTag + heading + svgText.slice(tag.length);
}
