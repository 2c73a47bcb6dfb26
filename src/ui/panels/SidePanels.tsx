// The smaller panels: waterfall, where the time went, and the figures table.
import { useMemo } from 'react';
import { computeMetrics } from '../../engine/metrics';
import { loadPageNames } from '../../engine/loadPages';
import type { Preset } from '../../scenario/presets';
import { MetricsNotes, MetricsTable, metricValues, type MetricValues } from '../../views/MetricsTable';
import { TimeBreakdown } from '../../views/TimeBreakdown';
import { Waterfall, WaterfallAxisDock, WaterfallLegend } from '../../views/Waterfall';
import { loadHeadings, waterfallLines } from '../../views/waterfallGroups';
import { labelColumns } from '../../views/waterfallLabels';
import { waterfallRows } from '../../views/waterfallPhases';
import { isQuicRun } from '../../views/streams';
import { idleBetweenLoadsNs } from '../../views/betweenLoads';
import { runEndNs } from '../../views/timeScale';
import { useElementWidth } from '../useElementSize';
import { useScrollExtent } from '../useScrollExtent';
import type { SideView, TimePanelProps } from './sideView';
import { SidewaysScroll } from './SidewaysScroll';

export function WaterfallPanel({ sides, endNs, cursorNs, gaps }: TimePanelProps) {
  const [boxRef, width] = useElementWidth<HTMLDivElement>();
  const figures = useMemo(
    () =>
      sides.map((s) => {
        const rows = waterfallRows(s.run.trace);
        const trace = s.run.trace;
        const lines = waterfallLines(trace, rows);
        return { side: s, rows, lines, runEndNs: runEndNs(trace), loadPages: loadPageNames(trace) };
      }),
    [sides],
  );
  // Both sides share the label columns, so their time axes line up.
  const columns = useMemo(
    () =>
      labelColumns(
        figures.flatMap((f) => f.rows),
        width,
        figures.flatMap((f) => loadHeadings(f.lines)),
      ),
    [figures, width],
  );
  const { overflows, moreBelow, childMoreBelow } = useScrollExtent(boxRef, figures);
  // Rows are requests: an object asked for again (its connection lost it) or in another load has
  // a row each ("296 objects" had stood for a 43-object page whose server reset its connections).
  const objects = figures.map((f) => f.rows.length).join(' + ');
  return (
    <div data-view="waterfall">
      <div
        ref={boxRef}
        className="waterfall-scroll"
        role="region"
        aria-label="Waterfall, scrollable"
        tabIndex={0}
      >
        {figures.map(({ side: s, rows, lines, runEndNs: sideEndNs, loadPages }, i) => (
          // The fade over a figure's last rows in view says its own rows go on below; where its
          // last row is in view (B below it in a comparison), the fade would hide that row.
          <figure
            key={s.side}
            className="waterfall-box"
            data-waterfall-side={s.side}
            data-more-below={childMoreBelow[i] || undefined}
          >
            {sides.length > 1 && <figcaption className="side-caption">{s.caption}</figcaption>}
            <Waterfall
              rows={rows}
              lines={lines}
              columns={columns}
              endNs={endNs}
              gaps={gaps}
              runEndNs={sideEndNs}
              loads={s.run.trace.loads}
              loadPages={loadPages}
              cursorNs={cursorNs}
              width={width}
              side={s.side}
            />
            <WaterfallAxisDock
              columns={columns}
              endNs={endNs}
              gaps={gaps}
              runEndNs={sideEndNs}
              width={width}
            />
          </figure>
        ))}
      </div>
      {overflows && (
        <p className="waterfall-more">
          {`${objects} requests; ${moreBelow ? 'scroll for more' : 'scroll up for the first'}`}
        </p>
      )}
      <WaterfallLegend
        lost={figures.some((f) => f.rows.some((r) => r.lostNs !== null))}
        drawn={new Set(figures.flatMap((f) => f.rows.flatMap((r) => r.phases.map((p) => p.kind))))}
        loaded={sides.some((s) => s.run.trace.loads.some((l) => l.endNs !== null && l.endNs <= cursorNs))}
      />
    </div>
  );
}

export function BreakdownPanel({ sides }: { sides: SideView[] }) {
  const traces = useMemo(
    () => sides.map((s) => ({ side: s.side, trace: s.run.trace, path: s.run.path })),
    [sides],
  );
  const [ref, width] = useElementWidth<HTMLDivElement>();
  return (
    <div data-view="time" ref={ref}>
      <TimeBreakdown sides={traces} width={width} />
    </div>
  );
}

/** The paper's figures for the four columns, when the preset publishes them. */
function paperValues(
  preset: Preset | undefined,
  side = '',
): { label: string; values: Partial<MetricValues> } | undefined {
  if (!preset) return undefined;
  const values: Partial<MetricValues> = {};
  for (const f of preset.published) {
    if (f.figure === 'packets' || f.figure === 'payload_bytes' || f.figure === 'overhead_pct')
      values[f.figure] = f.value;
    if (f.figure === 'elapsed_ms') values.elapsed_s = f.value / 1000;
    if (f.figure === 'elapsed_s') values.elapsed_s = f.value;
  }
  return Object.keys(values).length > 0 ? { label: `Paper${side} (${preset.source})`, values } : undefined;
}

/** Whose headers IP bytes include: HTTP/3 runs carry QUIC's UDP/IP ones (an HTTP/3 run had
 * been said to count TCP/IP headers), a comparison of both says so. */
function headersOf(sides: SideView[]): string {
  const quic = sides.map((s) => isQuicRun(s.run.trace));
  return quic.every(Boolean) ? 'UDP/IP' : quic.some(Boolean) ? 'TCP/IP (UDP/IP for HTTP/3)' : 'TCP/IP';
}

/** Narrower than this, six columns of figures do not fit: the table turns a quarter. */
const FIGURES_AS_ROWS_BELOW_PX = 520;

export function MetricsPanel({ sides, preset }: { sides: SideView[]; preset: Preset | undefined }) {
  const metrics = useMemo(() => sides.map((s) => computeMetrics(s.run.trace)), [sides]);
  const values = metrics.map(metricValues);
  const loads = metrics.map((m, i) => ({
    loads_s: m.loads_s,
    run_s: m.elapsed_s,
    end_s: runEndNs(sides[i].run.trace) / 1e9,
    idle_ns: idleBetweenLoadsNs(sides[i].run.trace.loads),
    pages: loadPageNames(sides[i].run.trace),
  }));
  const [boxRef, width] = useElementWidth<HTMLDivElement>();
  // Two presets compared (b.preset): each one's paper figures, A's and B's, when they differ.
  const bPreset = sides[1]?.preset;
  const paperB = bPreset && bPreset.id !== preset?.id ? paperValues(bPreset, ', B') : undefined;
  return (
    <div data-view="metrics" ref={boxRef}>
      <SidewaysScroll label="Figures table" cue="Scroll sideways for more columns">
        <MetricsTable
          a={values[0]}
          b={values[1]}
          paper={paperValues(preset, paperB ? ', A' : '')}
          paperB={paperB}
          figuresAsRows={width < FIGURES_AS_ROWS_BELOW_PX}
        />
      </SidewaysScroll>
      <MetricsNotes loads={loads} headers={headersOf(sides)} />
    </div>
  );
}
