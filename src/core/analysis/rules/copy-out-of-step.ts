// An entity stored more than once (entity.copies) must change in every copy at once. Keyplan's request of an
// UpdateItem updates each copy that holds what it changes, in one transaction; but it cannot move a copy to
// a new primary key: DynamoDB never changes a key in place. An update of an attribute a copy's primary key is
// built from would change the entity's own item and leave that copy under the old value (Keyplan refuses to
// build it; this says so at design time, where the fix is).
import { placeholders, TemplateSyntaxError } from '../../keys/template.ts';
import { primaryKeyNames } from '../../model/indexes.ts';
import type { Design, WriteAction } from '../../model/schema.ts';
import { writeSites } from '../lint-context.ts';
import type { LintRule, RuleFinding } from '../lint-types.ts';

function uses(template: string | undefined, name: string): boolean {
  if (template === undefined) return false;
  try {
    return placeholders(template).includes(name);
  } catch (error) {
    if (error instanceof TemplateSyntaxError) return false;
    throw error;
  }
}

function check(design: Design, action: WriteAction, path: string, id: string): RuleFinding[] {
  const entity = design.entities.find((e) => e.name === action.entity);
  if (!entity?.copies?.length || action.operation !== 'UpdateItem') return [];
  const primary = primaryKeyNames(design);
  const findings: RuleFinding[] = [];
  for (const field of ['set', 'remove'] as const) {
    (action[field] ?? []).forEach((name, k) => {
      // The entity's own primary key is index-key-stale's to report.
      if (primary.some((key) => uses(entity.keys[key], name))) return;
      for (const copy of entity.copies ?? []) {
        const key = primary.find((keyName) => uses(copy.keys[keyName], name));
        if (!key) continue;
        findings.push({
          target: `${path}.${field}[${k}]`,
          message: `${id} ${field === 'set' ? 'sets' : 'removes'} ${name}, which the ${key} ${copy.keys[key]} of ${entity.name}'s copy ${copy.name} is built from: a primary key never changes in place, so the update would change ${entity.name}'s own item and leave ${copy.name} under the old ${name}, the two copies out of step. Delete the ${entity.name} and put it again (its copies go with it), or keep ${name} out of ${copy.name}'s primary key.`,
        });
      }
    });
  }
  return findings;
}

export const copyOutOfStep: LintRule = {
  id: 'copy-out-of-step',
  family: 'patterns',
  explanation:
    "An item copy is a second item that repeats the entity under other keys. When an UpdateItem changes an attribute a copy's primary key is built from, the copy would have to move to a new key, which UpdateItem cannot do: the entity's own item is updated and the copy stays under its old key with old values, so reads through the copy return stale or wrong items. Write the change as a transaction that deletes the old copy and puts the new one, or build the copy's key from attributes that never change.",
  severity: 'error',
  description:
    "An UpdateItem changes an attribute an item copy's primary key is built from: it would update the entity's own item and leave that copy under the old key.",
  check(design) {
    return writeSites(design).flatMap((site) => check(design, site.write, site.path, site.patternId));
  },
};
