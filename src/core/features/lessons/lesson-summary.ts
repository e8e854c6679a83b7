// What a lesson list shows of a lesson (the room view's Push lesson menu, the server's room snapshot): its
// id, title, level and each step's title and hint count, without the designs.
import type { Lesson } from './lesson-types.ts';

export interface LessonSummary {
  id: string;
  title: string;
  level: string;
  steps: { id: string; title: string; hints: number }[];
}

export function lessonSummary(lesson: Lesson): LessonSummary {
  return {
    id: lesson.id,
    title: lesson.title,
    level: lesson.level,
    steps: lesson.steps.map((s) => ({ id: s.id, title: s.title, hints: s.hints.length })),
  };
}
