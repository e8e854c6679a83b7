// The start screen's Lessons row: a card per built-in lesson and per lesson the server was started with
// (`keyplan serve --lessons DIR`): level, steps, time, what it teaches; the lesson
// in progress marked "Continue", and Open lesson file…. Loaded after the first screen (it brings the lesson
// parser and the lesson files).
import { useEffect, useState } from 'react';
import { messageOf } from '../../../core/values/text/message.ts';
import { plural } from '../../../core/values/text/plural.ts';
import { useStore } from '../../../store/index.ts';
import { Icon } from '../../components/icon.tsx';
import {
  type BuiltinLesson,
  loadBuiltinLessons,
  loadServerLessons,
  openLessonFromFile,
  startLesson,
} from './lesson-actions.ts';
import { InlineMarkdown } from './markdown.tsx';
import './lessons.css';

function LessonCard({ entry }: { entry: BuiltinLesson }) {
  const progress = useStore((s) =>
    'lesson' in entry && s.lessonProgress?.lessonId === entry.lesson.id ? s.lessonProgress : null,
  );
  if (!('lesson' in entry))
    return (
      <article
        className="start-card lesson-card lesson-card-broken"
        data-testid={`start.lesson.${entry.file}`}
      >
        <span className="start-card-title">
          <Icon name="warn" /> {entry.file}
        </span>
        <span className="start-card-text">{entry.error}</span>
      </article>
    );
  const { lesson } = entry;
  const done = progress ? Object.values(progress.steps).filter((s) => s.done).length : 0;
  return (
    <button
      type="button"
      className="start-card start-action lesson-card"
      data-testid={`start.lesson.${lesson.id}`}
      onClick={() => void startLesson(lesson)}
    >
      <span className="lesson-card-meta">
        <span className={`badge lesson-level lesson-level-${lesson.level}`}>{lesson.level}</span>
        <span>
          {plural(lesson.steps.length, 'step')} · about {lesson.minutes} min
        </span>
      </span>
      <span className="start-card-title">{lesson.title}</span>
      <span className="start-card-text">
        <InlineMarkdown text={lesson.summary} links={false} />
      </span>
      {lesson.source && <span className="start-counts">{lesson.source}</span>}
      {entry.fromServer && <span className="start-counts">Loaded by this server (--lessons)</span>}
      {progress && (
        <span className="lesson-card-continue" data-testid={`start.lesson.${lesson.id}.continue`}>
          Continue at step {progress.stepIndex + 1} of {lesson.steps.length} · {done} done
        </span>
      )}
    </button>
  );
}

export default function LessonCards() {
  const [entries, setEntries] = useState<BuiltinLesson[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    Promise.all([loadBuiltinLessons(), loadServerLessons()]).then(
      ([builtin, served]) => {
        // A served lesson with a built-in's id is the author's newer copy: it takes the built-in's place.
        const ids = new Set(served.flatMap((entry) => ('lesson' in entry ? [entry.lesson.id] : [])));
        const kept = builtin.filter((entry) => !('lesson' in entry) || !ids.has(entry.lesson.id));
        if (live) setEntries([...kept, ...served]);
      },
      (reason: unknown) => live && setError(messageOf(reason)),
    );
    return () => {
      live = false;
    };
  }, []);
  return (
    <div className="start-row" data-testid="start.lessons">
      {error && <p className="start-card-text">The built-in lessons did not load: {error}</p>}
      {!entries && !error && <p className="start-card-text">Loading the lessons…</p>}
      {entries?.map((entry) => (
        <LessonCard key={entry.file} entry={entry} />
      ))}
      <button
        type="button"
        className="start-card start-action"
        data-testid="start.lesson.open"
        onClick={() => void openLessonFromFile()}
      >
        <span className="start-action-icon">
          <Icon name="file" size={18} />
        </span>
        <span className="start-card-title">Open lesson file…</span>
        <span className="start-card-text">A lesson written as JSON or YAML (keyplan-lesson/1).</span>
      </button>
    </div>
  );
}
