// The sweep panel: pick a ready-made sweep or build one, watch its points stream in from the
// worker pool, and open any point's run in the ladder. Loaded lazily: it is not part of the
// first page load.
import { useContext, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { Config } from '../../scenario/codec';
import { axisIsNumeric, claimLead, sweepQueries, type SweepSpec } from '../../scenario/sweeps';
import { FitHeightContext } from '../embed/viewHeight';
import { cssZoom } from '../../views/cssZoom';
import { Panel } from '../panels/Panel';
import { useElementWidth } from '../useElementSize';
import { SweepChart } from '../../views/SweepChart';
import { seriesUnder } from '../../views/sweepScales';
import { SweepBuilder } from './SweepBuilder';
import { SweepExport } from './SweepExport';
import { SweepLegend } from './SweepLegend';
import { metricLabel, notApplyingNote } from './sweepKnobs';
import { openNowOn, openNowWords, sweepSource } from './openNow';
import { SweepPicker } from './SweepPicker';
import { SweepProgress } from './SweepProgress';
import { isEmbed } from '../share/openingLink';
import { baseQuery, sweepAloneIn } from './sweepPanelState';
import { customSpec, encodeCustomSweep, parseSweepParam, sweepHint } from './sweepParam';
import { SweepTable } from './SweepTable';
import { useSweepRun, type SweepRunPoint } from './useSweepRun';
import './sweep.css';

/** The link's sweep reader, for the page to load with this panel (ui/lessons/openGuides.ts). */
export { parseSweepParam, sweepHint };

/**
 * Which scenario the points run: a ready-made sweep runs its paper's own, whatever the settings
 * beside it say (they set the run below until a point is opened, which had read as the sweep's);
 * a built one runs the scenario open now with the swept setting changed.
 */
const WHOSE_SCENARIO = {
  ready: " of the sweep's own scenario, whatever the settings say",
  custom: ' of the scenario open now, with the swept settings changed',
  none: '',
} as const;

/** How a point is opened: on a touch screen by a tap (near it is enough), else a click or the keys. */
const OPEN_A_POINT = () =>
  matchMedia('(pointer: coarse)').matches ? 'Tap a point' : 'Click a point (or focus it and press Enter)';

export interface SweepPanelProps {
  config: Config;
  onSweep: (value: string | null) => void;
  onOpenRun: (query: string, versus?: string) => void;
  /** Scroll the panel into view when this number changes (and is not 0). */
  scrollRequest?: number;
}

export default function SweepPanel({ config, onSweep, onOpenRun, scrollRequest = 0 }: SweepPanelProps) {
  useEffect(() => {
    if (scrollRequest > 0) document.getElementById('sweep')?.scrollIntoView({ block: 'start' });
  }, [scrollRequest]);
  const raw = config.view.sweep ?? null;
  // Problems in the link were reported when the page opened; here a bad value just shows nothing.
  const choice = useMemo(() => (raw ? parseSweepParam(raw, []) : null), [raw]);
  const base = choice?.kind === 'custom' ? baseQuery(config) : '';
  const spec = useMemo(
    () => (choice?.kind === 'ready' ? choice.spec : choice ? customSpec(choice.custom, base) : null),
    [choice, base],
  );
  const run = useSweepRun(spec);
  // Where the scenario open now (side A) lies on the chart: a built sweep's own setting, or a point opened.
  const scenario = baseQuery(config);
  const comparing = config.b !== null;
  const openNow = useMemo(
    () => (spec ? openNowOn(spec, scenario, comparing, sweepQueries(spec)) : null),
    [spec, scenario, comparing],
  );
  const chartAlone = isEmbed(config.view) && sweepAloneIn(config.view);
  const openWords = spec ? openNowWords(spec, chartAlone) : undefined;
  // A custom sweep of a knob the scenario ignores draws a flat line: say why beside it.
  const custom = choice?.kind === 'custom' ? choice.custom : null;
  const noEffect = custom
    ? [
        notApplyingNote(custom.x.key, config.settings, custom.series),
        custom.series && notApplyingNote(custom.series.key, config.settings, custom.x),
      ].filter(Boolean)
    : [];
  const [chartRef, width] = useElementWidth<HTMLDivElement>(800);
  const bodyRef = useRef<HTMLDivElement>(null);
  const sectionRef = useRef<HTMLElement>(null);
  // A sweep picked from the list is drawn above it once the list folds: bring its chart into view
  // (it had been left above the screen, the ladder below it showing) and move focus to its title.
  const picked = useRef(false);
  const pick = (id: string) => {
    picked.current = true;
    onSweep(id);
  };
  useEffect(() => {
    if (!picked.current || !spec) return;
    picked.current = false;
    bodyRef.current?.scrollIntoView({ block: 'start' });
    bodyRef.current?.querySelector<HTMLElement>('.sweep-title')?.focus({ preventScroll: true });
  }, [spec]);
  const measured = spec ? measuredClaim(spec, run.points) : null;
  const chartHeight = useFittedChartHeight(chartRef, sectionRef, width < 500 ? 260 : 340, chartAlone);
  const yLabel = spec
    ? spec.compare
      ? savingLabel(metricLabel(spec.y), spec.compare)
      : metricLabel(spec.y)
    : '';

  return (
    <Panel
      id="sweep"
      sectionRef={sectionRef}
      title="Sweep"
      note={`Every point is a full simulation${WHOSE_SCENARIO[choice?.kind ?? 'none']}. ${OPEN_A_POINT()} to open its run in the ladder.`}
    >
      <div className="sweep-choose">
        <details open={!spec}>
          <summary>Ready-made sweeps from the papers and RFCs</summary>
          <SweepPicker current={choice?.kind === 'ready' ? choice.spec.id : null} onPick={pick} />
        </details>
        <details open={!spec || choice?.kind === 'custom'}>
          <summary>Build a sweep over the current scenario</summary>
          <SweepBuilder
            initial={custom}
            settings={config.settings}
            onDraw={(c) => pick(encodeCustomSweep(c))}
          />
        </details>
      </div>
      {spec && (
        <div ref={bodyRef} className="sweep-body" data-sweep={spec.id}>
          <h3 className="sweep-title" tabIndex={-1}>
            {spec.title}
          </h3>
          <p className="sweep-meta">
            {sweepSource(spec, chartAlone)}
            {spec.claim && (
              <>
                {' '}
                — {claimLead(spec.source)}: “{spec.claim}”
              </>
            )}
          </p>
          {measured !== null && (
            <p className="sweep-measured" data-sweep-measured="">
              {measured}
            </p>
          )}
          {noEffect.length > 0 && (
            <p className="sweep-no-effect" data-sweep-no-effect="">
              {noEffect.join(' ')}
            </p>
          )}
          <SweepProgress run={run} />
          <div ref={chartRef} className="sweep-chart-box">
            <SweepChart
              xValues={spec.x.values}
              xNames={spec.x.names}
              xNumeric={axisIsNumeric(spec.x)}
              seriesValues={spec.series ? spec.series.values : [null]}
              points={run.points}
              published={spec.published ?? []}
              xLabel={spec.x.label}
              yLabel={yLabel}
              seriesLabel={spec.series?.label ?? null}
              width={Math.max(280, width)}
              height={chartHeight}
              onOpen={(p) => onOpenRun(p.query, spec.compare?.versus)}
              openNow={openNow}
              openNowName={openWords?.line}
            />
          </div>
          <SweepLegend
            spec={spec}
            under={seriesUnder(run.points, spec.published ?? [], spec.series ? spec.series.values : [null])}
            openNow={openNow}
            openNowWords={openWords}
          />
          <SweepExport spec={spec} measured={measured} box={bodyRef} />
          <details className="sweep-values">
            <summary>Values as a table</summary>
            <SweepTable
              points={run.points}
              xLabel={spec.x.label}
              xAxis={spec.x}
              yLabel={yLabel}
              seriesLabel={spec.series?.label ?? null}
              withModel={spec.model === 'kruse-baseline'}
              onOpen={(p) => onOpenRun(p.query, spec.compare?.versus)}
              openNow={openNow?.points ?? []}
              openNowName={openWords?.line}
            />
          </details>
        </div>
      )}
    </Panel>
  );
}

/** The least height the chart is drawn at in a frame: a shorter frame scrolls. */
const MIN_FITTED_CHART_PX = 150;

/**
 * The chart's height: `usual` on the page; in a frame (embed.css), the room left once the words
 * above it and the legend under it are placed, so the chart and its legend fit the frame. In the
 * Share dialog's 800 × 500 frame the x axis and the legend had been cut off below a 340 px chart.
 * In a frame of the chart `alone`, the "Values as a table" line under the legend is the frame's
 * last and fits too: it had been cut off by 12 px at 640 × 360 (the table it opens scrolls).
 */
function useFittedChartHeight(
  chart: RefObject<HTMLDivElement | null>,
  section: RefObject<HTMLElement | null>,
  usual: number,
  alone: boolean,
): number {
  const room = useContext(FitHeightContext);
  const [beside, setBeside] = useState<number | null>(null);
  // Measured whenever the panel's height changes: the words above the chart grow as points arrive.
  useEffect(() => {
    const el = section.current;
    if (room === null || !el) return;
    const observer = new ResizeObserver(() => {
      const box = chart.current;
      const last = el.querySelector(alone ? '.sweep-values > summary' : '.sweep-legend');
      if (!box || !last) return;
      const top = el.getBoundingClientRect().top;
      const screenPx = last.getBoundingClientRect().bottom - top - box.getBoundingClientRect().height;
      setBeside(Math.ceil(screenPx / cssZoom(el))); // in the zoomed frame's pixels (embedZoom.ts)
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [room, chart, section, alone]);
  if (room === null || beside === null) return usual;
  return Math.max(MIN_FITTED_CHART_PX, room - beside - FRAME_SLACK_PX);
}

/** The panel's margin and padding around it in a frame, and a pixel to spare. */
const FRAME_SLACK_PX = 12;

/** "page load: saving over HTTP/1.0 (s)", or "(%)" for a share: one unit, and the other run in words. */
function savingLabel(metric: string, compare: NonNullable<SweepSpec['compare']>): string {
  const [, name, unit] = /^(.*) \((.*)\)$/.exec(metric) ?? [metric, metric, ''];
  const shownUnit = compare.as === 'reduction_pct' ? '%' : unit;
  return `${name}: saving over ${compare.label}${shownUnit ? ` (${shownUnit})` : ''}`;
}

/** The claim's figure as the simulation gives it, once every point it needs is in (else null). */
function measuredClaim(spec: SweepSpec, points: SweepRunPoint[]): string | null {
  if (!spec.measured) return null;
  return spec.measured(
    (x, series) => points.find((p) => p.x === x && p.series === series && p.error === null)?.y ?? null,
  );
}
