// A Scan reads every item of the table or index, and a filter drops items only after they were read (and
// paid for): both find their items by reading others. The message says which key would serve the pattern.
import { keySchemaFor } from '../../model/indexes.ts';
import type { ConditionClause, ReadPattern } from '../../model/schema.ts';
import { indexLabel, patternPath } from '../lint-context.ts';
import type { LintRule, RuleFinding } from '../lint-types.ts';
import { list } from './wording.ts';

function keyIdea(pattern: ReadPattern, clauses: readonly ConditionClause[]): string {
  const equal = clauses.find((c) => c.op === '=');
  const ranged = clauses.find((c) => c.op !== '=' && c.op !== 'exists' && c.op !== 'not_exists');
  const subject = pattern.returns?.length === 1 ? pattern.returns[0] : 'the entity it reads';
  if (equal) {
    const upper = equal.attribute.toUpperCase();
    return `give ${subject} a GSI whose partition key is ${upper}#{${equal.attribute}}${ranged ? ` and whose sort key starts with {${ranged.attribute}}` : ''}, and Query it`;
  }
  if (ranged) return `put {${ranged.attribute}} first in ${subject}'s sort key, and Query a range of it`;
  return `give ${subject}'s items a partition they share (a GSI keyed by what the pattern lists them by) and Query it`;
}

export const patternScan: LintRule = {
  id: 'pattern-scan',
  family: 'patterns',
  explanation:
    'A Scan reads every item of the table or index and pays for all of them, 1 MB a page; its cost grows with the table, not with the answer. A filter expression is applied after the read, so a Query with a filter on a non-key attribute pays for every item of the key range it reads, including the ones the filter drops. Give the pattern a key it can Query by (a GSI keyed by what it filters on), or keep the Scan for rare jobs on small tables.',
  severity: 'warning',
  description:
    'A pattern reads items it does not return to find the ones it does: a Scan of the whole table or index, or a filter on a non-key attribute (every item read is paid for).',
  check(design) {
    const findings: RuleFinding[] = [];
    design.accessPatterns.forEach((pattern, i) => {
      if (pattern.operation === 'Scan') {
        const where = indexLabel(keySchemaFor(design, pattern.index) ?? keySchemaFor(design, undefined)!);
        findings.push({
          target: `${patternPath(i)}.operation`,
          message: `${pattern.id} scans ${where}: it reads and pays for every item in it, page by 1 MB page, whatever it returns. To serve it with a Query, ${keyIdea(pattern, pattern.filter ?? [])}.`,
        });
        return;
      }
      if (pattern.operation !== 'Query' || !pattern.filter?.length) return;
      const attributes = [...new Set(pattern.filter.map((c) => c.attribute))];
      findings.push({
        target: `${patternPath(i)}.filter`,
        message: `${pattern.id} filters on ${list(attributes)} after reading: every item of the key condition is read and charged, also those the filter drops. To read only the items it returns, ${keyIdea(pattern, pattern.filter)}.`,
      });
    });
    return findings;
  },
};
