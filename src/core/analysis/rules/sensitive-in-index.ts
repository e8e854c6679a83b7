// A secret (password, token, card number) copied into an index is one more copy to protect, expire and
// delete; personal data (email, phone) copied by an ALL projection, one nobody chose. KEYS_ONLY or
// INCLUDE of what the index's readers need keeps them in the table alone.
import type { LintRule, RuleFinding } from '../lint-types.ts';

const SECRET =
  /pass(word|wd)?$|passwd|secret|token|(^|[^a-z])ssn($|[^a-z])|social.?security|(^|[-_])card($|[-_])|card.?(number|no)|cvv|cvc|private.?key|api.?key|iban|pin.?code/i;
const PERSONAL = /e-?mail|phone|birth|address/i;

/** Keys of the maps among the values, nested (PaymentDetails' `default-card`). */
function mapKeys(value: unknown, out: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const v of value) mapKeys(v, out);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      mapKeys(v, out);
    }
  return out;
}

export const sensitiveInIndex: LintRule = {
  id: 'sensitive-in-index',
  family: 'projections',
  severity: 'warning',
  description:
    'A secret (password, token, card number…) projected into a GSI, or personal data (email, phone) copied by an ALL projection.',
  explanation:
    "Every GSI holds its own copy of the attributes it projects. A password hash, an access token or a card number copied there is one more place to encrypt, restrict (IAM on the index), and delete when the user asks; with an ALL projection it got there without anyone choosing it. Project only what the index's readers need (INCLUDE, or KEYS_ONLY and a GetItem for the rest), and keep secrets in the table item only.",
  check(design, context) {
    const findings: RuleFinding[] = [];
    design.table.globalSecondaryIndexes.forEach((gsi, i) => {
      const schema = context.schemas.find((s) => s.name === gsi.name);
      if (!schema || gsi.projection.type === 'KEYS_ONLY') return;
      const keyNames = new Set([...schema.partitionKeys, ...schema.sortKeys].map((k) => k.name));
      const found = new Map<string, string>();
      for (const ref of context.inIndex(schema)) {
        if (ref.copy) continue;
        ref.entity.attributes.forEach((attribute, j) => {
          if (keyNames.has(attribute.name)) return;
          const projected =
            gsi.projection.type === 'ALL' || (gsi.projection.attributes ?? []).includes(attribute.name);
          if (!projected) return;
          const path = `entities[${ref.index}].attributes[${j}]`;
          const nested = [
            ...mapKeys(
              (design.items[ref.entity.name] ?? []).map((s) => s[attribute.name]),
              new Set(),
            ),
          ];
          const secret = SECRET.test(attribute.name) ? attribute.name : nested.find((k) => SECRET.test(k));
          if (secret !== undefined)
            found.set(path, secret === attribute.name ? attribute.name : `${attribute.name}.${secret}`);
          else if (gsi.projection.type === 'ALL' && PERSONAL.test(attribute.name))
            found.set(path, attribute.name);
        });
      }
      if (found.size === 0) return;
      const names = [...new Set(found.values())];
      findings.push({
        target: `table.globalSecondaryIndexes[${i}].projection`,
        related: [...found.keys()],
        message: `${gsi.name} (${gsi.projection.type}) copies ${names.slice(0, 3).join(', ')}${names.length > 3 ? ` and ${names.length - 3} more` : ''} into the index: sensitive data in a second place.`,
        fix: `Project only what ${gsi.name}'s readers need: projection INCLUDE without ${names
          .map((n) => n.split('.')[0])
          .filter((n, k, a) => a.indexOf(n) === k)
          .join(', ')} (or KEYS_ONLY and a GetItem).`,
      });
    });
    return findings;
  },
};
