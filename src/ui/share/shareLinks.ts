// Pure helpers for the links a lecturer shares: the full lab link, the embed link (chrome-less,
// for an iframe), the "open in Roundtrip" link back out of an embed, and the iframe snippet.
import { quote, readableQuery, type Config, type SPEEDS, type THEMES } from '../../scenario/codec';
import { SCHEMA } from '../../scenario/schema';
import { sweepShownIn } from '../sweep/sweepPanelState';
import { lessonSteps } from '../lessons/catalog';
import { withoutAnswer } from '../lessons/heldAnswer';

import { clipNote } from './openingLink';

export { NOTE_MAX_CHARS, clipNote, isEmbed, unescapedQuery } from './openingLink';

/** View keys that only make sense inside an iframe: dropped when leaving the embed. */
export const EMBED_ONLY_KEYS = ['embed', 'controls', 'autoplay'] as const;

/** `controls=nagle,flush`: the schema keys named, and a problem line for each unknown one. */
export function controlKeys(raw: string | undefined): { keys: string[]; problems: string[] } {
  const keys: string[] = [];
  const problems: string[] = [];
  for (const part of (raw ?? '').split(',')) {
    const key = part.trim();
    if (key === '' || keys.includes(key)) continue;
    if (Object.prototype.hasOwnProperty.call(SCHEMA, key)) keys.push(key);
    else problems.push(`controls: ${quote(key)} is not a setting, ignored`);
  }
  return { keys, problems };
}

/** The same scenario, in the full lab: the query without the embed-only keys. */
export function withoutEmbed(query: string): string {
  const params = new URLSearchParams(query.startsWith('?') ? query.slice(1) : query);
  for (const key of EMBED_ONLY_KEYS) params.delete(key);
  return `?${readableQuery(params)}`;
}

export interface EmbedChoices {
  panels: string[];
  controls: string[];
  /** Playhead in ms, or null for the end of the run. */
  tMs: number | null;
  autoplay: boolean;
  /** `speed=`: how fast it plays (`fit`, the whole run in 15 s, goes unsaid). */
  speed: (typeof SPEEDS)[number];
  note: string;
  /** `theme=`: match the course page's colours; null follows the reader's system. */
  theme: (typeof THEMES)[number] | null;
  /** One of FRAME_SIZES, by id. */
  size: string;
  /**
   * A lesson step revealed on the page: the frame opens with its answer too, else on its question
   * (the dialog gives embedQuery the question's query: questionOf).
   */
  answer: boolean;
}

/** A lesson step's question, as a frame for students opens it: the answer neither revealed nor drawn as B. */
export function questionOf(config: Config): Config {
  const asked = { ...config, view: { ...config.view, reveal: '0' } };
  // A lesson step is known only once the lessons, and their steps' edits, are here.
  return withoutAnswer(asked, lessonSteps()?.answerKeptBack(asked.view) ?? null);
}

/** The embed query for a scenario query (as the page's own URL has it) and the teacher's choices. */
export function embedQuery(query: string, choices: EmbedChoices): string {
  const params = new URLSearchParams(withoutEmbed(query).slice(1));
  for (const key of ['t', 'view', 'note', 'theme', 'speed']) params.delete(key);
  params.set('embed', '1');
  // Keep "ab" (compare with an unchanged B) from the page's own view list, and the sweep panel
  // where the page shows it.
  const pageView = Object.fromEntries(new URLSearchParams(query));
  const keepAb = (pageView.view ?? '').split(',').includes('ab');
  const view = [...choices.panels, ...(sweepShownIn(pageView) ? ['sweep'] : []), ...(keepAb ? ['ab'] : [])];
  if (view.length > 0) params.set('view', view.join(','));
  if (choices.controls.length > 0) params.set('controls', choices.controls.join(','));
  if (choices.tMs !== null) params.set('t', String(choices.tMs));
  if (choices.autoplay) params.set('autoplay', '1');
  if (choices.speed !== 'fit') params.set('speed', choices.speed);
  const note = clipNote(choices.note);
  if (note !== '') params.set('note', note);
  if (choices.theme) params.set('theme', choices.theme);
  return `?${readableQuery(params)}`;
}

/** Absolute URL of the app (this page's origin and path) with a query. */
export function appUrl(query: string, location: { origin: string; pathname: string }): string {
  return `${location.origin}${location.pathname}${query}`;
}

function attr(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export interface FrameSize {
  id: string;
  label: string;
  width: number;
  height: number;
  /** Full width of the course page's column, at width:height. */
  responsive?: true;
}

/** The frame sizes the builder offers; the lesson and ladder layouts are checked at the first two. */
export const FRAME_SIZES: readonly FrameSize[] = [
  { id: '560x400', label: 'Small, 560 × 400', width: 560, height: 400 },
  { id: '800x500', label: 'Medium, 800 × 500', width: 800, height: 500 },
  { id: '1024x640', label: 'Large, 1024 × 640', width: 1024, height: 640 },
  { id: 'responsive', label: 'Responsive (full width, 8:5)', width: 800, height: 500, responsive: true },
];

export const DEFAULT_FRAME = FRAME_SIZES[1];

export function frameSize(id: string): FrameSize {
  return FRAME_SIZES.find((f) => f.id === id) ?? DEFAULT_FRAME;
}

export function iframeSnippet(url: string, title: string, size: FrameSize = DEFAULT_FRAME): string {
  const common = `src="${attr(url)}"`;
  if (size.responsive) {
    // The frame takes the column's width and keeps its shape; no wrapper needed.
    return `<iframe ${common} style="width: 100%; aspect-ratio: ${size.width} / ${size.height}; border: 0" title="${attr(title)}" loading="lazy"></iframe>`;
  }
  return `<iframe ${common} width="${size.width}" height="${size.height}" title="${attr(title)}" loading="lazy"></iframe>`;
}
