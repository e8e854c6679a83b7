// The key condition of a GetItem or a Query on a single-attribute key: the partition key's template, then
// the sort key's operator and value (and upper bound for between). A GetItem's sort key takes only "=".
import { type ReadPattern, SORT_OPERATORS, type SortOperator } from '../../../core/model/pattern-schema.ts';
import { DraftInput } from './draft-input.tsx';
import type { PatternEdit } from './use-pattern-edit.ts';

interface KeyConditionProps {
  pattern: Extract<ReadPattern, { operation: 'GetItem' | 'Query' }>;
  edit: PatternEdit;
  partitionName: string;
  sortName?: string;
}

export function KeyConditionFields({ pattern, edit, partitionName, sortName }: KeyConditionProps) {
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
