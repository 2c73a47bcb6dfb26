// Link presets. Figures from the papers; framing is the link-layer bytes each packet costs on
// the wire (Ethernet: 14 header + 4 FCS + 8 preamble + 12 inter-frame gap; PPP/HDLC: 8).
export interface LinkPreset {
  key: string;
  label: string;
  /** What the link is, in a sentence, for the link type's help. */
  help: string;
  source: string;
  bandwidthBps: number;
  rttMs: number;
  mssBytes: number;
  queuePackets: number;
  framingBytes: number;
}

export const LINKS: readonly LinkPreset[] = [
  {
    key: 'ethernet10',
    label: '10 Mb/s Ethernet LAN',
    help: "A 1990s office LAN: 10 Mb/s and well under a millisecond each way, so the hosts' timers, not the wire, set the pace.",
    source: 'Heidemann 2.1; Nielsen 3.4 (RTT < 1 ms)',
    bandwidthBps: 10_000_000,
    rttMs: 0.35,
    mssBytes: 1460,
    queuePackets: 100,
    framingBytes: 38,
  },
  // The bottleneck is not stated (Nielsen 3.4 gives only the RTT), but Tables 4-7 imply it. For
  // each server and protocol, the first visit's time less the revalidation's is the cost of the
  // first visit's extra bytes; the WAN's excess over the LAN's is what the path charged for them
  // (the hosts' work and the per-request round trips cancel). Jigsaw, HTTP/1.0, 1.1, pipelined,
  // deflated: 1.02, 1.33, 1.09, 0.77 s; Apache: 1.14, 1.30, 1.11, 1.10 s; 140-185 KB each, so
  // 1.05-1.49 Mb/s of payload, 8.9 s in all. Simulated with 1 Mb/s: 8.3 s (each row 0.70-1.21 of
  // the paper's; about 0.93 Mb/s would match the total). With a fast path (10 or 45 Mb/s) the 16 KB
  // window alone moves the bytes in 3.8-4.1 s, about half on every row. Checked by
  // tests/nielsen-wan-path.test.ts. A mechanism that would absorb it, Solaris 2.5's 8 KB default
  // send buffer, does not: Sun's STREAMS TCP (tcp.c of 1996) counts only unsent bytes against it,
  // so it never limits the data in flight. What limited the path, the paper does not say.
  {
    key: 'wan',
    label: 'MA to CA Internet path',
    help: "An Internet path from Massachusetts to California (Nielsen's WAN tests): round trips of about 90 ms dominate.",
    source:
      "Nielsen 3.4 (RTT about 90 ms); 1 Mb/s is the rate Tables 4-7 imply for the first visit's extra bytes",
    bandwidthBps: 1_000_000,
    rttMs: 90,
    mssBytes: 1460,
    queuePackets: 50,
    framingBytes: 8,
  },
  {
    key: 't1',
    label: 'T1 to a remote server',
    help: "A 1.5 Mb/s T1 line to a distant server (Padmanabhan and Mogul's remote case): every round trip costs about 70 ms.",
    source: 'Padmanabhan-Mogul 6 (about 70 ms RTT)',
    bandwidthBps: 1_544_000,
    rttMs: 70,
    mssBytes: 1460,
    queuePackets: 50,
    framingBytes: 8,
  },
  {
    key: 'ppp28k',
    label: '28.8k modem dial-up',
    help: 'A dial-up modem: 28.8 kb/s, so a full 1460-byte segment takes about 0.4 s to cross; bandwidth dominates.',
    source: 'Nielsen 3.4 (about 150 ms RTT)',
    bandwidthBps: 28_800,
    rttMs: 150,
    mssBytes: 1460,
    queuePackets: 30,
    framingBytes: 8,
  },
  {
    key: 'geo',
    label: 'Geostationary satellite (ACTS T1)',
    help: "A T1 through a geostationary satellite (NASA's ACTS, Kruse's tests): over half a second per round trip.",
    source: 'Kruse (1.536 Mb/s T1 via ACTS; RTT "in excess of 500 ms", 560 ms assumed)',
    bandwidthBps: 1_536_000,
    rttMs: 560,
    mssBytes: 1460,
    queuePackets: 100,
    framingBytes: 8,
  },
  {
    key: 'ethernet100',
    label: '100 Mb/s Ethernet LAN',
    help: 'A modern 100 Mb/s LAN: transfers and round trips are nearly free.',
    source: 'modern reference',
    bandwidthBps: 100_000_000,
    rttMs: 0.2,
    mssBytes: 1460,
    queuePackets: 100,
    framingBytes: 38,
  },
  {
    key: 'broadband',
    label: 'Home broadband (50 Mb/s, 20 ms)',
    help: 'A home broadband line today: 50 Mb/s and 20 ms round trips.',
    source: 'modern reference',
    bandwidthBps: 50_000_000,
    rttMs: 20,
    mssBytes: 1460,
    queuePackets: 200,
    framingBytes: 38,
  },
  {
    key: 'lte',
    label: 'LTE mobile (20 Mb/s, 60 ms)',
    help: 'A mobile phone on LTE: 20 Mb/s and 60 ms round trips.',
    source: 'modern reference',
    bandwidthBps: 20_000_000,
    rttMs: 60,
    mssBytes: 1400,
    queuePackets: 200,
    framingBytes: 38,
  },
  {
    key: 'leo',
    label: 'Low-earth-orbit satellite (100 Mb/s, 40 ms)',
    help: 'A low-earth-orbit satellite link: 100 Mb/s and 40 ms round trips, far shorter than a geostationary hop.',
    source: 'modern reference',
    bandwidthBps: 100_000_000,
    rttMs: 40,
    mssBytes: 1400,
    queuePackets: 200,
    framingBytes: 38,
  },
  {
    key: 'longfat',
    label: 'Long fat path (100 Mb/s, 100 ms)',
    help: 'A long fat network: 100 Mb/s across a continent and back, 100 ms round trips, so 1.25 MB is in flight when the pipe is full; a buffer of one BDP at the bottleneck.',
    source: 'modern reference (RFC 7323 1.1: a "long, fat pipe")',
    bandwidthBps: 100_000_000,
    rttMs: 100,
    mssBytes: 1460,
    queuePackets: 830,
    framingBytes: 38,
  },
  {
    key: 'deepbuffer',
    label: 'Access link with a deep buffer (20 Mb/s, 20 ms)',
    help: 'A home access link whose modem buffers 1000 packets: 0.6 s of queue at 20 Mb/s, so a loss-based sender that fills it makes each round trip wait up to that long ("bufferbloat").',
    source:
      'modern reference (Gettys and Nichols, "Bufferbloat: Dark Buffers in the Internet", CACM 55(1), 2012)',
    bandwidthBps: 20_000_000,
    rttMs: 20,
    mssBytes: 1460,
    queuePackets: 1000,
    framingBytes: 38,
  },
];

export const LINK_KEYS = LINKS.map((l) => l.key);
export const LINK_LABELS: Readonly<Record<string, string>> = Object.fromEntries(
  LINKS.map((l) => [l.key, l.label]),
);

export function linkPreset(key: string): LinkPreset {
  const link = LINKS.find((l) => l.key === key);
  if (!link) throw new Error(`unknown link ${key}`);
  return link;
}

/** The knobs whose unset value is the link's own figure, and that figure in the knob's unit. */
const LINK_FIGURE: Readonly<Record<string, (l: LinkPreset) => number>> = {
  bw: (l) => l.bandwidthBps,
  rtt: (l) => l.rttMs,
  mss: (l) => l.mssBytes,
  queue: (l) => l.queuePackets,
};

/** A link knob's figure as the run has it: its own setting, or else the link's (null: not a link figure). */
export function linkFigure(key: string, set: number | null | undefined, link: string): number | null {
  const own = LINK_FIGURE[key];
  if (!own) return null;
  return set ?? own(linkPreset(link));
}
