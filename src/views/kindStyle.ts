// Colours of packet arrows by kind, as names from the theme table in app.css (light and dark). Pure ACKs are grey and thin, like the arrows Padmanabhan and
// Mogul drew grey because nothing waits for them; data is a strong blue.
import type { PacketKind } from './packetGeometry';

export const KIND_STYLE: Record<PacketKind, { stroke: string; width: number; dash?: string; words: string }> =
  {
    data: { stroke: 'var(--packet-data)', width: 1.6, words: 'data segment' },
    ack: { stroke: 'var(--packet-ack)', width: 1, words: 'pure ACK' },
    control: { stroke: 'var(--packet-control)', width: 1.4, words: 'SYN, FIN or RST' },
    retransmit: { stroke: 'var(--packet-retransmit)', width: 1.6, dash: '5 3', words: 'retransmission' },
    dropped: { stroke: 'var(--packet-retransmit)', width: 1.4, dash: '2 2', words: 'dropped packet' },
  };

/** The playhead, the line each view draws at the playback time: its look, and what a legend calls it. */
export const PLAYHEAD_COLOUR = 'var(--playhead)';
export const PLAYHEAD_WIDTH_PX = 1.5;
export const PLAYHEAD_WORDS = 'playhead: where playback has reached';
