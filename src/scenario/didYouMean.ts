// A link's mistyped name (a preset, a key, a lesson, a sweep) and the one it most likely meant, so
// its notice can say "did you mean heidemann-odd-final?" rather than leave the reader to find it.

/** Edits (insert, delete or replace a character, or swap two neighbours) from one word to another. */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.length][b.length];
}

/**
 * The name `typed` most likely meant: the nearest within a few edits (a quarter of its length,
 * at least two), case aside; null when none is near or two are equally near.
 */
export function nearestName(typed: string, names: readonly string[]): string | null {
  const word = typed.trim().toLowerCase();
  if (word === '' || word.length > 80) return null;
  const limit = Math.max(2, Math.floor(word.length / 4));
  let best: string | null = null;
  let bestDistance = Infinity;
  let tie = false;
  for (const name of names) {
    const d = distance(word, name.toLowerCase());
    if (d < bestDistance) [best, bestDistance, tie] = [name, d, false];
    else if (d === bestDistance) tie = true;
  }
  return best !== null && bestDistance <= limit && !tie ? best : null;
}

/** "; did you mean x?" for a problem's end, or nothing. */
export function didYouMean(typed: string, names: readonly string[]): string {
  const near = nearestName(typed, names);
  return near === null ? '' : `; did you mean ${near}?`;
}

/** The name given to the wrong key (a sweep's as `preset=`): "; did you mean sweep=kruse-fig2?". */
export function didYouMeanKey(typed: string, key: string, names: readonly string[]): string {
  const near = nearestName(typed, names);
  return near === null ? '' : `; did you mean ${key}=${near}?`;
}

/** The name `typed` is, case and surrounding spaces aside (`Heidemann-Odd-Final `), or null. */
export function sameName(typed: string, names: readonly string[]): string | null {
  const word = typed.trim().toLowerCase();
  return names.find((name) => name.toLowerCase() === word) ?? null;
}

/** A value as its words read: lower case, no spaces, slashes, dashes or underscores. */
function bare(text: string, key: string): string {
  const word = text.toLowerCase().replace(/[\s/_-]/g, '');
  return word.startsWith(key) && word.length > key.length ? word.slice(key.length) : word;
}

/**
 * The value `typed` most likely meant: the nearest name, or else the value whose control label
 * (before its colon) it spells, the key's name in front or not (`HTTP/1.1` for http=1.1,
 * `1.1pipelined` for 1.1pipe, from "HTTP/1.1 pipelined"); null when none is near or two are.
 */
export function nearestValue(
  typed: string,
  key: string,
  values: readonly string[],
  labels: Readonly<Record<string, string>> = {},
): string | null {
  const near = nearestName(typed, values);
  if (near !== null) return near;
  const valueOf = new Map<string, string | null>();
  const spelling = (form: string, value: string) =>
    valueOf.set(form, valueOf.has(form) && valueOf.get(form) !== value ? null : value);
  for (const value of values) {
    spelling(bare(value, key), value);
    if (labels[value]) spelling(bare(labels[value].split(':')[0], key), value);
  }
  const form = nearestName(bare(typed, key), [...valueOf.keys()]);
  return form === null ? null : (valueOf.get(form) ?? null);
}

/** "; did you mean http=1.1?" for a knob's value, the key as the link gave it (`b.http`). */
export function didYouMeanValue(
  typed: string,
  linkKey: string,
  values: readonly string[],
  labels?: Readonly<Record<string, string>>,
): string {
  const near = nearestValue(typed, linkKey.replace(/^b\./, ''), values, labels);
  return near === null ? '' : `; did you mean ${linkKey}=${near}?`;
}
