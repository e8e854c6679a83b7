// Above the grid: one tab per view (table, each index) with its item count, entity filter chips, the
// Values|Templates and Inline|Columns switches, and the search box (⌘F).
import { entityCounts } from '../../../core/indexes/grid-rows.ts';
import { keySchemas, TABLE_INDEX } from '../../../core/model/indexes.ts';
import type { Design } from '../../../core/model/schema.ts';
import { useDeferredViews } from '../../../store/derived.ts';
import { useStore } from '../../../store/index.ts';
import { Icon } from '../../components/icon.tsx';
import { shortcutLabel } from '../../hooks/platform.ts';
import type { EntityInfo } from './grid-context.ts';

export function viewTestId(view: string): string {
  return view === TABLE_INDEX ? 'grid.tab.table' : `grid.tab.${view}`;
}

/** The tabs follow the design at once; their item counts follow the settled design (useDeferredViews). */
export function ViewTabs({ design, active }: { design: Design; active: string }) {
  const setActiveView = useStore((s) => s.setActiveView);
  const views = useDeferredViews();
  const schemas = keySchemas(design);
  const total = views?.get(TABLE_INDEX)?.itemCount ?? 0;
  const names = schemas.map((schema) => schema.name);
  const onKey = (event: React.KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const at = names.indexOf(active);
    const next = names[(at + (event.key === 'ArrowRight' ? 1 : -1) + names.length) % names.length];
    setActiveView(next);
    document.querySelector<HTMLElement>(`[data-testid="${viewTestId(next)}"]`)?.focus();
  };
  return (
    <div className="tabs grid-tabs" role="tablist" aria-label="Views of the table" onKeyDown={onKey}>
      {schemas.map((schema, i) => {
        const { name } = schema;
        const isTable = name === TABLE_INDEX;
        const count = views?.get(name)?.itemCount ?? 0;
        const kind = schema.kind.toUpperCase();
        const keys = [schema.partitionKey.name, schema.sortKey?.name].filter(Boolean).join(' + ');
        const title = isTable
          ? `The table, keyed by ${keys}: ${count} items`
          : `${kind} ${name}, keyed by ${keys}, projection ${schema.projection.type}: ${count} of ${total} items`;
        return (
          <button
            key={name}
            type="button"
            role="tab"
            className="tab"
            aria-selected={name === active}
            tabIndex={name === active ? 0 : -1}
            data-testid={viewTestId(name)}
            title={`${title} (${shortcutLabel(`Alt+${i + 1}`)})`}
            onClick={() => setActiveView(name)}
          >
            {isTable ? 'Table' : name}
            <span className="grid-tab-count">{isTable ? total : `${count}/${total}`}</span>
            {!isTable && count < total && <span className="grid-tab-sparse" aria-hidden="true" />}
          </button>
        );
      })}
    </div>
  );
}

/** Counts follow the settled design (useDeferredViews): counting 10,000 items waits until typing pauses. */
export function EntityChips({ entities, view }: { entities: readonly EntityInfo[]; view: string }) {
  const views = useDeferredViews();
  const shown = views?.get(view);
  const counts = shown ? entityCounts(shown) : undefined;
  const filter = useStore((s) => s.entityFilter);
  const setEntityFilter = useStore((s) => s.setEntityFilter);
  const toggle = (name: string) =>
    setEntityFilter(filter.includes(name) ? filter.filter((n) => n !== name) : [...filter, name]);
  return (
    <fieldset className="grid-chips" aria-label="Show only these entities">
      {entities.map((entity) => {
        const pressed = filter.includes(entity.name);
        const count = counts?.get(entity.name) ?? 0;
        return (
          <button
            key={entity.name}
            type="button"
            className={`chip grid-chip${pressed ? ' is-on' : ''}${filter.length && !pressed ? ' is-off' : ''}`}
            aria-pressed={pressed}
            data-testid={`grid.entityChip.${entity.name}`}
            title={pressed ? `Showing ${entity.name}: click to show all again` : `Show only ${entity.name}`}
            onClick={() => toggle(entity.name)}
          >
            <span className="chip-dot" style={{ background: entity.color }} />
            {entity.name}
            <span className="grid-chip-count">{count}</span>
          </button>
        );
      })}
      {filter.length > 0 && (
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          data-testid="grid.entityChip.clear"
          onClick={() => setEntityFilter([])}
        >
          Show all
        </button>
      )}
    </fieldset>
  );
}

/** A two-sided switch ("Values | Templates"): one button, so a click anywhere flips it. */
export function SegmentSwitch({
  left,
  right,
  on,
  onToggle,
  label,
  testId,
}: {
  left: string;
  right: string;
  on: boolean;
  onToggle: () => void;
  label: string;
  testId: string;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-label={label}
      className="grid-segment"
      data-testid={testId}
      title={label}
      onClick={onToggle}
    >
      <span className={on ? '' : 'is-on'}>{left}</span>
      <span className={on ? 'is-on' : ''}>{right}</span>
    </button>
  );
}

export function SearchBox({
  value,
  onChange,
  ref,
}: {
  value: string;
  onChange: (value: string) => void;
  ref: React.Ref<HTMLInputElement>;
}) {
  return (
    <div className="grid-search">
      <Icon name="pattern" size={13} className="grid-search-icon" />
      <input
        ref={ref}
        type="search"
        className="input"
        placeholder={`Search  ${shortcutLabel('Mod+F')}`}
        aria-label="Search items by any key or attribute value"
        data-testid="grid.search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && value) {
            event.preventDefault();
            onChange('');
          }
        }}
      />
    </div>
  );
}
