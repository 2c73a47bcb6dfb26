// What the page needs of a shared link before its first picture: whether it is an embed, and the
// note a lecturer left. Apart from shareLinks.ts so that the rest of it (the Share dialog's and
// the embed's links) stays out of the first load.
import { readFlag } from '../../scenario/codec';

export function isEmbed(view: Record<string, string>): boolean {
  return view.embed !== undefined && readFlag(view.embed) === true;
}

/** Notes are a sentence or two for students, never markup. */
export const NOTE_MAX_CHARS = 280;

export function clipNote(text: string): string {
  const trimmed = text.trim();
  // Count code points, so an emoji is never cut in half.
  const chars = [...trimmed];
  return chars.length > NOTE_MAX_CHARS ? `${chars.slice(0, NOTE_MAX_CHARS - 1).join('')}…` : trimmed;
}

/**
 * A link copied out of HTML (an iframe's src, a course page's source) has its separators escaped:
 * `?v=1&amp;preset=...`. A raw query never holds `&amp;` otherwise (a value's own "&" is `%26`),
 * so each one is a separator; twice-escaped (`&amp;amp;`) too. Other queries come back as they are.
 */
export function unescapedQuery(search: string): string {
  let out = search;
  for (let i = 0; i < 4 && /&amp;/i.test(out); i++) out = out.replace(/&amp;/gi, '&');
  return out;
}
