// Issue #28, item 4 (OneTable) over the wild corpus: every fixtures/wild/onetable input, collected from
// sensedeep's own repositories, imports through `keyplan import FILE --from onetable --trust-code`, and its
// entities and stored key templates are the ones its `.expected.json` (written before any Keyplan code ran
// on it) names. A difference is listed by input, entity and key, so a failure says exactly what is lost.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runKeyplan } from '../run-in-process.ts';

const FOLDER = path.resolve(import.meta.dirname, '..', '..', '..', 'fixtures', 'wild', 'onetable');
const INPUTS = readdirSync(FOLDER)
  .filter((name) => /\.(js|ts)$/.test(name))
  .sort();

interface Expected {
  entities: { name: string; keys: Record<string, string> }[];
}

/** Every way the imported entities differ from the expected ones, each named. */
function differences(expected: Expected['entities'], got: Expected['entities']): string[] {
  const out: string[] = [];
  const byName = new Map(got.map((e) => [e.name, e]));
  for (const want of expected) {
    const have = byName.get(want.name);
    if (!have) {
      out.push(`entity ${want.name} is missing`);
      continue;
    }
    for (const key of new Set([...Object.keys(want.keys), ...Object.keys(have.keys)]))
      if (want.keys[key] !== have.keys[key])
        out.push(
          `${want.name}.${key}: expected ${want.keys[key] ?? 'none'}, imported ${have.keys[key] ?? 'none'}`,
        );
  }
  for (const have of got)
    if (!expected.some((e) => e.name === have.name)) out.push(`entity ${have.name} is not expected`);
  return out;
}

describe('the OneTable wild corpus imports as its expectations say', () => {
  it('has the nine inputs of sensedeep repositories', () => {
    expect(INPUTS).toHaveLength(9);
  });

  it.each(INPUTS)('%s: entity names and stored key templates', { timeout: 60_000 }, async (input) => {
    const file = path.join(FOLDER, input);
    const expected = JSON.parse(
      readFileSync(file.replace(/\.(js|ts)$/, '.expected.json'), 'utf8'),
    ) as Expected;
    const run = await runKeyplan(['import', file, '--from', 'onetable', '--trust-code']);
    expect(run.code, run.stderr).toBe(0);
    const design = run.json() as Expected;
    expect(differences(expected.entities, design.entities)).toEqual([]);
  });
});
