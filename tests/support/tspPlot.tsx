// Draws the time-sequence plot of a trace's first connection into a detached box, as the page does.
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { TimeSequencePlot } from '../../src/views/TimeSequencePlot';
import type { Trace } from '../../src/engine/trace';

export interface PlotOptions {
  width: number;
  /** 300 px, as the page draws it at 600 px wide and over; 240 under. */
  height?: number;
  cursorNs?: number;
  /** The time window; zoomed when it is not the whole run. */
  domain?: [number, number];
  /** Draw again into this box (a frame of playback). */
  box?: HTMLElement;
}

export function drawPlot(
  trace: Trace,
  { width, height = 300, cursorNs = trace.endNs, domain, box }: PlotOptions,
): HTMLElement {
  const into = box ?? document.createElement('div');
  const window: [number, number] = domain ?? [0, trace.endNs];
  act(() =>
    render(
      <TimeSequencePlot
        trace={trace}
        conn={0}
        side="a"
        cursorNs={cursorNs}
        domain={window}
        zoomed={window[0] !== 0 || window[1] !== trace.endNs}
        width={width}
        height={height}
        onBrush={() => {}}
      />,
      into,
    ),
  );
  return into;
}
