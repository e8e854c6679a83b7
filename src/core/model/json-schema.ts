// The JSON Schema of the design document, derived from the zod schema so the two never disagree.
import { z } from 'zod';
import { designSchema } from './schema.ts';

/** How a file's zod schema becomes its JSON Schema (the design's, a lesson's): what the file holds, as input. */
export const jsonSchemaOptions = {
  io: 'input',
  unrepresentable: 'any',
  // The one custom type is ExactNumber: in the file it is a JSON number literal with its digits.
  override: (context) => {
    if (context.zodSchema._zod.def.type === 'custom') context.jsonSchema.type = 'number';
  },
} satisfies Parameters<typeof z.toJSONSchema>[1];

export function designJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(designSchema, jsonSchemaOptions),
    $id: 'urn:keyplan:design:1',
    title: 'Keyplan design document (keyplan/1)',
  };
}

export function designJsonSchemaText(): string {
  return `${JSON.stringify(designJsonSchema(), null, 2)}\n`;
}
