// The table (name, key schema, billing) and its secondary indexes with how many items each holds.
import { gsiKeyAttributes, TABLE_INDEX } from '../../../core/model/indexes.ts';
import { addGsi } from '../../../core/model/ops/index.ts';
import type { KeyAttribute } from '../../../core/model/schema.ts';
import { useDeferredViews } from '../../../store/derived.ts';
import { useStore } from '../../../store/index.ts';
import { Icon } from '../../components/icon.tsx';
import { commitOrToast } from '../shell/actions.ts';
import { ListRow } from './list-row.tsx';

const key = (k: KeyAttribute | undefined) => (k ? `${k.name} (${k.type})` : null);

export function TableSection() {
  const table = useStore((s) => s.design!.table);
  const selection = useStore((s) => s.selection);
  const select = useStore((s) => s.select);
  const setActiveView = useStore((s) => s.setActiveView);
  const setMainTab = useStore((s) => s.setMainTab);
  const views = useDeferredViews();
  const total = views?.get(TABLE_INDEX)?.itemCount ?? 0;
  const billing =
    table.billing.mode === 'PAY_PER_REQUEST'
      ? 'On-demand'
      : `${table.billing.read} RCU · ${table.billing.write} WCU`;
  const indexes = [
    ...table.globalSecondaryIndexes.map((gsi) => ({ kind: 'GSI', ...gsi, keys: gsiKeyAttributes(gsi) })),
    ...table.localSecondaryIndexes.map((lsi) => ({
      kind: 'LSI',
      ...lsi,
      keys: { partitionKeys: [table.partitionKey], sortKeys: [lsi.sortKey] },
    })),
  ];
  const addIndex = () => {
    if (!commitOrToast((d) => addGsi(d))) return;
    const gsis = useStore.getState().design!.table.globalSecondaryIndexes;
    const name = gsis[gsis.length - 1].name;
    select({ kind: 'index', name });
  };
  return (
    <>
      <div className="section-title">
        <h2 className="section-heading">Table</h2>
      </div>
      <div className="side-list" role="listbox" aria-label="Table">
        <ListRow
          id="table"
          index={0}
          count={1}
          label={`Table ${table.name}`}
          testId="sidebar.table"
          selected={selection?.kind === 'table'}
          onSelect={() => {
            select({ kind: 'table' });
            setActiveView(TABLE_INDEX);
            setMainTab('designer');
          }}
          className="side-row-2"
        >
          <span className="side-line">
            <Icon name="table" className="side-icon" />
            <span className="side-name">{table.name}</span>
            <span className="side-count" title="Items in the table">
              {total}
            </span>
          </span>
          <span className="side-sub mono">
            {[key(table.partitionKey), key(table.sortKey)].filter(Boolean).join(' · ')}
            <span className="side-sub-muted"> · {billing}</span>
          </span>
        </ListRow>
      </div>
      <div className="section-title">
        <h2 className="section-heading">Indexes</h2>
        <button
          type="button"
          className="btn btn-ghost btn-icon btn-sm"
          title="Add a global secondary index"
          aria-label="Add a global secondary index"
          data-testid="sidebar.addIndex"
          onClick={addIndex}
        >
          <Icon name="plus" />
        </button>
      </div>
      {/* An empty listbox is an ARIA error (a listbox needs options): without indexes, a plain note. */}
      {indexes.length === 0 && (
        <div className="side-list">
          <div className="side-empty">
            No secondary indexes. A GSI serves the access patterns the table's keys cannot.
          </div>
        </div>
      )}
      <div
        className="side-list"
        role="listbox"
        aria-label="Indexes"
        style={indexes.length === 0 ? { display: 'none' } : undefined}
      >
        {indexes.map((index, i) => {
          const view = views?.get(index.name);
          const count = view?.itemCount ?? 0;
          return (
            <ListRow
              key={index.name}
              id={index.name}
              index={i}
              count={indexes.length}
              label={`${index.kind} ${index.name}`}
              testId={`sidebar.index.${index.name}`}
              selected={selection?.kind === 'index' && selection.name === index.name}
              onSelect={() => {
                select({ kind: 'index', name: index.name });
                setActiveView(index.name);
                setMainTab('designer');
              }}
              className="side-row-2"
              title={`${count} of ${total} items are in ${index.name}`}
            >
              <span className="side-line">
                <Icon name="index" className="side-icon" />
                <span className="side-name">{index.name}</span>
                <span className="badge">{index.kind}</span>
                <span className={`side-count${count < total ? ' is-sparse' : ''}`}>
                  {count}/{total}
                </span>
              </span>
              <span className="side-sub mono">
                {/* A multi-attribute key reads as its attributes joined by +: region+tier · round+score */}
                {[index.keys.partitionKeys, index.keys.sortKeys]
                  .filter((keys) => keys.length > 0)
                  .map((keys) => keys.map((key) => key.name).join('+'))
                  .join(' · ')}
                <span className="side-sub-muted">
                  {' · '}
                  {index.projection.type === 'INCLUDE'
                    ? `INCLUDE ${index.projection.attributes?.length ?? 0}`
                    : index.projection.type}
                </span>
              </span>
            </ListRow>
          );
        })}
      </div>
    </>
  );
}
