// DynamoDB-Toolbox v2 as a format of the dispatch: export writes a module with the Table and an Entity per
// entity (keys computed from attributes), import reads the Table and Entities a module exports once the CLI
// has loaded it in Node.

import { fileStem } from '../file.ts';
import type { DesignFormat } from '../types.ts';
import { exportDynamoDbToolbox } from './export.ts';
import { importDynamoDbToolbox } from './import.ts';

export const dynamoDbToolboxFormat: DesignFormat = {
  id: 'dynamodb-toolbox',
  label: 'DynamoDB-Toolbox',
  detail: 'v2 module',
  extensions: ['.ts', '.js', '.mjs'],
  reads: 'module',
  import(input) {
    if (input.kind !== 'module')
      return {
        ok: false,
        message:
          'a DynamoDB-Toolbox model is a module: keyplan import entities.ts --from dynamodb-toolbox loads it in Node',
      };
    return importDynamoDbToolbox(input.exports);
  },
  export(design) {
    const filename = `${fileStem(design)}.toolbox.ts`;
    const { text, warnings } = exportDynamoDbToolbox(design);
    return {
      filename,
      language: 'typescript',
      content: text,
      nextSteps: `npm install dynamodb-toolbox @aws-sdk/client-dynamodb @aws-sdk/lib-dynamodb, then import { table, entities } from './${filename.replace(/\.ts$/, '.js')}'. keyplan import ${filename} --from dynamodb-toolbox reads it back.`,
      warnings,
    };
  },
};
