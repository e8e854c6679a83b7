// The toolbar's two pushes: a lesson (opened at step 1) or a design (a file or a built-in example) for every
// attendee at once. Both ask first (confirm-bar.tsx) and say how many connected attendees got it.
import { useState } from 'react';
import type { PresenterClient } from '../../../api/workshop-client.ts';
import type { Design } from '../../../core/model/schema.ts';
import { plural } from '../../../core/values/text/plural.ts';
import { Icon } from '../../components/icon.tsx';
import { showToast } from '../../components/toast.tsx';
import { pickDesignFile } from '../../hooks/design-file.ts';
import { exampleSummaries, loadExample } from '../start/examples.ts';
import type { Pending } from './confirm-bar.tsx';
import type { CatalogueLesson } from './lesson-catalogue.ts';
import { useRoom } from './room-store.ts';

interface PushProps {
  client: PresenterClient;
  ask: (pending: Pending) => void;
}

export function PushLessonTool({ client, lessons, ask }: PushProps & { lessons: CatalogueLesson[] }) {
  const ended = useRoom((s) => s.ended);
  const [lessonId, setLessonId] = useState('');
  const chosenLesson = lessons.find((l) => l.id === lessonId) ?? lessons[0];

  const pushLesson = () => {
    if (ended || !chosenLesson) return;
    ask({
      text: `Open “${chosenLesson.title}” at step 1 for everyone? Each attendee can undo it.`,
      confirm: 'Push lesson',
      run: async () => {
        const { delivered } = await client.pushLesson({
          lessonId: chosenLesson.id,
          lesson: chosenLesson.lesson as unknown as Record<string, unknown> | undefined,
        });
        return `Pushed “${chosenLesson.title}” to ${plural(delivered, 'attendee')} connected`;
      },
    });
  };

  return (
    <div className="room-tool">
      <label className="sr-only" htmlFor="room-lesson">
        Lesson to push
      </label>
      <select
        id="room-lesson"
        className="select"
        value={chosenLesson?.id ?? ''}
        onChange={(e) => setLessonId(e.target.value)}
        data-testid="room.lesson"
      >
        {lessons.map((l) => (
          <option key={l.id} value={l.id}>
            {l.title}
            {l.origin === 'server' ? ' (--lessons)' : ''}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="btn btn-primary"
        onClick={pushLesson}
        aria-disabled={ended || !chosenLesson || undefined}
        data-testid="room.pushLesson"
      >
        <Icon name="upload" /> Push lesson
      </button>
    </div>
  );
}

export function PushDesignTool({ client, ask }: PushProps) {
  const ended = useRoom((s) => s.ended);
  const [designChoice, setDesignChoice] = useState('');

  const pushDesign = async () => {
    if (ended) return;
    let design: Design | null = null;
    let label = '';
    if (designChoice === 'file' || designChoice === '') {
      const result = await pickDesignFile();
      if (!result) return;
      if (!result.ok) {
        showToast({ message: result.message, tone: 'error' });
        return;
      }
      design = result.design;
      label = result.fileName;
    } else {
      design = loadExample(designChoice, true);
      label = design.name;
    }
    const pushed = design;
    ask({
      text: `Open “${label}” for everyone? It replaces each attendee’s design; they can undo it.`,
      confirm: 'Push design',
      run: async () => {
        const { delivered } = await client.pushDesign({ design: pushed });
        return `Pushed “${label}” to ${plural(delivered, 'attendee')} connected`;
      },
    });
  };

  return (
    <div className="room-tool">
      <label className="sr-only" htmlFor="room-design">
        Design to push
      </label>
      <select
        id="room-design"
        className="select"
        value={designChoice}
        onChange={(e) => setDesignChoice(e.target.value)}
        data-testid="room.designChoice"
      >
        <option value="">A design file…</option>
        {exampleSummaries().map((e) => (
          <option key={e.name} value={e.name}>
            Example: {e.title}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="btn"
        onClick={() => void pushDesign()}
        aria-disabled={ended || undefined}
        data-testid="room.pushDesign"
      >
        <Icon name="upload" /> Push design
      </button>
    </div>
  );
}
