// A number kept as a String cannot be changed atomically (UpdateItem's ADD and SET x = x + 1 need an N),
// and compares as text: "500" < "60". Read from sample values, so an imported model is judged on day one.
import { placeholders } from '../../keys/template.ts';
import { keySchemas } from '../../model/indexes.ts';
import type { Design } from '../../model/schema.ts';
import type { LintRule, RuleFinding } from '../lint-types.ts';
import { attributeRefs, NUMERIC_TEXT, samplesOf } from './sample-values.ts';
import { TTL_NAME } from './ttl-not-enabled.ts';

/** Numeric text that is an identifier, not a quantity: ids, phone numbers, codes, SKUs, years. */
const IDENTIFIER =
  /(^id$|[a-z0-9_](id|Id|ID)s?$|number|^num$|_no$|phone|zip|postal|code|sku|pin$|year|version$|^pk|^sk|shard)/i;

/** Attributes compared with <, >, between in a pattern's filter or condition. */
function compared(design: Design): Set<string> {
  const out = new Set<string>();
  for (const pattern of design.accessPatterns) {
    const clauses = [
      ...('filter' in pattern ? (pattern.filter ?? []) : []),
      ...('condition' in pattern && Array.isArray(pattern.condition) ? pattern.condition : []),
    ];
    for (const clause of clauses)
      if (!['=', '<>', 'exists', 'not_exists', 'contains', 'begins_with'].includes(clause.op))
        out.add(clause.attribute);
  }
  return out;
}

export const numberAsString: LintRule = {
  id: 'number-as-string',
  family: 'values',
  severity: 'info',
  description:
    'An S attribute whose samples are all numbers as text (a price, a count, epoch seconds): no atomic ADD, and it compares as text ("500" < "60"); a warning when a pattern compares it.',
  explanation:
    'DynamoDB compares and sorts Strings by their bytes, so "500" sorts before "60" and a filter total > "100" is wrong for "99". UpdateItem can add to a Number atomically (ADD, SET n = n + :d); a String must be read, changed and written back, racing other writers. ' +
    'Numbers (N) keep 38 digits exactly, so amounts lose nothing.',
  check(design) {
    const keyNames = new Set(
      keySchemas(design).flatMap((s) => [...s.partitionKeys, ...s.sortKeys].map((k) => k.name)),
    );
    const comparedNames = compared(design);
    const findings: RuleFinding[] = [];
    for (const { entity, attribute, path } of attributeRefs(design)) {
      if (attribute.type !== 'S' || attribute.enum || keyNames.has(attribute.name)) continue;
      if (IDENTIFIER.test(attribute.name) || TTL_NAME.test(attribute.name)) continue;
      // A value in a key template is a key part; unpadded-number-in-key judges those.
      if (Object.values(entity.keys).some((t) => placeholders(t).includes(attribute.name))) continue;
      const samples = samplesOf(design, entity, attribute.name);
      if (samples.length === 0) continue;
      const texts = samples.filter((v): v is string => typeof v === 'string');
      if (texts.length !== samples.length || !texts.every((v) => NUMERIC_TEXT.test(v))) continue;
      // Leading zeros (007, 0900) are codes, not quantities.
      if (texts.some((v) => /^-?0\d/.test(v))) continue;
      const isCompared = comparedNames.has(attribute.name);
      findings.push({
        severity: isCompared ? 'warning' : 'info',
        target: path,
        message: `${entity.name}.${attribute.name} holds numbers as text (${JSON.stringify(texts[0])}): no atomic ADD, and it compares as text ("500" < "60").`,
        fix: `Declare ${attribute.name} as N and store ${texts[0]} as a number.`,
      });
    }
    return findings;
  },
};
