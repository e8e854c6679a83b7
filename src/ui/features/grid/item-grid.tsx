// The virtualized item grid: TanStack Table for columns and cells, TanStack Virtual for rows (every row has
// the same height, so 10,000 items cost only the ~40 rows on screen). TanStack rows are built for the rows on
// screen only (constructRow): a row model of every row would build 10,000 of them on every edit. A partition reads as one block: its key
// on the first row, its size on the second, a label that sticks to the top while the partition scrolls by.
import { constructRow, FlexRender, useTable } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { GridRow, GridRows } from '../../../core/indexes/grid-rows.ts';
import { useLive } from '../../../store/live-state.ts';
import { openBy, openKey } from '../live/presence.tsx';
import type { ColumnSpec } from './column-spec.ts';
import { buildColumns, type GridColumnMeta, gridFeatures } from './grid-columns.tsx';
import { type ActiveCell, cellTarget, onGridKey } from './grid-keys.ts';
import { GridRowView, type Match, type TableRow } from './grid-row-view.tsx';
import { PartitionLabel } from './partition-label.tsx';
import './grid-keyboard.css';

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
