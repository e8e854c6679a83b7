// One row of the item grid: an item (its entity's colour stripe, its partition's band, how the highlighted
// pattern treats it, who else has its entity open) or a group's label. Memoized: a row re-renders only when
// its own props change, so an edit elsewhere redraws none of the ~40 rows on screen.
import { FlexRender, type Row } from '@tanstack/react-table';
import { memo } from 'react';
import type { GridRow } from '../../../core/indexes/grid-rows.ts';
import type { GridColumnMeta, gridFeatures } from './grid-columns.tsx';
import { useGridCells } from './grid-context.ts';

/** How the highlighted pattern treats an item: returned, read then filtered out, or not read at all. */
export type Match = 'returned' | 'filtered' | 'none';

export type TableRow = Row<typeof gridFeatures, GridRow>;

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

export const GridRowView = memo(function GridRowView({
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
