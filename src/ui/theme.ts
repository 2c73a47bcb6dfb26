// Light, dark or the system's choice. The page's colours live in one theme table (app.css);
// this module only says which half of it applies, by setting `data-theme` on <html>.
// Order of precedence: `theme=` in the link (an embed follows its course page), then the
// reader's own choice (kept in local storage), then `prefers-color-scheme`.
import { THEMES } from '../scenario/codec';
import { readStored, writeStored } from './storage';

export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];
export type Theme = (typeof THEMES)[number];

const STORAGE_KEY = 'roundtrip.theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

/** `theme=light|dark` from a query string; anything else (reported by the codec) means system. */
export function linkTheme(search: string): Theme | null {
  const value = new URLSearchParams(search).get('theme');
  return (THEMES as readonly (string | null)[]).includes(value) ? (value as Theme) : null;
}

export function storedChoice(): ThemeChoice {
  const value = readStored(STORAGE_KEY); // null when blocked (a sandboxed iframe)
  return (THEME_CHOICES as readonly string[]).includes(value ?? '') ? (value as ThemeChoice) : 'system';
}

export function storeChoice(choice: ThemeChoice): void {
  writeStored(STORAGE_KEY, choice === 'system' ? null : choice);
}

let current: ThemeChoice = 'system';
let media: MediaQueryList | null = null;

function paint(): void {
  const dark = current === 'dark' || (current === 'system' && (media?.matches ?? false));
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
}

/** Apply a choice now, and follow the system's scheme while the choice is "system". */
export function applyTheme(choice: ThemeChoice): void {
  current = choice;
  if (!media && typeof window.matchMedia === 'function') {
    media = window.matchMedia(DARK_QUERY);
    media.addEventListener('change', paint);
  }
  paint();
}

/** At start-up, before the first render: the link's theme, else the reader's choice. */
export function startTheme(search: string): ThemeChoice {
  const choice = linkTheme(search) ?? storedChoice();
  applyTheme(choice);
  return choice;
}

export function currentChoice(): ThemeChoice {
  return current;
}
