// TransactWriteItems: an ordered list of actions (↑/↓ reorder, delete, add); TransactGetItems and
// BatchGetItem: the list of gets, each by its entity's own table key or a key of its own.
import type { AccessPattern, GetAction, WriteAction } from '../../../core/model/schema.ts';
import { useStore } from '../../../store/index.ts';
import { DraftInput } from './draft-input.tsx';
import { ListControls, moveItem } from './list-controls.tsx';
import type { PatternEdit } from './use-pattern-edit.ts';
import { WriteBody } from './write-fields.tsx';

const ACTION_OPERATIONS = ['PutItem', 'UpdateItem', 'DeleteItem', 'ConditionCheck'] as const;
const MAX_TRANSACTION = 100;

function clean<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

interface ActionsProps {
  pattern: Extract<AccessPattern, { operation: 'TransactWriteItems' }>;
  edit: PatternEdit;
}

export function TransactionActions({ pattern, edit }: ActionsProps) {
  const firstEntity = useStore((s) => s.design!.entities[0]?.name);
  const { actions } = pattern;
  const setActions = (next: WriteAction[]) => edit({ actions: next });
  return (
    <div className="pe-section">
      <div className="pe-legend">Actions · all succeed or none</div>
      <ol className="pe-list">
        {actions.map((action, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: actions and gets have no identity but their position.
          <li className="pe-card" key={i} data-testid={`pattern.action.${i}`}>
            <div className="pe-card-head">
              <span className="pe-index">{i + 1}</span>
              <select
                className="select"
                aria-label={`Action ${i + 1} operation`}
                data-testid={`pattern.action.${i}.operation`}
                value={action.operation}
                onChange={(event) => {
                  const operation = event.target.value as WriteAction['operation'];
                  const keep = operation === 'UpdateItem' ? {} : { set: undefined, remove: undefined };
                  setActions(actions.map((a, j) => (j === i ? clean({ ...a, operation, ...keep }) : a)));
                }}
              >
                {ACTION_OPERATIONS.map((op) => (
                  <option key={op} value={op}>
                    {op}
                  </option>
                ))}
              </select>
              <ListControls
                index={i}
                count={actions.length}
                noun="action"
                onMove={(to) => setActions(moveItem(actions, i, to))}
                onRemove={() => setActions(actions.filter((_, j) => j !== i))}
              />
            </div>
            <WriteBody
              write={action}
              testPrefix={`pattern.action.${i}`}
              onChange={(changes) =>
                setActions(actions.map((a, j) => (j === i ? clean({ ...a, ...changes }) : a)))
              }
            />
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="btn btn-sm"
        data-testid="pattern.action.add"
        disabled={!firstEntity || actions.length >= MAX_TRANSACTION}
        onClick={() => firstEntity && setActions([...actions, { operation: 'PutItem', entity: firstEntity }])}
      >
        + Add action
      </button>
    </div>
  );
}

interface GetsProps {
  pattern: Extract<AccessPattern, { operation: 'TransactGetItems' | 'BatchGetItem' }>;
  edit: PatternEdit;
}

export function GetsList({ pattern, edit }: GetsProps) {
  const design = useStore((s) => s.design!);
  const { gets } = pattern;
  const firstEntity = design.entities[0]?.name;
  const max = pattern.operation === 'TransactGetItems' ? MAX_TRANSACTION : Number.POSITIVE_INFINITY;
  const setGets = (next: GetAction[]) => edit({ gets: next });
  const setGet = (i: number, get: GetAction) => setGets(gets.map((g, j) => (j === i ? clean(get) : g)));
  const { partitionKey, sortKey } = design.table;
  return (
    <div className="pe-section">
      <div className="pe-legend">Gets</div>
      <ol className="pe-list">
        {gets.map((get, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: actions and gets have no identity but their position.
          <li className="pe-card" key={i} data-testid={`pattern.get.${i}`}>
            <div className="pe-card-head">
              <span className="pe-index">{i + 1}</span>
              <select
                className="select"
                aria-label={`Get ${i + 1} entity`}
                data-testid={`pattern.get.${i}.entity`}
                value={get.entity}
                onChange={(event) => setGet(i, { ...get, entity: event.target.value })}
              >
                {!design.entities.some((e) => e.name === get.entity) && (
                  <option value={get.entity}>{get.entity} (missing)</option>
                )}
                {design.entities.map((e) => (
                  <option key={e.name} value={e.name}>
                    {e.name}
                  </option>
                ))}
              </select>
              <ListControls
                index={i}
                count={gets.length}
                noun="get"
                onMove={(to) => setGets(moveItem(gets, i, to))}
                onRemove={() => setGets(gets.filter((_, j) => j !== i))}
              />
            </div>
            <label className="pe-check">
              <input
                type="checkbox"
                checked={get.key !== undefined}
                onChange={(event) => {
                  const entity = design.entities.find((e) => e.name === get.entity);
                  const key = event.target.checked
                    ? clean({
                        partition: entity?.keys[partitionKey.name] ?? '',
                        sort: sortKey ? (entity?.keys[sortKey.name] ?? '') : undefined,
                      })
                    : undefined;
                  setGet(i, { ...get, key });
                }}
              />
              Own key <span className="field-hint">otherwise the entity's table key templates</span>
            </label>
            {get.key && (
              <>
                <div className="pe-key-row">
                  <span className="pe-key mono">{partitionKey.name}</span>
                  <span className="pe-op mono">=</span>
                  <DraftInput
                    mono
                    aria-label={`Get ${i + 1} ${partitionKey.name}`}
                    value={get.key.partition}
                    onCommit={(partition) => setGet(i, { ...get, key: { ...get.key!, partition } })}
                  />
                </div>
                {sortKey && (
                  <div className="pe-key-row">
                    <span className="pe-key mono">{sortKey.name}</span>
                    <span className="pe-op mono">=</span>
                    <DraftInput
                      mono
                      aria-label={`Get ${i + 1} ${sortKey.name}`}
                      value={get.key.sort ?? ''}
                      onCommit={(sort) => setGet(i, { ...get, key: { ...get.key!, sort } })}
                    />
                  </div>
                )}
              </>
            )}
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="btn btn-sm"
        data-testid="pattern.get.add"
        disabled={!firstEntity || gets.length >= max}
        onClick={() => firstEntity && setGets([...gets, { entity: firstEntity }])}
      >
        + Add get
      </button>
    </div>
  );
}
