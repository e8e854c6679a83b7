// ElectroDB as a format of the dispatch: export writes an entity module (TypeScript), import reads the
// entities a module exports once the CLI has loaded it in Node.

import { fileStem } from '../file.ts';
import type { DesignFormat } from '../types.ts';
import { exportElectroDb } from './export.ts';
import { importElectroDb } from './import.ts';

export const electroDbFormat: DesignFormat = {
  id: 'electrodb',
  label: 'ElectroDB',
  detail: 'entities module',
  extensions: ['.ts', '.js', '.mjs'],
  reads: 'module',
  import(input) {
    if (input.kind !== 'module')
      return {
        ok: false,
        message:
          'an ElectroDB model is a module: keyplan import entities.ts --from electrodb loads it in Node',
      };
    return importElectroDb(input.exports);
  },
  export(design) {
    const filename = `${fileStem(design)}.electrodb.ts`;
    const { text, warnings } = exportElectroDb(design);
    return {
      filename,
      language: 'typescript',
      content: text,
      nextSteps: `npm install electrodb @aws-sdk/client-dynamodb, then import { entities, app } from './${filename.replace(/\.ts$/, '.js')}'. keyplan import ${filename} --from electrodb reads it back.`,
      warnings,
    };
  },
};
