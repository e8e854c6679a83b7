// The room view's table of attendees: name, lesson and step, checks passed as a small bar, done, last
// activity and a ⚠ when the server says the attendee is stuck (on one step for more than five minutes; the
// server re-sends a row whose flag changes with time alone). A real table (caption, column headers,
// row headers); each name is a button that opens that attendee's design, so the keyboard reaches every row.
import type { AttendeeRow } from '../../../core/contract/workshop-contract.ts';
import { plural } from '../../../core/values/text/plural.ts';
import { Icon } from '../../components/icon.tsx';
import { durationText, relativeTime } from '../../relative-time.ts';
import type { CatalogueLesson } from './lesson-catalogue.ts';

function LessonCell({ row, lessons }: { row: AttendeeRow; lessons: ReadonlyMap<string, CatalogueLesson> }) {
  if (!row.lessonId) return <span className="room-muted">No lesson open</span>;
  const lesson = lessons.get(row.lessonId);
  const step = row.stepIndex ?? 0;
  const stepTitle = lesson?.steps[step]?.title ?? row.stepId ?? '';
  return (
    <span className="room-lesson">
      <span className="room-lesson-title">{lesson?.title ?? row.lessonId}</span>
      <span className="room-muted">
        Step {step + 1}
        {lesson ? ` of ${lesson.steps.length}` : ''}
        {stepTitle ? ` · ${stepTitle}` : ''}
      </span>
    </span>
  );
}

function ChecksCell({ row }: { row: AttendeeRow }) {
  if (!row.lessonId || row.total === 0) return <span className="room-muted">—</span>;
  const share = Math.round((row.passed / row.total) * 100);
  return (
    <span className="room-checks">
      <meter
        className="room-bar"
        min={0}
        max={row.total}
        value={row.passed}
        aria-label={`${row.passed} of ${row.total} checks pass`}
        data-testid="room.row.meter"
      />
      <span className="room-checks-text" data-testid="room.row.checks">
        {row.passed}/{row.total}
      </span>
      <span className="sr-only">{share}%</span>
    </span>
  );
}

export interface RoomTableProps {
  rows: readonly AttendeeRow[];
  lessons: ReadonlyMap<string, CatalogueLesson>;
  now: number;
  selected: string | null;
  onSelect: (id: string) => void;
}

export function RoomTable({ rows, lessons, now, selected, onSelect }: RoomTableProps) {
  const done = rows.filter((r) => r.done).length;
  const stuck = rows.filter((r) => r.stuck).length;
  return (
    <div className="room-table-wrap">
      <table className="room-table" data-testid="room.table">
        <caption className="room-caption">
          {plural(rows.length, 'attendee')}
          {rows.length > 0 && ` · ${done} done with their step`}
          {stuck > 0 && ` · ${stuck} stuck`}
        </caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Lesson and step</th>
            <th scope="col">Checks</th>
            <th scope="col">Done</th>
            <th scope="col">Last active</th>
            <th scope="col">
              <span className="sr-only">Attention</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={6} className="room-empty">
                Nobody has joined yet. Attendees open the join URL (or scan the QR code) and enter the code.
              </td>
            </tr>
          )}
          {rows.map((row) => {
            const isSelected = row.id === selected;
            return (
              <tr
                key={row.id}
                className={`room-row${isSelected ? ' is-selected' : ''}${row.connected ? '' : ' is-away'}`}
                aria-current={isSelected || undefined}
                data-testid="room.row"
                data-attendee={row.name}
                data-done={row.done || undefined}
                onClick={() => onSelect(row.id)}
              >
                <th scope="row">
                  <button
                    type="button"
                    className="room-name"
                    aria-label={`${row.name}: show their design`}
                    data-testid="room.row.name"
                    onClick={(event) => {
                      event.stopPropagation();
                      onSelect(row.id);
                    }}
                  >
                    <span className={`room-presence${row.connected ? ' is-on' : ''}`} aria-hidden="true" />
                    {row.name}
                  </button>
                  {!row.connected && <span className="sr-only"> (not connected)</span>}
                </th>
                <td>
                  <LessonCell row={row} lessons={lessons} />
                </td>
                <td>
                  <ChecksCell row={row} />
                </td>
                <td className="room-done" data-testid="room.row.done">
                  {row.done ? (
                    <span className="room-ok" role="img" aria-label="Step done">
                      <Icon name="check" />
                    </span>
                  ) : (
                    <span className="sr-only">Not yet</span>
                  )}
                </td>
                <td className="room-muted room-since">
                  <time dateTime={row.lastActivityAt}>
                    {relativeTime(now - Date.parse(row.lastActivityAt))}
                  </time>
                </td>
                <td>
                  {row.stuck && row.stepSince && (
                    <span className="room-stuck" data-testid="room.row.stuck">
                      <Icon name="warn" /> Stuck {durationText(now - Date.parse(row.stepSince))}
                    </span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
