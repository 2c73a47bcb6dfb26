// The time-sequence plot's note, apart from the plot: the panel's frame writes it while the plot's
// own code loads after the first picture.
import type { DropCause, Trace } from '../../engine/trace';
import { isQuicRun } from '../../views/streams';
import type { SideView } from './sideView';

const TCP_LINES =
  'bars are segments (sequence range at send time), the ACK line climbs as ACKs arrive, the dashed line is ACK + advertised window';
const QUIC_LINES =
  'bars are the CRYPTO and STREAM bytes each packet carries (counted in order of sending), the ACK line climbs as ACK frames arrive';

/** With a flow-control window chosen (h3window), QUIC's dashed line: how far its limits let the server send. */
const QUIC_WINDOW = ", the dashed line how far the client's flow-control limits let the server send";

/** The panel's note: what the lines are, for the transports the runs shown use. A QUIC run has no
 * advertised window: its dashed line, where a window was chosen, is flow control's. */
export function tspNote(sides: SideView[]): string {
  const quic = sides.map((s) => isQuicRun(s.run.trace));
  const quicLines =
    QUIC_LINES +
    // The run's first packet is its client's ClientHello, which names a chosen window.
    (sides.some((s, i) => quic[i] && s.run.trace.packets.get(0).quic?.flowWindow !== undefined)
      ? QUIC_WINDOW
      : '');
  const lines = quic.every(Boolean)
    ? quicLines
    : quic.some(Boolean)
      ? `over TCP ${TCP_LINES}; over QUIC ${quicLines}`
      : TCP_LINES;
  const drops = (cause: DropCause) => sides.some((s) => serverDrops(s.run.trace).has(cause));
  return `Server→client data as seen at the server: ${lines}; the purple line is ACK + the server's congestion window. A packet is drawn when it leaves the server's interface, after the queue in front of the link: a queue's wait shows in the RTT strip, not as a gap between the lines.${drops('queue') ? QUEUE_DROP_WORDS : ''}${drops('codel') ? CODEL_DROP_WORDS : ''}`;
}

/** Why the server's packets were dropped, found once per run: the note is written on every frame
 * of playback, and a scan of every packet each time had slowed the playback of a large run. */
const dropsOf = new WeakMap<Trace, Set<DropCause>>();

function serverDrops(trace: Trace): Set<DropCause> {
  let causes = dropsOf.get(trace);
  if (!causes) {
    causes = new Set();
    for (const p of trace.packets) if (p.dir === 's2c' && p.drop) causes.add(p.drop);
    dropsOf.set(trace, causes);
  }
  return causes;
}

/** A packet the full queue turned away never left: it is drawn when it reached the queue. */
const QUEUE_DROP_WORDS =
  ' A packet the full queue turned away (in grey) never left: it is drawn when it reached the queue, above the data still waiting in it.';
/** CoDel drops a packet when its turn to leave comes, after it has waited too long. */
const CODEL_DROP_WORDS =
  ' A packet CoDel dropped (in grey) waited its turn in the queue and was dropped then: it is drawn at that moment.';
