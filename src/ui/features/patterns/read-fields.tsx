// Read options: index, key condition (partition template, sort operator and values), order, limit and
// consistent read. Key names come from the chosen index's key schema, so a GSI query reads `GSI1PK =`.
import {
  isMultiAttribute,
  type KeySchema,
  keySchemaFor,
  TABLE_INDEX,
  tableKeySchema,
} from '../../../core/model/indexes.ts';
import { keyConditionParts } from '../../../core/model/key-conditions.ts';
import { type ReadPattern, SORT_OPERATORS, type SortOperator } from '../../../core/model/schema.ts';
import { useStore } from '../../../store/index.ts';
import { DraftInput } from './draft-input.tsx';
import type { PatternEdit } from './use-pattern-edit.ts';

interface ReadFieldsProps {
  pattern: ReadPattern;
  edit: PatternEdit;
}

export function ReadFields({ pattern, edit }: ReadFieldsProps) {
  const table = useStore((s) => s.design!.table);
  const design = useStore((s) => s.design!);
  const schema = keySchemaFor(design, pattern.operation === 'GetItem' ? undefined : pattern.index);
  const isGsi = schema?.kind === 'gsi';
  // A missing index keeps its key condition editable, named after the table's keys.
  const keys = schema ?? tableKeySchema(design);
  return (
    <div className="pe-section">
      {pattern.operation !== 'GetItem' && (
        <label className="pe-row">
          <span className="pe-label">Index</span>
          <select
            className="select"
            data-testid="pattern.index"
            value={pattern.index ?? TABLE_INDEX}
            onChange={(event) => {
              const index = event.target.value === TABLE_INDEX ? undefined : event.target.value;
              const gsi = table.globalSecondaryIndexes.some((g) => g.name === index);
              edit({ index, consistentRead: gsi ? undefined : pattern.consistentRead });
            }}
          >
            <option value={TABLE_INDEX}>Table · {table.name}</option>
            {table.globalSecondaryIndexes.map((gsi) => (
              <option key={gsi.name} value={gsi.name}>
                GSI · {gsi.name}
              </option>
            ))}
            {table.localSecondaryIndexes.map((lsi) => (
              <option key={lsi.name} value={lsi.name}>
                LSI · {lsi.name}
              </option>
            ))}
            {pattern.index && !schema && <option value={pattern.index}>{pattern.index} (missing)</option>}
          </select>
        </label>
      )}
      {pattern.operation === 'Query' && isMultiAttribute(keys) && (
        <MultiKeyConditionFields pattern={pattern} edit={edit} schema={keys} />
      )}
      {pattern.operation !== 'Scan' && !(pattern.operation === 'Query' && isMultiAttribute(keys)) && (
        <KeyConditionFields
          pattern={pattern}
          edit={edit}
          partitionName={keys.partitionKey.name}
          sortName={keys.sortKey?.name}
        />
      )}
      {pattern.operation !== 'GetItem' && (
        <div className="pe-options">
          {pattern.operation === 'Query' && (
            <label className="pe-check">
              <input
                type="checkbox"
                data-testid="pattern.descending"
                checked={pattern.scanIndexForward === false}
                onChange={(event) => edit({ scanIndexForward: event.target.checked ? false : undefined })}
              />
              Sort descending
            </label>
          )}
          <div className="pe-inline">
            <label htmlFor="pe-limit">Limit</label>
            <DraftInput
              id="pe-limit"
              className="pe-limit"
              testId="pattern.limit"
              inputMode="numeric"
              placeholder="none"
              aria-label="Limit"
              value={pattern.limit === undefined ? '' : String(pattern.limit)}
              onCommit={(text) => {
                const limit = text.trim() === '' ? undefined : Number(text);
                if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1))
                  return 'a whole number ≥ 1';
                return edit({ limit });
              }}
            />
          </div>
        </div>
      )}
      <label
        className="pe-check"
        title={isGsi ? 'Global secondary indexes are eventually consistent' : undefined}
      >
        <input
          type="checkbox"
          data-testid="pattern.consistentRead"
          disabled={isGsi}
          checked={pattern.consistentRead === true}
          onChange={(event) => edit({ consistentRead: event.target.checked || undefined })}
        />
        Consistent read
        {isGsi && <span className="field-hint">GSI reads are eventually consistent</span>}
      </label>
    </div>
  );
}

interface KeyConditionProps {
  pattern: Extract<ReadPattern, { operation: 'GetItem' | 'Query' }>;
  edit: PatternEdit;
  partitionName: string;
  sortName?: string;
}

function KeyConditionFields({ pattern, edit, partitionName, sortName }: KeyConditionProps) {
  const { keyCondition } = pattern;
  const sort = keyCondition.sort;
  const isGet = pattern.operation === 'GetItem';
  const setSort = (next: typeof sort) =>
    edit({ keyCondition: next ? { ...keyCondition, sort: next } : { partition: keyCondition.partition } });
  // A GetItem takes only "=": the picker offers it (beside what a hand-edited design holds, so the field
  // tells the truth), and the value field is always there to complete the key.
  const operators: readonly SortOperator[] = isGet
    ? sort && sort.op !== '='
      ? ['=', sort.op]
      : ['=']
    : SORT_OPERATORS;
  const shownSort = sort ?? (isGet ? { op: '=' as const, value: '' } : undefined);
  return (
    <fieldset className="pe-keys">
      <legend className="pe-legend">Key condition</legend>
      <div className="pe-key-row">
        <span className="pe-key mono" title={`${partitionName}: partition key`}>
          {partitionName} <span className="pe-eq">=</span>
        </span>
        <DraftInput
          mono
          className="pe-span"
          testId="pattern.partition"
          aria-label={`${partitionName} template`}
          placeholder="PREFIX#{argument}"
          value={keyCondition.partition ?? ''}
          onCommit={(partition) => edit({ keyCondition: { ...keyCondition, partition } })}
        />
      </div>
      {sortName && (
        <div className="pe-key-row">
          <span className="pe-key mono" title={`${sortName}: sort key`}>
            {sortName}
          </span>
          <select
            className="select mono pe-sort-op"
            data-testid="pattern.sortOp"
            aria-label={`${sortName} operator`}
            value={sort?.op ?? ''}
            disabled={isGet && sort?.op === '='}
            onChange={(event) => {
              const op = event.target.value as SortOperator | '';
              if (op === '') return setSort(undefined);
              const value = sort?.value ?? '';
              setSort(op === 'between' ? { op, value, to: sort?.to ?? '' } : { op, value });
            }}
          >
            {(!isGet || !sort) && (
              <option value="" disabled={isGet}>
                {isGet ? 'missing' : 'any'}
              </option>
            )}
            {operators.map((op) => (
              <option key={op} value={op}>
                {op}
              </option>
            ))}
          </select>
          {shownSort && (
            <DraftInput
              mono
              testId="pattern.sortValue"
              aria-label={`${sortName} value`}
              placeholder={shownSort.op === 'begins_with' ? 'PREFIX#' : 'value or {argument}'}
              value={shownSort.value}
              onCommit={(value) => setSort(isGet ? { op: '=', value } : { ...shownSort, value })}
            />
          )}
        </div>
      )}
      {sort?.op === 'between' && (
        <div className="pe-key-row">
          <span className="pe-key" />
          <span className="pe-op mono">and</span>
          <DraftInput
            mono
            testId="pattern.sortTo"
            aria-label={`${sortName} upper bound (inclusive)`}
            title="between is inclusive at both ends"
            value={sort.to ?? ''}
            onCommit={(to) => setSort({ ...sort, to })}
          />
        </div>
      )}
    </fieldset>
  );
}

/**
 * A Query of a multi-attribute key: a template per partition attribute ("="), then the sort attributes in
 * order, each with an operator; the conditions kept are those up to the first sort attribute left at "any".
 */
function MultiKeyConditionFields({
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
