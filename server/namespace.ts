// Table names inside a session's namespace, and the tables a structured request names. Sessions and
// their namespaces are issued in session.ts.
import { PartiqlRefused, partiqlTarget } from './partiql.ts';

/** The real table name of a design's table inside a namespace. */
export function namespacedTable(prefix: string, tableName: string): string {
  return `${prefix}${tableName}`;
}

type TransactEntry = Record<string, { TableName?: unknown } | undefined>;

/** Every table a raw request names, so the server can refuse the ones outside the caller's namespace. */
export function tablesNamedBy(operation: string, input: Record<string, unknown>): string[] {
  const names: unknown[] = [];
  if ('TableName' in input) names.push(input.TableName);
  if (input.RequestItems && typeof input.RequestItems === 'object')
    names.push(...Object.keys(input.RequestItems));
  if (Array.isArray(input.TransactItems)) {
    for (const entry of input.TransactItems as TransactEntry[]) {
      for (const action of Object.values(entry ?? {})) names.push(action?.TableName);
    }
  }
  if (operation === 'ExecuteStatement') {
    // The parse refuses (PartiqlRefused) any statement whose table it cannot prove.
    if (typeof input.Statement !== 'string')
      throw new PartiqlRefused('ExecuteStatement needs a Statement string');
    names.push(partiqlTarget(input.Statement).table);
  }
  return names.map((name) => (typeof name === 'string' ? name : ''));
}
