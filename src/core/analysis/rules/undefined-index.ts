// An attribute named like an index key (GSI2PK next to the table's GSI1PK/GSI1SK) that no index of the
// table uses is written as a plain attribute: no query can read by it. Seed 000's sparse-index variant
// writes GSI2PK/GSI2SK to a table whose create_table defines GSI1 only.
import { placeholders } from '../../keys/template.ts';
import { keyAttributeTypes } from '../../model/indexes.ts';
import { entityPath } from '../lint-context.ts';
import type { LintRule, RuleFinding } from '../lint-types.ts';
import { list } from './wording.ts';

/** A name without case or separators: GSI1-SK, gsi1Sk and gsi1_sk are one. */
const looseName = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Name patterns of index key attributes: the table's own numbered ones (GSI1PK → GSI\d+PK) and GSIn/LSIn PK/SK. */
function keyNamePatterns(keyNames: Iterable<string>): RegExp[] {
  const patterns = [/^(GSI|LSI)\d+_?(PK|SK)$/i];
  for (const name of keyNames) {
    if (!/\d/.test(name)) continue;
    patterns.push(new RegExp(`^${name.split(/\d+/).map(escapeRegExp).join('\\d+')}$`));
  }
  return patterns;
}

export const undefinedIndex: LintRule = {
  id: 'undefined-index',
  family: 'patterns',
  explanation:
    'An attribute named like an index key (GSI2PK beside GSI1PK) suggests an index the table does not define. DynamoDB stores it as an ordinary attribute: no query can read by it, and every item pays for its storage. Either add the index to the table (keyed by that attribute) and make the attribute a key template, or drop the attribute.',
  severity: 'error',
  description:
    'An entity writes an attribute named like an index key (GSI2PK beside GSI1PK) that no index of the table uses: it is stored as a plain attribute and no query can read by it.',
  check(design, context) {
    const keys = keyAttributeTypes(design);
    const patterns = keyNamePatterns(keys.keys());
    const findings: RuleFinding[] = [];
    const indexOf = (name: string) => name.replace(/_?(PK|SK)$/i, '');
    for (const ref of context.entities()) {
      // gsi1Sk feeding the entity's own GSI1-SK template ({gsi1Sk}) is that key's source, not a stray.
      const feedsItsKey = (name: string) =>
        Object.entries(ref.entity.keys).some(
          ([key, template]) => looseName(key) === looseName(name) && placeholders(template).includes(name),
        );
      const strays = ref.entity.attributes.filter(
        (attribute) =>
          !keys.has(attribute.name) &&
          patterns.some((p) => p.test(attribute.name)) &&
          !feedsItsKey(attribute.name),
      );
      ref.entity.attributes.forEach((attribute, a) => {
        if (!strays.includes(attribute)) return;
        const index = indexOf(attribute.name);
        const keyedBy = list(strays.filter((s) => indexOf(s.name) === index).map((s) => s.name));
        const values = new Set(
          (design.items[ref.entity.name] ?? [])
            .map((s) => s[attribute.name])
            .filter((v) => v !== undefined && v !== null),
        );
        const single =
          values.size === 1 && /PK$/i.test(attribute.name) ? JSON.stringify([...values][0]) : undefined;
        const hot = single
          ? ` Its samples all hold ${single}: as a partition key that one value would put every item in one partition; give it a placeholder.`
          : '';
        // gsi1Sk beside the table's GSI1-SK is a misspelt key, not a missing index: name the key it means.
        const meant = [...keys.keys()].find((key) => looseName(key) === looseName(attribute.name));
        const target = `${entityPath(ref)}.attributes[${a}]`;
        if (meant) {
          findings.push({
            target,
            severity: 'warning',
            message: `${ref.entity.name} writes ${attribute.name}, not the index key ${meant}: its items stay out of that index.`,
            fix: `Rename ${attribute.name} to ${meant} (a key template on ${ref.entity.name}), so its items are indexed.`,
          });
          return;
        }
        findings.push({
          target,
          message: `${ref.entity.name} writes ${attribute.name}, named like a key of index ${index}, which the table does not define.`,
          fix: `DynamoDB stores it as a plain attribute and no query can read by it. Add ${index} to the table (keyed by ${keyedBy}) and turn the attribute into a key template, or drop it.${hot}`,
        });
      });
    }
    return findings;
  },
};
