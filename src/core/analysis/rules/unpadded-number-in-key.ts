// A sort key compares as text, so a number inside it sorts by value only at one width: Complaint123 and
// Complaint0987 list 0987 first although 123 is smaller. Read from the keys the samples render.
import { parseTemplate } from '../../keys/template.ts';
import { indexLabel, keyPath } from '../lint-context.ts';
import type { LintRule, RuleFinding } from '../lint-types.ts';
import { timestampShape } from './sample-values.ts';

/** `Complaint0987` → skeleton `Complaint#`, digit runs [4]. */
function shape(value: string): { skeleton: string; widths: number[] } {
  const widths: number[] = [];
  const skeleton = value.replace(/\d+/g, (run) => {
    widths.push(run.length);
    return '#';
  });
  return { skeleton, widths };
}

export const unpaddedNumberInKey: LintRule = {
  id: 'unpadded-number-in-key',
  family: 'values',
  severity: 'warning',
  description:
    "A string sort key's sample values hold numbers of different widths in the same place (Complaint123, Complaint0987), so text order is not number order.",
  explanation:
    'Sort keys of type S order by UTF-8 bytes: Complaint0987 < Complaint123 < Complaint1321, and ITEM10 sorts before ITEM9. A number inside a string key sorts by value only when every value has the same width. ' +
    'Zero-pad it to a fixed width (a template {n:6} of an N attribute does so), or make the key an N.',
  check(_design, context) {
    const findings: RuleFinding[] = [];
    const seen = new Set<string>();
    for (const schema of context.schemas) {
      if (schema.sortKey?.type !== 'S' || schema.sortKeys.length > 1) continue;
      const keyName = schema.sortKey.name;
      for (const ref of context.inIndex(schema)) {
        if (ref.copy) continue;
        const template = ref.entity.keys[keyName];
        // An N placeholder without a width: unsortable-sort-key says so from the types.
        const numberPart = parseTemplate(template).some(
          (p) =>
            p.kind === 'placeholder' && ref.entity.attributes.find((a) => a.name === p.name)?.type === 'N',
        );
        const id = keyPath(ref, keyName);
        if (numberPart || seen.has(id)) continue;
        const values = context.derived
          .filter((d) => d.entity === ref.entity.name && !d.copy)
          .map((d) => d.item[keyName])
          .filter((v): v is string => typeof v === 'string' && timestampShape(v) === undefined);
        const bySkeleton = new Map<string, { value: string; widths: number[] }[]>();
        for (const value of values) {
          const s = shape(value);
          if (s.widths.length === 0) continue;
          bySkeleton.set(s.skeleton, [...(bySkeleton.get(s.skeleton) ?? []), { value, widths: s.widths }]);
        }
        for (const group of bySkeleton.values()) {
          const at = group[0].widths.findIndex((_, k) =>
            group.some((g) => g.widths[k] !== group[0].widths[k]),
          );
          if (at < 0) continue;
          const sorted = [...group].sort((a, b) => a.widths[at] - b.widths[at]);
          const [short, long] = [sorted[0].value, sorted[sorted.length - 1].value];
          const width = sorted[sorted.length - 1].widths[at];
          seen.add(id);
          findings.push({
            target: id,
            message: `${ref.entity.name}'s ${keyName} values hold numbers of different widths (${short}, ${long}): ${indexLabel(schema)} sorts them as text.`,
            fix: `Zero-pad the number to ${width} or more digits in every ${keyName} value (${short.replace(/\d+/, (d) => d.padStart(width, '0'))}); in a template, declare it N and write {name:${width}}.`,
          });
          break;
        }
      }
    }
    return findings;
  },
};
