// Host profiles: how the papers' machines' TCP behaved, one row per machine with its source.
// `stack=` names one for both hosts, `stack.client=` / `stack.server=` one per side; the
// individual keys (`delack.client`, `ackread.client`, ...) override a profile. A profile sets
// only what a source supports; what it leaves out comes from the general keys. A new machine
// (a Linux host, say) is one more row.
import type { CongestionControlName, DelackMode, InitialWindow, SlowStartRestart } from '../../engine/params';

export interface HostProfile {
  /** What the controls show. */
  label: string;
  /** How in-order data is acknowledged when it arrives and no read is pending. */
  delack?: DelackMode;
  /** The delayed-ACK period (the BSD clock's tick, or the per-connection timer). */
  delackMs?: number;
  /** In-order data is ACKed by the window update the application's read sends (BSD tcp_output). */
  ackOnRead?: boolean;
  /** Sender defaults: each applies while its general key (iw, cc, sack, minrto, ssr) is at its default. */
  initialWindow?: InitialWindow;
  congestionControl?: CongestionControlName;
  sack?: boolean;
  minRtoMs?: number;
  slowStartRestart?: SlowStartRestart;
  /** Where the behaviour comes from, and what is unsure. */
  source: string;
}

export const HOST_PROFILES = {
  default: {
    label: 'Default (the general settings)',
    source: 'No profile: the general keys (delack, delackms) apply to both hosts.',
  },
  bsd44: {
    label: '4.4BSD',
    delack: 'bsd',
    delackMs: 200,
    ackOnRead: true,
    source:
      'Wright & Stevens, TCP/IP Illustrated vol. 2 (1995): tcp_fasttimo sends delayed ACKs on a 200 ms clock shared by all connections (25.5); in-order data only marks the ACK as delayed, and the ACK of every second segment is the window update tcp_output sends when the application reads (PRU_RCVD, 26.3).',
  },
  sunos4: {
    label: 'SunOS 4.1',
    delack: 'bsd',
    delackMs: 200,
    ackOnRead: true,
    source:
      "4.3BSD-derived (Heidemann 1997 calls SunOS's TCP BSD-derived): the same 200 ms clock and read-driven window update as 4.4BSD (Wright & Stevens vol. 2).",
  },
  dunix4: {
    label: 'Digital UNIX 4.0',
    delack: 'bsd',
    delackMs: 200,
    ackOnRead: true,
    source:
      "Digital UNIX's TCP is the BSD code of OSF/1 (4.3BSD-Reno / 4.4BSD): 200 ms delayed-ACK clock and read-driven window updates as in 4.4BSD. Assumed from its lineage; no trace of these hosts' ACK timing is published.",
  },
  solaris25: {
    label: 'Solaris 2.5',
    delack: 'fixed',
    delackMs: 50,
    source:
      "Solaris' TCP is not BSD code (Mentat, STREAMS): a per-connection deferred-ACK timer, tcp_deferred_ack_interval, 50 ms by default in Sun's tcp.c of 1996 and 1998 (tcp.c 1.156, 96/10/31, and 1.242, 98/01/21: the tcp_param_arr entry { 1*MS, 1*MINUTES, 50*MS, \"tcp_deferred_ack_interval\" }); 100 ms only in later releases' tunables. ACK-on-read not claimed.",
  },
  nt40: {
    label: 'Windows NT 4.0',
    delack: 'fixed',
    delackMs: 200,
    source:
      "Microsoft, 'Windows NT 3.5x/4.0 TCP/IP Implementation Details': ACKs every second segment, otherwise a per-connection delayed-ACK timer of 200 ms (not a shared clock). ACK-on-read not claimed.",
  },
  netbsd12: {
    label: "NetBSD 1.2.1 with Allman's fixes",
    delack: 'bsd',
    delackMs: 200,
    ackOnRead: false,
    source:
      "Kruse et al. 1998: NetBSD 1.2.1 with the two fixes of Allman 1997 ('Fixing two BSD TCP bugs'), one of them in ACK generation: every second segment is ACKed when it arrives rather than when the application reads it. The 200 ms clock is BSD's.",
  },
  linux: {
    label: 'Linux (today)',
    delack: 'linux',
    ackOnRead: false,
    initialWindow: '10',
    congestionControl: 'cubic',
    sack: true,
    minRtoMs: 200,
    slowStartRestart: 'rfc',
    source:
      'Linux 6.x defaults: quick-ACK mode, then an ACK once more than a full segment is owed or after the adaptive 40-200 ms ato (net/ipv4/tcp_input.c __tcp_ack_snd_check, tcp_event_data_recv); initial window 10 (RFC 6928, since 2.6.39); CUBIC (since 2.6.19, RFC 9438); SACK on (net.ipv4.tcp_sack=1); TCP_RTO_MIN 200 ms (include/net/tcp.h); slow start after idle on (net.ipv4.tcp_slow_start_after_idle=1, modelled as the RFC restart). Pacing (fq) is not assumed: it depends on the qdisc.',
  },
} as const satisfies Record<string, HostProfile>;

export type StackName = keyof typeof HOST_PROFILES;
export const STACK_NAMES = Object.keys(HOST_PROFILES) as StackName[];
export const STACK_LABELS = Object.fromEntries(
  STACK_NAMES.map((k) => [k, (HOST_PROFILES[k] as HostProfile).label]),
) as Record<StackName, string>;

export function hostProfile(name: StackName): HostProfile {
  return HOST_PROFILES[name];
}
