// Sweeps and lessons, wired into the page: the sweep panel (loaded on demand) and its switch in
// the Panels menu, the lesson card, the Lessons menu and the newcomer's invitation to a lesson.
// App places the pieces; this owns them.
import { lazy, useCallback, useMemo, useState } from 'react';
import type { Config } from '../scenario/codec';
import { LazyPanel } from './LazyPanel';
import { LessonInvite } from './lessons/LessonInvite';
import { LessonsMenu } from './lessons/LessonsMenu';
import { useLesson } from './lessons/useLesson';
import { leaveLessonFor } from './lessons/lessonState';
import { PANELS, panelsShown, setPanel } from './state/configModel';
import type { ScenarioUpdate } from './state/useScenario';
import {
  keepSweepShown,
  openPointRun,
  setSweepShown,
  setSweepValue,
  sweepShown,
} from './sweep/sweepPanelState';

const SweepPanel = lazy(() => import('./sweep/SweepPanel'));
// Loaded when a lesson opens: most visits never do, and the first load has a budget.
const LessonPanel = lazy(() => import('./lessons/LessonPanel').then((m) => ({ default: m.LessonPanel })));

export { withGuides } from './lessons/openGuides';

export function useGuides(
  config: Config,
  update: ScenarioUpdate,
  seek: (ns: number) => void,
  { embedded = false }: { embedded?: boolean } = {},
) {
  const lesson = useLesson(config, update, seek, embedded);
  const showSweep = sweepShown(config);

  /** Wrap another panel's toggle so the sweep panel stays as it was. */
  const keepSweep = useCallback((before: Config, after: Config) => keepSweepShown(before, after, PANELS), []);
  const onSweep = useCallback(
    (value: string | null) => update((c) => setSweepValue(c, value, embedded), { history: 'push' }),
    [update, embedded],
  );
  const onOpenRun = useCallback(
    (query: string, versus?: string) => {
      update(
        (c) => {
          const next = leaveLessonFor(c, openPointRun(c, query, versus));
          return panelsShown(next).has('ladder') ? next : keepSweep(next, setPanel(next, 'ladder', true));
        },
        { history: 'push' },
      );
      seek(Infinity);
      requestAnimationFrame(() => document.getElementById('ladder')?.scrollIntoView({ block: 'start' }));
    },
    [update, seek, keepSweep],
  );

  // The header's Sweep entry: show the panel and scroll to it (again on every press).
  const [sweepScroll, setSweepScroll] = useState(0);
  const openSweep = useCallback(() => {
    update((c) => setSweepShown(c, true, [...panelsShown(c)]));
    setSweepScroll((n) => n + 1);
  }, [update]);

  const sweepSwitch = (
    <label>
      <input
        type="checkbox"
        checked={showSweep}
        onChange={(e) => update((c) => setSweepShown(c, e.target.checked, [...panelsShown(c)]))}
      />
      Sweep
    </label>
  );
  const sweepPanel = useMemo(
    () =>
      showSweep ? (
        <LazyPanel name="the sweep panel">
          <SweepPanel config={config} onSweep={onSweep} onOpenRun={onOpenRun} scrollRequest={sweepScroll} />
        </LazyPanel>
      ) : null,
    [showSweep, config, onSweep, onOpenRun, sweepScroll],
  );

  return {
    keepSweep,
    openSweep,
    sweepSwitch,
    sweepPanel,
    /** A lesson's question waits for its answer: hints that would give it away stay hidden. */
    awaitingAnswer: lesson.awaitingAnswer,
    lessonsButton: <LessonsMenu onStart={lesson.start} />,
    /** The newcomer's pointer to the first lesson (the page's header; not while a lesson is open). */
    lessonInvite: lesson.lessonId ? null : <LessonInvite onStart={lesson.start} preset={config.preset} />,
    lessonPanel: lesson.lessonId ? (
      <LazyPanel name="the lesson">
        <LessonPanel controls={lesson} view={config.view} update={update} />
      </LazyPanel>
    ) : null,
  };
}
