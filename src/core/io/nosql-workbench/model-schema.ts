// The `ModelSchema` some "2.0" files carry (at the top or in a table): a OneTable schema written by the
// DynamoDB Labs visualizer. Its `models` name the entity types (the visualizer keeps the type of every
// item in its `type` attribute) with their fields; a field's `value` is a OneTable template such as
// `${timestamp}#${treatmentId}`, which becomes the Keyplan template `{timestamp}#{treatmentId}`.
import { z } from 'zod';
import type { AttributeType } from '../../model/schema.ts';

/** The attribute in which the visualizer stores each item's model name. */
export const VISUALIZER_TYPE_ATTRIBUTE = 'type';
/** The visualizer's placeholder for a model or value not filled in yet. */
const UNSET = '~new~';

const fieldSchema = z.looseObject({ type: z.string().optional(), value: z.string().optional() });
const modelSchemaSchema = z.looseObject({
  models: z.record(z.string(), z.record(z.string(), z.unknown())),
  queries: z.unknown().optional(),
});

export interface SchemaModel {
  name: string;
  /** Field name → declared type (when Keyplan knows it) and template (when it has one). */
  fields: Map<string, { type?: AttributeType; template?: string }>;
}

export interface ModelSchemaInfo {
  models: SchemaModel[];
  /** Saved queries of the schema, which the visualizer never fills in; warned about when present. */
  hasQueries: boolean;
}

const ONE_TABLE_TYPES: Record<string, AttributeType> = {
  String: 'S',
  Number: 'N',
  Boolean: 'BOOL',
  Object: 'M',
  Array: 'L',
  Date: 'S',
  Binary: 'B',
  Buffer: 'B',
  Set: 'SS',
};

/** `${a}#${b}` → `{a}#{b}`. */
export function keyplanTemplate(oneTableTemplate: string): string {
  return oneTableTemplate.replace(/\$\{([^}]*)\}/g, '{$1}');
}

/** The schema's models, or undefined (with the reason) when `raw` is no usable ModelSchema. */
export function readModelSchema(raw: unknown): ModelSchemaInfo | { error: string } {
  const parsed = modelSchemaSchema.safeParse(raw);
  if (!parsed.success) return { error: 'ModelSchema has no "models" map' };
  const models = Object.entries(parsed.data.models)
    .filter(([name]) => name !== UNSET)
    .map(([name, fields]) => {
      const out: SchemaModel['fields'] = new Map();
      for (const [field, spec] of Object.entries(fields)) {
        const read = fieldSchema.safeParse(spec);
        if (!read.success) continue;
        out.set(field, {
          type: read.data.type ? ONE_TABLE_TYPES[read.data.type] : undefined,
          template: read.data.value ? keyplanTemplate(read.data.value) : undefined,
        });
      }
      return { name, fields: out };
    });
  const { queries } = parsed.data;
  const hasQueries = typeof queries === 'object' && queries !== null && Object.keys(queries).length > 0;
  return { models, hasQueries };
}

export function isUnset(value: unknown): boolean {
  return value === UNSET;
}
