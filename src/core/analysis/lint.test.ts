// The linter as a whole: the built-in examples lint clean, and the faithful transcription of seed 000
// (fixtures/seed-000.keyplan.json) gets exactly the findings a careful reviewer of that document makes.
import { describe, expect, it } from 'vitest';
import { ecommerceDesign, seed000Design, storeDesign } from '../test-support/analysis-designs.ts';
import { groupBySeverity, lintDesign } from './lint.ts';
import { LINT_RULES } from './rules/index.ts';

describe('lintDesign', () => {
  it.each([
    ['ecommerce', ecommerceDesign()],
    ['online-store', storeDesign()],
  ])('finds no error or warning in the built-in %s example, and few infos', (_name, design) => {
    // ecommerce's ORDERBYDATE#{createdMonth} is a time bucket taking every new order: time-bucket-partition's
    // own test (rules/throughput-rules.test.ts) holds it.
    const findings = lintDesign(design).filter((f) => f.rule !== 'time-bucket-partition');
    expect(findings.filter((f) => f.severity !== 'info')).toEqual([]);
    // The few-valued status partition of GSI1, the orders-by-status Query without Limit on it, and the
    // reserved words name, status and total, each once at the attribute that declares it.
    expect(findings.map((f) => [f.rule, f.target])).toEqual([
      ['hot-partition', 'entities[1].keys.GSI1PK'],
      ...['name', 'status', 'total'].map(() => [
        'reserved-word',
        expect.stringMatching(/^entities\[\d+\]\.attributes\[\d+\]$/),
      ]),
      ['unbounded-query', expect.stringMatching(/^accessPatterns\[\d+\]$/)],
    ]);
  });

  it("reports where seed 000's code contradicts its own access-pattern list", () => {
    const findings = lintDesign(seed000Design());
    expect(findings.map((f) => [f.rule, f.target]).sort()).toEqual(
      [
        // Pattern 3: nothing writes PK=ORDER#<id>, SK=DETAILS (an Order lives under USER#<id>).
        ['pattern-unserved', 'accessPatterns[2].keyCondition'],
        // Pattern 6: nothing writes GSI1PK=ORDERBYDATE, and no GSI1SK is a DATE#…
        ['pattern-unserved', 'accessPatterns[5].keyCondition.partition'],
        ['pattern-unserved', 'accessPatterns[5].keyCondition.sort'],
        // get_order_with_items expects an Order in the ORDER#<id> partition: it is never there.
        ['pattern-unserved', 'accessPatterns[8].returns[0]'],
        // GSI1PK=USEREMAIL#<email> is named as an overloaded use of GSI1, but no User writes it.
        ['pattern-unserved', 'accessPatterns[9].keyCondition.partition'],
        // The pagination example reads PK=USER#<id> without begins_with: the profile comes along.
        ['prefix-collision', 'accessPatterns[10].keyCondition'],
        // Patterns 2 and 3 want Order's PK to be USER#… and ORDER#…; patterns 5 and 6 want two GSI1PKs.
        ['entity-index-conflict', 'entities[1].keys.PK'],
        ['entity-index-conflict', 'entities[1].keys.GSI1PK'],
        // ORDERBYDATE is one constant partition.
        ['hot-partition', 'accessPatterns[5].keyCondition.partition'],
        // Orders listed by ORDER#<orderId>: id order, not time order.
        ['unsortable-sort-key', 'entities[1].keys.SK'],
        ['unsortable-sort-key', 'entities[1].keys.GSI1SK'],
        // name, status and total: reserved words, each at the attribute declaring it (status set by pattern 17).
        ['reserved-word', 'entities[0].attributes[1]'],
        ['reserved-word', 'entities[1].attributes[2]'],
        ['reserved-word', 'entities[1].attributes[3]'],
        // User.createdAt 2026-10-01T08:00:00: a time without a zone.
        ['timestamp-format', 'entities[0].attributes[3]'],
        // The sparse variant writes GSI2PK/GSI2SK; create_table defines GSI1 only.
        ['undefined-index', 'entities[3].attributes[4]'],
        ['undefined-index', 'entities[3].attributes[5]'],
        // No put has a condition, the order transaction included: a retry overwrites.
        ['unconditional-put', 'accessPatterns[11]'],
        ['unconditional-put', 'accessPatterns[12]'],
        ['unconditional-put', 'accessPatterns[13]'],
        ['unconditional-put', 'accessPatterns[14]'],
        ['unconditional-put', 'accessPatterns[15]'],
        ['unconditional-put', 'accessPatterns[16].actions[0]'],
        ['unconditional-put', 'accessPatterns[16].actions[1]'],
      ].sort(),
    );
    const byTarget = new Map(findings.map((f) => [`${f.rule} ${f.target}`, f]));
    expect(byTarget.get('pattern-unserved accessPatterns[5].keyCondition.partition')?.message).toMatch(
      /ORDERBYDATE.*Order writes ORDERSTATUS#\{status\}/,
    );
    expect(byTarget.get('entity-index-conflict entities[1].keys.GSI1PK')?.message).toMatch(
      /ORDERSTATUS#\{status\} for orders-by-status and ORDERBYDATE for orders-by-date/,
    );
    expect(byTarget.get('undefined-index entities[3].attributes[4]')?.fix).toMatch(
      /"PUBLISHED".*one partition/,
    );
  });

  it("takes each finding's severity from its rule unless the finding lowers it", () => {
    const findings = lintDesign(storeDesign());
    const hot = findings.find((f) => f.rule === 'hot-partition');
    expect(LINT_RULES.find((r) => r.id === 'hot-partition')?.severity).toBe('warning');
    expect(hot?.severity).toBe('info');
    const groups = groupBySeverity(lintDesign(seed000Design()));
    expect(groups.error.length).toBe(10);
    expect(groups.warning.map((f) => f.rule)).toEqual(['hot-partition']);
    expect(groups.info.every((f) => f.severity === 'info')).toBe(true);
  });

  it('has one rule per id, each described', () => {
    const ids = LINT_RULES.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const rule of LINT_RULES) expect(rule.description.length).toBeGreaterThan(40);
  });
});
