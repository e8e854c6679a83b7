// Filter and projection (collapsed by default: most patterns have neither), and the entities a read returns.
import { useId } from 'react';
import {
  CONDITION_OPERATORS,
  type ConditionClause,
  type ConditionOperator,
  type ReadPattern,
} from '../../../core/model/pattern-schema.ts';
import { declaredTypes } from '../../../core/requests/typed-arguments.ts';
import { useStore } from '../../../store/index.ts';
import { entityColors } from '../../entity-colors.ts';
import { DraftInput } from './draft-input.tsx';
import type { PatternEdit } from './use-pattern-edit.ts';

interface Props {
  pattern: ReadPattern;
  edit: PatternEdit;
}

const NO_VALUE: ReadonlySet<ConditionOperator> = new Set(['exists', 'not_exists']);

function useAttributeNames(): string[] {
  const design = useStore((s) => s.design!);
  return [...declaredTypes(design).keys()];
}

export function FilterFields({ pattern, edit }: Props) {
  const filter = pattern.filter ?? [];
  const listId = useId();
  const names = useAttributeNames();
  const setFilter = (next: ConditionClause[]) => edit({ filter: next.length > 0 ? next : undefined });
  const setClause = (i: number, clause: ConditionClause) =>
    setFilter(filter.map((c, j) => (j === i ? clause : c)));
  return (
    <details className="pe-details" data-testid="pattern.filter">
      <summary>
        Filter{filter.length > 0 && <span className="badge">{filter.length}</span>}
        <span className="field-hint">applied after the read: filtered items still cost RCU</span>
      </summary>
      <datalist id={listId}>
        {names.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      {filter.map((clause, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: clauses have no identity but their position.
        <div className="pe-clause" key={i} data-testid={`pattern.filter.${i}`}>
          <DraftInput
            mono
            list={listId}
            aria-label={`Filter ${i + 1} attribute`}
            value={clause.attribute}
            onCommit={(attribute) => setClause(i, { ...clause, attribute })}
          />
          <select
            className="select mono"
            aria-label={`Filter ${i + 1} operator`}
            value={clause.op}
            onChange={(event) => {
              const op = event.target.value as ConditionOperator;
              const { value, to, ...rest } = clause;
              const next: ConditionClause = { ...rest, op };
              if (!NO_VALUE.has(op)) next.value = value ?? '';
              if (op === 'between') next.to = to ?? '';
              setClause(i, next);
            }}
          >
            {CONDITION_OPERATORS.map((op) => (
              <option key={op} value={op}>
                {op}
              </option>
            ))}
          </select>
          {!NO_VALUE.has(clause.op) && (
            <DraftInput
              mono
              aria-label={`Filter ${i + 1} value`}
              placeholder="value or {argument}"
              value={String(clause.value ?? '')}
              onCommit={(value) => setClause(i, { ...clause, value: keepNumber(clause.value, value) })}
            />
          )}
          {clause.op === 'between' && (
            <DraftInput
              mono
              aria-label={`Filter ${i + 1} upper bound`}
              value={String(clause.to ?? '')}
              onCommit={(to) => setClause(i, { ...clause, to: keepNumber(clause.to, to) as string | number })}
            />
          )}
          <button
            type="button"
            className="btn btn-ghost btn-icon btn-sm"
            aria-label={`Remove filter ${i + 1}`}
            onClick={() => setFilter(filter.filter((_, j) => j !== i))}
          >
            ×
          </button>
        </div>
      ))}
      <button
        type="button"
        className="btn btn-sm"
        data-testid="pattern.filter.add"
        onClick={() => setFilter([...filter, { attribute: names[0] ?? 'attribute', op: '=', value: '' }])}
      >
        + Add filter
      </button>
    </details>
  );
}

/** A clause value typed as a number stays a number while the text is one. */
function keepNumber(previous: unknown, text: string): string | number {
  return typeof previous === 'number' && text.trim() !== '' && Number.isFinite(Number(text))
    ? Number(text)
    : text;
}

export function ProjectionFields({ pattern, edit }: Props) {
  const projection = pattern.projection ?? [];
  const names = useAttributeNames();
  const available = names.filter((name) => !projection.includes(name));
  const setProjection = (next: string[]) => edit({ projection: next.length > 0 ? next : undefined });
  return (
    <details className="pe-details" data-testid="pattern.projection">
      <summary>
        Projection{projection.length > 0 && <span className="badge">{projection.length}</span>}
        <span className="field-hint">
          {projection.length > 0 ? 'only these attributes' : 'all attributes'}
        </span>
      </summary>
      <div className="pe-chips">
        {projection.map((name) => (
          <span className="chip mono" key={name}>
            {name}
            <button
              type="button"
              className="chip-remove"
              aria-label={`Remove ${name} from the projection`}
              onClick={() => setProjection(projection.filter((n) => n !== name))}
            >
              ×
            </button>
          </span>
        ))}
        <select
          className="select btn-sm"
          aria-label="Add an attribute to the projection"
          value=""
          onChange={(event) => event.target.value && setProjection([...projection, event.target.value])}
        >
          <option value="">+ attribute</option>
          {available.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
    </details>
  );
}

export function ReturnsField({ pattern, edit }: Props) {
  const entities = useStore((s) => s.design!.entities);
  const returns = pattern.returns ?? [];
  return (
    <div className="pe-section pe-returns">
      <span className="pe-label">Returns</span>
      <fieldset className="pe-chips" aria-label="Entities this pattern returns">
        {entities.map((entity, i) => {
          const on = returns.includes(entity.name);
          return (
            <button
              type="button"
              key={entity.name}
              className={`chip chip-toggle${on ? ' on' : ''}`}
              aria-pressed={on}
              data-testid={`pattern.returns.${entity.name}`}
              onClick={() => {
                const next = on ? returns.filter((n) => n !== entity.name) : [...returns, entity.name];
                edit({ returns: next.length > 0 ? next : undefined });
              }}
            >
              <span className="chip-dot" style={{ background: entityColors(entities)[i] }} />
              {entity.name}
            </button>
          );
        })}
      </fieldset>
    </div>
  );
}
