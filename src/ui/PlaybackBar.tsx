// Playback controls: play/pause, step to the previous/next event, scrub, speed, fold idle gaps.
// All native controls, so Tab, Enter, Space and the arrow keys work; the page also listens for
// k (play/pause), comma and full stop (step) when focus is not in a text field, a select or a dialog.
import type { Playback } from './state/usePlayback';
import { SPEED_MODES, speedMeaning, type SpeedMode } from './state/playbackModel';
import { formatDuration } from '../views/format';
import { PAGE_KEYS } from './shortcuts/shortcutKeys';

const SCRUB_STEPS = 1000;

export function PlaybackBar({
  playback,
  endNs,
  simulating = false,
  endOf = null,
}: {
  playback: Playback;
  /** The run's end; 0 when there is no run to play. */
  endNs: number;
  /** A newer run is taking long: the views show the old one dimmed, and so does this bar, its
   * controls off until the new run arrives (they had offered to play the old run). */
  simulating?: boolean;
  /** Compared, whose run ends last, when the two end apart: the clock's end is that run's, and
   * side A's callout gives A's own end beside it. */
  endOf?: 'A' | 'B' | null;
}) {
  const { cursorNs, playing } = playback;
  // The rate, and how long each folded gap (a stall, a think time) takes: the rate alone, with the
  // gaps folded, had read as the whole run's (1.55 ms a second beside "Whole run in 15 s").
  const meaning = speedMeaning(playback.speed, playback.foldedGaps);
  const whose = endOf ? ` (${endOf})` : '';
  // No run to play (none yet, or the first one cancelled): the controls are off too.
  const off = simulating || !endNs;
  // To a hundredth of a second past 100 s ("114 s" had stood beside the ladder's "113.757 s"), but
  // at the end as the end is given here and in the figures: "180.61 s / 181 s run" had read as past it.
  const playhead = cursorNs >= endNs ? formatDuration(endNs) : formatDuration(cursorNs, 2);
  const position = endNs > 0 ? Math.round((cursorNs / endNs) * SCRUB_STEPS) : SCRUB_STEPS;
  return (
    <div
      className="playback"
      role="toolbar"
      aria-label="Playback"
      id="playback"
      tabIndex={-1}
      aria-busy={simulating || undefined}
      aria-disabled={off || undefined}
      data-simulating={simulating || undefined}
    >
      <button
        type="button"
        disabled={off}
        onClick={playback.stepBack}
        aria-label="Step back to the previous event"
        title={`Previous event (${PAGE_KEYS.stepBack})`}
      >
        <StepIcon back />
      </button>
      <button
        type="button"
        className="play"
        disabled={off}
        onClick={playback.toggle}
        aria-label={playing ? 'Pause' : 'Play'}
        title={`Play or pause (${PAGE_KEYS.toggle})`}
        data-playing={playing}
      >
        <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
          {playing ? (
            <path d="M2 1h3v10H2zM7 1h3v10H7z" fill="currentColor" />
          ) : (
            <path d="M2 1l9 5-9 5z" fill="currentColor" />
          )}
        </svg>
        {playing ? 'Pause' : 'Play'}
      </button>
      <button
        type="button"
        disabled={off}
        onClick={playback.stepForward}
        aria-label="Step to the next event"
        title={`Next event (${PAGE_KEYS.stepForward})`}
      >
        <StepIcon />
      </button>
      <input
        type="range"
        className="scrub"
        disabled={off}
        min={0}
        max={SCRUB_STEPS}
        value={position}
        aria-label="Playhead"
        aria-valuetext={`${playhead} of the ${formatDuration(endNs)} run${whose}`}
        data-t-ns={Math.round(cursorNs)}
        onChange={(e) => playback.seek((Number(e.target.value) / SCRUB_STEPS) * endNs)}
      />
      {/* The end is the run's, not the page's: the run goes on while the connections close, so it
          can end after the page time the headline and the figures give. */}
      <output
        className="clock"
        aria-live="off"
        title="Playhead / end of the run, closing the connections included (the page's time ends with its last byte)"
      >
        {/* No run: no times ("0 ms / 0 ms run" had stood under a run that hit its budget). */}
        {endNs ? playhead : '–'} /{' '}
        <span data-run-end-ns={endNs}>{endNs ? `${formatDuration(endNs)} run${whose}` : 'no run'}</span>
      </output>
      <label className="speed">
        <span>Speed</span>
        <select
          disabled={off}
          value={playback.speedMode}
          onChange={(e) => playback.setSpeedMode(e.target.value as SpeedMode)}
          aria-describedby="speed-meaning"
          title={meaning}
        >
          {SPEED_MODES.map((s) => (
            <option key={s.mode} value={s.mode}>
              {s.label}
            </option>
          ))}
        </select>
        <span className="speed-meaning" id="speed-meaning" data-speed={playback.speed}>
          {endNs ? meaning : ''}
        </span>
      </label>
      {/* Off, and saying why, on a run with no idle gap: ticked, it had changed nothing. */}
      <label className="fold">
        <input
          type="checkbox"
          disabled={off || !playback.canFold}
          checked={playback.fold}
          onChange={(e) => playback.setFold(e.target.checked)}
        />
        <span>Fold idle gaps{!playback.canFold && ' (this run has none)'}</span>
      </label>
    </div>
  );
}

/** A triangle against a bar: step to the next event, or mirrored, to the previous one. */
function StepIcon({ back = false }: { back?: boolean }) {
  return (
    <svg
      width="14"
      height="12"
      viewBox="0 0 14 12"
      aria-hidden="true"
      style={back ? { transform: 'scaleX(-1)' } : undefined}
    >
      <path d="M1 1l8 5-8 5z M10 1h3v10h-3z" fill="currentColor" />
    </svg>
  );
}
