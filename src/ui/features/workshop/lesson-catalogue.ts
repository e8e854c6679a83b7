// The lessons a presenter can push: the built-in ones (this page's bundle) and those the server loaded with
// `--lessons DIR` (RoomSnapshot.lessons), by id, with their steps' titles and hint counts.
import { useEffect, useMemo, useState } from 'react';
import type { LessonSummary } from '../../../core/contract/workshop-contract.ts';
import { lessonSummary } from '../../../core/features/lessons/lesson-summary.ts';
import type { Lesson } from '../../../core/features/lessons/lesson-types.ts';
import { loadBuiltinLessons } from '../lessons/lesson-actions.ts';

export interface CatalogueLesson extends LessonSummary {
  origin: 'built-in' | 'server';
  /** A built-in lesson itself: the server knows only those it loaded, so a push sends it along. */
  lesson?: Lesson;
}

/** A built-in lesson by id (null when none has it). */
export async function builtinLesson(id: string): Promise<Lesson | null> {
  const all = await loadBuiltinLessons();
  for (const entry of all) if ('lesson' in entry && entry.lesson.id === id) return entry.lesson;
  return null;
}

export function useLessonCatalogue(serverLessons: readonly LessonSummary[] | undefined): CatalogueLesson[] {
  const [builtins, setBuiltins] = useState<Lesson[]>([]);
  useEffect(() => {
    let live = true;
    void loadBuiltinLessons().then((all) => {
      if (live) setBuiltins(all.flatMap((entry) => ('lesson' in entry ? [entry.lesson] : [])));
    });
    return () => {
      live = false;
    };
  }, []);
  return useMemo(() => {
    const server = (serverLessons ?? []).map((l): CatalogueLesson => ({ ...l, origin: 'server' }));
    const ids = new Set(server.map((l) => l.id));
    return [
      ...builtins
        .filter((l) => !ids.has(l.id))
        .map((lesson): CatalogueLesson => ({ ...lessonSummary(lesson), origin: 'built-in', lesson })),
      ...server,
    ];
  }, [builtins, serverLessons]);
}
