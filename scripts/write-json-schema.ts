// Writes the JSON Schema of the design document, generated from the zod schema, for Monaco and external tools.
// Run `npm run schema` after changing src/core/model/schema.ts; a test fails while the file is stale.
import { writeFileSync } from 'node:fs';
import { designJsonSchemaText } from '../src/core/model/json-schema.ts';

const target = new URL('../src/core/model/design.schema.json', import.meta.url);
writeFileSync(target, designJsonSchemaText());
console.log(`wrote ${target.pathname}`);
