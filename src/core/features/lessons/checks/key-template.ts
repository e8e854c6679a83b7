// The `key-template` check: an entity's key template for `key` (PK, SK, GSI1PK…) is present (or absent, for a
// sparse index) and contains these placeholders or text.
import { z } from 'zod';
import { type CheckContext, result } from '../check-context.ts';
import { defineCheck } from '../check-definition.ts';
import type { CheckResult } from '../check-result.ts';
import { checkFields } from '../lesson-fields.ts';

/** An entity's key template for `key` (PK, SK, GSI1PK…) is present (or absent) and contains these placeholders/text. */
const schema = z
  .object({
    ...checkFields,
    kind: z.literal('key-template'),
    entity: z.string().min(1),
    key: z.string().min(1),
    /** false: the entity must NOT write this key (a sparse index leaves it out). Default true. */
    present: z.boolean().optional(),
    /** Substrings the template must contain, e.g. "{status}", "#". */
    includes: z.array(z.string().min(1)).optional(),
  })
  .strict();

export type KeyTemplateCheck = z.infer<typeof schema>;

export const keyTemplateCheck = defineCheck({ kind: 'key-template', schema, check: checkKeyTemplate });

function checkKeyTemplate(context: CheckContext, check: KeyTemplateCheck): CheckResult {
  const entity = context.entity(check.entity);
  const target = { kind: 'entity', name: entity?.name ?? check.entity } as const;
  if (!entity) return result(check, 'fail', context.missingEntity(check.entity), target);
  const template = entity.keys[check.key];
  const present = check.present !== false;
  if (!present)
    return template === undefined
      ? result(check, 'pass', `${entity.name} writes no ${check.key}: it stays out of that index`, target)
      : result(
          check,
          'fail',
          `${entity.name} writes ${check.key} ${template}, expected none: every ${entity.name} then lands in the index (a sparse index leaves the key out of the items it does not want)`,
          target,
        );
  if (template === undefined)
    return result(
      check,
      'fail',
      `${entity.name} writes no ${check.key} (its keys: ${Object.keys(entity.keys).join(', ') || 'none'}): give it a ${check.key} template`,
      target,
    );
  const lacking = (check.includes ?? []).filter((part) => !template.includes(part));
  if (lacking.length > 0)
    return result(
      check,
      'fail',
      `${entity.name}'s ${check.key} is ${template}, which lacks ${lacking.map((p) => `"${p}"`).join(', ')}`,
      target,
    );
  return result(check, 'pass', `${entity.name}'s ${check.key} is ${template}`, target);
}
