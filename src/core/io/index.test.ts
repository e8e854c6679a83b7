// The one import/export dispatch: every registered format is its catalogue entry, imports and exports go
// through it (the Workbench format behaves as its importer and exporter called directly), and a format
// without an importer is a message, not a throw.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateDesign } from '../checks/validate.ts';
import { getExample } from '../features/examples/index.ts';
import { stringifyExactJson } from '../values/exact-json.ts';
import { EXPORT_TARGETS, exportDesign } from './export.ts';
import { FORMAT_IDS, FORMAT_INFO, getFormat, importDesign } from './index.ts';
import { exportWorkbench } from './nosql-workbench/export.ts';
import { importWorkbenchText } from './nosql-workbench/import.ts';

const design = validateDesign(getExample('ecommerce')!.design).design!;

describe('the formats dispatch', () => {
  it('registers each format on its catalogue entry, and every format is an export target', () => {
    for (const id of FORMAT_IDS) {
      expect({ ...getFormat(id), import: undefined, export: undefined }).toMatchObject(FORMAT_INFO[id]);
      expect(EXPORT_TARGETS).toContain(id);
    }
  });

  it('imports and exports NoSQL Workbench models as the Workbench modules do', () => {
    const text = readFileSync(
      new URL('../../../fixtures/workbench-models/discussion-forum.json', import.meta.url),
      'utf8',
    );
    expect(importDesign('nosql-workbench', { kind: 'text', text }, { table: 'Reply' })).toEqual(
      importWorkbenchText(text, { table: 'Reply' }),
    );
    const file = exportDesign(design, 'nosql-workbench');
    expect(file.content).toBe(`${stringifyExactJson(exportWorkbench(design), 2)}\n`);
    expect(file.warnings).toEqual([]);
    // A module's exported object is read as the JSON a file would hold.
    const model = JSON.parse(file.content);
    expect(importDesign('nosql-workbench', { kind: 'module', exports: { default: model } })).toEqual(
      importDesign('nosql-workbench', { kind: 'text', text: file.content }),
    );
  });

  it('says why when a format cannot import or the input is not what it reads', () => {
    const unknown = importDesign('dynobase', { kind: 'text', text: '{}' });
    expect(unknown).toEqual({
      ok: false,
      message: expect.stringMatching(/^import from dynobase is not available; formats: nosql-workbench/),
    });
    expect(importDesign('nosql-workbench', { kind: 'text', text: '{ "DataModel": [ }' })).toEqual({
      ok: false,
      message: expect.stringMatching(/^invalid JSON/),
    });
    expect(importDesign('nosql-workbench', { kind: 'module', exports: { a: {}, b: {} } })).toEqual({
      ok: false,
      message:
        'the module exports several objects (a, b) and no default; export the one to import as default',
    });
  });
});
