// TCP behind the transport seam: endpoints with their stall labeller, and segments described
// as packet records (20 IP + 20 TCP header bytes, plus options on a SYN).
import type { Transport } from '../transport';
import { TcpEndpoint } from './endpoint';
import type { Segment } from './segment';
import { StallLabeller } from './stalls';

const IP_TCP_HEADER_BYTES = 40;

/** MSS (4 bytes) and NOP + window scale (4 bytes) on a SYN. */
function optionBytes(seg: Segment): number {
  return (seg.mssOption !== undefined ? 4 : 0) + (seg.wscaleOption !== undefined ? 4 : 0);
}

export const tcpTransport: Transport<Segment> = {
  endpoint({ sim, sink, conn, side, params, hooks, linkIdleAt }) {
    const end = new TcpEndpoint(sim, sink, conn, side, params, hooks);
    end.observe(new StallLabeller(sink, conn, side, () => sim.now, linkIdleAt));
    return end;
  },

  describe(seg) {
    const opts = optionBytes(seg);
    return {
      ipBytes: IP_TCP_HEADER_BYTES + opts + seg.len,
      fields: {
        seq: seg.seq,
        ack: seg.ack,
        flags: seg.flags,
        win: seg.win,
        len: seg.len,
        optionBytes: opts,
        mssOption: seg.mssOption,
        wscaleOption: seg.wscaleOption,
        reason: seg.reason,
      },
    };
  },

  established(end, side, record) {
    const shift = (end as TcpEndpoint).rcvScale;
    if (side === 'client') record.clientWscale = shift;
    else record.serverWscale = shift;
  },
};
