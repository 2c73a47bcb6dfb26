// A history stack with a cursor, as the browser keeps it.
import type { HistoryApi } from '../../src/ui/state/history';

export function fakeHistory(start: string) {
  const entries = [start];
  let at = 0;
  const api: HistoryApi = {
    current: () => entries[at],
    push: (q) => {
      entries.splice(at + 1, Infinity, q);
      at += 1;
    },
    replace: (q) => {
      entries[at] = q;
    },
  };
  /** Back one entry; returns the index of the entry now current. */
  return { api, entries, back: () => (at -= 1) };
}
