// Whether a key template fits an entity's items: it must give back every item's key exactly, and no key
// where the item has none (sparse indexes), so the imported design derives the very items of the model.
// A template that fits may name attributes the entity lacks: they become new attributes, each item's
// sample holding its part of the key. The entity being drafted and the key values it is checked against
// are described here, for the inference (infer-templates.ts) and the choice (infer-keys.ts) alike.

import {
  AmbiguousKeyError,
  adjacentPlaceholders,
  fixedWidths,
  formatPlaceholderValue,
  parseKey,
  parseTemplate,
  placeholders,
  RenderTooLongError,
  renderKeyValue,
  singlePlaceholder,
  type TemplatePart,
} from '../../keys/template.ts';
import type { AttributeType, JsonValue, KeyType } from '../../model/schema.ts';
import { compareKeyValues, numberFromKeyText } from '../../values/compare.ts';
import type { KeyValue } from '../../values/item.ts';

export interface DraftAttribute {
  name: string;
  type: AttributeType;
  /** Created here to carry part of a key, not read from the model. */
  synthetic: boolean;
}

export interface EntityDraft {
  attributes: DraftAttribute[];
  /** One per item: the entity's attribute values (keys and the type attribute excluded). */
  samples: Record<string, JsonValue>[];
  /** Key attribute names and the type attribute: never an entity attribute, never a placeholder. */
  reserved: ReadonlySet<string>;
}

export interface KeySpec {
  name: string;
  type: KeyType;
}

/** Values per item of one key attribute; undefined where the item has none. */
export type KeyValues = readonly (KeyValue | undefined)[];

export function present(values: KeyValues): number[] {
  return values.flatMap((value, i) => (value === undefined ? [] : [i]));
}

/**
 * Accepts `template` for `key` when it renders every item's value exactly and nothing where an item has
 * none; placeholders that are not attributes yet become attributes holding their part of each key.
 * Returns why it does not fit, or undefined once accepted.
 */
export function fitTemplate(
  draft: EntityDraft,
  key: KeySpec,
  values: KeyValues,
  template: string,
): string | undefined {
  let parts: TemplatePart[];
  try {
    parts = parseTemplate(template);
  } catch (error) {
    return (error as Error).message;
  }
  const names = placeholders(template);
  if (template === '') return 'it is empty';
  // Touching placeholders split only where the first has a fixed width; otherwise the fit would be a guess.
  const fixed = fixedWidths(draft.attributes);
  const touching = adjacentPlaceholders(template, fixed);
  if (touching) return new AmbiguousKeyError(template, touching).message;
  const reserved = names.find((name) => draft.reserved.has(name));
  if (reserved)
    return `{${reserved}} is a key attribute (or the type attribute), which a Keyplan template cannot use`;
  const existing = new Map(draft.attributes.map((a) => [a.name, a]));
  if (key.type !== 'S') {
    const only = singlePlaceholder(template);
    const literalNumber = key.type === 'N' && names.length === 0 && Number.isFinite(Number(template));
    if (!literalNumber && (!only || (existing.has(only) && existing.get(only)?.type !== key.type)))
      return `${key.name} is of type ${key.type}: its template must be one placeholder of that type`;
  }
  const widths = new Map<string, number | undefined>();
  for (const part of parts) if (part.kind === 'placeholder') widths.set(part.name, part.width);
  const added = new Map<string, (JsonValue | undefined)[]>(
    names.filter((name) => !existing.has(name)).map((name) => [name, []]),
  );
  const mismatch = "it does not give back the items' keys";
  for (const i of present(values)) {
    const parsed = parseKey(template, String(values[i]), fixed);
    if (!parsed) return mismatch;
    for (const [name, text] of Object.entries(parsed)) {
      const column = added.get(name);
      if (column) column[i] = key.type === 'N' ? (numberFromKeyText(text) ?? Number(text)) : text;
      else if (formatPlaceholderValue(draft.samples[i][name], widths.get(name)) !== text) return mismatch;
    }
  }
  for (let i = 0; i < values.length; i++) {
    const withAdded = { ...draft.samples[i] };
    for (const [name, column] of added) if (column[i] !== undefined) withAdded[name] = column[i] as JsonValue;
    let rendered: ReturnType<typeof renderKeyValue>;
    try {
      rendered = renderKeyValue(template, withAdded, key.type);
    } catch (error) {
      // A key longer than DynamoDB takes: no template of Keyplan's gives it back.
      if (error instanceof RenderTooLongError) return mismatch;
      throw error;
    }
    if (values[i] === undefined && rendered !== undefined)
      return `it gives ${key.name} to items that have none`;
    // Numbers by value: an ExactNumber is a new object each time it is read.
    const same =
      rendered === values[i] ||
      (key.type === 'N' &&
        rendered !== undefined &&
        values[i] !== undefined &&
        compareKeyValues(rendered, values[i]!, 'N') === 0);
    if (!same) return mismatch;
  }
  for (const [name, column] of added) {
    draft.attributes.push({ name, type: key.type, synthetic: true });
    column.forEach((value, i) => {
      if (value !== undefined) draft.samples[i][name] = value;
    });
  }
  return undefined;
}
