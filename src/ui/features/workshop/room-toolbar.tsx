// The presenter's actions above the room's table: push a lesson or a design, reveal the next hint, reset or
// remove the selected attendee, end the workshop. Each action that reaches attendees asks first (`ask`).
import type { PresenterClient } from '../../../api/workshop-client.ts';
import type { AttendeeRow } from '../../../core/contract/workshop-contract.ts';
import { Icon } from '../../components/icon.tsx';
import type { Pending } from './confirm-bar.tsx';
import type { CatalogueLesson } from './lesson-catalogue.ts';
import { PushDesignTool, PushLessonTool } from './push-tools.tsx';
import { RevealHintButton } from './reveal-hint-button.tsx';
import { useRoom } from './room-store.ts';

interface ToolbarProps {
  client: PresenterClient;
  lessons: CatalogueLesson[];
  selected: AttendeeRow | null;
  ask: (pending: Pending) => void;
}

export function RoomToolbar({ client, lessons, selected, ask }: ToolbarProps) {
  const ended = useRoom((s) => s.ended);

  const resetAttendee = () => {
    if (ended || !selected) return;
    ask({
      text: `Reset ${selected.name}? Their design goes back to the step’s start and their tables are emptied (they can undo the design).`,
      confirm: `Reset ${selected.name}`,
      danger: true,
      run: async () => {
        await client.resetAttendee(selected.id);
        return `${selected.name} was reset`;
      },
    });
  };

  const removeAttendee = () => {
    if (!selected) return;
    ask({
      text: `Remove ${selected.name}? Their session ends, their tables are deleted, and that browser cannot join again.`,
      confirm: `Remove ${selected.name}`,
      danger: true,
      run: async () => {
        await client.removeAttendee(selected.id);
        return `${selected.name} was removed`;
      },
    });
  };

  const end = () =>
    !ended &&
    ask({
      text: 'End the workshop? Attendees are told, and nobody can join any more. Their designs stay in their browsers.',
      confirm: 'End workshop',
      danger: true,
      run: async () => {
        await client.end();
        useRoom.setState({ ended: true });
        return 'The workshop has ended';
      },
    });

  const disabled = ended || undefined;
  return (
    <div className="room-toolbar" role="toolbar" aria-label="Presenter actions">
      <PushLessonTool client={client} lessons={lessons} ask={ask} />
      <PushDesignTool client={client} ask={ask} />
      <RevealHintButton client={client} lessons={lessons} />
      <div className="room-tool">
        <button
          type="button"
          className="btn"
          onClick={resetAttendee}
          aria-disabled={disabled || !selected || undefined}
          title={selected ? `Reset ${selected.name}` : 'Select an attendee first'}
          data-testid="room.reset"
        >
          <Icon name="undo" /> Reset
        </button>
        <button
          type="button"
          className="btn"
          onClick={removeAttendee}
          aria-disabled={!selected || undefined}
          title={selected ? `Remove ${selected.name} from the workshop` : 'Select an attendee first'}
          data-testid="room.remove"
        >
          <Icon name="close" /> Remove
        </button>
      </div>
      <button
        type="button"
        className="btn btn-danger room-end"
        onClick={end}
        aria-disabled={disabled}
        data-testid="room.end"
      >
        End workshop
      </button>
    </div>
  );
}
