// Two entities whose templates can render the same primary key overwrite each other: a PutItem of one
// replaces the other's item, and a GetItem cannot tell which one it asked for.
import { primaryKeyNames } from '../../model/indexes.ts';
import type { LintRule, RuleFinding } from '../lint.ts';
import { keyPath } from '../lint-context.ts';
import { anyIntersect } from '../template-match.ts';

export const keyCollision: LintRule = {
  id: 'key-collision',
  severity: 'error',
  description:
    "Two entities' templates can produce the same full primary key, so one's item can overwrite the other's.",
  check(design, context) {
    const keyNames = primaryKeyNames(design);
    const entities = context.entities();
    const findings: RuleFinding[] = [];
    for (let j = 1; j < entities.length; j++) {
      for (let i = 0; i < j; i++) {
        const same = keyNames.every((keyName) => {
          const a = context.entityShapes(entities[i], keyName);
          const b = context.entityShapes(entities[j], keyName);
          return a !== undefined && b !== undefined && anyIntersect(a, b);
        });
        if (!same) continue;
        const [a, b] = [entities[i].entity, entities[j].entity];
        const keys = (e: typeof a) => keyNames.map((k) => `${k} ${e.keys[k]}`).join(', ');
        const last = keyNames[keyNames.length - 1];
        findings.push({
          target: keyPath(entities[j], last),
          message: `${a.name} (${keys(a)}) and ${b.name} (${keys(b)}) can produce the same primary key: writing one replaces the other. Give each entity its own literal prefix in ${last} (e.g. ${a.name.toUpperCase()}# and ${b.name.toUpperCase()}#).`,
        });
      }
    }
    return findings;
  },
};
