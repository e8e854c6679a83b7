// The right panel: the inspector, or, while a lesson is open, the lesson panel with the inspector a tab
// away. Selecting an entity, pattern or index elsewhere (the outline, the grid) shows the inspector, to edit
// it; the lesson panel's own selections (clicking a check) keep the lesson in view.
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useStore } from '../../../store/index.ts';
import { selectStepOutcome } from '../../../store/lesson-slice.ts';
import { Inspector } from '../inspector/inspector.tsx';
import { isLessonSelection } from './lesson-selection.ts';
import './lessons.css';

const LessonPanel = lazy(() => import('./lesson-panel.tsx'));

function useInspectorOnSelect(): void {
  const selection = useStore((s) => s.selection);
  const setLessonPanel = useStore((s) => s.setLessonPanel);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (!selection || selection.kind === 'table' || isLessonSelection(selection)) return;
    setLessonPanel('inspector');
  }, [selection, setLessonPanel]);
}

/** The lesson panel's text (instructions, reasons) needs more room than the inspector's default width. */
export const LESSON_PANEL_WIDTH = 440;

/** A lesson in the right panel widens it to LESSON_PANEL_WIDTH if it is narrower (resizing wider stands). */
function useLessonWidth(hasLesson: boolean): void {
  useEffect(() => {
    if (!hasLesson) return;
    const { ui, setUi } = useStore.getState();
    if (ui.rightWidth < LESSON_PANEL_WIDTH) setUi({ rightWidth: LESSON_PANEL_WIDTH });
  }, [hasLesson]);
}

export function RightPanel() {
  const hasLesson = useStore((s) => s.lesson !== null);
  useLessonWidth(hasLesson);
  const tab = useStore((s) => s.lessonPanel);
  const setLessonPanel = useStore((s) => s.setLessonPanel);
  const outcome = useStore(selectStepOutcome);
  useInspectorOnSelect();
  if (!hasLesson) return <Inspector />;
  const tabs = [
    { id: 'lesson', label: 'Lesson' },
    { id: 'inspector', label: 'Inspector' },
  ] as const;
  return (
    <div className="right-tabs">
      <div className="tabs right-tablist" role="tablist" aria-label="Right panel">
        {tabs.map(({ id, label }) => (
          <button
            key={id}
            type="button"
            role="tab"
            id={`right-tab-${id}`}
            className="tab"
            aria-selected={tab === id}
            aria-controls="right-panel"
            data-testid={`right.tab.${id}`}
            onClick={() => setLessonPanel(id)}
          >
            {label}
            {id === 'lesson' && outcome && (
              <span className={`badge${outcome.done ? ' lesson-badge-done' : ''}`}>
                {outcome.passed}/{outcome.total}
              </span>
            )}
          </button>
        ))}
      </div>
      <div className="right-tabpanel" id="right-panel" role="tabpanel" aria-labelledby={`right-tab-${tab}`}>
        {tab === 'lesson' ? (
          <Suspense fallback={<div className="loading">Loading the lesson…</div>}>
            <LessonPanel />
          </Suspense>
        ) : (
          <Inspector />
        )}
      </div>
    </div>
  );
}
