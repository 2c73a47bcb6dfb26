// Compared, the page says what made B differ from A. A change that does nothing on B's side (the
// schema's `applies`) is named as such, not as a change that ran: BBR under HTTP/3, where QUIC
// runs its own NewReno, had been headed "B: Congestion control: BBR v1" beside "as long as A". And
// when B is slower or faster, B's line names the parts of "where did the time go" that moved, and
// a slower B is offered the fix for the part that grew (TLS 1.3 against 1.2: Nagle 220 ms more).
import { describe, expect, it } from 'vitest';
import { pathOf } from '../src/engine/path';
import { simulate } from '../src/engine/simulate';
import { parseQuery, sideBSettings } from '../src/scenario/codec';
import { breakdown } from '../src/scenario/breakdown';
import { toSimInput } from '../src/scenario/resolve';
import type { Settings } from '../src/scenario/schema';
import { adviceFor, checkedFix, checkRuns } from '../src/ui/callout/stallAdvice';
import { changedParts, comparedAdvice, thanA } from '../src/ui/callout/comparedAdvice';
import { bCaption } from '../src/ui/panels/sideView';
import { pageTimes } from '../src/worker/runSettings';

/** Text as read, the non-breaking space between figure and unit as a plain one. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

function runOf(settings: Settings) {
  const input = toSimInput(settings);
  const trace = simulate(input);
  return { trace, b: breakdown(trace, pathOf(input)) };
}

/** Both sides of a comparison's link, run, and B's line's words against A. */
function compared(query: string) {
  const { config } = parseQuery(query);
  const [settingsA, settingsB] = [config.settings, sideBSettings(config)!];
  const [a, b] = [runOf(settingsA), runOf(settingsB)];
  const changes = changedParts(a.b, b.b);
  return {
    config,
    settingsB,
    a,
    b,
    changes,
    than: plain(thanA(a.b, b.b, changes, settingsA, settingsB)),
    advice: comparedAdvice(b.trace, settingsB, b.b, changes[0]?.ns > 0 ? changes[0].cause : null),
  };
}

const QUIC_WHY = "not used: HTTP/3 runs over QUIC, with RFC 9002's recovery and NewReno";

describe('a change that does nothing on its side', () => {
  it('is headed and told as not used, BBR under HTTP/3 (QUIC runs its own NewReno)', () => {
    const c = compared('v=1&page=almanac24&link=lte&http=3&loss=1&b.cc=bbr');
    // The same run: the engine does not read the congestion control over QUIC.
    expect(c.b.b.totalNs).toBe(c.a.b.totalNs);
    expect(bCaption(c.config)).toBe(`B: Congestion control: BBR v1 (${QUIC_WHY})`);
    expect(c.than).toBe(`, as A did: B's change does nothing here (${QUIC_WHY})`);
    expect(c.changes).toEqual([]);
  });

  it('keeps its plain words where the change runs, and says why for each rule once', () => {
    // Over TCP (HTTP/2) the same change runs: named bare.
    expect(bCaption(parseQuery('http=2&b.cc=bbr').config)).toBe('B: Congestion control: BBR v1');
    expect(bCaption(parseQuery('b.nagle=0').config)).toBe("B: Nagle's algorithm off");
    // Two changes QUIC ignores for one reason, then one it runs.
    expect(bCaption(parseQuery('http=3&b.nagle=0&b.delack=off&b.h3window=65535').config)).toBe(
      `B: Nagle's algorithm off, Delayed ACK off (${QUIC_WHY}), HTTP/3 window 64 KB`,
    );
    // A rule with no words of its own is said by the setting it reads.
    expect(bCaption(parseQuery('delack=off&b.delackms=100').config)).toBe(
      'B: Delayed-ACK timer 100 ms (not used with Delayed ACK off)',
    );
    expect(bCaption(parseQuery('http=1.1&b.conns=8').config)).toBe(
      'B: 8 connections (not used with HTTP/1.1)',
    );
    // From B's own preset, its changes alike.
    expect(
      bCaption(
        parseQuery('preset=heidemann-table1-phttp&b.preset=heidemann-table1-phttp-fix1&b.http=3&b.nagle=0')
          .config,
      ),
    ).toBe(
      `B: P-HTTP, headers no longer flushed alone (Heidemann Table 1), then Nagle's algorithm off (${QUIC_WHY}), HTTP/3`,
    );
  });

  it('a run alike for another reason stays "as long as A"', () => {
    // Slow-start restart on connections that are never idle: the change runs and moves nothing.
    const { config } = parseQuery('preset=heidemann-table1-http&b.ssr=rfc');
    const settingsB = sideBSettings(config)!;
    const [a, b] = [runOf(config.settings), runOf(settingsB)];
    expect(b.b.totalNs).toBe(a.b.totalNs);
    expect(thanA(a.b, b.b, [], config.settings, settingsB)).toBe(', as long as A');
  });
});

describe("B's line names what moved its time", () => {
  it("TLS 1.3 slower than 1.2 on the papers' hosts: Nagle grew 220 ms, TLS shrank 20 ms; Nagle off is offered and helps", () => {
    const c = compared('v=1&page=almanac24&link=broadband&http=1.1&tls=1.2&b.tls=1.3');
    expect(c.changes.map((m) => [m.cause, Math.round(m.ns / 1e6)])).toEqual([
      ['nagle', 220],
      ['tls-handshake', -20],
    ]);
    expect(c.than).toBe(', 200 ms more than A (Nagle: 220 ms more on B; TLS: 20 ms less)');
    expect(c.advice?.stall.cause).toBe('nagle');
    expect(c.advice?.candidates[0]).toEqual({ key: 'nagle', value: false });
    // Run as the callout runs it: Nagle off makes B faster.
    const fix = checkedFix(
      c.advice!.candidates,
      c.settingsB,
      pageTimes(checkRuns(c.settingsB, c.advice!.candidates)),
      c.b.b.totalNs,
    );
    expect(fix?.fix).toEqual({ key: 'nagle', value: false });
    expect(fix!.pageNs!).toBeLessThan(0.5 * c.b.b.totalNs);
  });

  it('a slower B whose first stall is not what grew is offered the fix for what grew', () => {
    // HTTP/1.0 against P-HTTP (Heidemann Table 1): B's first long stall is the delayed ACK (178 ms),
    // but Nagle grew more (384 ms); B's line names Nagle, and Nagle off saves B 384 ms.
    const c = compared('preset=heidemann-table1-http&b.preset=heidemann-table1-phttp');
    expect(adviceFor(c.b.trace, c.settingsB, c.b.b)?.stall.cause).toBe('delayed-ack');
    expect(c.than).toBe(', 547 ms more than A (Nagle: 384 ms more on B; delayed ACK: 178 ms more)');
    expect(c.advice?.stall.cause).toBe('nagle');
    expect(c.advice?.candidates[0]).toEqual({ key: 'nagle', value: false });
  });

  it('a faster B is told what shrank and keeps its own first stall, with its fix', () => {
    const c = compared('preset=heidemann-table1-phttp&b.preset=heidemann-table1-phttp-fix1');
    expect(c.than).toBe(', 395 ms less than A (Nagle: 218 ms less on B; delayed ACK: 178 ms less)');
    expect(c.advice).toEqual(adviceFor(c.b.trace, c.settingsB, c.b.b));
    expect(c.advice?.stall.cause).toBe('nagle');
  });
});
