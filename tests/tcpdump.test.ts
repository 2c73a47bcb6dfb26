import { describe, it, expect } from 'vitest';
import { FLAG, type Trace } from '../src/engine/trace';
import { conn, pkt, trace, us } from './support/handTrace';
import { formatTcpdump } from '../src/engine/captureFile';
import { formatTcpdumpLine } from '../src/engine/tcpdump';

const { SYN, ACK, PSH, FIN, RST } = FLAG;

/** Heidemann 1997, Figure 2: the short-initial-segment problem. */
function figure2(): Trace {
  const syn = { flags: SYN, optionBytes: 4, mssOption: 1460, reason: 'syn' as const };
  return trace(
    [conn()],
    [
      pkt({ dir: 'c2s', sendNs: 0, ...syn }),
      pkt({ dir: 's2c', sendNs: us(251), ack: 1, ...syn, flags: SYN | ACK }),
      pkt({ dir: 'c2s', sendNs: us(460), seq: 1, ack: 1 }),
      pkt({ dir: 'c2s', sendNs: us(1110), seq: 1, ack: 1, len: 52, flags: PSH | ACK }),
      pkt({ dir: 's2c', sendNs: us(3285), seq: 1, ack: 53, len: 226, flags: PSH | ACK }),
      pkt({ dir: 's2c', sendNs: us(4911), seq: 227, ack: 53, len: 1460 }),
      pkt({ dir: 'c2s', sendNs: us(189201), seq: 53, ack: 1687, reason: 'ack-delayed' }),
      pkt({ dir: 's2c', sendNs: us(190647), seq: 1687, ack: 53, len: 1460 }),
      pkt({ dir: 's2c', sendNs: us(191879), seq: 3147, ack: 53, len: 1460 }),
    ],
  );
}

const FIGURE_2 = [
  '0.000000 client.3199 > server.8080: S 676352001:676352001(0) win 16384 <mss 1460>',
  '0.000251 server.8080 > client.3199: S 1807168001:1807168001(0) ack 676352002 win 16384 <mss 1460>',
  '0.000460 client.3199 > server.8080: . ack 1 win 16384',
  '0.001110 client.3199 > server.8080: P 1:53(52) ack 1 win 16384',
  '0.003285 server.8080 > client.3199: P 1:227(226) ack 53 win 16384',
  '0.004911 server.8080 > client.3199: . 227:1687(1460) ack 53 win 16384',
  '0.189201 client.3199 > server.8080: . ack 1687 win 16384',
  '0.190647 server.8080 > client.3199: . 1687:3147(1460) ack 53 win 16384',
  '0.191879 server.8080 > client.3199: . 3147:4607(1460) ack 53 win 16384',
];

/** Heidemann 1997, Figure 4: the odd/short-final-segment problem (second request). */
function figure4(): Trace {
  const c = conn({ clientPort: 1029 });
  return trace(
    [c],
    [
      pkt({ dir: 'c2s', sendNs: us(10598), seq: 53, ack: 6676, len: 58, flags: PSH | ACK }),
      pkt({ dir: 's2c', sendNs: us(11122), seq: 6676, ack: 111, win: 16326 }),
      pkt({ dir: 's2c', sendNs: us(19869), seq: 6676, ack: 111, len: 1460 }),
      pkt({ dir: 's2c', sendNs: us(21099), seq: 8136, ack: 111, len: 1460 }),
      pkt({ dir: 's2c', sendNs: us(22103), seq: 9596, ack: 111, len: 1176, flags: PSH | ACK }),
      pkt({ dir: 'c2s', sendNs: us(22835), seq: 111, ack: 9596 }),
      pkt({ dir: 'c2s', sendNs: us(189262), seq: 111, ack: 10772, reason: 'ack-delayed' }),
      pkt({ dir: 's2c', sendNs: us(189479), seq: 10772, ack: 111, len: 13, flags: PSH | ACK }),
    ],
  );
}

const FIGURE_4 = [
  '0.010598 client.1029 > server.8080: P 53:111(58) ack 6676 win 16384',
  '0.011122 server.8080 > client.1029: . ack 111 win 16326',
  '0.019869 server.8080 > client.1029: . 6676:8136(1460) ack 111 win 16384',
  '0.021099 server.8080 > client.1029: . 8136:9596(1460) ack 111 win 16384',
  '0.022103 server.8080 > client.1029: P 9596:10772(1176) ack 111 win 16384',
  '0.022835 client.1029 > server.8080: . ack 9596 win 16384',
  '0.189262 client.1029 > server.8080: . ack 10772 win 16384',
  '0.189479 server.8080 > client.1029: P 10772:10785(13) ack 111 win 16384',
];

const lines = (t: Trace) => formatTcpdump(t).split('\n').slice(0, -1);

describe('tcpdump text reproduces the paper figures', () => {
  it('Figure 2: handshake with absolute SYN numbers, request, header segment, data, delayed ACK', () => {
    expect(lines(figure2())).toEqual(FIGURE_2);
  });

  it('Figure 4: relative numbers mid-connection, an odd final segment', () => {
    expect(lines(figure4())).toEqual(FIGURE_4);
  });

  it('ends every line, including the last, with a newline; an empty trace is empty text', () => {
    expect(formatTcpdump(figure2()).endsWith('4607(1460) ack 53 win 16384\n')).toBe(true);
    expect(formatTcpdump(trace([conn()], []))).toBe('');
  });

  it('formatTcpdumpLine gives the same text as the full listing', () => {
    const t = figure2();
    t.packets.forEach((p, i) => expect(formatTcpdumpLine(t, p)).toBe(FIGURE_2[i]));
  });
});

describe('tcpdump text: closing, loss and retransmission', () => {
  it('FIN without data prints its sequence number and a zero-length range', () => {
    const t = trace(
      [conn({ clientPort: 1029 })],
      [
        pkt({ dir: 's2c', sendNs: us(5000), seq: 6878, ack: 111, flags: FIN | ACK, reason: 'fin' }),
        pkt({ dir: 'c2s', sendNs: us(5200), seq: 111, ack: 6879 }),
        pkt({ dir: 'c2s', sendNs: us(5300), seq: 111, ack: 6879, flags: FIN | PSH | ACK, len: 4 }),
        pkt({ dir: 's2c', sendNs: us(5500), seq: 6879, ack: 116 }),
      ],
    );
    expect(lines(t)).toEqual([
      '0.005000 server.8080 > client.1029: F 6878:6878(0) ack 111 win 16384',
      '0.005200 client.1029 > server.8080: . ack 6879 win 16384',
      '0.005300 client.1029 > server.8080: FP 111:115(4) ack 6879 win 16384',
      '0.005500 server.8080 > client.1029: . ack 116 win 16384',
    ]);
  });

  it('marks dropped packets with the drop cause and retransmissions as such', () => {
    const t = trace(
      [conn()],
      [
        pkt({ dir: 's2c', sendNs: us(1000), seq: 1, ack: 53, len: 1460, arriveNs: null, drop: 'queue' }),
        pkt({
          dir: 's2c',
          sendNs: us(1_001_000),
          seq: 1,
          ack: 53,
          len: 1460,
          reason: 'retransmit',
          arriveNs: null,
          drop: 'loss',
        }),
        pkt({ dir: 's2c', sendNs: us(3_001_000), seq: 1, ack: 53, len: 1460, reason: 'retransmit' }),
        pkt({ dir: 's2c', sendNs: us(3_002_000), seq: 1461, ack: 53, len: 1460, reason: 'fast-retransmit' }),
      ],
    );
    expect(lines(t)).toEqual([
      '0.001000 server.8080 > client.3199: . 1:1461(1460) ack 53 win 16384 [dropped: queue]',
      '1.001000 server.8080 > client.3199: . 1:1461(1460) ack 53 win 16384 [retransmit] [dropped: loss]',
      '3.001000 server.8080 > client.3199: . 1:1461(1460) ack 53 win 16384 [retransmit]',
      '3.002000 server.8080 > client.3199: . 1461:2921(1460) ack 53 win 16384 [retransmit]',
    ]);
  });

  it('RST prints R with its sequence number, like tcpdump', () => {
    const t = trace(
      [conn()],
      [pkt({ dir: 'c2s', sendNs: us(7), seq: 53, flags: RST, reason: 'rst', win: 0 })],
    );
    expect(lines(t)).toEqual(['0.000007 client.3199 > server.8080: R 53:53(0) win 0']);
  });
});

describe('tcpdump text: window scaling', () => {
  it('SYNs carry mss,nop,wscale and an unscaled window; later windows are shifted per sender', () => {
    const c = conn({ clientWscale: 2, serverWscale: 3 });
    const syn = { optionBytes: 8, mssOption: 1460, reason: 'syn' as const, win: 65535 };
    const t = trace(
      [c],
      [
        pkt({ dir: 'c2s', sendNs: 0, flags: SYN, wscaleOption: 2, ...syn }),
        pkt({ dir: 's2c', sendNs: us(500), flags: SYN | ACK, ack: 1, wscaleOption: 3, ...syn }),
        pkt({ dir: 'c2s', sendNs: us(1000), seq: 1, ack: 1, win: 131072 }),
        pkt({ dir: 's2c', sendNs: us(1500), seq: 1, ack: 1, win: 262144, len: 100, flags: PSH | ACK }),
        pkt({ dir: 's2c', sendNs: us(1600), seq: 101, ack: 1, win: 1 << 20 }), // more than 65535 << 3
      ],
    );
    expect(lines(t)).toEqual([
      '0.000000 client.3199 > server.8080: S 676352001:676352001(0) win 65535 <mss 1460,nop,wscale 2>',
      '0.000500 server.8080 > client.3199: S 1807168001:1807168001(0) ack 676352002 win 65535 <mss 1460,nop,wscale 3>',
      '0.001000 client.3199 > server.8080: . ack 1 win 32768',
      '0.001500 server.8080 > client.3199: P 1:101(100) ack 1 win 32768',
      '0.001600 server.8080 > client.3199: . ack 1 win 65535',
    ]);
  });
});

describe('tcpdump text: ordering, time and numbers', () => {
  it('orders by send time, ties in the order recorded, whatever the order of sending', () => {
    // A packet's id is its place in the trace: the order the network recorded it.
    const a = pkt({ dir: 's2c', sendNs: us(20), seq: 1, ack: 1 });
    const b = pkt({ dir: 'c2s', sendNs: us(20), seq: 1, ack: 1 });
    const c = pkt({ dir: 'c2s', sendNs: us(10), seq: 1, ack: 1 });
    const out = lines(trace([conn()], [a, b, c]));
    expect(out.map((l) => l.slice(0, 22))).toEqual([
      '0.000010 client.3199 >',
      '0.000020 server.8080 >',
      '0.000020 client.3199 >',
    ]);
  });

  it('rounds nanoseconds to the microsecond and carries into seconds', () => {
    const t = trace(
      [conn()],
      [
        pkt({ dir: 'c2s', sendNs: 251_499, seq: 1, ack: 1 }),
        pkt({ dir: 'c2s', sendNs: 251_500, seq: 1, ack: 1 }),
        pkt({ dir: 'c2s', sendNs: 1_999_999_600, seq: 1, ack: 1 }),
        pkt({ dir: 'c2s', sendNs: 12_345_678_901_234, seq: 1, ack: 1 }),
      ],
    );
    expect(lines(t).map((l) => l.split(' ')[0])).toEqual([
      '0.000251',
      '0.000252',
      '2.000000',
      '12345.678901',
    ]);
  });

  it('SYN numbers wrap modulo 2^32', () => {
    const c = conn({ clientIss: 4294967295, serverIss: 4294967290 });
    const t = trace(
      [c],
      [
        pkt({ dir: 'c2s', sendNs: 0, flags: SYN, reason: 'syn' }),
        pkt({ dir: 's2c', sendNs: 1, flags: SYN | ACK, ack: 1, reason: 'syn' }),
      ],
    );
    expect(lines(t)).toEqual([
      '0.000000 client.3199 > server.8080: S 4294967295:4294967295(0) win 16384',
      '0.000000 server.8080 > client.3199: S 4294967290:4294967290(0) ack 0 win 16384',
    ]);
  });

  it('names each connection by its own ports', () => {
    const t = trace(
      [conn(), conn({ id: 1, clientPort: 3200, serverPort: 80 })],
      [pkt({ dir: 'c2s', sendNs: 0, conn: 1, seq: 1, ack: 1 })],
    );
    expect(lines(t)).toEqual(['0.000000 client.3200 > server.80: . ack 1 win 16384']);
  });

  it('a packet without its connection record is an error, not silent nonsense', () => {
    const t = trace([conn()], [pkt({ dir: 'c2s', sendNs: 0, conn: 5 })]);
    expect(() => formatTcpdump(t)).toThrow(/connection/);
    expect(() => formatTcpdumpLine(t, t.packets.get(0))).toThrow(/connection/);
  });
});
