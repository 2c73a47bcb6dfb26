// Colours of packet arrows by kind. Pure ACKs are grey and thin, like the arrows Padmanabhan and
// Mogul drew grey because nothing waits for them; data is a strong blue.
import type { PacketKind } from './packetGeometry';

export const KIND_STYLE: Record<PacketKind, { stroke: string; width: number; dash?: string; words: string }> =
  {
    data: { stroke: '#0a4f8f', width: 1.6, words: 'data segment' },
    ack: { stroke: '#6e6e6e', width: 1, words: 'pure ACK' },
    control: { stroke: '#111111', width: 1.4, words: 'SYN, FIN or RST' },
    retransmit: { stroke: '#b34700', width: 1.6, dash: '5 3', words: 'retransmission' },
    dropped: { stroke: '#b34700', width: 1.4, dash: '2 2', words: 'dropped packet' },
  };

export const PLAYHEAD_COLOUR = '#9b0062';
