// How a change of the scenario enters the browser's history, so Back undoes one action at a time.
// Every `update(edit, { history })` of useScenario names one of these modes:
//
//   'replace' (the default) amends the current entry: view tweaks, the resting playhead.
//   'push'    a discrete action (preset, "Try ...", lesson step, sweep point, compare, reset):
//             a new entry, written at once.
//   'draft'   part of a gesture (a slider being dragged, a number being typed): the first draft
//             opens a new entry, later drafts amend it.
//   'commit'  the gesture ends here (slider released, box left): its entry gets this state and
//             the next draft opens a new one. One entry per knob change, not per pixel.
//
// UrlWriter turns those modes into pushState/replaceState calls; it knows nothing of React.
export type HistoryMode = 'replace' | 'push' | 'draft' | 'commit';

export interface HistoryApi {
  current: () => string;
  push: (query: string) => void;
  replace: (query: string) => void;
}

export const browserHistory: HistoryApi = {
  current: () => window.location.search,
  // The entry's state (a lesson's chosen answers) goes with it, and on to the next entry.
  push: (query) => window.history.pushState(window.history.state, '', query),
  replace: (query) => window.history.replaceState(window.history.state, '', query),
};

/** Writes the address bar: amendments wait for a pause (a burst is one write), new entries do not. */
export class UrlWriter {
  private pending: { query: string; timer: ReturnType<typeof setTimeout> } | null = null;
  /** A gesture is under way; `opened` once its entry exists. */
  private gesture: { opened: boolean } | null = null;
  /** The query of the entry on screen. */
  private shown: string;

  constructor(
    private readonly history: HistoryApi,
    private readonly delayMs = 250,
  ) {
    this.shown = history.current();
  }

  write(query: string, mode: HistoryMode): void {
    if (mode === 'push') {
      this.flush(); // whatever was on screen before keeps its entry
      this.gesture = null;
      this.put(query, true);
    } else if (mode === 'commit') {
      if (!this.gesture) {
        this.flush();
        this.gesture = { opened: false }; // a change committed at once is a gesture of one step
      }
      this.drop();
      this.put(query, false);
      this.gesture = null;
    } else {
      if (mode === 'draft' && !this.gesture) {
        this.flush(); // the state before the gesture keeps its own entry
        this.gesture = { opened: false };
      }
      this.schedule(query);
    }
  }

  /**
   * Back or Forward landed on an entry showing `query`. False when it is the state already on
   * screen (only the #fragment moved); else forget what was about to be written and say true.
   */
  arrived(query: string): boolean {
    if (query === this.shown) return false;
    this.shown = query;
    this.drop();
    this.gesture = null;
    return true;
  }

  /** Write a waiting amendment now. */
  flush(): void {
    const pending = this.pending;
    if (!pending) return;
    this.drop();
    this.put(pending.query, false);
  }

  private schedule(query: string): void {
    this.drop();
    const timer = setTimeout(() => {
      this.pending = null;
      this.put(query, false);
    }, this.delayMs);
    this.pending = { query, timer };
  }

  private drop(): void {
    if (this.pending) clearTimeout(this.pending.timer);
    this.pending = null;
  }

  /** Write `query`; within a gesture, the first write opens the gesture's entry. */
  private put(query: string, newEntry: boolean): void {
    this.shown = query;
    if (query === this.history.current()) return;
    if (this.gesture && !this.gesture.opened) {
      this.gesture.opened = true;
      newEntry = true;
    }
    if (newEntry) this.history.push(query);
    else this.history.replace(query);
  }
}
