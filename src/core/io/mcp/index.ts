// The AWS DynamoDB MCP server's data model as a format of the dispatch: import.ts reads it, export.ts writes it.
import { stringifyExactJson } from '../../values/exact-json.ts';
import { jsonText } from '../../values/text/code/unsafe.ts';
import { jsonOf } from '../json-input.ts';
import type { DesignFormat } from '../types.ts';
import { exportMcp } from './export.ts';
import { importMcp } from './import.ts';

export const dynamoDbMcpFormat: DesignFormat = {
  id: 'mcp',
  label: 'AWS DynamoDB MCP',
  detail: 'dynamodb_data_model.json',
  extensions: ['.json'],
  reads: 'text',
  import(input, options) {
    const read = jsonOf(input);
    return read.ok ? importMcp(read.json, options) : read;
  },
  export(design) {
    const { model, warnings } = exportMcp(design);
    return {
      filename: 'dynamodb_data_model.json',
      language: 'json',
      content: `${jsonText(stringifyExactJson(model, 2))}\n`,
      nextSteps:
        'Put dynamodb_data_model.json where the AWS DynamoDB MCP server looks for it and ask the assistant to validate the data model (its dynamodb_data_model_validation tool). keyplan import dynamodb_data_model.json --from mcp reads it back.',
      warnings,
    };
  },
};
