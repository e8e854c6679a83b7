// The partition label that sticks to the top of the item grid while a partition scrolls by: its key (or
// template) and its size, pushed up by the next partition as section headers are.
import type { GridItemRow, GridRows } from '../../../core/indexes/grid-rows.ts';
import type { ColumnSpec } from './column-spec.ts';
import { charsFor } from './format.ts';
import { partitionMeta } from './grid-cells.tsx';
import { useGridCells } from './grid-context.ts';
import { middleTruncate } from './middle-truncate.ts';

/** The key of the partition at the top, kept in view while its first row has scrolled away. */
export function PartitionLabel({
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
