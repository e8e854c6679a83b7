// What the lesson panel itself selected (a click on a check): the right panel keeps the lesson in view for
// that selection and shows the inspector for any other. Its own module, so the panel that selects and the
// panel that watches need not import each other.
import { useStore } from '../../../store/index.ts';
import type { Selection } from '../../../store/types.ts';

let lessonSelection: Selection = null;

/** Selects what a check is about without leaving the lesson panel. */
export function selectFromLesson(selection: Selection): void {
  lessonSelection = selection;
  useStore.getState().select(selection);
}

/** Whether `selection` is the one the lesson panel made last (the same object, not an equal one). */
export function isLessonSelection(selection: Selection): boolean {
  return selection === lessonSelection;
}
