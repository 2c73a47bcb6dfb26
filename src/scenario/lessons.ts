// The lessons, one file each in lessons/, addressable as ?lesson=<id>&step=<n>.
import type { Lesson } from './lesson';
import { BUFFERBLOAT } from './lessons/bufferbloat';
import { MYSTERY_200MS } from './lessons/mystery200';
import { MYSTERY_200MS_TODAY } from './lessons/mystery200today';
import { WEB_FROM_ORBIT } from './lessons/orbit';
import { WHY_PIPELINING } from './lessons/pipelining';
import { ROUND_TRIPS } from './lessons/roundtrips';
import { FROM_1997 } from './lessons/today';

export const LESSONS: readonly Lesson[] = [
  MYSTERY_200MS,
  WHY_PIPELINING,
  ROUND_TRIPS,
  WEB_FROM_ORBIT,
  FROM_1997,
  MYSTERY_200MS_TODAY,
  BUFFERBLOAT,
];

export function findLesson(id: string): Lesson | undefined {
  return LESSONS.find((l) => l.id === id);
}
export type { Lesson, LessonStep, LessonCheck } from './lesson';
