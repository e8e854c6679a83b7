// The virtualized item grid: TanStack Table for columns and cells, TanStack Virtual for rows (every row has
// the same height, so 10,000 items cost only the ~40 rows on screen). TanStack rows are built for the rows on
// screen only (constructRow): a row model of every row would build 10,000 of them on every edit. A partition reads as one block: its key
// on the first row, its size on the second, a label that sticks to the top while the partition scrolls by.
import { constructRow, FlexRender, type Row, useTable } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { GridItemRow, GridRow, GridRows } from '../../../core/indexes/grid-rows.ts';
import { sampleIndexOf } from '../../../core/items/derive.ts';
import { useStore } from '../../../store/index.ts';
import { useLive } from '../../../store/live-state.ts';
import { focusSample } from '../entities/samples-table.tsx';
import { openBy, openKey } from '../live/presence.tsx';
import type { ColumnSpec } from './column-spec.ts';
import { charsFor } from './format.ts';
import { partitionMeta } from './grid-cells.tsx';
import { buildColumns, type GridColumnMeta, gridFeatures } from './grid-columns.tsx';
import { useGridCells } from './grid-context.ts';
import { middleTruncate } from './middle-truncate.ts';
import './grid-keyboard.css';

export type Match = 'returned' | 'filtered' | 'none';

const HEADER_ROW = 26;

interface ItemGridProps {
  rows: GridRows;
  spec: ColumnSpec;
  rowHeight: number;
  /** How the selected pattern treats an item; null when no pattern is highlighted. */
  matchOf: ((id: string) => Match) | null;
  /** Scrolls to this row once per distinct key (the first match of a newly selected pattern). */
  scrollTo: { key: string; index: number } | null;
  label: string;
}

type TableRow = Row<typeof gridFeatures, GridRow>;
const NO_DATA: GridRow[] = [];

export function ItemGrid({ rows, spec, rowHeight, matchOf, scrollTo, label }: ItemGridProps) {
  const columns = useMemo(() => buildColumns(spec), [spec]);
  const table = useTable({ features: gridFeatures, columns, data: NO_DATA });
  // One TanStack row per grid row, built when it scrolls into view and kept while the rows are the same.
  // biome-ignore lint/correctness/useExhaustiveDependencies: new columns need new rows (their cells)
  const tableRowAt = useMemo(() => {
    const built = new WeakMap<GridRow, TableRow>();
    return (index: number): TableRow => {
      const original = rows.rowAt(index);
      let row = built.get(original);
      if (!row) {
        row = constructRow(table, original.id, original, index, 0);
        built.set(original, row);
      }
      return row;
    };
  }, [rows, table, columns]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const headerHeight = HEADER_ROW * 2;
  // Stable callbacks: the virtualizer recomputes every row's position when one of them changes identity.
  // Rows are keyed by index (the default), so an edit with the same row count re-measures nothing.
  const estimateSize = useCallback(() => rowHeight, [rowHeight]);
  const getScrollElement = useCallback(() => scrollRef.current, []);
  const virtualizer = useVirtualizer({
    count: rows.count,
    getScrollElement,
    estimateSize,
    overscan: 5,
    scrollPaddingStart: headerHeight,
    // Let React batch scroll updates instead of rendering synchronously inside every scroll event.
    useFlushSync: false,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measure when the density changes the height
  useEffect(() => virtualizer.measure(), [rowHeight]);

  const scrolled = useRef<string | null>(null);
  useEffect(() => {
    if (!scrollTo || scrolled.current === scrollTo.key) return;
    scrolled.current = scrollTo.key;
    virtualizer.scrollToIndex(scrollTo.index, { align: 'center' });
  }, [scrollTo, virtualizer]);

  const leaves = table.getAllLeafColumns();
  const lastLeaf = leaves[leaves.length - 1]?.id;
  const totalWidth = table.getTotalSize();
  const offset = virtualizer.scrollOffset ?? 0;
  // Live presence: the rows of an entity someone else has open carry their colour (one Map lookup a row; a
  // row re-renders only when its own marker changes, since it gets the marker's strings).
  const open = openBy(useLive((s) => s.others));

  const tableRef = useRef<HTMLTableElement>(null);
  // Roving tabindex (WAI-ARIA grid): the active cell is the grid's one tab stop; while it is scrolled out of
  // the rendered rows, the grid itself is, and an arrow key brings the focus back into the cells.
  const [active, setActive] = useState<ActiveCell | null>(null);
  useLayoutEffect(() => {
    const root = tableRef.current;
    if (!root) return;
    const target = active ? cellTarget(root, active.index, active.col) : null;
    for (const el of root.querySelectorAll<HTMLElement>('[data-roving]'))
      if (el !== target) {
        el.tabIndex = -1;
        delete el.dataset.roving;
      }
    if (target) {
      target.tabIndex = 0;
      target.dataset.roving = '';
    }
    root.tabIndex = target ? -1 : 0;
  });
  const onFocus = (event: React.FocusEvent<HTMLTableElement>) => {
    const cell = (event.target as HTMLElement).closest<HTMLElement>('td[data-col]');
    const rowEl = cell?.closest<HTMLElement>('tr[data-index]');
    if (!cell || !rowEl) return;
    const next = { index: Number(rowEl.dataset.index), col: cell.dataset.col ?? '' };
    setActive((previous) =>
      previous && previous.index === next.index && previous.col === next.col ? previous : next,
    );
  };
  // Sticky cells cost a compositing layer each; they only stick once the grid has scrolled sideways.
  const [scrolledX, setScrolledX] = useState(false);
  return (
    <div
      ref={scrollRef}
      className={`grid-scroll${scrolledX ? ' is-scrolled-x' : ''}`}
      onScroll={(event) => setScrolledX(event.currentTarget.scrollLeft > 0)}
      style={{ '--grid-row-h': `${rowHeight}px`, '--grid-head-h': `${HEADER_ROW}px` } as React.CSSProperties}
    >
      <table
        ref={tableRef}
        className="grid-table"
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA grid pattern is a table with role grid
        role="grid"
        aria-label={label}
        aria-rowcount={rows.count + 2}
        aria-colcount={leaves.length}
        tabIndex={0}
        style={{ minWidth: totalWidth }}
        onFocus={onFocus}
        onKeyDown={(event) =>
          onGridKey(event, tableRef.current, scrollRef.current, virtualizer, rows, active)
        }
      >
        <thead className="grid-head">
          {table.getHeaderGroups().map((group, depth) => (
            <tr key={group.id} className="grid-hrow" aria-rowindex={depth + 1}>
              {group.headers.map((header) => {
                const meta = header.column.columnDef.meta as GridColumnMeta | undefined;
                const isGroup = header.subHeaders.length > 0;
                const last = isGroup
                  ? header.column.getLeafColumns().some((c) => c.id === lastLeaf)
                  : header.column.id === lastLeaf;
                const classes = ['grid-th'];
                if (meta?.stickyLeft !== undefined) classes.push('is-sticky');
                if (last) classes.push('is-last');
                if (isGroup) classes.push('is-group');
                if (meta?.muted) classes.push('is-muted');
                return (
                  <th
                    key={header.id}
                    colSpan={header.colSpan}
                    className={classes.join(' ')}
                    style={{ width: header.getSize(), left: meta?.stickyLeft }}
                    title={meta?.hint}
                  >
                    {header.isPlaceholder ? null : <FlexRender header={header} />}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody className="grid-body" style={{ height: virtualizer.getTotalSize() }}>
          <PartitionLabel rows={rows} offset={offset} rowHeight={rowHeight} spec={spec} />
          {virtualizer.getVirtualItems().map((item) => {
            const row = tableRowAt(item.index);
            const source = row.original.kind === 'item' ? row.original.source.entity : undefined;
            const presence = source === undefined ? undefined : open.get(openKey('entity', source));
            return (
              <GridRowView
                key={item.key}
                row={row}
                index={item.index}
                start={item.start}
                lastLeaf={lastLeaf}
                columns={leaves.length}
                match={matchOf ? matchOf(row.id) : undefined}
                presence={presence?.label}
                presenceShadow={presence?.shadow}
              />
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

interface RowViewProps {
  row: TableRow;
  index: number;
  start: number;
  lastLeaf: string | undefined;
  columns: number;
  match: Match | undefined;
  /** Who else has this row's entity open ("Ada has Order open"), and their marker; none when nobody does. */
  presence: string | undefined;
  presenceShadow: string | undefined;
}

const GridRowView = memo(function GridRowView({
  row,
  index,
  start,
  lastLeaf,
  columns,
  match,
  presence,
  presenceShadow,
}: RowViewProps) {
  const ctx = useGridCells();
  const original = row.original;
  const style = { transform: `translateY(${start}px)` };
  if (original.kind === 'group')
    return (
      <tr className="grid-row grid-group" aria-rowindex={index + 3} data-index={index} style={style}>
        <td className="grid-group-label" colSpan={columns}>
          {original.label} · {original.count}
        </td>
      </tr>
    );
  const color = ctx.entities.get(original.source.entity)?.color;
  const classes = ['grid-row'];
  const block = original.block;
  classes.push(!block ? 'is-excluded' : block.index % 2 ? 'is-alt' : 'is-base');
  if (block && original.position === 0 && block.index > 0) classes.push('is-partition-start');
  if (match) classes.push(`match-${match}`);
  if (presence) classes.push('has-presence');
  return (
    <tr
      className={classes.join(' ')}
      aria-rowindex={index + 3}
      data-index={index}
      data-testid="grid.row"
      data-item-id={original.id}
      data-match={match ?? 'none'}
      data-excluded={original.excluded || undefined}
      data-presence={presence}
      // Never colour alone: the marker's meaning in words, on hover and to assistive technology.
      title={presence}
      aria-description={presence}
      style={{ ...style, '--stripe': color, '--presence-shadow': presenceShadow } as React.CSSProperties}
    >
      {row.getAllCells().map((cell) => {
        const meta = cell.column.columnDef.meta as GridColumnMeta | undefined;
        return (
          <td
            key={cell.id}
            data-col={cell.column.id}
            // A key cell's copy button takes the focus; any other cell is focusable itself.
            tabIndex={meta?.key ? undefined : -1}
            className={`grid-td${meta?.stickyLeft !== undefined ? ' is-sticky' : ''}${cell.column.id === lastLeaf ? ' is-last' : ''}${meta?.stickyLeft === 0 ? ' is-first' : ''}${meta?.key ? ' is-key' : ''}`}
            style={{ width: cell.column.getSize(), left: meta?.stickyLeft }}
          >
            <FlexRender cell={cell} />
          </td>
        );
      })}
    </tr>
  );
});

/** The key of the partition at the top, kept in view while its first row has scrolled away. */
function PartitionLabel({
  rows,
  offset,
  rowHeight,
  spec,
}: {
  rows: GridRows;
  offset: number;
  rowHeight: number;
  spec: ColumnSpec;
}) {
  const ctx = useGridCells();
  const at = Math.floor(Math.max(0, offset) / rowHeight);
  const top = at < rows.count ? rows.rowAt(at) : undefined;
  const block = top?.kind === 'item' ? top.block : undefined;
  if (!block || (top as GridItemRow).position === 0) return null;
  const first = rows.rowAt(block.start) as GridItemRow;
  const pk = spec.lead[0];
  const value = String(first.item[pk.name] ?? '');
  const template = ctx.entities.get(first.source.entity)?.keys[pk.name] ?? '';
  const text = ctx.keyDisplay === 'templates' ? template : value;
  // Pushed up by the next partition's first row, as section headers are.
  const nextStart = (block.start + block.rows) * rowHeight - offset;
  const shift = Math.min(0, nextStart - rowHeight);
  return (
    // A visual echo of the partition key already in its first row: not a row of the grid (nothing in it
    // takes the focus).
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a table row, not focusable
    <tr className="grid-pk-sticky" aria-hidden="true">
      <td
        className={`grid-pk-label ${block.index % 2 ? 'is-alt' : 'is-base'}`}
        style={{ width: pk.width, transform: `translateY(${shift}px)` }}
        title={`${value}\n${partitionMeta(first, ctx)}`}
      >
        <span className="grid-pk-text">{middleTruncate(text, charsFor(pk.width, 40))}</span>
        <span className="gpk-meta">{block.rows}</span>
      </td>
    </tr>
  );
}

type Virtualizer = ReturnType<typeof useVirtualizer<HTMLDivElement, Element>>;

interface ActiveCell {
  index: number;
  col: string;
}

/** What takes the focus in a cell: its key button, or the cell itself. */
function cellTarget(root: HTMLElement, index: number, col: string): HTMLElement | null {
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
function onGridKey(
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
