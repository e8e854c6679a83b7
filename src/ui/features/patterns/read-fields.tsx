// Read options: index, key condition (partition template, sort operator and values), order, limit and
// consistent read. Key names come from the chosen index's key schema, so a GSI query reads `GSI1PK =`.
import { isMultiAttribute, keySchemaFor, TABLE_INDEX, tableKeySchema } from '../../../core/model/indexes.ts';
import type { ReadPattern } from '../../../core/model/schema.ts';
import { useStore } from '../../../store/index.ts';
import { DraftInput } from './draft-input.tsx';
import { KeyConditionFields } from './key-condition-fields.tsx';
import { MultiKeyConditionFields } from './multi-key-condition-fields.tsx';
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
