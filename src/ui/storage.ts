// What this device remembers of the reader's choices (the theme, a dismissed suggestion). Storage
// may be blocked (a sandboxed iframe): then nothing is remembered and the page works as before.

export function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Remember `value` under `key`; null forgets it. */
export function writeStored(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Not remembered; the choice still applies to this page.
  }
}
