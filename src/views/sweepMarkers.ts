// Each series of a sweep its own marker shape as well as its own colour, so that series are told
// apart without colour: by a colour-blind student, or on a greyscale printout of an exported chart.
// Over choices (link types, HTTP modes) the points stand alone, with no line to follow, and the
// shape is all that is left besides the colour. The chart's points and the legend's swatches are
// drawn from the same shapes. A diamond is none of them: a hollow diamond is a published point.

/** The shapes in the order series take them (the first series, or a lone line, keeps the circle). */
export const MARKER_SHAPES = [
  'circle',
  'square',
  'triangle',
  'triangle-down',
  'plus',
  'cross',
  'star',
] as const;
export type MarkerShape = (typeof MARKER_SHAPES)[number];

/** The shape of the `index`th series. */
export function markerShape(index: number): MarkerShape {
  return MARKER_SHAPES[Math.max(0, index) % MARKER_SHAPES.length];
}

// Corners of each polygon for a circle of radius 1, centred on its box, of about the circle's area.
const SQUARE: Array<[number, number]> = [
  [-0.89, -0.89],
  [0.89, -0.89],
  [0.89, 0.89],
  [-0.89, 0.89],
];
const TRIANGLE: Array<[number, number]> = [
  [0, -1.17],
  [1.35, 1.17],
  [-1.35, 1.17],
];
const PLUS: Array<[number, number]> = [
  [-0.4, -1.25],
  [0.4, -1.25],
  [0.4, -0.4],
  [1.25, -0.4],
  [1.25, 0.4],
  [0.4, 0.4],
  [0.4, 1.25],
  [-0.4, 1.25],
  [-0.4, 0.4],
  [-1.25, 0.4],
  [-1.25, -0.4],
  [-0.4, -0.4],
];
const turned = (corners: Array<[number, number]>, radians: number): Array<[number, number]> =>
  corners.map(([x, y]) => [
    x * Math.cos(radians) - y * Math.sin(radians),
    x * Math.sin(radians) + y * Math.cos(radians),
  ]);
/** Five points, 1.45 out and 0.62 in, moved down to centre it on its box. */
const STAR: Array<[number, number]> = Array.from({ length: 10 }, (_, i) => {
  const out = i % 2 === 0 ? 1.45 : 0.62;
  const angle = (i * Math.PI) / 5 - Math.PI / 2;
  return [out * Math.cos(angle), out * Math.sin(angle) + 0.14];
});
const POLYGONS: Record<Exclude<MarkerShape, 'circle'>, Array<[number, number]>> = {
  square: SQUARE,
  triangle: TRIANGLE,
  'triangle-down': TRIANGLE.map(([x, y]) => [x, -y]),
  plus: PLUS,
  cross: turned(PLUS, Math.PI / 4),
  star: STAR,
};

const round = (v: number) => Math.round(v * 100) / 100;

/** The SVG path of `shape` centred on (cx, cy), for a circle of radius `r` (of about its area). */
export function markerPath(shape: MarkerShape, cx: number, cy: number, r: number): string {
  if (shape === 'circle')
    return `M${round(cx - r)},${round(cy)}a${r},${r} 0 1,0 ${2 * r},0a${r},${r} 0 1,0 ${-2 * r},0Z`;
  return `M${POLYGONS[shape].map(([x, y]) => `${round(cx + x * r)},${round(cy + y * r)}`).join('L')}Z`;
}
