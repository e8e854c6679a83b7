// Writes: the entity written, its condition, and for an update the attributes it sets or removes. The same
// fields serve a single PutItem/UpdateItem/DeleteItem and each action of a transaction.
import { placeholders } from '../../../core/keys/template.ts';
import { primaryKeyNames } from '../../../core/model/indexes.ts';
import type { Design, Entity, WriteAction, WriteCondition } from '../../../core/model/schema.ts';
import { useStore } from '../../../store/index.ts';

/** What a write form edits: a single write pattern's fields, or one transaction action. */
export type WriteLike = Pick<WriteAction, 'entity' | 'condition' | 'set' | 'remove'> & {
  operation: WriteAction['operation'];
};

interface WriteBodyProps {
  write: WriteLike;
  onChange: (changes: Partial<WriteLike>) => void;
  /** Prefix of the test ids: `pattern` or `pattern.action.2`. */
  testPrefix: string;
}

const CONDITIONS = [
  { value: '', label: 'none' },
  { value: 'not-exists', label: 'item must not exist (create)' },
  { value: 'exists', label: 'item must exist (update)' },
] as const;

export function WriteBody({ write, onChange, testPrefix }: WriteBodyProps) {
  const design = useStore((s) => s.design!);
  const entities = design.entities;
  const entity = entities.find((e) => e.name === write.entity);
  const custom = Array.isArray(write.condition);
  return (
    <>
      <label className="pe-row">
        <span className="pe-label">Entity</span>
        <select
          className="select"
          data-testid={`${testPrefix}.entity`}
          value={write.entity}
          onChange={(event) => onChange({ entity: event.target.value, set: undefined, remove: undefined })}
        >
          {!entity && <option value={write.entity}>{write.entity} (missing)</option>}
          {entities.map((e) => (
            <option key={e.name} value={e.name}>
              {e.name}
            </option>
          ))}
        </select>
      </label>
      <label className="pe-row">
        <span className="pe-label">Condition</span>
        <select
          className="select"
          data-testid={`${testPrefix}.condition`}
          value={custom ? 'custom' : ((write.condition as string | undefined) ?? '')}
          onChange={(event) =>
            onChange({ condition: (event.target.value || undefined) as WriteCondition | undefined })
          }
        >
          {CONDITIONS.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
          {custom && (
            <option value="custom" disabled>
              {(write.condition as unknown[]).length} clauses (edit in JSON)
            </option>
          )}
        </select>
      </label>
      {write.operation === 'UpdateItem' && entity && (
        <AttributePicker
          attributes={entity.attributes.map((a) => a.name)}
          locked={tableKeyAttributes(design, entity)}
          set={write.set ?? []}
          remove={write.remove ?? []}
          onChange={onChange}
          testPrefix={testPrefix}
        />
      )}
    </>
  );
}

/** Attributes the table key is built from: an update cannot change them, the item's key would change. */
function tableKeyAttributes(design: Design, entity: Entity): Set<string> {
  const names = new Set<string>();
  for (const key of primaryKeyNames(design)) {
    try {
      for (const name of placeholders(entity.keys[key] ?? '')) names.add(name);
    } catch {
      // A template being typed: nothing to lock yet.
    }
  }
  return names;
}

interface PickerProps {
  attributes: string[];
  locked: Set<string>;
  set: string[];
  remove: string[];
  onChange: (changes: Partial<WriteLike>) => void;
  testPrefix: string;
}

/** One row of toggles per action: an attribute is set, removed, or left alone. */
function AttributePicker({ attributes, locked, set, remove, onChange, testPrefix }: PickerProps) {
  const orNone = (list: string[]) => (list.length > 0 ? list : undefined);
  const toggle = (which: 'set' | 'remove', name: string) => {
    const mine = which === 'set' ? set : remove;
    const other = which === 'set' ? remove : set;
    const nextMine = mine.includes(name) ? mine.filter((n) => n !== name) : [...mine, name];
    const nextOther = other.filter((n) => n !== name);
    onChange(
      which === 'set'
        ? { set: orNone(nextMine), remove: orNone(nextOther) }
        : { set: orNone(nextOther), remove: orNone(nextMine) },
    );
  };
  if (attributes.length === 0) return <p className="field-hint">The entity has no attributes to update.</p>;
  return (
    <>
      {(['set', 'remove'] as const).map((which) => (
        <div className="pe-row pe-row-top" key={which}>
          <span className="pe-label">{which === 'set' ? 'Set' : 'Remove'}</span>
          <fieldset className="pe-chips" aria-label={`Attributes the update ${which}s`}>
            {attributes.map((name) => {
              const on = (which === 'set' ? set : remove).includes(name);
              return (
                <button
                  type="button"
                  key={name}
                  className={`chip chip-toggle mono${on ? ' on' : ''}${which === 'remove' ? ' remove' : ''}`}
                  aria-pressed={on}
                  disabled={locked.has(name) && !on}
                  title={locked.has(name) ? 'Part of the table key: an update cannot change it' : undefined}
                  data-testid={`${testPrefix}.${which}.${name}`}
                  onClick={() => toggle(which, name)}
                >
                  {name}
                </button>
              );
            })}
          </fieldset>
        </div>
      ))}
    </>
  );
}
