// One sample value, edited with an input that fits its type: numbers parse as numbers, booleans are a
// checkbox (indeterminate = absent), enums a select, lists/maps/sets JSON. Empty means "no such attribute".
import { useEffect, useRef, useState } from 'react';
import type { Attribute, JsonValue } from '../../../core/model/schema.ts';
import { numberFromText, parseExactJson, stringifyExactJson } from '../../../core/values/exact-json.ts';

type Parsed = { ok: true; value: JsonValue | undefined } | { ok: false; message: string };

const JSON_TYPES = new Set(['L', 'M', 'SS', 'NS', 'BS']);
/** A decimal number as JSON and DynamoDB write one: `42`, `-1.5`, `.5`, `1E-130`. */
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

export function parseSampleText(text: string, type: Attribute['type']): Parsed {
  if (text.trim() === '') return { ok: true, value: undefined };
  if (type === 'N') {
    // Every digit kept: a DynamoDB number has up to 38 significant digits, a double 15–17.
    const trimmed = text.trim();
    return NUMBER.test(trimmed)
      ? { ok: true, value: numberFromText(trimmed) }
      : { ok: false, message: 'not a number' };
  }
  if (JSON_TYPES.has(type)) {
    try {
      return { ok: true, value: parseExactJson(text) as JsonValue };
    } catch {
      return { ok: false, message: `not JSON (${type === 'M' ? '{"a": 1}' : '["a", "b"]'})` };
    }
  }
  return { ok: true, value: text };
}

function display(value: JsonValue | undefined, type: Attribute['type']): string {
  if (value === undefined || value === null) return '';
  if (JSON_TYPES.has(type) || typeof value === 'object') return stringifyExactJson(value);
  return String(value);
}

interface SampleCellProps {
  attribute: Attribute;
  value: JsonValue | undefined;
  problem?: string;
  testId: string;
  onChange: (value: JsonValue | undefined) => void;
}

function BoolCell({ value, testId, onChange, attribute }: SampleCellProps) {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = value === undefined || value === null;
  }, [value]);
  return (
    <input
      ref={box}
      type="checkbox"
      className="sample-bool"
      aria-label={`${attribute.name}: ${value === undefined ? 'absent' : String(value)}`}
      title="Click: absent → true → false → absent"
      checked={value === true}
      data-testid={testId}
      onChange={() =>
        onChange(value === undefined || value === null ? true : value === true ? false : undefined)
      }
    />
  );
}

export function SampleCell(props: SampleCellProps) {
  const { attribute, value, problem, testId, onChange } = props;
  const [draft, setDraft] = useState(display(value, attribute.type));
  const [error, setError] = useState<string | null>(null);
  const focused = useRef(false);
  useEffect(() => {
    if (!focused.current) {
      setDraft(display(value, attribute.type));
      setError(null);
    }
  }, [value, attribute.type]);

  if (attribute.type === 'BOOL') return <BoolCell {...props} />;
  if (attribute.type === 'NULL')
    return (
      <input
        type="checkbox"
        className="sample-bool"
        aria-label={`${attribute.name} is NULL`}
        checked={value === null}
        data-testid={testId}
        onChange={(event) => onChange(event.target.checked ? null : undefined)}
      />
    );
  if (attribute.enum) {
    return (
      <select
        className="select sample-input"
        aria-label={attribute.name}
        aria-invalid={problem ? true : undefined}
        title={problem}
        data-testid={testId}
        value={value === undefined || value === null ? '' : String(value)}
        onChange={(event) => {
          const text = event.target.value;
          onChange(text === '' ? undefined : attribute.type === 'N' ? Number(text) : text);
        }}
      >
        <option value="">—</option>
        {attribute.enum.map((option) => (
          <option key={String(option)} value={String(option)}>
            {String(option)}
          </option>
        ))}
      </select>
    );
  }
  const json = JSON_TYPES.has(attribute.type);
  const shown = error ?? problem;
  return (
    <input
      className={`input sample-input${attribute.type === 'N' ? ' is-number' : ''}${json ? ' mono' : ''}`}
      value={draft}
      inputMode={attribute.type === 'N' ? 'decimal' : undefined}
      aria-label={attribute.name}
      aria-invalid={shown ? true : undefined}
      title={shown ?? (draft || 'absent')}
      placeholder="—"
      spellCheck={false}
      data-testid={testId}
      onFocus={() => {
        focused.current = true;
      }}
      onChange={(event) => {
        const text = event.target.value;
        setDraft(text);
        // Lists and maps are committed on blur: half-typed JSON is not a value yet.
        if (json) return;
        const parsed = parseSampleText(text, attribute.type);
        setError(parsed.ok ? null : parsed.message);
        if (parsed.ok) onChange(parsed.value);
      }}
      onBlur={() => {
        focused.current = false;
        if (!json) return;
        const parsed = parseSampleText(draft, attribute.type);
        setError(parsed.ok ? null : parsed.message);
        if (parsed.ok) onChange(parsed.value);
      }}
    />
  );
}
