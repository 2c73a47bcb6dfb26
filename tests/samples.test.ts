// The engine records the sender's congestion state and each connection's milestones, and the
// time-sequence plot draws its cwnd line from those records.
import { describe, expect, it } from 'vitest';
import { tspSeries } from '../src/views/tspSeries';
import { run } from './support/trace';

describe('congestion samples', () => {
  it('follow slow start: the server cwnd grows by one segment per ACK from its initial window', () => {
    const trace = run('objects=30000&flush=none&iw=1&delack=off&window=65535&link=wan');
    const server = trace.samples!.filter((s) => s.side === 'server' && s.conn === 0);
    const mss = trace.connections[0].mss;
    expect(server[0].cwnd).toBe(mss);
    const steps = server.slice(1, 6).map((s, i) => s.cwnd - server[i].cwnd);
    expect(steps).toEqual([mss, mss, mss, mss, mss]);
    expect(server.every((s) => s.rtoNs >= 1e9)).toBe(true); // the 1 s floor
    expect(server.at(-1)!.srttNs).toBeGreaterThan(80e6); // the WAN's ~90 ms round trip
  });

  it('show a timeout: cwnd back to one segment, ssthresh at half the flight', () => {
    const trace = run('objects=200000&flush=none&link=wan&loss=3&window=65535&seed=4');
    const rto = trace.timers.find((t) => t.timer === 'rto' && t.side === 'server');
    expect(rto).toBeDefined();
    const at = trace.samples!.find((s) => s.side === 'server' && s.atNs === rto!.atNs)!;
    expect(at.cwnd).toBe(trace.connections[at.conn].mss);
    expect(at.ssthresh).toBeLessThan(65535);
    // The timer backed off: the sample taken then holds the doubled timeout, not the one before.
    const before = trace
      .samples!.filter((s) => s.side === 'server' && s.conn === at.conn && s.atNs < rto!.atNs)
      .at(-1)!;
    expect(at.rtoNs).toBe(Math.min(64e9, 2 * before.rtoNs));
  });
});

describe('a BSD sender (cc=reno) held back by the receiver window', () => {
  const serverCwnds = (q: string) =>
    run(q)
      .samples!.filter((s) => s.side === 'server')
      .map((s) => s.cwnd);

  it("opens cwnd no further than the largest window the peer can advertise (4.4BSD's TCP_MAXWIN << snd_scale)", () => {
    // 3,400 segments over a 1 Mb/s WAN, 64 KB at a time: congestion avoidance had taken cwnd to 2.6 MB.
    expect(Math.max(...serverCwnds('objects=5000000&flush=none&link=wan&cc=reno'))).toBe(65535);
    // With a 1 MB buffer both ends scale their windows by 2^5: the cap is 65535 << 5, above 64 KB.
    const scaled = 'objects=5000000&flush=none&link=wan&cc=reno&window=1048576';
    expect(run(scaled).connections[0].clientWscale).toBe(5);
    const most = Math.max(...serverCwnds(scaled));
    expect(most).toBeGreaterThan(65535);
    expect(most).toBeLessThanOrEqual(65535 << 5);
  });
});

describe('a Linux sender (newreno, cubic) held back by something other than its cwnd', () => {
  const maxServerCwnd = (q: string) =>
    Math.max(
      ...run(q)
        .samples!.filter((s) => s.side === 'server')
        .map((s) => s.cwnd),
    );

  // Linux grows cwnd only while the window is in use (tcp_is_cwnd_limited): in slow start up to
  // twice the largest flight, in congestion avoidance not at all. Before, a 5 MB transfer behind a
  // 16 KB receive window took cwnd to 2.6 MB, and HTTP/2 behind its 64 KB flow-control window to 1.2 MB.
  it.each(['cubic', 'newreno'])('%s: cwnd stays within twice what the receive window lets fly', (cc) => {
    const mss = 1460;
    expect(maxServerCwnd(`objects=5000000&flush=none&link=wan&window=16384&cc=${cc}`)).toBeLessThanOrEqual(
      2 * 16384 + mss,
    );
  });

  it('cubic under HTTP/2 flow control: cwnd stays within twice the 64 KB the streams may have in flight', () => {
    expect(maxServerCwnd('page=almanac24&http=2&cc=cubic&window=1048576&link=lte')).toBeLessThanOrEqual(
      2 * 65535 + 1460,
    );
  });

  it('a BBR sender is not held to it: its window follows its model of the path, used or not', () => {
    // BBR's cwnd is 2 x the estimated bandwidth-delay product; Linux runs it on every ACK.
    expect(maxServerCwnd('objects=5000000&flush=none&link=wan&window=16384&cc=bbr')).toBeGreaterThan(
      2 * 16384 + 1460,
    );
  });
});

describe('a QUIC sender (HTTP/3) with little to send', () => {
  it("keeps its initial window: RFC 9002 B.5 grows it only while in use (Chromium's IsCwndLimited)", () => {
    // Yahoo's page of 1996: no flight of the server's fills half of the 14,720-byte initial
    // window, so its ACKs grow nothing. Before, they took cwnd to 31.5 KB, a window never used.
    const server = run('page=yahoo96&http=3&link=wan').samples!.filter((s) => s.side === 'server');
    expect(server.length).toBeGreaterThan(5);
    expect(server.every((s) => s.cwnd === 14720)).toBe(true);
    // A long transfer fills its window, and the window grows.
    const bulk = run('objects=2000000&http=3&link=wan').samples!.filter((s) => s.side === 'server');
    expect(Math.max(...bulk.map((s) => s.cwnd))).toBeGreaterThan(10 * 14720);
  });
});

describe('milestones', () => {
  it('mark connected, request sent, first byte and done where the exchanges say', () => {
    const trace = run('preset=heidemann-odd-final');
    const ms = trace.milestones!;
    const syn = trace.packets.find((p) => p.dir === 's2c' && p.conn === 0)!; // the SYN-ACK
    expect(ms.find((m) => m.kind === 'connected')!.atNs).toBe(syn.arriveNs);
    for (const e of trace.exchanges) {
      const of = (kind: string) => ms.find((m) => m.kind === kind && m.exchange === e.id)?.atNs;
      expect(of('request-sent')).toBe(e.startNs);
      expect(of('first-byte')).toBe(e.firstByteNs);
      expect(of('done')).toBe(e.endNs);
    }
  });
});

describe('time-sequence plot cwnd line', () => {
  /** The value of a step series at a time: its last point at or before it. */
  const at = (points: { timeNs: number; value: number }[], t: number, before: number) =>
    [...points].reverse().find((p) => p.timeNs <= t)?.value ?? before;

  it('is the ACK line plus the recorded server cwnd, at each change of either', () => {
    const trace = run('objects=30000&flush=none&iw=1&delack=off&window=65535&link=wan');
    const series = tspSeries(trace, 0);
    const server = trace.samples!.filter((s) => s.side === 'server' && s.conn === 0);
    const cwndAt = (t: number) => [...server].reverse().find((s) => s.atNs <= t)!.cwnd;
    // A point at every sample, and at every ACK from the first sample on.
    const later = series.acks.filter((a) => a.timeNs >= server[0].atNs);
    expect(series.cwnd.length).toBeGreaterThanOrEqual(server.length + later.length - 1);
    // At each moment the line's last point (an ACK and the cwnd change it caused share one).
    for (const t of new Set(series.cwnd.map((p) => p.timeNs)))
      expect(at(series.cwnd, t, 0)).toBe(at(series.acks, t, 1) + cwndAt(t));
  });

  it('follows the ACKs through a recovery that changes no cwnd, never below the ACK line', () => {
    // HTTP/2 over LTE on today's hosts: from 975 to 1370 ms cwnd stays at about 430 KB while the
    // ACKs climb 600 KB; drawn at the samples alone the line stood still and the ACKs passed it.
    const trace = run('http=2&page=almanac24&link=lte&stack=linux&nagle=0&window=1048576&h2window=6291456');
    const series = tspSeries(trace, 0);
    const first = series.cwnd[0].timeNs;
    for (const a of series.acks.filter((x) => x.timeNs >= first))
      expect(at(series.cwnd, a.timeNs, 0), `ACK at ${a.timeNs}`).toBeGreaterThan(a.value);
    const recovering = series.acks.filter((a) => a.timeNs > 1.0e9 && a.timeNs < 1.35e9);
    expect(recovering.length).toBeGreaterThan(10);
    const last = recovering[recovering.length - 1];
    expect(at(series.cwnd, last.timeNs, 0)).toBeGreaterThan(at(series.cwnd, recovering[0].timeNs, 0));
  });
});

describe("the time-sequence plot's note on queues", () => {
  it("holds on the deep-buffer link: the queue's wait is in the RTT, not between the data and ACK lines", () => {
    // A packet is recorded when it leaves the server's interface, after the queue in front of the
    // link: so the data and ACK lines stay a base round trip apart while the smoothed RTT climbs.
    const trace = run('cc=cubic&objects=5000000&link=deepbuffer&window=8000000&sack=1');
    const srttMs = Math.max(
      ...trace.samples!.filter((s) => s.side === 'server' && s.srttNs !== null).map((s) => s.srttNs! / 1e6),
    );
    expect(srttMs).toBeGreaterThan(100); // five base round trips of 20 ms
    const data = [...trace.packets].filter((p) => p.dir === 's2c' && p.len > 0);
    const acks = [...trace.packets].filter((p) => p.dir === 'c2s' && p.arriveNs !== null);
    const gapsMs: number[] = [];
    let a = 0;
    for (const p of data.filter((_, i) => i % 50 === 0)) {
      const end = p.seq + p.len;
      while (a < acks.length && (acks[a].ack < end || acks[a].arriveNs! < p.sendNs)) a++;
      if (a < acks.length) gapsMs.push((acks[a].arriveNs! - p.sendNs) / 1e6);
    }
    gapsMs.sort((x, y) => x - y);
    expect(gapsMs[Math.floor(gapsMs.length / 2)]).toBeLessThan(30);
  });
});
