// A view's <svg> as a standalone file: cloned, with the computed styles it gets from the page's
// CSS written onto each element (the file has no stylesheet), and as a PNG drawn on a canvas.
const STYLE_PROPERTIES = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-dasharray',
  'stroke-linecap',
  'stroke-linejoin',
  'opacity',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'dominant-baseline',
  'letter-spacing',
  'visibility',
  'display',
  'paint-order',
] as const;

const SVG_NS = 'http://www.w3.org/2000/svg';

/** `leaveOut`: a selector of what the file goes without (the playhead, when it only marks the end). */
export function standaloneSvg(svg: SVGSVGElement, leaveOut?: string): string {
  // Files go on slides and paper: always the light theme's colours. Swapped and restored within
  // this synchronous call, so the page never paints in it.
  const root = document.documentElement;
  const theme = root.dataset.theme;
  root.dataset.theme = 'light';
  try {
    return serialise(svg, leaveOut);
  } finally {
    if (theme === undefined) delete root.dataset.theme;
    else root.dataset.theme = theme;
  }
}

function serialise(svg: SVGSVGElement, leaveOut?: string): string {
  const clone = svg.cloneNode(true) as SVGSVGElement;
  const originals = [svg, ...svg.querySelectorAll('*')];
  const copies = [clone, ...clone.querySelectorAll('*')];
  originals.forEach((original, i) => {
    const computed = getComputedStyle(original);
    const inline = STYLE_PROPERTIES.map((p) => `${p}:${computed.getPropertyValue(p)}`)
      .filter((decl) => !decl.endsWith(':'))
      .join(';');
    copies[i].setAttribute('style', inline);
    // Interaction hooks mean nothing in a file.
    copies[i].removeAttribute('tabindex');
  });
  // After the styles: they are copied element by element, in the page's order.
  if (leaveOut) for (const part of clone.querySelectorAll(leaveOut)) part.remove();
  const box = svg.getBoundingClientRect();
  clone.setAttribute('xmlns', SVG_NS);
  clone.setAttribute('xmlns:xlink', 'http://www.w3.org/1999/xlink');
  clone.setAttribute('width', String(Math.round(box.width)));
  clone.setAttribute('height', String(Math.round(box.height)));
  if (!clone.getAttribute('viewBox'))
    clone.setAttribute('viewBox', `0 0 ${Math.round(box.width)} ${Math.round(box.height)}`);
  return new XMLSerializer().serializeToString(clone);
}

/**
 * Several standalone SVGs (from standaloneSvg) as one file, one under the other as the page shows
 * them: the time-sequence plot with its cwnd and RTT strips, which a slide wants together.
 */
export function stackedSvg(parts: string[]): string {
  let top = 0;
  let width = 0;
  const placed = parts.map((part) => {
    const root = /^<svg\b[^>]*>/.exec(part)?.[0] ?? '<svg>';
    const w = Number(/\swidth="([\d.]+)"/.exec(root)?.[1] ?? 0);
    const h = Number(/\sheight="([\d.]+)"/.exec(root)?.[1] ?? 0);
    const at = top;
    top += h;
    width = Math.max(width, w);
    return part.replace(/^<svg\b/, `<svg y="${at}"`);
  });
  return (
    `<svg xmlns="${SVG_NS}" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${top}" ` +
    `viewBox="0 0 ${width} ${top}">${placed.join('')}</svg>`
  );
}

/** Rasterise an SVG document at `scale` (2: crisp on a projector) with a white background. */
export async function svgToPng(svgText: string, scale = 2): Promise<Blob> {
  const image = new Image();
  const loaded = new Promise<void>((resolve, reject) => {
    image.onload = () => resolve();
    image.onerror = () => reject(new Error('the SVG could not be drawn'));
  });
  // A data: URL (allowed by the page's img-src) keeps the canvas untainted.
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svgText)}`;
  await loaded;
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(image.naturalWidth * scale));
  canvas.height = Math.max(1, Math.round(image.naturalHeight * scale));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2D canvas');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('PNG encoding failed'))), 'image/png'),
  );
}
