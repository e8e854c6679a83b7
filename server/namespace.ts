// Each browser session gets its own table-name prefix, so a workshop can share one server without
// people seeing or breaking each other's tables. The browser never picks the prefix: the server does.
import { randomBytes } from 'node:crypto';

export const SESSION_COOKIE = 'keyplan_session';
const SESSION_ID = /^[a-f0-9]{16}$/;

export function newSessionId(): string {
  return randomBytes(8).toString('hex');
}

export function isSessionId(value: string | undefined): value is string {
  return value !== undefined && SESSION_ID.test(value);
}

export function namespacePrefix(sessionId: string): string {
  return `kp-${sessionId}-`;
}

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
  if (operation === 'ExecuteStatement' && typeof input.Statement === 'string') {
    // PartiQL names tables as "quoted" or bare identifiers after FROM, INTO or UPDATE.
    for (const match of input.Statement.matchAll(
      /\b(?:FROM|INTO|UPDATE)\s+("(?:[^"]|"")+"|[A-Za-z0-9_.-]+)/gi,
    )) {
      names.push(match[1].startsWith('"') ? match[1].slice(1, -1).replace(/""/g, '"') : match[1]);
    }
  }
  return names.map((name) => (typeof name === 'string' ? name : ''));
}
