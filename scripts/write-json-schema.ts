// Writes the JSON Schemas of the design document and of a lesson file, generated from the zod schemas, for
// Monaco, editors and external tools. Run `npm run schema` after changing src/core/model/schema.ts or
// src/core/features/lessons/lesson-schema.ts; a test fails while a file is stale.
import { writeFileSync } from 'node:fs';
import { lessonJsonSchemaText } from '../src/core/features/lessons/lesson-json-schema.ts';
import { designJsonSchemaText } from '../src/core/model/json-schema.ts';

for (const [path, text] of [
  ['../src/core/model/design.schema.json', designJsonSchemaText()],
  ['../src/core/features/lessons/lesson.schema.json', lessonJsonSchemaText()],
] as const) {
  const target = new URL(path, import.meta.url);
  writeFileSync(target, text);
  console.log(`wrote ${target.pathname}`);
}
