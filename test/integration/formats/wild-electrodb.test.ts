// Issue #28, item 2 over the wild corpus: every ElectroDB input of fixtures/wild/README.md (the rows are read,
// not listed here) imports through `keyplan import FILE --from electrodb --trust-code`, validates, and matches
// its `.expected.json` (written by hand before Keyplan ran) but for the differences listed below, each with
// its reason; the ElectroDB module Keyplan exports from it declares, per entity, exactly the access patterns
// of the imported design and, on its Service, exactly its collections (nothing invented); and importing that
// module again gives the same design (a fixed point).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runKeyplan } from '../../../src/cli/run-in-process.ts';
import { validateDesign } from '../../../src/core/checks/validate.ts';
import { isCollectionPattern } from '../../../src/core/io/electrodb/export-names.ts';
import { type Design, designSchema } from '../../../src/core/model/schema.ts';
import { exportedContent, importedModule, loadModuleText, moduleDirectory } from './library-support.ts';
import { type Expectation, expectationDifferences } from './wild-expectations.ts';

const WILD = path.resolve(import.meta.dirname, '..', '..', '..', 'fixtures', 'wild');

/** The entry files of the README's `## Inputs` rows for ElectroDB (`electrodb/…`). */
function electroInputs(): string[] {
  const readme = readFileSync(path.join(WILD, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Inputs'));
  const rows = section.split('\n').filter((line) => line.startsWith('| '));
  return rows
    .map((row) => row.split('|')[2]?.trim().replace(/^`|`$/g, '') ?? '')
    .filter((input) => input.startsWith('electrodb/'));
}

/** The input's name: its folder, or its file without the extension. */
const stemOf = (input: string) => input.split('/')[1].replace(/\.(ts|js|mjs|cjs)$/, '');

/** What differs from an expectation, and why (a construct Keyplan cannot hold, or the file's own slip). */
const KNOWN: Record<string, string[]> = {
  // Keyplan entity names are identifiers (a letter first; letters, digits, `_`): `_migrations` is read as
  // E_migrations, with a warning naming both. The keys keep `$_migrations_1` (they are templates), but the type
  // attribute Keyplan derives, and `__edb_e__` in the exported module, say E_migrations where the file's
  // ElectroDB writes `_migrations` (#28 item 2's "kept exactly in __edb_e__", not done: it needs a design field).
  'iOSonntag__electrodb-migrations__internal-entities': [
    'table: entity _migrations missing',
    'table: entity _migration_state missing',
    'table: entity _migration_runs missing',
    'table: entity E_migrations not expected',
    'table: entity E_migration_state not expected',
    'table: entity E_migration_runs not expected',
  ],
  tywalch__electrodb__library: [
    // examples/common/table.ts declares gsi4 and gsi5, which no entity uses; the import reads the entities.
    'electro: index gsi4pk-gsi4sk-index missing',
    'electro: index gsi5pk-gsi5sk-index missing',
    // genre's `title` names gsi3 with sk field gsi13sk (the file's typo): a warning on that index, which is
    // not read, since DynamoDB refuses a query on it and its items are not in gsi3.
    'electro: entity genre key gsi3pk expected "$library#booktitle_{bookTitle}", got null',
    'electro: entity genre key gsi13sk expected "$titles#genre_1#genre_{genre}#subgenre_{subgenre}", got null',
    'electro: pattern title missing',
  ],
  tywalch__electrodb__versionControl: [
    // examples/common/table.ts's gsi5, which no entity uses.
    'electro: index gsi5pk-gsi5sk-index missing',
    // `issue-comment`, `pull-request`, `pull-request-comment` are not identifiers: read as issue_comment …, as
    // `_migrations` above (keys kept, the type attribute not).
    'electro: entity issue-comment missing',
    'electro: entity pull-request missing',
    'electro: entity pull-request-comment missing',
    'electro: entity pull_request not expected',
    'electro: entity issue_comment not expected',
    'electro: entity pull_request_comment not expected',
  ],
};

const { dir, remove } = moduleDirectory('wild-electrodb');
afterAll(remove);

const inputs = electroInputs();

describe('ElectroDB: the wild corpus (fixtures/wild/electrodb, by the README rows)', () => {
  it('the README lists the six ElectroDB inputs', () => expect(inputs).toHaveLength(6));

  for (const input of inputs) {
    const stem = stemOf(input);
    it(`${stem}: imports, matches its expectation, exports its patterns and collections, and is a fixed point`, {
      timeout: 120_000,
    }, async () => {
      const run = await runKeyplan(['import', path.join(WILD, input), '--from', 'electrodb', '--trust-code']);
      expect(run.code, run.stderr).toBe(0);
      const checked = validateDesign(run.json());
      expect(checked.ok, stem).toBe(true);
      const design = designSchema.parse(run.json());
      const expected = JSON.parse(
        readFileSync(path.join(WILD, 'electrodb', `${stem}.expected.json`), 'utf8'),
      ) as Expectation;
      expect(expectationDifferences(expected, () => design, { isCollection: isCollectionPattern })).toEqual(
        KNOWN[stem] ?? [],
      );

      // The exported module, loaded with the real electrodb: each entity's access patterns are the design's
      // patterns returning it, by name; the Service's collections are the design's collection patterns.
      const module = await loadModuleText(dir, stem, exportedContent(design, 'electrodb'));
      for (const entity of design.entities) {
        const library = Object.values(module.entities).find(
          (e) => (e as { schema: { model: { entity: string } } }).schema.model.entity === entity.name,
        ) as { schema: { indexes: Record<string, unknown> }; query: Record<string, unknown> };
        expect(library, `${stem} ${entity.name}`).toBeDefined();
        const names = design.accessPatterns
          .filter(
            (p) =>
              p.operation === 'Query' &&
              !isCollectionPattern(p) &&
              p.returns?.length === 1 &&
              p.returns[0] === entity.name,
          )
          .map((p) => p.name);
        expect(Object.keys(library.schema.indexes).sort(), `${stem} ${entity.name}`).toEqual(names.sort());
        for (const name of names)
          expect(typeof library.query[name], `${stem} ${entity.name}.query.${name}`).toBe('function');
      }
      const collections = design.accessPatterns.filter(isCollectionPattern).map((p) => p.name);
      expect(Object.keys(module.app.collections).sort(), stem).toEqual([...collections].sort());
      expect([...collections].sort(), stem).toEqual([...(expected.collections ?? [])].sort());

      const again: Design = importedModule('electrodb', module);
      expect(JSON.stringify(again), stem).toBe(JSON.stringify(design));
    });
  }
});
