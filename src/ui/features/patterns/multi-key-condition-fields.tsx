// The key condition of a Query on a multi-attribute key (GSIs keyed on up to four attributes a side): a
// template per partition attribute, then the sort attributes in order, each with its operator.
import type { KeySchema } from '../../../core/model/indexes.ts';
import { keyConditionParts } from '../../../core/model/key-conditions.ts';
import { type ReadPattern, SORT_OPERATORS, type SortOperator } from '../../../core/model/pattern-schema.ts';
import { DraftInput } from './draft-input.tsx';
import type { PatternEdit } from './use-pattern-edit.ts';

/**
 * A Query of a multi-attribute key: a template per partition attribute ("="), then the sort attributes in
 * order, each with an operator; the conditions kept are those up to the first sort attribute left at "any".
 */
export function MultiKeyConditionFields({
  pattern,
  edit,
  schema,
}: {
  pattern: Extract<ReadPattern, { operation: 'Query' }>;
  edit: PatternEdit;
  schema: KeySchema;
}) {
  const { keyCondition } = pattern;
  const parts = keyConditionParts(schema, keyCondition);
  const partitionKeys = Object.fromEntries(parts.partition.map((p) => [p.attribute.name, p.template]));
  const sortKeys = parts.sort.map(({ attribute, ...rest }) => ({ ...rest, attribute: attribute.name }));
  const write = (next: { partitionKeys?: Record<string, string>; sortKeys?: typeof sortKeys }) =>
    edit({
      keyCondition: {
        partitionKeys: next.partitionKeys ?? partitionKeys,
        ...((next.sortKeys ?? sortKeys).length > 0 ? { sortKeys: next.sortKeys ?? sortKeys } : {}),
      },
    });
  return (
    <fieldset className="pe-keys">
      <legend className="pe-legend">Key condition (multi-attribute key)</legend>
      {schema.partitionKeys.map((key) => (
        <div className="pe-key-row" key={key.name}>
          <span className="pe-key mono" title={`${key.name}: partition attribute`}>
            {key.name} <span className="pe-eq">=</span>
          </span>
          <DraftInput
            mono
            className="pe-span"
            testId={`pattern.partition.${key.name}`}
            aria-label={`${key.name} template`}
            placeholder="{argument}"
            value={partitionKeys[key.name] ?? ''}
            onCommit={(template) => write({ partitionKeys: { ...partitionKeys, [key.name]: template } })}
          />
        </div>
      ))}
      {schema.sortKeys.map((key, j) => {
        // Sort attributes are given left to right: a row is open once the one before it is "=".
        if (j > sortKeys.length || (j > 0 && sortKeys[j - 1]?.op !== '=')) return null;
        const given = sortKeys[j];
        const set = (next: (typeof sortKeys)[number] | undefined) =>
          write({ sortKeys: next ? [...sortKeys.slice(0, j), next] : sortKeys.slice(0, j) });
        return (
          <div className="pe-key-row" key={key.name}>
            <span className="pe-key mono" title={`${key.name}: sort attribute ${j + 1}`}>
              {key.name}
            </span>
            <select
              className="select mono pe-sort-op"
              data-testid={`pattern.sortOp.${key.name}`}
              aria-label={`${key.name} operator`}
              value={given?.op ?? ''}
              onChange={(event) => {
                const op = event.target.value as SortOperator | '';
                if (op === '') return set(undefined);
                const value = given?.value ?? '';
                set(
                  op === 'between'
                    ? { attribute: key.name, op, value, to: given?.to ?? '' }
                    : { attribute: key.name, op, value },
                );
              }}
            >
              <option value="">any</option>
              {SORT_OPERATORS.map((op) => (
                <option key={op} value={op}>
                  {op}
                </option>
              ))}
            </select>
            {given && (
              <DraftInput
                mono
                testId={`pattern.sortValue.${key.name}`}
                aria-label={`${key.name} value`}
                placeholder="value or {argument}"
                value={given.value}
                onCommit={(value) => set({ ...given, value })}
              />
            )}
            {given?.op === 'between' && (
              <DraftInput
                mono
                testId={`pattern.sortTo.${key.name}`}
                aria-label={`${key.name} upper bound (inclusive)`}
                value={given.to ?? ''}
                onCommit={(to) => set({ ...given, to })}
              />
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
