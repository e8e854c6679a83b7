// OneTable's schema JSON as a format of the dispatch: import.ts reads it, export.ts writes it.

import { stringifyExactJson } from '../../values/exact-json.ts';
import { jsonText } from '../../values/text/code/unsafe.ts';
import { fileStem } from '../file.ts';
import { jsonOf } from '../json-input.ts';
import type { DesignFormat } from '../types.ts';
import { exportOneTable } from './export.ts';
import { importOneTable } from './import.ts';

export const oneTableFormat: DesignFormat = {
  id: 'onetable',
  label: 'OneTable',
  detail: 'schema JSON',
  extensions: ['.json'],
  reads: 'text or module',
  import(input, options) {
    // In a module, the schema is the exported object that has models.
    const read = jsonOf(input, (value) => typeof value.models === 'object' && value.models !== null);
    return read.ok ? importOneTable(read.json, options) : read;
  },
  export(design) {
    const filename = `${fileStem(design)}.onetable.json`;
    const { schema, warnings } = exportOneTable(design);
    return {
      filename,
      language: 'json',
      content: `${jsonText(stringifyExactJson(schema, 2))}\n`,
      nextSteps:
        `npm install dynamodb-onetable, then: new Table({ client, name: '${design.table.name}', partial: true, schema }) ` +
        `with schema = JSON.parse(readFileSync('${filename}')). keyplan import ${filename} --from onetable reads it back.`,
      warnings,
    };
  },
};
