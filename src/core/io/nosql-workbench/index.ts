// NoSQL Workbench's data model as a format of the dispatch. The importer and exporter themselves live in
// src/core/io/nosql-workbench/ (where they were written first); this is their door.

import { stringifyExactJson } from '../../values/exact-json.ts';
import { jsonText } from '../../values/text/code/unsafe.ts';
import { fileStem } from '../file.ts';
import { jsonOf } from '../json-input.ts';
import type { DesignFormat } from '../types.ts';
import { exportWorkbench } from './export.ts';
import { importWorkbench } from './import.ts';

export const noSqlWorkbenchFormat: DesignFormat = {
  id: 'nosql-workbench',
  label: 'NoSQL Workbench',
  detail: 'data model',
  extensions: ['.json'],
  reads: 'text',
  import(input, options) {
    const read = jsonOf(input);
    return read.ok ? importWorkbench(read.json, options) : read;
  },
  export(design) {
    const filename = `${fileStem(design)}.workbench.json`;
    return {
      filename,
      language: 'json',
      content: `${jsonText(stringifyExactJson(exportWorkbench(design), 2))}\n`,
      nextSteps: `NoSQL Workbench: Data modeler → Import data model → ${filename}. keyplan import ${filename} --from nosql-workbench reads it back.`,
      warnings: [],
    };
  },
};
