// How scenario changes become browser history entries: one per discrete action, one per gesture.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UrlWriter } from '../src/ui/state/history';
import { fakeHistory } from './support/fakeHistory';

describe('UrlWriter', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('amends the entry for replace, after a pause, and a burst is one write', () => {
    const h = fakeHistory('?a');
    const w = new UrlWriter(h.api, 250);
    w.write('?b', 'replace');
    w.write('?c', 'replace');
    expect(h.entries).toEqual(['?a']);
    vi.advanceTimersByTime(250);
    expect(h.entries).toEqual(['?c']);
  });

  it('gives each discrete action its own entry at once, after writing what was waiting', () => {
    const h = fakeHistory('?a');
    const w = new UrlWriter(h.api, 250);
    w.write('?a&t=5', 'replace'); // the playhead moved, not yet written
    w.write('?b', 'push');
    w.write('?c', 'push');
    expect(h.entries).toEqual(['?a&t=5', '?b', '?c']);
    w.write('?c', 'push'); // nothing changed: no entry
    expect(h.entries).toHaveLength(3);
  });

  it('makes one entry of a dragged slider: drafts amend the entry the first one opened', () => {
    const h = fakeHistory('?rtt=10');
    const w = new UrlWriter(h.api, 250);
    for (const rtt of [11, 12, 13]) w.write(`?rtt=${rtt}`, 'draft');
    vi.advanceTimersByTime(250);
    w.write('?rtt=20', 'draft');
    vi.advanceTimersByTime(250);
    w.write('?rtt=25', 'commit');
    expect(h.entries).toEqual(['?rtt=10', '?rtt=25']);
    w.write('?rtt=30', 'draft'); // a new gesture: a new entry
    w.write('?rtt=31', 'commit');
    expect(h.entries).toEqual(['?rtt=10', '?rtt=25', '?rtt=31']);
  });

  it('a commit with no draft written yet still opens one entry', () => {
    const h = fakeHistory('?rtt=10');
    const w = new UrlWriter(h.api, 250);
    w.write('?rtt=12', 'draft');
    w.write('?rtt=15', 'commit');
    vi.advanceTimersByTime(1000);
    expect(h.entries).toEqual(['?rtt=10', '?rtt=15']);
  });

  it('forgets a waiting write when Back lands on another entry, and ignores a fragment move', () => {
    const h = fakeHistory('?a');
    const w = new UrlWriter(h.api, 250);
    w.write('?b', 'push');
    w.write('?b&t=3', 'replace');
    h.back();
    expect(w.arrived('?a')).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(h.entries).toEqual(['?a', '?b']);
    expect(w.arrived('?a')).toBe(false);
  });
});
