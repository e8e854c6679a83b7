// The item grid's keyboard (the WAI-ARIA grid pattern): which element of a cell takes the focus, and what
// each key does. The rows are virtualized, so a key that moves past the rendered rows scrolls first and
// focuses the cell once it renders.
import type { useVirtualizer } from '@tanstack/react-virtual';
import type { GridRow, GridRows } from '../../../core/indexes/grid-rows.ts';
import { sampleIndexOf } from '../../../core/items/sample-positions.ts';
import { useStore } from '../../../store/index.ts';
import { focusSample } from '../entities/sample-rows.tsx';

type Virtualizer = ReturnType<typeof useVirtualizer<HTMLDivElement, Element>>;

export interface ActiveCell {
  index: number;
  col: string;
}

/** What takes the focus in a cell: its key button, or the cell itself. */
export function cellTarget(root: HTMLElement, index: number, col: string): HTMLElement | null {
  const cell = root.querySelector<HTMLElement>(
    `tr[data-index="${index}"] > td[data-col="${CSS.escape(col)}"]`,
  );
  return cell ? (cell.querySelector<HTMLElement>('.gkey') ?? cell) : null;
}

/** Enter on a cell that is not a key (those copy their value): its entity, or its sample in the inspector. */
function activateCell(row: GridRow, col: string) {
  if (row.kind !== 'item') return;
  const { select, design } = useStore.getState();
  select({ kind: 'entity', name: row.source.entity });
  if (col !== '$entity' && design) focusSample(sampleIndexOf(design, row.source));
}

/**
 * The WAI-ARIA grid keys: arrows move one cell, Home/End to the row's first/last cell, Ctrl+Home/End to the
 * first/last item, PageUp/PageDown by a screen of rows (rows scroll into view and render as needed). Enter on
 * a key cell copies it (its button); on another cell opens its entity or sample in the inspector.
 */
export function onGridKey(
  event: React.KeyboardEvent<HTMLTableElement>,
  root: HTMLTableElement | null,
  scroller: HTMLDivElement | null,
  virtualizer: Virtualizer,
  rows: GridRows,
  active: ActiveCell | null,
) {
  if (!root || !scroller) return;
  const keys = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'PageUp', 'PageDown', 'Home', 'End'];
  const target = event.target as HTMLElement;
  if (target === root) {
    if (!keys.includes(event.key) && event.key !== 'Enter') return;
    event.preventDefault();
    if (active && active.index < rows.count) {
      virtualizer.scrollToIndex(active.index, { align: 'auto' });
      focusWhenRendered(root, active.index, active.col);
      return;
    }
    const first = virtualizer.getVirtualItems().find((item) => rows.rowAt(item.index).kind === 'item');
    const row = root.querySelector<HTMLElement>(`tr[data-index="${first?.index ?? 0}"] > td[data-col]`);
    if (row) focusWhenRendered(root, first?.index ?? 0, row.dataset.col ?? '');
    return;
  }
  const cell = target.closest<HTMLElement>('td[data-col]');
  const rowEl = cell?.closest<HTMLElement>('tr[data-index]');
  if (!cell || !rowEl) return;
  const index = Number(rowEl.dataset.index);
  const col = cell.dataset.col ?? '';
  if (event.key === 'Enter' && target === cell) {
    event.preventDefault();
    activateCell(rows.rowAt(index), col);
    return;
  }
  if (!keys.includes(event.key)) return;
  event.preventDefault();
  const cells = [...rowEl.querySelectorAll<HTMLElement>(':scope > td[data-col]')];
  const ctrl = event.ctrlKey || event.metaKey;
  if (
    event.key === 'ArrowLeft' ||
    event.key === 'ArrowRight' ||
    (!ctrl && (event.key === 'Home' || event.key === 'End'))
  ) {
    const at = cells.indexOf(cell);
    const to =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? cells.length - 1
          : at + (event.key === 'ArrowLeft' ? -1 : 1);
    const next = cells[to];
    if (next) (next.querySelector<HTMLElement>('.gkey') ?? next).focus();
    return;
  }
  const page = Math.max(
    1,
    Math.floor(scroller.clientHeight / (virtualizer.options.estimateSize(0) || 28)) - 3,
  );
  const step: Record<string, number> = {
    ArrowUp: -1,
    ArrowDown: 1,
    PageUp: -page,
    PageDown: page,
    Home: -rows.count,
    End: rows.count,
  };
  let next = Math.min(rows.count - 1, Math.max(0, index + step[event.key]));
  const direction = Math.sign(step[event.key]) || 1;
  while (next >= 0 && next < rows.count && rows.rowAt(next).kind !== 'item') next += direction;
  if (next < 0 || next >= rows.count) return;
  virtualizer.scrollToIndex(next, { align: 'auto' });
  focusWhenRendered(root, next, col);
}

/** Rows in the overscan are already there; others render a few frames after the scroll. */
function focusWhenRendered(root: HTMLElement, index: number, col: string, frames = 30) {
  const destination = cellTarget(root, index, col);
  if (destination) destination.focus();
  else if (frames > 0) requestAnimationFrame(() => focusWhenRendered(root, index, col, frames - 1));
}
