// TCP behind the transport seam: endpoints with their stall labeller, and segments described
// as packet records (20 IP + 20 TCP header bytes, plus options on a SYN).
import type { Transport } from '../transport';
import { CORE_CONTROLS, type CongestionControls } from './controllers';
import { TcpEndpoint } from './endpoint';
import type { Segment } from './segment';
import { StallLabeller } from './stalls';

const IP_TCP_HEADER_BYTES = 40;

/** MSS (4 bytes) and NOP + window scale (4 bytes) on a SYN; NOP NOP + SACK-permitted or SACK blocks. */
function optionBytes(seg: Segment): number {
  const sack =
    seg.sackBlocks !== undefined ? 4 + 8 * seg.sackBlocks.length : seg.sackPermitted === true ? 4 : 0;
  return (seg.mssOption !== undefined ? 4 : 0) + (seg.wscaleOption !== undefined ? 4 : 0) + sack;
}

/** TCP whose senders choose from `controls` (the engine's core alone unless handed more). */
export const tcpTransport = (controls: CongestionControls = CORE_CONTROLS): Transport<Segment> => ({
  endpoint({ sim, sink, conn, side, params, hooks, link }) {
    const end = new TcpEndpoint(sim, sink, conn, side, params, hooks, controls);
    end.observe(new StallLabeller(sink, conn, side, sim, link));
    return end;
  },

  ipBytes(seg) {
    return IP_TCP_HEADER_BYTES + optionBytes(seg) + seg.len;
  },

  describe(seg, r) {
    r.seq = seg.seq;
    r.ack = seg.ack;
    r.flags = seg.flags;
    r.win = seg.win;
    r.len = seg.len;
    r.optionBytes = r.ipBytes - IP_TCP_HEADER_BYTES - seg.len; // optionBytes(seg), as ipBytes counted it
    r.mssOption = seg.mssOption;
    r.wscaleOption = seg.wscaleOption;
    r.sackPermitted = seg.sackPermitted;
    r.sackBlocks = seg.sackBlocks;
    r.reason = seg.reason;
    r.quic = undefined;
  },

  established(end, side, record) {
    const shift = (end as TcpEndpoint).rcvScale;
    if (side === 'client') record.clientWscale = shift;
    else record.serverWscale = shift;
  },
});
