// A list or set attribute that gathers a one-to-many inside one item (friends, followers, events) grows
// with the relationship toward DynamoDB's 400 KB item limit, and every append rewrites — and pays for —
// the whole item. Seen from an UpdateItem that sets the list, from a large sample, or from a list of
// records each naming another item by id.
import { isIdName } from '../../items/generate/relations.ts';
import type { AccessPattern, JsonValue } from '../../model/schema.ts';
import { patternPath } from '../lint-context.ts';
import type { LintRule, RuleFinding } from '../lint-types.ts';

const GROWING_TYPES = new Set(['L', 'SS', 'NS', 'BS']);
/** A sample list this long, or this large as JSON, is already growing. */
const LARGE_COUNT = 100;
const LARGE_BYTES = 40 * 1024;

/** Patterns that update the attribute of the entity, by index. */
function updatesOf(patterns: readonly AccessPattern[], entity: string, attribute: string): number[] {
  return patterns.flatMap((p, i) => {
    const actions =
      p.operation === 'UpdateItem' ? [p] : p.operation === 'TransactWriteItems' ? p.actions : [];
    return actions.some(
      (a) => a.operation === 'UpdateItem' && a.entity === entity && a.set?.includes(attribute),
    )
      ? [i]
      : [];
  });
}

/** The id field the list's records name another item by (`FriendId`), if every record is such a map. */
function recordId(values: JsonValue[]): string | undefined {
  const records = values.filter((v): v is JsonValue[] => Array.isArray(v)).flat();
  if (records.length === 0) return undefined;
  const maps = records.filter(
    (r): r is Record<string, JsonValue> => !!r && typeof r === 'object' && !Array.isArray(r),
  );
  if (maps.length !== records.length) return undefined;
  return Object.keys(maps[0]).find((key) => isIdName(key) && maps.every((m) => m[key] !== undefined));
}

export const growingList: LintRule = {
  id: 'growing-list',
  family: 'growth',
  severity: 'warning',
  description:
    'A list or set attribute that grows inside one item (appended by an update, large in the samples, or a list of records by id) toward the 400 KB item limit.',
  explanation:
    "An item holds at most 400 KB. A list or set that gathers a one-to-many relationship — friends, followers, comments, events — grows with it and eventually fails to write. Long before that, every append reads and writes the whole item: a 100 KB item costs 100 write units per change, and concurrent appends contend on one item. Store each member as an item of its own in the parent's partition (SK MEMBER#{memberId}) and Query them; keep a list only when it is small and bounded by design.",
  check(design, context) {
    const findings: RuleFinding[] = [];
    for (const ref of context.entities()) {
      const { entity } = ref;
      const samples = design.items[entity.name] ?? [];
      entity.attributes.forEach((attribute, j) => {
        if (!GROWING_TYPES.has(attribute.type) || attribute.keyOnly) return;
        const values = samples.map((s) => s[attribute.name]).filter((v) => Array.isArray(v)) as JsonValue[][];
        const updates = updatesOf(design.accessPatterns, entity.name, attribute.name);
        const longest = Math.max(0, ...values.map((v) => v.length));
        const largest = Math.max(0, ...values.map((v) => JSON.stringify(v).length));
        const id = attribute.type === 'L' ? recordId(values) : undefined;
        let why: string;
        // One pattern by name; several by count, each listed in related (the message stays one short line).
        if (updates.length === 1) why = `${design.accessPatterns[updates[0]].id} updates it in place`;
        else if (updates.length > 1) why = `${updates.length} patterns update it in place`;
        else if (longest >= LARGE_COUNT || largest >= LARGE_BYTES)
          why = `a sample already holds ${longest} entries (${Math.round(largest / 1024)} KB)`;
        else if (id !== undefined) why = `each entry names another item by ${id}`;
        else return;
        const member = id ?? `${attribute.name.replace(/s$|List$|Set$/, '')}Id`;
        findings.push({
          target: `entities[${ref.index}].attributes[${j}]`,
          ...(updates.length > 1 ? { related: updates.map(patternPath) } : {}),
          message: `${entity.name}.${attribute.name} is a ${attribute.type} that grows inside one item toward 400 KB: ${why}.`,
          fix: `Store each entry as an item of its own under ${entity.name}'s partition (a sort key such as ${attribute.name.toUpperCase()}#{${member}}) and Query them.`,
        });
      });
    }
    return findings;
  },
};
