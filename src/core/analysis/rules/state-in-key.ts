// A state in a table key (ORDER#PENDING#{id}, F#ACTIVE#CAMERAS) makes a state change a new primary key:
// DynamoDB cannot update a key, so every transition is a delete and a put (a transaction to be safe), and
// anything holding the old key is left pointing at nothing. Index keys are fine: DynamoDB moves those.
import { placeholders } from '../../keys/template.ts';
import { keyPath } from '../lint-context.ts';
import type { LintRule, RuleFinding } from '../lint-types.ts';

const STATE_NAME = /(^|_)(status|state)$|[a-z](Status|State)$/i;
const STATE_WORDS = new Set([
  'ACTIVE',
  'INACTIVE',
  'PENDING',
  'ENABLED',
  'DISABLED',
  'OPEN',
  'CLOSED',
  'ARCHIVED',
  'DELETED',
  'DRAFT',
  'CANCELLED',
  'CANCELED',
  'EXPIRED',
  'SUSPENDED',
  'COMPLETED',
  'SHIPPED',
  'DELIVERED',
]);

export const stateInKey: LintRule = {
  id: 'state-in-key',
  family: 'projections',
  severity: 'warning',
  description:
    'A state (a status attribute, or a word such as ACTIVE in the key values) is part of a table key: changing it is a delete and a put, not an update.',
  explanation:
    "DynamoDB cannot change an item's primary key. When a key holds a state — STATUS#{status} in the sort key, F#ACTIVE#… in the samples — every transition deletes the item and writes a new one (two writes, a transaction to keep them together, a condition to avoid races), streams see a REMOVE and an INSERT, and references to the old key break. Keep the state an ordinary attribute and, to list items by state, put it in a GSI key, which DynamoDB moves for you on update.",
  check(design, context) {
    const tableKeys = [design.table.partitionKey.name, design.table.sortKey?.name].filter(
      (n): n is string => n !== undefined,
    );
    const findings: RuleFinding[] = [];
    for (const ref of context.entities()) {
      const { entity } = ref;
      for (const key of tableKeys) {
        const template = entity.keys[key];
        if (template === undefined) continue;
        const state = placeholders(template).find((n) => STATE_NAME.test(n));
        let why: string | undefined;
        if (state) why = `{${state}}`;
        else {
          const items = context.derived.filter((d) => d.entity === entity.name && d.copy === undefined);
          const word = items
            .flatMap(({ item }) => (typeof item[key] === 'string' ? String(item[key]).split(/[#:|]/) : []))
            .find((segment) => STATE_WORDS.has(segment.toUpperCase()) && segment === segment.toUpperCase());
          if (word) why = word;
        }
        if (!why) continue;
        findings.push({
          target: keyPath(ref, key),
          message: `${entity.name}'s table key ${key} holds the state ${why}: a state change is a delete and a put of a new item, not an update.`,
          fix: `Take ${why} out of ${key} and keep it an attribute; to list ${entity.name} items by state, give a GSI a key such as STATE#${why.replace(/[{}]/g, '')}.`,
        });
        break;
      }
    }
    return findings;
  },
};
