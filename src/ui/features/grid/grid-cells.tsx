// Cell renderers of the item grid. They only format: every value comes from the row or the grid context.
import type { GridItemRow } from '../../../core/indexes/grid-rows.ts';
import { partitionSize } from '../../../core/indexes/grid-rows.ts';
import type { ViewEntry } from '../../../core/indexes/views.ts';
import type { JsonValue } from '../../../core/model/schema.ts';
import type { KeyColumnSpec } from './column-spec.ts';
import { charsFor, endTruncate, formatBytes, valueKind, valueLabel, valueTitle } from './format.ts';
import { type GridCellContextValue, useGridCells } from './grid-context.ts';
import { middleTruncate } from './middle-truncate.ts';

const sizes = new WeakMap<readonly ViewEntry[], number>();

/** Bytes of a partition, computed when its first row is drawn and kept while the view lives. */
function partitionBytes(entries: readonly ViewEntry[], ctx: GridCellContextValue): number {
  let bytes = sizes.get(entries);
  if (bytes === undefined) {
    bytes = partitionSize(entries, ctx.typesOf);
    sizes.set(entries, bytes);
  }
  return bytes;
}

export function partitionMeta(row: GridItemRow, ctx: GridCellContextValue): string {
  const block = row.block;
  if (!block) return '';
  const total = block.entries.length;
  const count =
    block.rows === total ? `${total} ${total === 1 ? 'item' : 'items'}` : `${block.rows} of ${total} items`;
  return `${count} · ${formatBytes(partitionBytes(block.entries, ctx))}`;
}

/** Template text with its placeholders set apart. */
function TemplateText({ text }: { text: string }) {
  const parts = text.split(/(\{[^}]*\}?)/);
  return (
    <>
      {parts.map((part, i) =>
        part.startsWith('{') ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string, in order
          <span key={i} className="gtpl-ph">
            {part}
          </span>
        ) : (
          part
        ),
      )}
    </>
  );
}

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

export function KeyCell({ row, column }: { row: GridItemRow; column: KeyColumnSpec }) {
  const ctx = useGridCells();
  const raw = row.item[column.name];
  const value = raw === undefined || raw === null ? '' : String(raw);
  const template = ctx.entities.get(row.source.entity)?.keys[column.name];
  const templates = ctx.keyDisplay === 'templates';
  const text = templates ? (template ?? '') : value;
  const merged = column.role === 'pk' && !row.excluded && row.position > 0;
  // Comparing: the value this key had in the other version, when it changes (old → new, not colour alone).
  const before = templates || merged || row.excluded ? undefined : ctx.keyBefore?.(row, column.name);
  const meta = column.role === 'pk' && !row.excluded ? partitionMeta(row, ctx) : undefined;
  const title = [
    value || `no ${column.name}`,
    before !== undefined ? `was ${before || `no ${column.name}`} in the compared version` : undefined,
    template ? `template ${template}` : undefined,
    meta,
    'Click to copy · right-click for more',
  ]
    .filter(Boolean)
    .join('\n');
  let content: React.ReactNode;
  let shown = ''; // the text the cell shows: its accessible name must contain it (WCAG 2.5.3)
  if (merged) {
    content = row.position === 1 ? <span className="gpk-meta">{meta}</span> : null;
    if (row.position === 1) shown = meta ?? '';
  } else if (before !== undefined) {
    const half = Math.max(6, Math.floor((charsFor(column.width) - 3) / 2));
    const old = before ? middleTruncate(before, half) : '—';
    const now = text ? middleTruncate(text, half) : '—';
    shown = `${old} → ${now}`;
    content = (
      <span className="gkey-text gkey-diff">
        <del className="gkey-before">{old}</del>
        <span className="gkey-arrow">→</span>
        <ins className="gkey-after">{now}</ins>
      </span>
    );
  } else if (!text) {
    content = <span className="gcell-none">—</span>;
  } else {
    const short = middleTruncate(text, charsFor(column.width));
    shown = short;
    const prefix =
      column.role === 'sk' && !templates && ctx.sortPrefix && ctx.isReturned(row.id)
        ? commonPrefix(short, ctx.sortPrefix)
        : 0;
    content = (
      <span className="gkey-text">
        {templates ? (
          <TemplateText text={short} />
        ) : prefix > 0 ? (
          <>
            <span className="gkey-prefix">{short.slice(0, prefix)}</span>
            {short.slice(prefix)}
          </>
        ) : (
          short
        )}
      </span>
    );
  }
  const named =
    before !== undefined
      ? `${column.name} changes from ${before || 'none'} to ${value || 'none'}`
      : `${column.name} ${value || 'missing'}`;
  return (
    <button
      type="button"
      tabIndex={-1}
      className={`gkey${merged ? ' gkey-merged' : ''}${column.muted ? ' gkey-muted' : ''}${before !== undefined ? ' gkey-changed' : ''}`}
      data-testid={`grid.cell.${column.name}`}
      data-col={column.name}
      data-value={value}
      data-before={before}
      title={title}
      aria-label={!shown || named.includes(shown) ? named : `${shown}, ${named}`}
      onClick={(event) => value && ctx.copyKey(value, event.currentTarget)}
      onContextMenu={(event) => ctx.openMenu(event, row, column.name)}
    >
      {content}
    </button>
  );
}

export function EntityCell({ row }: { row: GridItemRow }) {
  const ctx = useGridCells();
  const entity = ctx.entities.get(row.source.entity);
  const { copy } = row.source;
  return (
    <span
      className="gentity"
      title={`${row.source.entity}${copy === undefined ? '' : ` copy ${copy}`}${ctx.sampleOf ? ` · sample ${ctx.sampleOf(row.source) + 1}` : ''}`}
    >
      <span className="chip-dot" style={{ background: entity?.color ?? 'var(--text-faint)' }} />
      <span className="gentity-name">{row.source.entity}</span>
      {copy !== undefined && (
        <span className="gcopy" data-testid="grid.copy">
          copy {copy}
        </span>
      )}
      {!ctx.inline && ctx.isFiltered(row.id) && <FilteredTag />}
    </span>
  );
}

function ValueToken({ value, max }: { value: JsonValue; max: number }) {
  const kind = valueKind(value);
  if (kind === 'list' || kind === 'map')
    return (
      <span className="gval-badge" title={valueTitle(value)}>
        {valueLabel(value)}
      </span>
    );
  const label = valueLabel(value);
  return (
    <span className={`gval gval-${kind}`} title={label.length > max ? valueTitle(value) : undefined}>
      {endTruncate(label, max)}
    </span>
  );
}

export function InlineAttributesCell({ row }: { row: GridItemRow }) {
  const ctx = useGridCells();
  const tokens: React.ReactNode[] = [];
  for (const name in row.item) {
    if (ctx.hidden.has(name)) continue;
    tokens.push(
      <span key={name} className="gtoken">
        <span className="gtoken-name">{name}</span>
        <ValueToken value={row.item[name]} max={40} />
      </span>,
    );
  }
  return (
    <span className="gattrs">
      {ctx.isFiltered(row.id) && <FilteredTag />}
      {tokens.length > 0 ? tokens : <span className="gcell-none">no other attributes</span>}
    </span>
  );
}

export function AttributeCell({ row, name }: { row: GridItemRow; name: string }) {
  const value = row.item[name];
  if (value === undefined) return <span className="gcell-none">—</span>;
  return (
    <span className={`gattr${typeof value === 'number' ? ' gattr-num' : ''}`}>
      <ValueToken value={value} max={18} />
    </span>
  );
}

export function FilteredTag() {
  return (
    <span
      className="gtag-filtered"
      title="Read by the query, then removed by its filter: still counts in ScannedCount and costs read capacity"
    >
      filtered
    </span>
  );
}
