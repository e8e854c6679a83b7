// One secondary index: name, keys, projection, delete. Names and keys commit on blur/Enter.
import { useEffect, useRef } from 'react';
import { gsiKeyAttributes, TABLE_INDEX } from '../../../core/model/indexes.ts';
import { removeGsi, removeLsi, updateGsi, updateLsi } from '../../../core/model/ops/index.ts';
import type { Design } from '../../../core/model/schema.ts';
import {
  type GlobalSecondaryIndex,
  type KeyAttribute,
  type LocalSecondaryIndex,
  MAX_KEY_ATTRIBUTES,
} from '../../../core/model/table-schema.ts';
import { useProblems } from '../../../store/analysis.ts';
import { useDeferredViews } from '../../../store/derived.ts';
import { useStore } from '../../../store/index.ts';
import { CommitInput, problemAt } from '../../components/commit-input.tsx';
import { Icon } from '../../components/icon.tsx';
import { deleteWithUndo } from '../sidebar/entity-section.tsx';
import { KeyField } from './key-field.tsx';
import { ProjectionField } from './projection-field.tsx';

const commit = (update: (d: Design) => Design) => useStore.getState().commit(update);

/** After a rename, the selection and the grid's view follow the index. */
function followRename(from: string, to: string) {
  const { selection, activeView, select, setActiveView } = useStore.getState();
  if (selection?.kind === 'index' && selection.name === from) select({ kind: 'index', name: to });
  if (activeView === from) setActiveView(to);
}

function CardHead({
  name,
  kind,
  path,
  onDelete,
}: {
  name: string;
  kind: 'GSI' | 'LSI';
  path: string;
  onDelete: () => void;
}) {
  const views = useDeferredViews();
  const total = views?.get(TABLE_INDEX)?.itemCount ?? 0;
  const count = views?.get(name)?.itemCount ?? 0;
  return (
    <div className="index-card-head">
      <Icon name="index" className="side-icon" />
      <span className="index-card-title">{name}</span>
      <span className="badge">{kind}</span>
      <span className="index-card-count" title={`${count} of ${total} items are in ${name}`}>
        {count}/{total} items
      </span>
      <button
        type="button"
        className="btn btn-ghost btn-icon btn-sm index-card-delete"
        aria-label={`Delete ${name}`}
        title="Delete the index (Undo in the notice)"
        data-testid={`table.${path}.delete`}
        onClick={onDelete}
      >
        <Icon name="trash" size={12} />
      </button>
    </div>
  );
}

function useScrollIntoView(selected: boolean) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (selected) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [selected]);
  return ref;
}

export function GsiCard({ gsi, i, selected }: { gsi: GlobalSecondaryIndex; i: number; selected: boolean }) {
  const problems = useProblems();
  const path = `table.globalSecondaryIndexes[${i}]`;
  const ref = useScrollIntoView(selected);
  const update = (patch: Partial<GlobalSecondaryIndex>) => commit((d) => updateGsi(d, gsi.name, patch));
  return (
    <section
      ref={ref}
      className={`index-card${selected ? ' is-selected' : ''}`}
      aria-label={`Index ${gsi.name}`}
      data-testid={`table.gsi.${i}`}
    >
      <CardHead
        name={gsi.name}
        kind="GSI"
        path={`gsi.${i}`}
        onDelete={() => deleteWithUndo(gsi.name, (d) => removeGsi(d, gsi.name), selected)}
      />
      <div className="form-grid">
        <div className="form-row">
          <span className="form-label">Name</span>
          <div className="form-control">
            <CommitInput
              value={gsi.name}
              mono
              aria-label="Index name"
              testId={`table.gsi.${i}.name`}
              problem={problemAt(problems, `${path}.name`)}
              onCommit={(name) => {
                const ok = update({ name });
                if (ok) followRename(gsi.name, name);
                return ok;
              }}
            />
          </div>
        </div>
        <GsiKeyFields gsi={gsi} i={i} update={update} />
        <ProjectionField
          value={gsi.projection}
          testId={`table.gsi.${i}`}
          problem={problemAt(problems, `${path}.projection`)}
          onCommit={(projection) => update({ projection })}
        />
      </div>
    </section>
  );
}

/**
 * A GSI's keys: one attribute per role, or a multi-attribute key (up to 4 partition and 4 sort attributes,
 * in order). A role of one attribute is written as partitionKey/sortKey, of several as partitionKeys/sortKeys.
 */
function GsiKeyFields({
  gsi,
  i,
  update,
}: {
  gsi: GlobalSecondaryIndex;
  i: number;
  update: (patch: Partial<GlobalSecondaryIndex>) => boolean;
}) {
  const problems = useProblems();
  const path = `table.globalSecondaryIndexes[${i}]`;
  const { partitionKeys, sortKeys } = gsiKeyAttributes(gsi);
  const setPartition = (keys: KeyAttribute[]) =>
    update(keys.length > 1 ? { partitionKeys: keys } : { partitionKey: keys[0] });
  const setSort = (keys: KeyAttribute[]) =>
    update(
      keys.length > 1
        ? { sortKeys: keys }
        : keys.length === 1
          ? { sortKey: keys[0] }
          : { sortKey: undefined, sortKeys: undefined },
    );
  const field = (role: 'partition' | 'sort', keys: KeyAttribute[], j: number) => {
    const single = keys.length === 1;
    const at = single ? `${path}.${role}Key` : `${path}.${role}Keys[${j}]`;
    const set = role === 'partition' ? setPartition : setSort;
    const label = `${role === 'partition' ? 'Partition' : 'Sort'} key${single ? '' : ` ${j + 1}`}`;
    return (
      <KeyField
        key={`${role}${j}`}
        label={label}
        value={keys[j]}
        testId={`table.gsi.${i}.${role}Key${j === 0 ? '' : `.${j}`}`}
        problem={problemAt(problems, `${at}.name`) ?? problemAt(problems, at)}
        onCommit={(next) => set(keys.map((key, k) => (k === j ? next : key)))}
        onRemove={role === 'sort' || j > 0 ? () => void set(keys.filter((_, k) => k !== j)) : undefined}
      />
    );
  };
  const add = (role: 'partition' | 'sort', keys: KeyAttribute[]) =>
    keys.length < MAX_KEY_ATTRIBUTES && (
      <div className="form-row">
        <span className="form-label" />
        <div className="form-control">
          <button
            type="button"
            className="btn btn-sm"
            data-testid={`table.gsi.${i}.${role}Key.add`}
            title={`Add a ${role} attribute: a multi-attribute key holds up to 4 ${role} attributes`}
            onClick={() =>
              (role === 'partition' ? setPartition : setSort)([
                ...keys,
                { name: `${gsi.name}${role === 'partition' ? 'PK' : 'SK'}${keys.length + 1}`, type: 'S' },
              ])
            }
          >
            {role === 'sort' && keys.length === 0
              ? '+ Add a sort key'
              : `+ ${role === 'partition' ? 'Partition' : 'Sort'} attribute`}
          </button>
        </div>
      </div>
    );
  return (
    <>
      {partitionKeys.map((_, j) => field('partition', partitionKeys, j))}
      {add('partition', partitionKeys)}
      {sortKeys.map((_, j) => field('sort', sortKeys, j))}
      {add('sort', sortKeys)}
    </>
  );
}

export function LsiCard({ lsi, i, selected }: { lsi: LocalSecondaryIndex; i: number; selected: boolean }) {
  const problems = useProblems();
  const partitionKey = useStore((s) => s.design!.table.partitionKey);
  const path = `table.localSecondaryIndexes[${i}]`;
  const ref = useScrollIntoView(selected);
  const update = (patch: Partial<LocalSecondaryIndex>) => commit((d) => updateLsi(d, lsi.name, patch));
  return (
    <section
      ref={ref}
      className={`index-card${selected ? ' is-selected' : ''}`}
      aria-label={`Index ${lsi.name}`}
      data-testid={`table.lsi.${i}`}
    >
      <CardHead
        name={lsi.name}
        kind="LSI"
        path={`lsi.${i}`}
        onDelete={() => deleteWithUndo(lsi.name, (d) => removeLsi(d, lsi.name), selected)}
      />
      <div className="form-grid">
        <div className="form-row">
          <span className="form-label">Name</span>
          <div className="form-control">
            <CommitInput
              value={lsi.name}
              mono
              aria-label="Index name"
              testId={`table.lsi.${i}.name`}
              problem={problemAt(problems, `${path}.name`)}
              onCommit={(name) => {
                const ok = update({ name });
                if (ok) followRename(lsi.name, name);
                return ok;
              }}
            />
          </div>
        </div>
        <div className="form-row">
          <span className="form-label">Partition key</span>
          <div className="form-control form-static mono" title="An LSI shares the table's partition key">
            {partitionKey.name} ({partitionKey.type}) <span className="field-hint">· the table's</span>
          </div>
        </div>
        <KeyField
          label="Sort key"
          value={lsi.sortKey}
          testId={`table.lsi.${i}.sortKey`}
          problem={problemAt(problems, `${path}.sortKey`)}
          onCommit={(sortKey) => update({ sortKey })}
        />
        <ProjectionField
          value={lsi.projection}
          testId={`table.lsi.${i}`}
          problem={problemAt(problems, `${path}.projection`)}
          onCommit={(projection) => update({ projection })}
        />
      </div>
    </section>
  );
}
