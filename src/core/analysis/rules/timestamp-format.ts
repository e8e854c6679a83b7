// Timestamps are compared and sorted as text: one attribute whose samples mix formats (2023-05-05 23:59:59
// beside 2099-12-12T23:59:59) sorts them wrongly, and a local time without a time zone means a different
// instant to every reader. Read from sample values.
import type { LintRule, RuleFinding } from '../lint-types.ts';
import { attributeRefs, samplesOf, type TimestampShape, timestampShape } from './sample-values.ts';

export const timestampFormat: LintRule = {
  id: 'timestamp-format',
  family: 'values',
  severity: 'warning',
  description:
    "A timestamp attribute whose samples mix formats or are not ISO-8601 (a warning), or the design's timestamps without a time zone (info, one finding for all of them).",
  explanation:
    'A timestamp stored as a String sorts and compares by its text, which is time order only when every value has one ISO-8601 form: 2023-05-05 23:59:59 sorts before 2023-05-05T00:00:00 (a space is less than T). ' +
    'A time without a zone (2023-04-30T12:00:24) is a different instant in every region that reads it and jumps at daylight saving; write UTC with a Z (2023-04-30T12:00:24Z).',
  check(design) {
    const findings: RuleFinding[] = [];
    const local: { path: string; name: string; example: string }[] = [];
    for (const { entity, attribute, path } of attributeRefs(design)) {
      if (attribute.type !== 'S') continue;
      const texts = samplesOf(design, entity, attribute.name).filter(
        (v): v is string => typeof v === 'string',
      );
      if (texts.length === 0) continue;
      const shapes = texts.map(timestampShape);
      if (shapes.some((s) => s === undefined)) continue;
      const kinds = new Set(shapes as TimestampShape[]);
      const name = `${entity.name}.${attribute.name}`;
      // A non-ISO date in a sort key: unsortable-sort-key says so.
      const inKey = Object.values(entity.keys).some((t) => t.includes(`{${attribute.name}`));
      if (kinds.size > 1 || (kinds.has('other-date') && !inKey)) {
        const odd =
          kinds.size > 1
            ? texts[shapes.findIndex((s) => s !== shapes[0])]
            : texts[shapes.indexOf('other-date')];
        findings.push({
          target: path,
          message:
            kinds.size > 1
              ? `${name} mixes timestamp formats (${JSON.stringify(texts[0])}, ${JSON.stringify(odd)}): as text they do not sort in time order.`
              : `${name} holds ${JSON.stringify(odd)}, not an ISO-8601 timestamp: as text it does not sort in time order.`,
          fix: `Write every ${attribute.name} in one ISO-8601 form, in UTC: 2023-05-05T23:59:59Z.`,
        });
      } else if (kinds.has('date-time')) local.push({ path, name, example: texts[0] });
    }
    if (local.length > 0) {
      const more = local.length > 1 ? ` and ${local.length - 1} more` : '';
      findings.push({
        severity: 'info',
        target: local[0].path,
        related: local.slice(1).map((l) => l.path),
        message: `${local[0].name}${more} hold times without a time zone (${local[0].example}): readers in other zones see other instants.`,
        fix: `Store UTC with a Z (${local[0].example}Z), or an offset, in ${local.map((l) => l.name).join(', ')}.`,
      });
    }
    return findings;
  },
};
