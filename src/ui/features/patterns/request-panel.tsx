// What the pattern sends and what it finds, live: the key condition with its arguments filled in, the
// in-memory answer, and the full generated request (low-level or DocumentClient form) read-only in Monaco.

import { keySchemaFor } from '../../../core/model/indexes.ts';
import type { AccessPattern, JsonValue } from '../../../core/model/schema.ts';
import { stringifyExactJson } from '../../../core/values/exact-json.ts';
import { useStore } from '../../../store/index.ts';
import type { PatternPreview } from '../../../store/pattern-preview.ts';
import { CodeView } from './code-view.tsx';
import { inlineExpression, keyConditionTemplate } from './expression-text.ts';
import { type BuiltOrError, type RequestForm, requestText } from './request-text.ts';

function KeyConditionPreview({ pattern, built }: { pattern: AccessPattern; built: BuiltOrError }) {
  const design = useStore((s) => s.design!);
  let text: string;
  let resolved = false;
  const doc = built.request?.documentInput as Record<string, unknown> | undefined;
  const names = doc?.ExpressionAttributeNames as Record<string, string> | undefined;
  const values = doc?.ExpressionAttributeValues as Record<string, JsonValue> | undefined;
  if (pattern.operation === 'Scan') text = `Scan ${pattern.index ?? design.table.name}: no key condition`;
  else if (pattern.operation === 'Query' && typeof doc?.KeyConditionExpression === 'string') {
    text = inlineExpression(doc.KeyConditionExpression, names, values);
    resolved = true;
  } else if (pattern.operation === 'GetItem' && doc?.Key) {
    text = Object.entries(doc.Key as Record<string, JsonValue>)
      .map(([name, value]) => `${name} = ${stringifyExactJson(value)}`)
      .join(' AND ');
    resolved = true;
  } else if (pattern.operation === 'Query' || pattern.operation === 'GetItem') {
    const schema = keySchemaFor(design, pattern.operation === 'Query' ? pattern.index : undefined);
    text = schema
      ? keyConditionTemplate(pattern.keyCondition, schema.partitionKey.name, schema.sortKey?.name)
      : `${pattern.index}: no such index`;
  } else return null;
  const filter =
    typeof doc?.FilterExpression === 'string' ? inlineExpression(doc.FilterExpression, names, values) : null;
  return (
    <div className="pe-expression">
      <div className="pe-expression-label">
        {pattern.operation === 'GetItem' ? 'Key' : 'KeyConditionExpression'}
      </div>
      <code className="mono" data-testid="pattern.keyConditionPreview" data-resolved={resolved}>
        {text}
      </code>
      {filter && (
        <>
          <div className="pe-expression-label">FilterExpression</div>
          <code className="mono">{filter}</code>
        </>
      )}
    </div>
  );
}

function InMemoryLine({ preview }: { preview: PatternPreview | null }) {
  const result = preview?.result;
  if (!result) return null;
  const filtered = preview.filtered.size;
  return (
    <p className="pe-in-memory" data-testid="pattern.inMemory">
      In memory: <strong>{result.count}</strong> {result.count === 1 ? 'item' : 'items'} · ScannedCount{' '}
      {result.scannedCount}
      {filtered > 0 && ` · ${filtered} filtered out`}
      {result.lastEvaluatedKey && ' · more pages'}
    </p>
  );
}

interface Props {
  pattern: AccessPattern;
  built: BuiltOrError;
  preview: PatternPreview | null;
  form: RequestForm;
  onFormChange: (form: RequestForm) => void;
}

export function RequestPanel({ pattern, built, preview, form, onFormChange: setForm }: Props) {
  const text = requestText(built, form);
  const lines = text.split('\n').length;
  return (
    <section className="pe-section" aria-labelledby="pe-request">
      <KeyConditionPreview pattern={pattern} built={built} />
      <InMemoryLine preview={preview} />
      <div className="pe-request-head">
        <h3 className="pe-legend" id="pe-request">
          Request
        </h3>
        <fieldset className="pe-segmented" aria-label="Request form">
          {(['low-level', 'document'] as const).map((f) => (
            <button
              key={f}
              type="button"
              className="btn btn-sm"
              aria-pressed={form === f}
              onClick={() => setForm(f)}
              title={f === 'low-level' ? '@aws-sdk/client-dynamodb, the HTTP API' : '@aws-sdk/lib-dynamodb'}
            >
              {f === 'low-level' ? 'DynamoDB JSON' : 'Document'}
            </button>
          ))}
        </fieldset>
      </div>
      {built.error ? (
        <p className="field-error pe-request-error" data-testid="pattern.requestError" role="alert">
          {built.error}
        </p>
      ) : (
        <CodeView
          value={text}
          label={`${pattern.operation} request`}
          testId="pattern.request"
          height={Math.min(360, Math.max(80, lines * 18 + 12))}
        />
      )}
    </section>
  );
}
