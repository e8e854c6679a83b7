// The JSON Schema of a lesson file, derived from the zod schema (its designs described by the design
// document's schema), so editors can validate a *.lesson.yaml or *.lesson.json as it is written. Written to
// lesson.schema.json by `npm run schema`; a test fails while that file is stale.
import { z } from 'zod';
import { jsonSchemaOptions } from '../../model/json-schema.ts';
import { lessonDocumentSchema } from './lesson-schema.ts';
import { LESSON_FORMAT } from './lesson-types.ts';

export function lessonJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(lessonDocumentSchema(), {
      ...jsonSchemaOptions,
      // The design's schema once, in $defs, for a step's start and solution alike.
      reused: 'ref',
    }),
    $id: 'urn:keyplan:lesson:1',
    title: `Keyplan lesson (${LESSON_FORMAT})`,
  };
}

export function lessonJsonSchemaText(): string {
  return `${JSON.stringify(lessonJsonSchema(), null, 2)}\n`;
}
