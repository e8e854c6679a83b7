// DynamoDB-Toolbox before v2 (0.3–0.9, and v1's first API) declared keys as attribute flags:
// `new Entity({ name, attributes: { pk: { partitionKey: true }, … }, table })` on a `new Table({ name,
// partitionKey, DocumentClient })`. The library Keyplan loads is v2, whose Entity refuses those ("Cannot
// destructure property 'partitionKey' of 'table'"), and a module importing a v0 wrapper package gives only
// stubs. Either way the failure says nothing of the cause, so a failed Toolbox import of a module whose own
// files use the v0 flags says that instead: which file and line, and what Keyplan reads.
import { readFileSync } from 'node:fs';
import { displayPath } from './bundle-errors.ts';

/** A v0 key flag in an attribute map: `partitionKey: true`. */
const V0_KEY_FLAG = /\bpartitionKey\s*:\s*true\b/;
/** The v2 Entity's refusal of a v0 table. */
const V0_REFUSAL = /Cannot destructure property 'partitionKey' of 'table'/;

/** The first place among `sources` (the module's own files) that declares a key the v0 way. */
function v0KeyFlag(sources: readonly string[]): string | undefined {
  for (const file of sources) {
    let lines: string[];
    try {
      lines = readFileSync(file, 'utf8').split('\n');
    } catch {
      continue;
    }
    const at = lines.findIndex((line) => V0_KEY_FLAG.test(line));
    if (at >= 0) return `${displayPath(file)}:${at + 1}`;
  }
  return undefined;
}

/**
 * The message for a failed DynamoDB-Toolbox import (`failure`) of a module made of `sources`, when the
 * module uses the v0/v1 API: what it uses, where, and what Keyplan reads instead. Otherwise undefined.
 */
export function toolboxV0Message(failure: string, sources: readonly string[]): string | undefined {
  const place = v0KeyFlag(sources);
  if (!place && !V0_REFUSAL.test(failure)) return undefined;
  return `uses DynamoDB-Toolbox v0/v1 (\`new Entity({ attributes: { … partitionKey: true } })\`${place ? `, at ${place}` : ''}); Keyplan reads v2 modules (dynamodb-toolbox 2.x: \`new Table({ partitionKey: { name, type } })\` and \`new Entity({ name, schema: item({ … }), table })\`), which is the version it loads: migrate the model to v2 (https://www.dynamodbtoolbox.com/docs/getting-started/usage) and import it again`;
}
