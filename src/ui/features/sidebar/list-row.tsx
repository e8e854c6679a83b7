// One selectable, reorderable row of a sidebar list: click selects, F2/double-click renames, Delete
// removes, Alt+↑/↓ or a drag moves it.
import { type ReactNode, useState } from 'react';

export interface ListRowProps {
  id: string;
  index: number;
  count: number;
  selected: boolean;
  testId: string;
  label: string;
  children: ReactNode;
  onSelect: () => void;
  onMove?: (toIndex: number) => void;
  onDelete?: () => void;
  onRename?: () => void;
  /** Drag state shared by the rows of one list. */
  drag?: DragState;
  className?: string;
  title?: string;
  /** The id of an element that describes the row (a status), for assistive technology. */
  describedBy?: string;
}

export interface DragState {
  from: number | null;
  over: number | null;
  set: (state: { from: number | null; over: number | null }) => void;
}

export function useDragState(): DragState {
  const [state, setState] = useState<{ from: number | null; over: number | null }>({
    from: null,
    over: null,
  });
  return { ...state, set: setState };
}

/** Focus the row with this test id after React has re-rendered (a move re-creates its DOM position). */
export function focusRow(testId: string): void {
  requestAnimationFrame(() =>
    document.querySelector<HTMLElement>(`[data-testid="${CSS.escape(testId)}"]`)?.focus(),
  );
}

/**
 * The test id of the row the focus should go to once this one is deleted: the next in its list, else the
 * previous; undefined when it was the only one.
 */
export function neighbourRow(testId: string): string | undefined {
  const row = document.querySelector<HTMLElement>(`[data-testid="${CSS.escape(testId)}"]`);
  const rows = [
    ...(row?.closest('[role="listbox"]')?.querySelectorAll<HTMLElement>('[role="option"]') ?? []),
  ];
  const at = row ? rows.indexOf(row) : -1;
  if (at < 0) return undefined;
  return (rows[at + 1] ?? rows[at - 1])?.dataset.testid;
}

/** After deleting a row: the focus to its neighbour, or to the list's Add button when it was the last. */
export function deleteAndFocusNeighbour(testId: string, fallback: string, remove: () => void): void {
  const neighbour = neighbourRow(testId);
  remove();
  focusRow(neighbour ?? fallback);
}

export function ListRow({
  index,
  count,
  selected,
  testId,
  label,
  children,
  onSelect,
  onMove,
  onDelete,
  onRename,
  drag,
  className,
  title,
  describedBy,
}: ListRowProps) {
  const dropMark =
    drag && drag.from !== null && drag.over === index && drag.from !== index
      ? drag.from < index
        ? ' drop-after'
        : ' drop-before'
      : '';
  return (
    <div
      role="option"
      aria-selected={selected}
      aria-describedby={describedBy}
      tabIndex={0}
      title={title}
      data-testid={testId}
      className={`side-row${selected ? ' is-selected' : ''}${dropMark}${drag?.from === index ? ' is-dragging' : ''} ${className ?? ''}`}
      draggable={Boolean(onMove)}
      onClick={onSelect}
      onDoubleClick={onRename}
      onKeyDown={(event) => {
        if (event.target !== event.currentTarget) return;
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          onSelect();
        } else if (event.key === 'F2' && onRename) {
          event.preventDefault();
          onRename();
        } else if ((event.key === 'Delete' || event.key === 'Backspace') && onDelete) {
          event.preventDefault();
          const neighbour = neighbourRow(testId);
          onDelete();
          if (neighbour) focusRow(neighbour);
        } else if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown') && onMove) {
          event.preventDefault();
          const to = index + (event.key === 'ArrowUp' ? -1 : 1);
          if (to >= 0 && to < count) {
            onMove(to);
            focusRow(testId);
          }
        } else if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
          event.preventDefault();
          const rows = [
            ...(event.currentTarget.closest('.side-scroll')?.querySelectorAll<HTMLElement>('.side-row') ??
              []),
          ];
          const at = rows.indexOf(event.currentTarget);
          rows[at + (event.key === 'ArrowUp' ? -1 : 1)]?.focus();
        }
      }}
      onDragStart={(event) => {
        event.dataTransfer.effectAllowed = 'move';
        event.dataTransfer.setData('text/plain', label);
        drag?.set({ from: index, over: index });
      }}
      onDragOver={(event) => {
        if (drag?.from === null || drag === undefined) return;
        event.preventDefault();
        if (drag.over !== index) drag.set({ from: drag.from, over: index });
      }}
      onDrop={(event) => {
        event.preventDefault();
        if (drag && drag.from !== null && drag.from !== index) onMove?.(index);
        drag?.set({ from: null, over: null });
      }}
      onDragEnd={() => drag?.set({ from: null, over: null })}
    >
      {children}
    </div>
  );
}
