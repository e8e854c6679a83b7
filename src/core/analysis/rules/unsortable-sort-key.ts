// String sort keys order by UTF-8 bytes: a number must be zero-padded to sort by value (9 < 10 only as
// 09 < 10), and a date must be ISO-8601 (2026-10-08) to sort by time. A list sorted by an id placeholder
// is in id order, which for random ids is no order at all: said as info when the entity has a time to sort by.
import { isIdName } from '../../items/generate/relations.ts';
import { parseTemplate } from '../../keys/template.ts';
import type { KeySchema } from '../../model/indexes.ts';
import type { Design, Entity } from '../../model/schema.ts';
import { type EntityRef, keyPath, type LintContext, sameForm } from '../lint-context.ts';
import type { LintRule, RuleFinding } from '../lint-types.ts';
import { list } from './wording.ts';

const ISO_DATE = /^\d{4}-\d{2}(-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?)?$/;
const OTHER_DATE =
  /^(\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}|(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{1,2}|\d{1,2} (jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec))/i;

function unpaddedNumbers(ref: EntityRef, keyName: string): RuleFinding | undefined {
  const template = ref.entity.keys[keyName];
  const numbers = parseTemplate(template).filter(
    (part) =>
      part.kind === 'placeholder' &&
      part.width === undefined &&
      ref.entity.attributes.find((a) => a.name === part.name)?.type === 'N',
  );
  if (numbers.length === 0) return undefined;
  const named = numbers.map((p) => (p.kind === 'placeholder' ? p.name : ''));
  return {
    target: keyPath(ref, keyName),
    message: `${keyName} ${template} puts the number${named.length > 1 ? 's' : ''} ${list(named.map((n) => `{${n}}`))} in a string, where 10 sorts before 9.`,
    fix: `Zero-pad to a fixed width, e.g. {${named[0]}:10}, so text order is number order.`,
  };
}

function nonIsoDates(design: Design, ref: EntityRef, keyName: string): RuleFinding | undefined {
  const template = ref.entity.keys[keyName];
  const samples = design.items[ref.entity.name] ?? [];
  for (const part of parseTemplate(template)) {
    if (part.kind !== 'placeholder') continue;
    const attribute = ref.entity.attributes.find((a) => a.name === part.name);
    const dated = attribute?.format === 'date' || attribute?.format === 'date-time';
    const index = samples.findIndex((sample) => {
      const value = sample[part.name];
      if (typeof value !== 'string') return false;
      return dated ? !ISO_DATE.test(value) : OTHER_DATE.test(value);
    });
    if (index < 0) continue;
    return {
      target: keyPath(ref, keyName),
      message: `${keyName} ${template} sorts by {${part.name}}, but sample ${index} holds ${JSON.stringify(samples[index][part.name])}, which is not ISO-8601: as text it does not sort by time.`,
      fix: `Store ${part.name} as ISO-8601, 2026-10-08 or 2026-10-08T14:30:00Z.`,
    };
  }
  return undefined;
}

/** The first placeholder of the sort template, if it is an id with no time order (not a ULID). */
function idFirst(entity: Entity, template: string): string | undefined {
  const first = parseTemplate(template).find((part) => part.kind === 'placeholder');
  if (first?.kind !== 'placeholder' || !isIdName(first.name)) return undefined;
  const format = entity.attributes.find((a) => a.name === first.name)?.format;
  return format === 'ulid' ? undefined : first.name;
}

function idOrder(context: LintContext, ref: EntityRef, schema: KeySchema): RuleFinding | undefined {
  const keyName = schema.sortKey!.name;
  const template = ref.entity.keys[keyName];
  const id = idFirst(ref.entity, template);
  const time = ref.entity.attributes.find(
    (a) =>
      a.required && (a.format === 'date-time' || a.format === 'date') && !template.includes(`{${a.name}`),
  );
  if (!id || !time) return undefined;
  const lists = context.design.accessPatterns.filter((pattern, i) => {
    if (pattern.operation !== 'Query') return false;
    const sort = pattern.keyCondition.sort;
    if (sort && sort.op !== 'begins_with') return false;
    const reach = context.reach(i);
    return reach?.schema.name === schema.name && reach.served.some((r) => sameForm(r, ref));
  });
  if (lists.length === 0) return undefined;
  // A GetItem finds the item by this key: with the time first it would need the time to find it.
  const pointRead = context.design.accessPatterns.some((pattern, i) => {
    if (pattern.operation !== 'GetItem') return false;
    const reach = context.reach(i);
    return reach?.schema.name === schema.name && reach.served.some((r) => sameForm(r, ref));
  });
  if (pointRead) return undefined;
  const literal = template.slice(0, template.indexOf('{'));
  return {
    severity: 'info',
    target: keyPath(ref, keyName),
    message: `${lists.length === 1 ? `${lists[0].id} lists` : `${lists.length} patterns list`} ${ref.entity.name} items in ${keyName} order, ${template}: by ${id}, not by time.`,
    fix: `To list them by ${time.name}${lists.length > 1 ? ` (${list(lists.map((p) => p.id))})` : ''}, put it first: ${literal}{${time.name}}#{${id}}.`,
  };
}

export const unsortableSortKey: LintRule = {
  id: 'unsortable-sort-key',
  family: 'keys',
  explanation:
    "A Query returns items in sort-key order: by bytes for strings, by value for numbers. A sort key built from an id (ORDER#{orderId}) lists items by id, not by time, so 'the latest orders' needs every item read and sorted by the application. Put the attribute the pattern orders by first, in a form that sorts as text (ISO 8601 dates, zero-padded numbers): ORDER#{createdAt}#{orderId}.",
  severity: 'warning',
  description:
    'A string sort key holds a number without zero padding or a date that is not ISO-8601, so text order is not value order; info when a list sorts by a random id although the entity has a time.',
  check(design, context) {
    const findings: RuleFinding[] = [];
    for (const schema of context.schemas) {
      if (schema.sortKey?.type !== 'S') continue;
      const keyName = schema.sortKey.name;
      for (const ref of context.inIndex(schema)) {
        const checks = [
          unpaddedNumbers(ref, keyName),
          nonIsoDates(design, ref, keyName),
          idOrder(context, ref, schema),
        ];
        for (const finding of checks) if (finding) findings.push(finding);
      }
    }
    // An index may sort by the table's own sort key attribute: one finding per template.
    return findings.filter((f, i) => findings.findIndex((g) => g.message === f.message) === i);
  },
};
