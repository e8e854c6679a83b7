// The right panel when the table or an index is selected: table name, keys, billing, TTL, type attribute,
// and every GSI and LSI. Every change goes through the core's ops; problems show beside their field.
import { addGsi, addLsi, updateTable } from '../../../core/model/ops/index.ts';
import type { TablePatch } from '../../../core/model/ops/table.ts';
import type { Billing, Design } from '../../../core/model/schema.ts';
import { useProblems } from '../../../store/analysis.ts';
import { useStore } from '../../../store/index.ts';
import { CommitInput, problemAt } from '../../components/commit-input.tsx';
import { Icon } from '../../components/icon.tsx';
import { commitOrToast } from '../shell/actions.ts';
import { GsiCard, LsiCard } from './index-card.tsx';
import { KeyField, OptionalKeyField } from './key-field.tsx';
import './table.css';

const commit = (update: (d: Design) => Design) => useStore.getState().commit(update);
const patchTable = (patch: TablePatch) => commit((d) => updateTable(d, patch));

function CapacityInput({
  label,
  value,
  onCommit,
  testId,
}: {
  label: string;
  value: number;
  onCommit: (n: number) => boolean | string;
  testId: string;
}) {
  return (
    <div className="capacity">
      <CommitInput
        value={String(value)}
        type="number"
        min={1}
        step={1}
        aria-label={label}
        testId={testId}
        className="input capacity-input"
        onCommit={(text) => {
          const n = Number(text);
          if (!Number.isInteger(n) || n < 1) return `${label} must be a whole number of at least 1`;
          return onCommit(n);
        }}
      />
      <span className="field-hint">{label}</span>
    </div>
  );
}

function BillingField({ billing }: { billing: Billing }) {
  return (
    <div className="form-row">
      <span className="form-label">Billing</span>
      <div className="form-control">
        <select
          className="select"
          aria-label="Billing mode"
          data-testid="table.billing"
          value={billing.mode}
          onChange={(event) =>
            patchTable({
              billing:
                event.target.value === 'PROVISIONED'
                  ? { mode: 'PROVISIONED', read: 5, write: 5 }
                  : { mode: 'PAY_PER_REQUEST' },
            })
          }
        >
          <option value="PAY_PER_REQUEST">On-demand</option>
          <option value="PROVISIONED">Provisioned</option>
        </select>
        {billing.mode === 'PROVISIONED' && (
          <div className="capacity-row">
            <CapacityInput
              label="RCU"
              value={billing.read}
              testId="table.billing.read"
              onCommit={(read) => patchTable({ billing: { ...billing, read } })}
            />
            <CapacityInput
              label="WCU"
              value={billing.write}
              testId="table.billing.write"
              onCommit={(write) => patchTable({ billing: { ...billing, write } })}
            />
          </div>
        )}
      </div>
    </div>
  );
}

export function TableEditor() {
  const table = useStore((s) => s.design?.table);
  const selection = useStore((s) => s.selection);
  const problems = useProblems();
  if (!table) return null;
  const selectedIndex = selection?.kind === 'index' ? selection.name : null;
  return (
    <div className="editor" data-testid="table.editor">
      <header className="editor-head">
        <Icon name="table" />
        <h2 className="editor-title">{table.name}</h2>
        <span className="badge">Table</span>
      </header>
      <div className="editor-scroll">
        <section className="form-grid" aria-label="Table">
          <div className="form-row">
            <span className="form-label">Table name</span>
            <div className="form-control">
              <CommitInput
                value={table.name}
                mono
                aria-label="Table name"
                testId="table.name"
                problem={problemAt(problems, 'table.name')}
                onCommit={(name) => patchTable({ name })}
              />
            </div>
          </div>
          <KeyField
            label="Partition key"
            value={table.partitionKey}
            testId="table.partitionKey"
            problem={problemAt(problems, 'table.partitionKey')}
            onCommit={(partitionKey) => patchTable({ partitionKey })}
          />
          <OptionalKeyField
            label="Sort key"
            value={table.sortKey}
            defaultName="SK"
            testId="table.sortKey"
            problem={problemAt(problems, 'table.sortKey')}
            onCommit={(sortKey) => patchTable({ sortKey })}
          />
          <BillingField billing={table.billing} />
          <div className="form-row">
            <span className="form-label">TTL attribute</span>
            <div className="form-control">
              <CommitInput
                value={table.ttlAttribute ?? ''}
                mono
                placeholder="none"
                aria-label="TTL attribute"
                testId="table.ttl"
                problem={problemAt(problems, 'table.ttlAttribute')}
                onCommit={(text) => patchTable({ ttlAttribute: text.trim() || undefined })}
              />
            </div>
          </div>
          <div className="form-row">
            <span className="form-label">Type attribute</span>
            <div className="form-control">
              <CommitInput
                value={table.typeAttribute}
                mono
                aria-label="Type attribute"
                title="The attribute that names the entity on every item"
                testId="table.typeAttribute"
                problem={problemAt(problems, 'table.typeAttribute')}
                onCommit={(typeAttribute) => patchTable({ typeAttribute })}
              />
            </div>
          </div>
        </section>

        <div className="section-title editor-section">
          <span>Global secondary indexes</span>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            data-testid="table.addGsi"
            onClick={() => commitOrToast((d) => addGsi(d))}
          >
            <Icon name="plus" size={12} /> GSI
          </button>
        </div>
        {table.globalSecondaryIndexes.length === 0 && (
          <p className="editor-empty">
            No GSIs. Add one for each access pattern the table's keys cannot serve.
          </p>
        )}
        {table.globalSecondaryIndexes.map((gsi, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: keyed by position so a rename keeps the field focused
          <GsiCard key={i} gsi={gsi} i={i} selected={selectedIndex === gsi.name} />
        ))}

        <div className="section-title editor-section">
          <span>Local secondary indexes</span>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            data-testid="table.addLsi"
            disabled={!table.sortKey}
            title={table.sortKey ? 'Add a local secondary index' : 'An LSI needs a table with a sort key'}
            onClick={() => commitOrToast((d) => addLsi(d))}
          >
            <Icon name="plus" size={12} /> LSI
          </button>
        </div>
        {problemAt(problems, 'table.localSecondaryIndexes') && (
          <p className="field-error editor-empty">{problemAt(problems, 'table.localSecondaryIndexes')}</p>
        )}
        {table.localSecondaryIndexes.length === 0 && (
          <p className="editor-empty">
            No LSIs. They must be created with the table and share its partition key.
          </p>
        )}
        {table.localSecondaryIndexes.map((lsi, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: keyed by position so a rename keeps the field focused
          <LsiCard key={i} lsi={lsi} i={i} selected={selectedIndex === lsi.name} />
        ))}
      </div>
    </div>
  );
}
