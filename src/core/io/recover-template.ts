// A key template from the function a library computes a key with (a DynamoDB-Toolbox `link`, an ElectroDB
// `set` of a watched attribute): called with a marker for each attribute it may read, its result shows where
// each value goes (`USER#⟦1⟧` → `USER#{userId}`). Called again with ordinary values, the template must give
// what the function gives; a zero-padded number shows its width. A function that is not a template in
// disguise (it lower-cases, hashes, chooses) is reported as such, with what it returned.
import { AmbiguousKeyError, parseKey, parseTemplate, renderTemplate } from '../keys/template.ts';
import type { JsonValue } from '../model/schema.ts';

export type KeyFunction = (values: Record<string, unknown>) => unknown;

export type RecoveredTemplate = { ok: true; template: string } | { ok: false; reason: string };

const marker = (i: number) => `\u27e6${i}\u27e7`;
const numberMarker = (i: number) => 7_300_000_000 + i * 1_000_003;

function call(fn: KeyFunction, values: Record<string, unknown>): { value?: unknown; error?: string } {
  try {
    return { value: fn(values) };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

/**
 * The values of a key the function gave, to see their padding; undefined where touching placeholders
 * (`{a}{b}`) do not say where one ends, so that such a template is taken only as the function gives it.
 */
function readBack(template: string, key: string): Record<string, string> | undefined {
  try {
    return parseKey(template, key);
  } catch (error) {
    if (error instanceof AmbiguousKeyError) return undefined;
    throw error;
  }
}

/**
 * The template of `fn` over the attributes `names` (`numeric` ones get numbers), or why it has none.
 * `fn` receives one object holding every attribute value.
 */
export function recoverTemplate(
  fn: KeyFunction,
  names: readonly string[],
  numeric: ReadonlySet<string>,
): RecoveredTemplate {
  const markers = names.map((name, i) => (numeric.has(name) ? String(numberMarker(i)) : marker(i)));
  const values = Object.fromEntries(
    names.map((name, i) => [name, numeric.has(name) ? numberMarker(i) : marker(i)]),
  );
  const first = call(fn, values);
  if (first.error !== undefined)
    return { ok: false, reason: `it throws on placeholder values (${first.error})` };
  if (typeof first.value === 'number' && names.length > 0) {
    const i = markers.indexOf(String(first.value));
    if (i >= 0) return { ok: true, template: `{${names[i]}}` };
  }
  if (typeof first.value !== 'string')
    return {
      ok: false,
      reason: `it returns ${first.value === undefined ? 'nothing' : typeof first.value}, not text`,
    };
  let template = first.value;
  if (/[{}]/.test(template)) return { ok: false, reason: `its text holds "{" or "}" (${first.value})` };
  markers.forEach((text, i) => {
    template = template.split(text).join(`{${names[i]}}`);
  });
  if (/\u27e6|\u27e7/.test(template))
    return { ok: false, reason: `it changes the values it is given (${first.value})` };

  // Ordinary values: small numbers show padding; the template must give what the function gives.
  const check = (sample: Record<string, JsonValue>): string | undefined => {
    const got = call(fn, sample);
    if (got.error !== undefined) return `it throws on ${JSON.stringify(sample)} (${got.error})`;
    let rendered: string | undefined;
    try {
      rendered = renderTemplate(template, sample);
    } catch (error) {
      return (error as Error).message;
    }
    if (got.value === rendered || (typeof got.value === 'number' && String(got.value) === rendered))
      return undefined;
    // A number rendered with zeros in front: its width.
    const parsed = typeof got.value === 'string' ? readBack(template, got.value) : undefined;
    if (parsed) {
      let changed = false;
      for (const name of names) {
        const text = parsed[name];
        if (numeric.has(name) && text !== undefined && /^0\d+$/.test(text) && Number(text) === sample[name]) {
          template = template.split(`{${name}}`).join(`{${name}:${text.length}}`);
          changed = true;
        }
      }
      if (changed && renderTemplate(template, sample) === got.value) return undefined;
    }
    return `for ${JSON.stringify(sample)} it gives ${JSON.stringify(got.value)}, not ${JSON.stringify(rendered)}`;
  };
  const samples: Record<string, JsonValue>[] = [
    Object.fromEntries(names.map((name, i) => [name, numeric.has(name) ? 7 + i : `Ab${i}x`])),
    Object.fromEntries(names.map((name, i) => [name, numeric.has(name) ? 1234 + i : `Zy-${i}`])),
  ];
  for (const sample of samples) {
    const problem = check(sample);
    if (problem) return { ok: false, reason: problem };
  }
  return { ok: true, template };
}

/** A template over attribute names as one over the names they are stored under (`field`, `savedAs`). */
export function renamePlaceholders(template: string, stored: (attribute: string) => string): string {
  return parseTemplate(template)
    .map((part) =>
      part.kind === 'literal'
        ? part.text
        : `{${stored(part.name)}${part.width === undefined ? '' : `:${part.width}`}}`,
    )
    .join('');
}
