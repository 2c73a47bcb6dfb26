// The engine's invariants, checked on any trace: by the property test (a few hundred random
// configurations in CI) and by `npm run fuzz` (as many as asked for). Plain checks that throw, so
// they run outside a test runner too; linear in the trace, so a fuzz run can afford them.
import { FLAG, type PacketRecord, type Trace } from '../../src/engine/trace';

export class InvariantError extends Error {
  override name = 'InvariantError';
}

function check(ok: boolean, what: string): asserts ok {
  if (!ok) throw new InvariantError(what);
}

const seqEnd = (p: PacketRecord) =>
  p.seq + p.len + (p.flags & FLAG.SYN ? 1 : 0) + (p.flags & FLAG.FIN ? 1 : 0);

/** No ACK covers data its sender had not yet received, so never data not yet sent. */
function checkAcksCoverOnlySentData(trace: Trace): void {
  const sent = new Map<string, number>(); // highest sequence number on the wire, per connection and direction
  const bySend = [...trace.packets].sort((a, b) => a.sendNs - b.sendNs);
  for (let i = 0; i < bySend.length;) {
    let j = i;
    while (j < bySend.length && bySend[j].sendNs === bySend[i].sendNs) j++;
    for (let k = i; k < j; k++) {
      const p = bySend[k];
      const key = `${p.conn}${p.dir}`;
      sent.set(key, Math.max(sent.get(key) ?? 0, seqEnd(p)));
    }
    for (let k = i; k < j; k++) {
      const p = bySend[k];
      if (!(p.flags & FLAG.ACK)) continue;
      const peerSent = sent.get(`${p.conn}${p.dir === 'c2s' ? 's2c' : 'c2s'}`) ?? 0;
      check(
        p.ack <= peerSent,
        `conn ${p.conn} ${p.dir}: ACK ${p.ack} covers data never sent (highest ${peerSent})`,
      );
    }
    i = j;
  }
}

/** Bytes handed to each side's application, per connection, checked to be contiguous and never repeated. */
function delivered(trace: Trace): Map<string, number> {
  const next = new Map<string, number>();
  for (const e of trace.events) {
    if (e.kind !== 'deliver') continue;
    const key = `${e.conn}${e.side}`;
    const expected = next.get(key) ?? 1;
    check(e.seq === expected, `conn ${e.conn} ${e.side}: delivery at ${e.seq}, expected ${expected}`);
    next.set(key, expected + e.bytes!);
  }
  return next;
}

/** HTTP/2 writes its requests as streams: the client says which, as it writes them. */
function framedAsHttp2(trace: Trace, conn: number): boolean {
  return trace.events.some(
    (e) => e.conn === conn && e.kind === 'request-write' && e.note?.startsWith('stream'),
  );
}

function checkEveryByteOnce(trace: Trace): void {
  // Every byte reaches the application once and in order, and what arrives is what was asked
  // for: all of it, unless the connection lost an exchange or was reset.
  const next = delivered(trace);
  const reset = new Set(
    trace.events.filter((e) => e.kind === 'reset' || e.kind === 'abort').map((e) => e.conn),
  );
  const byConn = new Map<number, Trace['exchanges']>();
  for (const e of trace.exchanges) {
    if (e.startNs < 0) continue;
    if (!byConn.has(e.conn)) byConn.set(e.conn, []);
    byConn.get(e.conn)!.push(e);
  }
  for (const c of trace.connections) {
    const toClient = (next.get(`${c.id}client`) ?? 1) - 1;
    const toServer = (next.get(`${c.id}server`) ?? 1) - 1;
    const exchanges = byConn.get(c.id) ?? [];
    const sum = (f: (e: (typeof exchanges)[number]) => number) => exchanges.reduce((s, e) => s + f(e), 0);
    const answered = sum((e) => (e.endNs !== null ? e.responseBytes : 0));
    const asked = sum((e) => e.responseBytes);
    const requested = sum((e) => e.requestBytes);
    const at = `conn ${c.id}`;
    const records = trace.tlsRecords?.filter((r) => r.conn === c.id) ?? [];
    if (records.length > 0 || framedAsHttp2(trace, c.id)) {
      // TLS records and HTTP/2 frames wrap the messages: TLS's own record of what it wrote says
      // what each direction carried (HTTP/2 alone keeps no such record: only the order is checked).
      const written = (dir: string) =>
        records.filter((r) => r.dir === dir).reduce((s, r) => s + r.wireBytes, 0);
      if (records.length === 0) continue;
      check(toClient <= written('s2c'), `${at}: client got ${toClient} of ${written('s2c')} TLS bytes`);
      check(toServer <= written('c2s'), `${at}: server got ${toServer} of ${written('c2s')} TLS bytes`);
      if (!exchanges.some((e) => e.lost) && !reset.has(c.id))
        check(toClient === written('s2c'), `${at}: client got ${toClient} of ${written('s2c')} TLS bytes`);
      continue;
    }
    check(
      toClient >= answered,
      `${at}: client got ${toClient} bytes, less than the ${answered} of finished responses`,
    );
    check(toClient <= asked, `${at}: client got ${toClient} bytes, more than the ${asked} asked for`);
    check(toServer <= requested, `${at}: server got ${toServer} bytes, more than the ${requested} requested`);
    if (!exchanges.some((e) => e.lost)) {
      check(toClient === asked, `${at}: client got ${toClient} of ${asked} bytes with nothing lost`);
      if (!reset.has(c.id))
        check(toServer === requested, `${at}: server got ${toServer} of ${requested} request bytes`);
    }
  }
}

function checkEveryRequestSettled(trace: Trace): void {
  // Every object of every load completes, or its last attempt is marked lost.
  const attempts = new Map<string, { done: boolean; allLost: boolean }>();
  for (const e of trace.exchanges) {
    const key = `${e.load}/${e.object}`;
    const a = attempts.get(key) ?? { done: false, allLost: true };
    attempts.set(key, { done: a.done || e.endNs !== null, allLost: a.allLost && e.lost });
  }
  for (const [key, a] of attempts) check(a.done || a.allLost, `object ${key} neither completed nor lost`);
  for (const load of trace.loads) check(load.endNs !== null, `load ${load.index} never ended`);
}

function checkTimeGoesForward(trace: Trace): void {
  const events = trace.events.all();
  for (let i = 1; i < events.length; i++)
    check(events[i].atNs >= events[i - 1].atNs, `event ${i} goes back in time`);
  const last = { c2s: -1, s2c: -1 };
  for (const p of trace.packets) {
    if (p.drop === 'queue') continue; // refused at the queue: never went out
    check(p.sendNs >= last[p.dir], `${p.dir} link not first in, first out at ${p.sendNs} ns`);
    last[p.dir] = p.sendNs;
    if (p.arriveNs !== null)
      check(p.arriveNs > p.sendNs, `packet arrives at ${p.arriveNs} ns, not after sending`);
  }
  for (const s of trace.stalls)
    check(s.endNs > s.startNs, `stall ${s.cause} of no length at ${s.startNs} ns`);
}

/** What held a sender's queued data (the stall labeller's causes, TCP's and QUIC's; the others are the applications'). */
const SENDER_CAUSES = new Set([
  'delayed-ack',
  'nagle',
  'cwnd',
  'rwnd',
  'sndbuf',
  'idle-restart',
  'rto',
  'pto',
  'loss-timer',
  'tail-probe',
  'recovery',
  'pacing',
]);

/** A sender's stall is a wait: no data of its connection and side leaves while it lasts (a QUIC datagram's `len` is its stream data). */
export function checkStallsAreWaits(trace: Trace): void {
  const sent = new Map<string, number[]>(); // "conn side" -> send times of its data, in order
  for (const p of trace.packets) {
    if (p.len === 0 || p.drop === 'queue') continue;
    const key = `${p.conn} ${p.dir === 'c2s' ? 'client' : 'server'}`;
    (sent.get(key) ?? sent.set(key, []).get(key)!).push(p.sendNs);
  }
  for (const s of trace.stalls) {
    if (!SENDER_CAUSES.has(s.cause)) continue;
    const times = sent.get(`${s.conn} ${s.side}`) ?? [];
    let lo = 0;
    let hi = times.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (times[mid] <= s.startNs) lo = mid + 1;
      else hi = mid;
    }
    check(
      lo === times.length || times[lo] >= s.endNs,
      `a ${s.cause} stall on connection ${s.conn} holds data sent at ${times[lo]} ns`,
    );
  }
}

/** Throws an InvariantError naming the first invariant the trace breaks. */
export function checkInvariants(trace: Trace): void {
  checkEveryByteOnce(trace);
  checkEveryRequestSettled(trace);
  checkAcksCoverOnlySentData(trace);
  checkTimeGoesForward(trace);
  checkStallsAreWaits(trace);
}
