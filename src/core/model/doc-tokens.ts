// What a format document names, for the tests that keep docs/design-format.md and docs/lesson-format.md
// current: its inline code spans and their tokens, and every field and allowed value of a JSON Schema.
/** The document's inline code spans (fenced blocks left out), trimmed. */
export function inlineCodeSpans(markdown: string): Set<string> {
  const prose = markdown.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '');
  return new Set([...prose.matchAll(/`([^`\n]+)`/g)].map(([, span]) => span.trim()));
}

/** The spans and their tokens: `{ name, type: S|N|B }` also gives name, type, S, N and B. */
export function inlineCodeTokens(markdown: string): Set<string> {
  const tokens = new Set<string>();
  for (const span of inlineCodeSpans(markdown)) {
    tokens.add(span);
    for (const token of span.split(/[\s,|{}()[\]"'…;:?*.#]+/)) if (token) tokens.add(token);
  }
  return tokens;
}

export interface SchemaNames {
  fields: Set<string>;
  values: Set<string>;
}

/** Every property name and every string enum/const value, anywhere in a JSON Schema. */
export function schemaNames(schema: unknown): SchemaNames {
  const names: SchemaNames = { fields: new Set(), values: new Set() };
  const walk = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (node === null || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if (record.properties && typeof record.properties === 'object')
      for (const name of Object.keys(record.properties)) names.fields.add(name);
    if (Array.isArray(record.enum))
      for (const value of record.enum) if (typeof value === 'string') names.values.add(value);
    if (typeof record.const === 'string') names.values.add(record.const);
    Object.values(record).forEach(walk);
  };
  walk(schema);
  return names;
}

export const missingFrom = (tokens: Set<string>, wanted: Iterable<string>) =>
  [...new Set(wanted)].filter((name) => !tokens.has(name)).sort();
