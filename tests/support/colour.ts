// Colour as a viewer sees it: a fill composited over its background, in CIELAB (D65), and the
// CIEDE2000 difference of two colours (Sharma, Wu and Dalal 2005, whose test pairs check it).

export type Rgb = [number, number, number];
export type Lab = [number, number, number];

/** #rrggbb as 0-255 channels. */
export function rgb(hex: string): Rgb {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;
}

/** A fill drawn at `opacity` over `background`: what reaches the screen (sRGB blending, as browsers do). */
export function composite(fill: Rgb, opacity: number, background: Rgb): Rgb {
  return fill.map((c, i) => opacity * c + (1 - opacity) * background[i]) as Rgb;
}

const linear = (c: number) => {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};

/** sRGB to CIELAB, D65 white. */
export function lab([r, g, b]: Rgb): Lab {
  const [R, G, B] = [linear(r), linear(g), linear(b)];
  const x = (0.4124564 * R + 0.3575761 * G + 0.1804375 * B) / 0.95047;
  const y = 0.2126729 * R + 0.7151522 * G + 0.072175 * B;
  const z = (0.0193339 * R + 0.119192 * G + 0.9503041 * B) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

const RAD = Math.PI / 180;

/** CIEDE2000 colour difference (kL = kC = kH = 1). */
export function deltaE2000([L1, a1, b1]: Lab, [L2, a2, b2]: Lab): number {
  const Cbar = (Math.hypot(a1, b1) + Math.hypot(a2, b2)) / 2;
  const G = 0.5 * (1 - Math.sqrt(Cbar ** 7 / (Cbar ** 7 + 25 ** 7)));
  const [ap1, ap2] = [(1 + G) * a1, (1 + G) * a2];
  const [Cp1, Cp2] = [Math.hypot(ap1, b1), Math.hypot(ap2, b2)];
  const hue = (b: number, a: number) => (a === 0 && b === 0 ? 0 : (Math.atan2(b, a) / RAD + 360) % 360);
  const [hp1, hp2] = [hue(b1, ap1), hue(b2, ap2)];
  const chromatic = Cp1 * Cp2 !== 0;
  let dhp = chromatic ? hp2 - hp1 : 0;
  if (dhp > 180) dhp -= 360;
  else if (dhp < -180) dhp += 360;
  const dLp = L2 - L1;
  const dCp = Cp2 - Cp1;
  const dHp = 2 * Math.sqrt(Cp1 * Cp2) * Math.sin((dhp / 2) * RAD);
  const Lp = (L1 + L2) / 2;
  const Cp = (Cp1 + Cp2) / 2;
  const hp = !chromatic
    ? hp1 + hp2
    : Math.abs(hp1 - hp2) <= 180
      ? (hp1 + hp2) / 2
      : hp1 + hp2 < 360
        ? (hp1 + hp2 + 360) / 2
        : (hp1 + hp2 - 360) / 2;
  const T =
    1 -
    0.17 * Math.cos((hp - 30) * RAD) +
    0.24 * Math.cos(2 * hp * RAD) +
    0.32 * Math.cos((3 * hp + 6) * RAD) -
    0.2 * Math.cos((4 * hp - 63) * RAD);
  const dTheta = 30 * Math.exp(-(((hp - 275) / 25) ** 2));
  const RC = 2 * Math.sqrt(Cp ** 7 / (Cp ** 7 + 25 ** 7));
  const SL = 1 + (0.015 * (Lp - 50) ** 2) / Math.sqrt(20 + (Lp - 50) ** 2);
  const SC = 1 + 0.045 * Cp;
  const SH = 1 + 0.015 * Cp * T;
  const RT = -Math.sin(2 * dTheta * RAD) * RC;
  return Math.sqrt((dLp / SL) ** 2 + (dCp / SC) ** 2 + (dHp / SH) ** 2 + RT * (dCp / SC) * (dHp / SH));
}

/** WCAG 2 relative luminance of an sRGB colour. */
function luminance([r, g, b]: Rgb): number {
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2 contrast ratio of two colours, 1 to 21 (1.4.11 asks 3:1 of lines and marks). */
export function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (hi + 0.05) / (lo + 0.05);
}
