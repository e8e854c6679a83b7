// A PutItem without a condition replaces whatever item has the same key: a retried "create" overwrites
// the item it already wrote (and anything another writer put there in between). Info, because an upsert
// is sometimes what is meant; a create says so with condition not-exists.

import { patternPath } from '../lint-context.ts';
import type { LintRule, RuleFinding } from '../lint-types.ts';

export const unconditionalPut: LintRule = {
  id: 'unconditional-put',
  family: 'patterns',
  explanation:
    'PutItem replaces any item that already has its key, silently. A create without a condition therefore overwrites an existing record when two clients pick the same id, when a request is retried after a timeout, or when an id is reused. Say condition not-exists (attribute_not_exists(PK)) for a create, so a second write fails with ConditionalCheckFailed instead of destroying data; an intended replace can say so with an exists condition or stay unconditional.',
  severity: 'info',
  description:
    'A PutItem (alone or in a transaction) has no condition, so it silently replaces an existing item with the same key; a create should say condition not-exists.',
  check(design) {
    const findings: RuleFinding[] = [];
    design.accessPatterns.forEach((pattern, i) => {
      const path = patternPath(i);
      const actions =
        pattern.operation === 'PutItem'
          ? [{ action: pattern, target: path }]
          : pattern.operation === 'TransactWriteItems'
            ? pattern.actions.map((action, k) => ({ action, target: `${path}.actions[${k}]` }))
            : [];
      for (const { action, target } of actions) {
        if (action.operation !== 'PutItem' || action.condition !== undefined) continue;
        findings.push({
          target,
          message: `${pattern.id} puts ${action.entity} without a condition: it replaces any ${action.entity} with the same key, so a retried request overwrites it. If it creates, add condition not-exists (attribute_not_exists); if it means to replace, this is fine.`,
        });
      }
    });
    return findings;
  },
};
