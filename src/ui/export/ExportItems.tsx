// The Export menu's entries (ExportMenu.tsx loads them when the menu is first opened): the run as
// a capture, as tcpdump text, as JSON, as a HAR and, for an HTTP/3 run, as a qlog (the CLI's
// formats), and each view shown as an SVG or PNG picture with the scenario as its title.
// Files are named after the scenario and the view. Every entry is a plain button in the Tab
// order. The writers load on the first export.
import { useState } from 'react';
import type { Config } from '../../scenario/codec';
import { toSimInput } from '../../scenario/resolve';
import {
  comparisonName,
  fileName,
  scenarioHeading,
  scenarioName,
  scenarioTitle,
  windowWord,
  type ScenarioHeading,
} from '../../scenario/scenarioName';
import type { SideRun } from '../../worker/protocol';
import { captureExtension, droppedInCapture } from '../../engine/captureFile';
import type { Trace } from '../../engine/trace';
import { PANEL_TITLES, sidesOf, tspView, zoomWindow, type Panel } from '../state/configModel';
import { downloadBlob } from './download';
import type { LadderLook } from './ownAxisLadder';
import type { TspLook } from './ownAxisTsp';
import { runEndNs } from '../../views/timeScale';

type Side = 'a' | 'b';
const PICTURE_VIEWS = ['ladder', 'tsp', 'waterfall', 'time'] as const;
export type PictureView = (typeof PICTURE_VIEWS)[number];

/** Where each drawn view's <svg> is on the page, for one side. */
const SVG_SELECTORS: Record<Exclude<PictureView, 'time'>, (side: Side) => string> = {
  ladder: (side) => `[data-view="ladder"] [data-side="${side}"] svg.ladder-svg`,
  tsp: (side) => `[data-view="tsp"] [data-tsp-side="${side}"] svg.tsp-svg`,
  waterfall: (side) => `[data-view="waterfall"] [data-waterfall-side="${side}"] svg.waterfall-svg`,
};

const writers = () => import('./writers');

async function viewSvg(
  view: PictureView,
  side: Side,
  runs: SideRun[],
  titles: ScenarioHeading[],
  /** How the page draws the ladder; null when the reader has zoomed it (the picture is that window). */
  ownAxis: LadderLook | null,
  /** The time between loads is folded on the page. */
  fold: boolean,
  /** The time-sequence plot's connection and stream; null when the reader has zoomed it. */
  tsp: Omit<TspLook, 'fold' | 'cursorNs'> | null,
): Promise<string> {
  const {
    breakdownSvg,
    legendSvg,
    stackedSvg,
    standaloneSvg,
    titledSvg,
    withOwnAxisLadder,
    withOwnAxisTsp,
    withOwnAxisWaterfall,
  } = await writers();
  if (view === 'time')
    return titledSvg(
      breakdownSvg(runs.map((r, i) => ({ side: i === 0 ? 'a' : 'b', trace: r.trace, path: r.path }))),
      titles.length > 1
        ? titles.map((t, i) => ({ ...t, name: `${i === 0 ? 'A' : 'B'}: ${t.name}` }))
        : titles,
    );
  const svg = document.querySelector<SVGSVGElement>(SVG_SELECTORS[view](side));
  if (!svg) throw new Error(`show the ${PANEL_TITLES[view]} panel first`);
  // A playhead at the run's end marks nothing on a slide: the picture goes without it and its key.
  const leaveOut = playheadAtEnd(runs) ? PLAYHEAD_PARTS : undefined;
  const write = (s: SVGSVGElement) => standaloneSvg(s, leaveOut);
  // One side of a comparison, the whole run: on its own run's axis, not the one shared on the page.
  const run = runs[side === 'a' ? 0 : 1];
  // The time-sequence plot goes with its cwnd and RTT strips, as the page shows them.
  const withStrips = (plot: SVGSVGElement, strips: SVGSVGElement | null | undefined) =>
    strips ? [write(plot), write(strips)] : [write(plot)];
  const apart = runs.length > 1;
  const parts =
    apart && view === 'ladder' && ownAxis
      ? [withOwnAxisLadder(svg, run, side, ownAxis, write)]
      : apart && view === 'waterfall'
        ? [withOwnAxisWaterfall(svg, run, side, { fold, cursorNs: playheadNs(runs) }, write)]
        : apart && view === 'tsp' && tsp
          ? withOwnAxisTsp(svg, run, side, { ...tsp, fold, cursorNs: playheadNs(runs) }, withStrips)
          : view === 'tsp'
            ? withStrips(svg, svg.parentElement?.querySelector<SVGSVGElement>('svg.cc-chart'))
            : [write(svg)];
  const drawn = parts[0];
  // The panel's key under the picture: on a handout nothing else says what the waterfall's shades
  // or the ladder's arrows and bands mean. A comparison's key names both sides' stalls; each
  // side's picture keeps its own.
  const key = KEY_SELECTORS[view] ? document.querySelector<HTMLElement>(KEY_SELECTORS[view]) : null;
  if (key) {
    const causes = new Set<string>(run.trace.stalls.map((s) => s.cause));
    const width = Number(/\swidth="([\d.]+)"/.exec(drawn)?.[1] ?? 600);
    const kept = (li: HTMLLIElement) =>
      (!li.dataset.cause || causes.has(li.dataset.cause)) &&
      !(leaveOut && li.dataset.legend === 'playhead') &&
      // An entry the page hides (the burst bracket's, with no bracket drawn) is no part of the picture.
      getComputedStyle(li).display !== 'none';
    parts.push(legendSvg(key, width, kept));
  }
  // One side of a comparison is named as the breakdown's picture names it: two slides of the same
  // preset had had the same bold title, A's and B's told apart only by a setting in the line below.
  const title = titles[side === 'a' ? 0 : 1];
  return titledSvg(parts.length > 1 ? stackedSvg(parts) : drawn, [
    apart ? { ...title, name: `${side === 'a' ? 'A' : 'B'}: ${title.name}` } : title,
  ]);
}

/** The playhead's marks in the views and their keys (the ladder's line and time, the plots' lines). */
const PLAYHEAD_PARTS = '[data-playhead], [data-cursor], [data-legend="playhead"]';

/** Whether the page's playhead stands at the end of its runs (where it opens, and a link without `t=`). */
function playheadAtEnd(runs: SideRun[]): boolean {
  const endNs = Math.max(1, ...runs.map((r) => runEndNs(r.trace)));
  return playheadNs(runs) >= Math.round(endNs);
}

/** Where the page's playhead stands (the runs' end when it shows none). */
function playheadNs(runs: SideRun[]): number {
  const scrub = document.querySelector<HTMLInputElement>('input.scrub[data-t-ns]');
  return scrub ? Number(scrub.dataset.tNs) : Math.max(1, ...runs.map((r) => runEndNs(r.trace)));
}

/** Where each view's key is on the page (the time-sequence plot draws its own inside its picture). */
const KEY_SELECTORS: Partial<Record<PictureView, string>> = {
  ladder: '[data-view="ladder"] [data-ladder-legend]',
  waterfall: '[data-view="waterfall"] ul.legend',
};

/**
 * Each side's name for files (the preset's id), title for pictures, HAR and qlog (the preset's title
 * as the gallery shows it) and HTTP parameters for the capture and HAR. A B that starts from a
 * preset of its own (`b.preset`) is named after it, and by its changes from it.
 */
export function describeSides(config: Config) {
  const described = sidesOf(config).map((settings, i) => {
    const preset = i === 1 && config.bPreset ? config.bPreset : config.preset;
    return {
      side: { preset, settings },
      name: scenarioName(preset, settings),
      title: scenarioTitle(preset, settings), // a HAR's or qlog's
      heading: scenarioHeading(preset, settings), // a picture's
      http: toSimInput(settings).http,
    };
  });
  // Side B's name differs from A's by its changes; when it has none, by a suffix.
  if (described[1] && described[1].name === described[0].name) described[1].name += '-b';
  return described;
}

/**
 * A picture's file name: the scenario's, or in a comparison the comparison's (`...-vs-b-conns16`)
 * with the side for one side's picture; then the window a zoomed ladder or plot shows, and the view.
 */
export function pictureFileName(config: Config, view: PictureView, side: Side, extension: string): string {
  const [a, b] = describeSides(config);
  const window =
    view === 'ladder' ? zoomWindow(config.view.zoom) : view === 'tsp' ? tspView(config.view).window : null;
  return fileName(
    (max) => (b ? comparisonName(a.side, b.side, max) : scenarioName(a.side.preset, a.side.settings, max)),
    extension,
    [b && view !== 'time' ? side : '', windowWord(window), view],
  );
}

/**
 * What the capture holds that Wireshark will not say by itself, a short line each: that an
 * encrypted run's payloads are filler standing for ciphertext (no key log could make HTTP of them),
 * and where the packets the network dropped are (marked in the file, as on the ladder).
 */
export function captureNotes(trace: Trace): string[] {
  const notes: string[] = [];
  const quic = trace.packets.at(0)?.quic !== undefined;
  if (quic || (trace.tlsRecords?.length ?? 0) > 0)
    notes.push(
      `Encrypted: the payloads are filler standing in for ciphertext, so Wireshark shows ${quic ? 'QUIC packets' : 'TLS records'}, not HTTP, and no key log can decrypt them.`,
    );
  const dropped = droppedInCapture(trace);
  if (dropped > 0)
    notes.push(
      `${dropped === 1 ? 'The packet' : `The ${dropped} packets`} the network dropped ${dropped === 1 ? 'is' : 'are'} in the capture, as on the ladder, marked by a comment Wireshark shows (pcapng).` +
        ((trace.capture ?? 'wire') === 'wire' ? ' To see what one host saw, set Run › Capture point.' : ''),
    );
  return notes;
}

export default function ExportItems({
  runs,
  panels,
  config,
  fold,
}: {
  runs: SideRun[] | null;
  panels: Set<Panel>;
  config: Config;
  /** The ladder's idle gaps are folded. */
  fold: boolean;
}) {
  const [status, setStatus] = useState('');
  const sides: Side[] = runs && runs.length > 1 ? ['a', 'b'] : ['a'];
  const suffix = (side: Side) => (sides.length > 1 ? ` (${side.toUpperCase()})` : '');
  const run = async (label: string, job: () => Promise<void> | void) => {
    try {
      await job();
      setStatus(`Saved ${label}.`);
    } catch (error) {
      setStatus(`Could not export ${label}: ${(error as Error).message}`);
    }
  };
  const trace = (side: Side) => runs![side === 'a' ? 0 : 1].trace;
  // Described on export, not on every knob change (it resolves every setting of both sides).
  const about = (side: Side) => {
    const described = describeSides(config);
    return described[side === 'a' ? 0 : 1] ?? described[0];
  };
  const titles = () => describeSides(config).map((d) => d.heading);
  const views = PICTURE_VIEWS.filter((v) => panels.has(v));
  const ownAxis = (): LadderLook | null =>
    zoomWindow(config.view.zoom) === null
      ? { fold, labelStyle: config.view.labels === 'tcpdump' ? 'tcpdump' : 'words' }
      : null;
  const ownTsp = () => {
    const { window, conn, stream } = tspView(config.view);
    return window === null ? { conn, stream } : null;
  };
  // Each button is named with its row's label ("Ladder SVG", "Trace (B) pcap"): its own text alone
  // had left a screen reader saying "SVG", "PNG", "SVG"... with no word of which picture.
  const traceLabel = (side: Side) => `Trace${suffix(side)}`;
  const pictureLabel = (view: PictureView, side: Side) =>
    `${PANEL_TITLES[view]}${view === 'time' ? '' : suffix(side)}`;
  return (
    <>
      {!runs && <p>Waiting for the simulation…</p>}
      {runs &&
        sides.flatMap((side) => [
          <div key={side} className="export-row" data-export-side={side}>
            <span className="export-label">{traceLabel(side)}</span>
            <span className="export-buttons">
              <button
                type="button"
                className="secondary small"
                data-export="pcap"
                aria-label={`${traceLabel(side)} pcap`}
                onClick={() =>
                  run('the capture', async () => {
                    const { pcapBlob } = await writers();
                    downloadBlob(
                      pcapBlob(trace(side), about(side).http),
                      fileName(about(side).name, captureExtension(trace(side))),
                    );
                  })
                }
              >
                pcap
              </button>
              <button
                type="button"
                className="secondary small"
                data-export="tcpdump"
                aria-label={`${traceLabel(side)} tcpdump text`}
                onClick={() =>
                  run('the tcpdump text', async () => {
                    const { tcpdumpBlob } = await writers();
                    downloadBlob(tcpdumpBlob(trace(side)), fileName(about(side).name, 'txt'));
                  })
                }
              >
                tcpdump text
              </button>
              <button
                type="button"
                className="secondary small"
                data-export="json"
                aria-label={`${traceLabel(side)} JSON`}
                onClick={() =>
                  run('the JSON trace', async () => {
                    const { jsonBlob } = await writers();
                    downloadBlob(jsonBlob(trace(side)), fileName(about(side).name, 'json'));
                  })
                }
              >
                JSON
              </button>
              <button
                type="button"
                className="secondary small"
                data-export="har"
                aria-label={`${traceLabel(side)} HAR`}
                onClick={() =>
                  run('the HAR', async () => {
                    const { harBlob } = await writers();
                    downloadBlob(
                      harBlob(trace(side), about(side).http, about(side).title),
                      fileName(about(side).name, 'har'),
                    );
                  })
                }
              >
                HAR
              </button>
              {trace(side).packets.at(0)?.quic && (
                <button
                  type="button"
                  className="secondary small"
                  data-export="qlog"
                  aria-label={`${traceLabel(side)} qlog`}
                  onClick={() =>
                    run('the qlog', async () => {
                      const { qlogBlob } = await writers();
                      downloadBlob(
                        qlogBlob(trace(side), about(side).title),
                        fileName(about(side).name, 'sqlog'), // JSON-SEQ qlog's extension
                      );
                    })
                  }
                >
                  qlog
                </button>
              )}
            </span>
          </div>,
          ...captureNotes(trace(side)).map((note) => (
            <p key={`${side}-${note}`} className="export-note" data-export-note={side}>
              {note}
            </p>
          )),
        ])}
      {runs &&
        views.flatMap((view) =>
          (view === 'time' ? (['a'] as Side[]) : sides).map((side) => (
            <div key={`${view}-${side}`} className="export-row" data-export-view={view}>
              <span className="export-label">{pictureLabel(view, side)}</span>
              <span className="export-buttons">
                <button
                  type="button"
                  className="secondary small"
                  data-export="svg"
                  aria-label={`${pictureLabel(view, side)} SVG`}
                  onClick={() =>
                    run('the SVG', async () => {
                      const svg = await viewSvg(view, side, runs, titles(), ownAxis(), fold, ownTsp());
                      downloadBlob(
                        new Blob([svg], { type: 'image/svg+xml' }),
                        pictureFileName(config, view, side, 'svg'),
                      );
                    })
                  }
                >
                  SVG
                </button>
                <button
                  type="button"
                  className="secondary small"
                  data-export="png"
                  aria-label={`${pictureLabel(view, side)} PNG`}
                  onClick={() =>
                    run('the PNG', async () => {
                      const [svg, { svgToPng }] = await Promise.all([
                        viewSvg(view, side, runs, titles(), ownAxis(), fold, ownTsp()),
                        writers(),
                      ]);
                      downloadBlob(await svgToPng(svg), pictureFileName(config, view, side, 'png'));
                    })
                  }
                >
                  PNG
                </button>
              </span>
            </div>
          )),
        )}
      <p className="export-status" role="status">
        {status}
      </p>
    </>
  );
}
