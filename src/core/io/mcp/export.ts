// A design as the AWS DynamoDB MCP server's `dynamodb_data_model.json` (awslabs/mcp, dynamodb-mcp-server,
// prompts/json_generation_guide.md): `tables` in CreateTable form, `items` in BatchWriteItem form (the
// derived items, as Apply writes them), and `access_patterns` with each pattern's operation and its request
// (built from its example) as the AWS CLI command the MCP server runs. Keyplan's lint findings on a pattern go
// in its `reason`; the format has no place for findings on the table or entities, which are warnings here.
// The design itself rides along in a `keyplan` field the MCP server does not read, taken back on import
// while the rest of the file is still what that design exports.
import { lintDesign } from '../../analysis/lint.ts';
import { marshalledItems } from '../../apply/applied.ts';
import { createTableInput } from '../../apply/create-table.ts';
import type { Design } from '../../model/schema.ts';
import { buildAllRequests } from '../../requests/build.ts';
import { warningList } from '../warnings.ts';
import { cliCommand } from './cli.ts';

export interface McpAccessPattern {
  pattern: string;
  description: string;
  table?: string;
  index?: string | null;
  dynamodb_operation?: string;
  implementation?: string;
  reason?: string;
}

export interface McpDataModel {
  tables: Record<string, unknown>[];
  items: Record<string, { PutRequest: { Item: Record<string, unknown> } }[]>;
  access_patterns: McpAccessPattern[];
  keyplan?: unknown;
}

const PATTERN_TARGET = /^accessPatterns\[(\d+)\]/;

/** The MCP parts alone (no `keyplan` field), and what the format could not carry. */
export function mcpDataModel(design: Design, warn: (m: string) => void = () => {}): McpDataModel {
  const tableName = design.table.name;
  const requests = buildAllRequests(design);
  const findings = lintDesign(design).filter((f) => !f.suppressed);
  const onPattern = new Map<number, string[]>();
  let elsewhere = 0;
  for (const finding of findings) {
    const targets = [finding.target, ...(finding.related ?? [])];
    const indexes = new Set(
      targets
        .map((t) => PATTERN_TARGET.exec(t)?.[1])
        .filter((i) => i !== undefined)
        .map(Number),
    );
    if (indexes.size === 0) elsewhere++;
    for (const i of indexes)
      onPattern.set(i, [
        ...(onPattern.get(i) ?? []),
        `${finding.severity} ${finding.rule}: ${finding.message}`,
      ]);
  }
  if (elsewhere > 0)
    warn(
      `${elsewhere} lint finding${elsewhere > 1 ? 's' : ''} on the table or entities: the MCP data model has a place for notes on access patterns only (their reason)`,
    );
  const accessPatterns = design.accessPatterns.map((pattern, i): McpAccessPattern => {
    const entry: McpAccessPattern = { pattern: pattern.id, description: pattern.name, table: tableName };
    if ('index' in pattern && pattern.index) entry.index = pattern.index;
    entry.dynamodb_operation = pattern.operation;
    const request = requests[pattern.id];
    const notes = onPattern.get(i) ?? [];
    if (request && !('error' in request))
      entry.implementation = cliCommand(
        request.operation,
        request.input as unknown as Record<string, unknown>,
      );
    else {
      notes.unshift(
        `Keyplan cannot build its request: ${request && 'error' in request ? request.error : 'unknown pattern'}`,
      );
      warn(`accessPatterns "${pattern.id}": no implementation (${notes[0]})`);
    }
    if (notes.length > 0) entry.reason = `Keyplan lint: ${notes.join('; ')}`;
    return entry;
  });
  if (design.accessPatterns.some((p) => p.description))
    warn('accessPatterns: a pattern has one description in the MCP data model; its name is written there');
  return {
    tables: [createTableInput(design) as unknown as Record<string, unknown>],
    items: { [tableName]: marshalledItems(design).map((Item) => ({ PutRequest: { Item } })) },
    access_patterns: accessPatterns,
  };
}

export function exportMcp(design: Design): { model: McpDataModel; warnings: string[] } {
  const { warnings, warn } = warningList();
  if (design.table.ttlAttribute)
    warn(
      `table.ttlAttribute ${design.table.ttlAttribute}: CreateTable has no TTL (update-time-to-live sets it)`,
    );
  return { model: { ...mcpDataModel(design, warn), keyplan: design }, warnings };
}
