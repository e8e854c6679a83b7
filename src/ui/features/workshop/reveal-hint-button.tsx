// The toolbar's "Reveal next hint": shows the next hint of the step most attendees of the pushed lesson are
// on to everyone on that step, and counts how many of that step's hints the room has seen.
import type { PresenterClient } from '../../../api/workshop-client.ts';
import type { AttendeeRow } from '../../../core/contract/workshop-contract.ts';
import { messageOf } from '../../../core/values/text/message.ts';
import { plural } from '../../../core/values/text/plural.ts';
import { Icon } from '../../components/icon.tsx';
import { showToast } from '../../components/toast.tsx';
import type { CatalogueLesson } from './lesson-catalogue.ts';
import { useRoom } from './room-store.ts';

/** The step most attendees of `lessonId` are on (the pushed step when nobody reported yet). */
function roomStep(rows: readonly AttendeeRow[], lessonId: string, fallback: number): number {
  const counts = new Map<number, number>();
  for (const row of rows)
    if (row.lessonId === lessonId && row.stepIndex !== null)
      counts.set(row.stepIndex, (counts.get(row.stepIndex) ?? 0) + 1);
  let best = fallback;
  let most = 0;
  for (const [step, n] of counts)
    if (n > most) {
      best = step;
      most = n;
    }
  return best;
}

export function RevealHintButton({
  client,
  lessons,
}: {
  client: PresenterClient;
  lessons: CatalogueLesson[];
}) {
  const room = useRoom((s) => s.snapshot?.room);
  const rows = useRoom((s) => s.rows);
  const ended = useRoom((s) => s.ended);
  const pushedLesson = room?.lesson ? lessons.find((l) => l.id === room.lesson?.lessonId) : undefined;
  const hintStepIndex = pushedLesson ? roomStep(rows, pushedLesson.id, room?.lesson?.stepIndex ?? 0) : 0;
  const hintStep = pushedLesson?.steps[hintStepIndex];
  const revealed = hintStep
    ? (room?.hints.find((h) => h.lessonId === pushedLesson?.id && h.stepId === hintStep.id)?.count ?? 0)
    : 0;
  const canReveal = !!hintStep && revealed < hintStep.hints;
  const revealHint = async () => {
    if (ended || !pushedLesson || !hintStep || !canReveal) return;
    try {
      const { hint, delivered } = await client.revealHint({ lessonId: pushedLesson.id, stepId: hintStep.id });
      useRoom.setState((s) => {
        if (!s.snapshot) return {};
        const hints = s.snapshot.room.hints.filter(
          (h) => h.lessonId !== hint.lessonId || h.stepId !== hint.stepId,
        );
        return { snapshot: { ...s.snapshot, room: { ...s.snapshot.room, hints: [...hints, hint] } } };
      });
      showToast({
        message: `Hint ${hint.count} of step ${hintStepIndex + 1} shown to ${plural(delivered, 'attendee')}`,
      });
    } catch (error) {
      showToast({ message: messageOf(error), tone: 'error' });
    }
  };

  return (
    <button
      type="button"
      className="btn"
      onClick={() => void revealHint()}
      aria-disabled={ended || !canReveal || undefined}
      title={
        !pushedLesson
          ? 'Push a lesson first'
          : !hintStep
            ? ''
            : canReveal
              ? `Shows hint ${revealed + 1} of ${hintStep.hints} of step ${hintStepIndex + 1} (${hintStep.title}) to everyone on it`
              : `Every hint of step ${hintStepIndex + 1} is shown`
      }
      data-testid="room.revealHint"
    >
      <Icon name="info" /> Reveal next hint
      {hintStep && (
        <span className="room-muted">
          {' '}
          step {hintStepIndex + 1} · {revealed}/{hintStep.hints}
        </span>
      )}
    </button>
  );
}
