// The virtualized item grid: TanStack Table for columns and cells, TanStack Virtual for rows (every row has
// the same height, so 10,000 items cost only the ~40 rows on screen). A partition reads as one block: its key
// on the first row, its size on the second, a label that sticks to the top while the partition scrolls by.
import { FlexRender, type Row, useTable } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { GridItemRow, GridRow } from '../../../core/indexes/grid-rows.ts';
import type { ColumnSpec } from './column-spec.ts';
import { charsFor } from './format.ts';
import { partitionMeta } from './grid-cells.tsx';
import { buildColumns, type GridColumnMeta, gridFeatures } from './grid-columns.tsx';
import { useGridCells } from './grid-context.ts';
import { middleTruncate } from './middle-truncate.ts';

export type Match = 'returned' | 'filtered' | 'none';

const HEADER_ROW = 26;

interface ItemGridProps {
  rows: GridRow[];
  spec: ColumnSpec;
  rowHeight: number;
  /** How the selected pattern treats an item; null when no pattern is highlighted. */
  matchOf: ((id: string) => Match) | null;
  /** Scrolls to this row once per distinct key (the first match of a newly selected pattern). */
  scrollTo: { key: string; id: string } | null;
  label: string;
}

const getRowId = (row: GridRow) => row.id;

export function ItemGrid({ rows, spec, rowHeight, matchOf, scrollTo, label }: ItemGridProps) {
  const columns = useMemo(() => buildColumns(spec), [spec]);
  const table = useTable({ features: gridFeatures, columns, data: rows, getRowId });
  const tableRows = table.getRowModel().rows;
  const scrollRef = useRef<HTMLDivElement>(null);
  const headerHeight = HEADER_ROW * 2;
  // Stable callbacks: the virtualizer recomputes every row's position when one of them changes identity.
  const getItemKey = useCallback((index: number) => tableRows[index].id, [tableRows]);
  const estimateSize = useCallback(() => rowHeight, [rowHeight]);
  const getScrollElement = useCallback(() => scrollRef.current, []);
  const virtualizer = useVirtualizer({
    count: tableRows.length,
    getScrollElement,
    estimateSize,
    getItemKey,
    overscan: 10,
    scrollPaddingStart: headerHeight,
    // Let React batch scroll updates instead of rendering synchronously inside every scroll event.
    useFlushSync: false,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measure when the density changes the height
  useEffect(() => virtualizer.measure(), [rowHeight]);

  const scrolled = useRef<string | null>(null);
  useEffect(() => {
    if (!scrollTo || scrolled.current === scrollTo.key) return;
    const index = rows.findIndex((row) => row.id === scrollTo.id);
    if (index < 0) return;
    scrolled.current = scrollTo.key;
    virtualizer.scrollToIndex(index, { align: 'center' });
  }, [scrollTo, rows, virtualizer]);

  const leaves = table.getAllLeafColumns();
  const lastLeaf = leaves[leaves.length - 1]?.id;
  const totalWidth = table.getTotalSize();
  const offset = virtualizer.scrollOffset ?? 0;

  const tableRef = useRef<HTMLTableElement>(null);
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
        aria-rowcount={rows.length + 2}
        aria-colcount={leaves.length}
        tabIndex={0}
        style={{ minWidth: totalWidth }}
        onKeyDown={(event) => onGridKey(event, tableRef.current, scrollRef.current, virtualizer, tableRows)}
      >
        <thead className="grid-head">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} className="grid-hrow">
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
          {virtualizer.getVirtualItems().map((item) => (
            <GridRowView
              key={item.key}
              row={tableRows[item.index]}
              index={item.index}
              start={item.start}
              lastLeaf={lastLeaf}
              columns={leaves.length}
              match={matchOf ? matchOf(tableRows[item.index].id) : undefined}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface RowViewProps {
  row: Row<typeof gridFeatures, GridRow>;
  index: number;
  start: number;
  lastLeaf: string | undefined;
  columns: number;
  match: Match | undefined;
}

const GridRowView = memo(function GridRowView({ row, index, start, lastLeaf, columns, match }: RowViewProps) {
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
  return (
    <tr
      className={classes.join(' ')}
      aria-rowindex={index + 3}
      data-index={index}
      data-testid="grid.row"
      data-item-id={original.id}
      data-match={match ?? 'none'}
      data-excluded={original.excluded || undefined}
      style={{ ...style, '--stripe': color } as React.CSSProperties}
    >
      {row.getAllCells().map((cell) => {
        const meta = cell.column.columnDef.meta as GridColumnMeta | undefined;
        return (
          <td
            key={cell.id}
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
  rows: GridRow[];
  offset: number;
  rowHeight: number;
  spec: ColumnSpec;
}) {
  const ctx = useGridCells();
  const top = rows[Math.floor(Math.max(0, offset) / rowHeight)];
  const block = top?.kind === 'item' ? top.block : undefined;
  if (!block || (top as GridItemRow).position === 0) return null;
  const first = rows[block.start] as GridItemRow;
  const pk = spec.lead[0];
  const value = String(first.item[pk.name] ?? '');
  const template = ctx.entities.get(first.source.entity)?.keys[pk.name] ?? '';
  const text = ctx.keyDisplay === 'templates' ? template : value;
  // Pushed up by the next partition's first row, as section headers are.
  const nextStart = (block.start + block.rows) * rowHeight - offset;
  const shift = Math.min(0, nextStart - rowHeight);
  return (
    <tr className="grid-pk-sticky">
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

/** Arrow keys move between key cells (rows scroll into view as needed); the grid itself is one tab stop. */
function onGridKey(
  event: React.KeyboardEvent<HTMLTableElement>,
  root: HTMLTableElement | null,
  scroller: HTMLDivElement | null,
  virtualizer: Virtualizer,
  rows: Row<typeof gridFeatures, GridRow>[],
) {
  if (!root || !scroller) return;
  const keys = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'PageUp', 'PageDown', 'Home', 'End'];
  const target = event.target as HTMLElement;
  if (target === root) {
    if (!keys.includes(event.key) && event.key !== 'Enter') return;
    event.preventDefault();
    const first = virtualizer.getVirtualItems().find((item) => rows[item.index]?.original.kind === 'item');
    root.querySelector<HTMLElement>(`[data-index="${first?.index ?? 0}"] .gkey`)?.focus();
    return;
  }
  const cell = target.closest<HTMLElement>('.gkey');
  const rowEl = cell?.closest<HTMLElement>('[data-index]');
  if (!cell || !rowEl || !keys.includes(event.key)) return;
  event.preventDefault();
  const index = Number(rowEl.dataset.index);
  if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
    const cells = [...rowEl.querySelectorAll<HTMLElement>('.gkey')];
    cells[cells.indexOf(cell) + (event.key === 'ArrowLeft' ? -1 : 1)]?.focus();
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
    Home: -rows.length,
    End: rows.length,
  };
  let next = Math.min(rows.length - 1, Math.max(0, index + step[event.key]));
  const direction = Math.sign(step[event.key]) || 1;
  while (rows[next] && rows[next].original.kind !== 'item') next += direction;
  if (!rows[next]) return;
  virtualizer.scrollToIndex(next, { align: 'auto' });
  const selector = `[data-index="${next}"] .gkey[data-col="${cell.dataset.col}"]`;
  const destination = root.querySelector<HTMLElement>(selector);
  // Rows in the overscan are already there; others render after the scroll.
  if (destination) destination.focus();
  else requestAnimationFrame(() => root.querySelector<HTMLElement>(selector)?.focus());
}
