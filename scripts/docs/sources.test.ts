// The formats catalogue the menus load is FORMATS' copy: the committed file is what `npm run docs` writes
// (a stale one fails here, saying to run it), a format given one line in FORMATS and not regenerated makes
// it stale, and the catalogue lists every registered format, in FORMATS' order, with its own info.
import { describe, expect, it } from 'vitest';
import { FORMAT_IDS, FORMAT_INFO } from '../../src/core/io/catalogue.ts';
import { FORMATS } from '../../src/core/io/index.ts';
import type { DesignFormat } from '../../src/core/io/types.ts';
import { CATALOGUE_PATH, catalogueSource } from './catalogue-source.ts';
import { GENERATED_SOURCES, readSource } from './sources.ts';

const catalogue = GENERATED_SOURCES.find((source) => source.path === CATALOGUE_PATH)!;

describe('the source modules written from the code', () => {
  for (const source of GENERATED_SOURCES)
    it(`${source.path} is what \`npm run docs\` writes`, () => {
      expect(source.render() === readSource(source), `${source.path} is stale: run \`npm run docs\``).toBe(
        true,
      );
    });

  it('finds the catalogue stale when a format is registered in FORMATS and docs are not regenerated', () => {
    const added = { ...FORMATS[0], id: 'dynobase', label: 'Dynobase', detail: 'it’s a test' } as unknown;
    const written = catalogueSource([...FORMATS, added as DesignFormat]);
    expect(written).not.toBe(readSource(catalogue));
    expect(written).toMatch(/'mcp',\s+'dynobase',?\s+\] as const;/);
    expect(written).toContain("  dynobase: {\n    id: 'dynobase',\n    label: 'Dynobase',");
  });

  it("lists every registered format in the menus' catalogue, in FORMATS' order, with its own info", () => {
    expect(FORMAT_IDS).toEqual(FORMATS.map((format) => format.id));
    for (const { id, label, detail, extensions, reads } of FORMATS)
      expect(FORMAT_INFO[id]).toEqual({ id, label, detail, extensions, reads });
  });

  it('writes a list that outgrows a line one item a line, as the formatter does', () => {
    const many = Array.from({ length: 12 }, (_, i) => ({ ...FORMATS[0], id: `format-number-${i}` }));
    expect(catalogueSource(many as unknown as DesignFormat[])).toContain(
      "export const FORMAT_IDS = [\n  'format-number-0',\n",
    );
  });
});
