// What a key template makes of one sample, explained: the key, or why the item has no such key (a missing
// value makes it sparse), or the template's syntax error.
import type { JsonValue } from '../values/json-value.ts';
import { formatPlaceholderValue, parseTemplate, TemplateSyntaxError } from './template.ts';

export type KeyPreview =
  | { kind: 'value'; text: string }
  | { kind: 'missing'; names: string[] }
  | { kind: 'error'; message: string };

export function previewKey(template: string, values: Record<string, JsonValue | undefined>): KeyPreview {
  let parts: ReturnType<typeof parseTemplate>;
  try {
    parts = parseTemplate(template);
  } catch (error) {
    if (error instanceof TemplateSyntaxError) return { kind: 'error', message: error.message };
    throw error;
  }
  if (template === '') return { kind: 'error', message: 'empty template' };
  let text = '';
  const missing: string[] = [];
  for (const part of parts) {
    if (part.kind === 'literal') {
      text += part.text;
      continue;
    }
    const value = formatPlaceholderValue(values[part.name], part.width);
    if (value === undefined) {
      if (!missing.includes(part.name)) missing.push(part.name);
    } else text += value;
  }
  return missing.length > 0 ? { kind: 'missing', names: missing } : { kind: 'value', text };
}

/**
 * The placeholder being typed at the caret: `ORDER#{cre|` → `{ start: 7, query: 'cre' }` (start is the
 * index of the `{`). Undefined when the caret is not inside an open placeholder.
 */
export function openPlaceholderAt(
  template: string,
  caret: number,
): { start: number; query: string } | undefined {
  const before = template.slice(0, caret);
  const start = before.lastIndexOf('{');
  if (start < 0 || before.indexOf('}', start) >= 0) return undefined;
  const query = before.slice(start + 1);
  if (!/^[A-Za-z0-9_.-]*$/.test(query)) return undefined;
  return { start, query };
}

/** Completes the open placeholder with `name`, closing it unless a `}` already follows; returns text and caret. */
export function completePlaceholder(
  template: string,
  caret: number,
  name: string,
): { text: string; caret: number } | undefined {
  const open = openPlaceholderAt(template, caret);
  if (!open) return undefined;
  const after = template.slice(caret);
  const closeAhead = /^[A-Za-z0-9_.-]*(:\d{1,2})?\}/.exec(after);
  const rest = closeAhead ? after.slice(closeAhead[0].length) : after;
  const suffix = closeAhead?.[1] ?? '';
  const text = `${template.slice(0, open.start)}{${name}${suffix}}${rest}`;
  return { text, caret: open.start + name.length + suffix.length + 2 };
}
