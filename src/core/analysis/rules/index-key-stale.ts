// Keys are built from attributes. An update that changes such an attribute must rewrite the key, and
// Keyplan's request does so for an index key when the update knows every attribute the template uses. It
// cannot for the table's primary key, which DynamoDB never changes in place, and an index key template
// that also uses attributes the update does not set needs their current values passed in, or it goes stale.
import { placeholders } from '../../keys/template.ts';
import { isNaturalKey, primaryKeyNames } from '../../model/indexes.ts';
import type { Design, WriteAction } from '../../model/schema.ts';
import { writeSites } from '../lint-context.ts';
import type { LintRule, RuleFinding } from '../lint-types.ts';
import { list } from './wording.ts';

function check(design: Design, action: WriteAction, path: string, id: string): RuleFinding[] {
  const entity = design.entities.find((e) => e.name === action.entity);
  if (!entity || action.operation !== 'UpdateItem') return [];
  const primary = primaryKeyNames(design);
  const known = new Set(primary.flatMap((k) => (entity.keys[k] ? placeholders(entity.keys[k]) : [])));
  const findings: RuleFinding[] = [];
  const changed = [
    ...(action.set ?? []).map((n) => ['set', n]),
    ...(action.remove ?? []).map((n) => ['remove', n]),
  ];
  changed.forEach(([field, name]) => {
    const k = (action[field as 'set' | 'remove'] ?? []).indexOf(name);
    const target = `${path}.${field}[${k}]`;
    const inPrimary = primary.filter(
      (key) => entity.keys[key] && placeholders(entity.keys[key]).includes(name),
    );
    if (inPrimary.length > 0) {
      const key = inPrimary[0];
      const verb = field === 'set' ? 'sets' : 'removes';
      findings.push({
        target,
        message: isNaturalKey(entity, key)
          ? `${id} ${verb} ${name}, which is the table's key ${key} itself (a natural key): a primary key never changes in place, and DynamoDB refuses an update of it. Delete the item and put it again in one TransactWriteItems.`
          : `${id} ${verb} ${name}, which the table's ${key} ${entity.keys[key]} is built from: a primary key never changes in place, so ${key} would keep the old ${name}. Delete the item and put it again in one TransactWriteItems, or keep ${name} out of the primary key.`,
      });
      return;
    }
    if (field !== 'set') return;
    for (const [key, template] of Object.entries(entity.keys)) {
      if (primary.includes(key)) continue;
      const uses = placeholders(template);
      if (!uses.includes(name)) continue;
      const unknown = uses.filter((u) => !known.has(u) && !(action.set ?? []).includes(u));
      if (unknown.length === 0) continue;
      findings.push({
        severity: 'warning',
        target,
        message: `${id} sets ${name}, so ${key} ${template} must be rewritten, but the update does not know ${list(unknown.map((u) => `{${u}}`))}: every caller must pass the item's current value, or ${key} goes stale. Add ${list(unknown)} to the table key or to what the update sets, or read the item first.`,
      });
    }
  });
  return findings;
}

export const indexKeyStale: LintRule = {
  id: 'index-key-stale',
  family: 'keys',
  explanation:
    "A key attribute built from a template (GSI1PK = STATUS#{status}) must be rewritten whenever an attribute it is built from changes. An UpdateItem that sets status without setting GSI1PK leaves the index key showing the old value, so index queries return the item under the wrong key. The table's primary key cannot be updated at all (an error); an index key can be, but only if the update knows every attribute of its template. Set the key in the same update, or make the update carry the attributes the template needs.",
  severity: 'error',
  description:
    "An UpdateItem changes an attribute a key template is built from without being able to rewrite that key: the table's primary key (error), or an index key that also needs attributes the update does not know (warning).",
  check(design) {
    return writeSites(design).flatMap((site) => check(design, site.write, site.path, site.patternId));
  },
};
