// Items that render the same primary key overwrite each other: a PutItem of one replaces the other's item,
// and a GetItem cannot tell which one it asked for. Between two entities the templates tell (they can
// produce the same key); within one entity only the values can, so its samples are checked: the table view
// drops the items a later one replaced, as the grid's banner shows. GSI keys need not be unique, so
// items alike there are not flagged.
import { keyValueOf } from '../../indexes/views.ts';
import { placeholders } from '../../keys/template.ts';
import { stringifyExactJson } from '../../model/exact-json.ts';
import { primaryKeyNames, TABLE_INDEX } from '../../model/indexes.ts';
import type { DerivedItem } from '../../model/item.ts';
import type { Entity } from '../../model/schema.ts';
import type { LintRule, RuleFinding } from '../lint.ts';
import { type EntityRef, keyPath, type LintContext } from '../lint-context.ts';
import { storedEntry } from '../stored-items.ts';
import { anyIntersect } from '../template-match.ts';

/** Runs of colliding samples named in a finding; the rest are counted. */
const EXAMPLES_SHOWN = 3;

const templatesOf = (entity: Entity, keyNames: string[]) =>
  keyNames.map((k) => `${k} ${entity.keys[k]}`).join(', ');

function betweenEntities(context: LintContext, keyNames: string[]): RuleFinding[] {
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
      const last = keyNames[keyNames.length - 1];
      findings.push({
        target: keyPath(entities[j], last),
        message: `${a.name} (${templatesOf(a, keyNames)}) and ${b.name} (${templatesOf(b, keyNames)}) can produce the same primary key: writing one replaces the other. Give each entity its own literal prefix in ${last} (e.g. ${a.name.toUpperCase()}# and ${b.name.toUpperCase()}#).`,
      });
    }
  }
  return findings;
}

/** Per entity, the samples that share a primary key with a later sample of the same entity, by that key. */
function collidingSamples(context: LintContext): Map<string, Map<DerivedItem, DerivedItem[]>> {
  const byEntity = new Map<string, Map<DerivedItem, DerivedItem[]>>();
  for (const replaced of context.views.get(TABLE_INDEX)!.overwritten) {
    const kept = storedEntry(context.views, replaced.item)?.source;
    // Another entity's item: their templates intersect, which betweenEntities reports.
    if (!kept || kept.entity !== replaced.entity) continue;
    let runs = byEntity.get(replaced.entity);
    if (!runs) {
      runs = new Map();
      byEntity.set(replaced.entity, runs);
    }
    const run = runs.get(kept);
    if (run) run.push(replaced);
    else runs.set(kept, [replaced]);
  }
  return byEntity;
}

function withinEntity(context: LintContext, keyNames: string[]): RuleFinding[] {
  const { partitionKey, sortKey } = context.design.table;
  const keys = sortKey ? [partitionKey, sortKey] : [partitionKey];
  const findings: RuleFinding[] = [];
  for (const [entityName, runs] of collidingSamples(context)) {
    const ref = context.entityRef(entityName) as EntityRef;
    const { entity } = ref;
    const examples = [...runs].map(([kept, replaced]) => {
      const samples = [...replaced, kept].map((d) => `items.${entityName}[${d.sampleIndex}]`);
      const key = keys.map((k) => `${k.name} ${stringifyExactJson(keyValueOf(kept.item, k))}`).join(', ');
      return `${samples.slice(0, -1).join(', ')} and ${samples[samples.length - 1]} (${key})`;
    });
    const count = [...runs.values()].reduce((n, replaced) => n + replaced.length, 0);
    const more = examples.length > EXAMPLES_SHOWN ? `; and ${examples.length - EXAMPLES_SHOWN} more` : '';
    const used = new Set(keyNames.flatMap((k) => placeholders(entity.keys[k] ?? '')));
    const id = entity.attributes.find(
      (a) => !used.has(a.name) && (/id$/i.test(a.name) || a.format === 'uuid' || a.format === 'ulid'),
    );
    const last = keyNames[keyNames.length - 1];
    findings.push({
      target: keyPath(ref, last),
      message: `${count === 1 ? 'A sample' : `${count} samples`} of ${entityName} ${count === 1 ? 'shares' : 'share'} a primary key with another ${entityName}: ${examples.slice(0, EXAMPLES_SHOWN).join('; ')}${more}. Only the last one written is stored: writing one replaces the other. The key templates (${templatesOf(entity, keyNames)}) must tell two ${entityName} items apart: put what identifies one in ${last}${id ? ` (e.g. {${id.name}})` : ''}.`,
    });
  }
  return findings;
}

export const keyCollision: LintRule = {
  id: 'key-collision',
  family: 'keys',
  severity: 'error',
  description:
    "Two entities' templates can produce the same full primary key, or two samples of one entity render the same one, so one item overwrites the other.",
  check(design, context) {
    const keyNames = primaryKeyNames(design);
    return [...betweenEntities(context, keyNames), ...withinEntity(context, keyNames)];
  },
};
