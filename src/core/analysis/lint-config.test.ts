// The design's `lint` configuration: a rule turned off or given another severity, and a finding suppressed
// with a reason (returned marked, never counted); a rule id the linter does not have is a problem with a path.
import { describe, expect, it } from 'vitest';
import { validateDesign } from '../checks/validate.ts';
import { suppressFinding, unsuppressFinding } from '../model/ops/lint.ts';
import { seed000Design } from '../test-support/analysis-designs.ts';
import { groupBySeverity, LINT_FAMILIES, lintConfigProblems, lintDesign } from './lint.ts';
import { LINT_RULES } from './rules/index.ts';

const key = (f: { rule: string; target: string }) => `${f.rule} ${f.target}`;

describe('lint configuration in the design', () => {
  const plain = lintDesign(seed000Design());

  it('turns a rule off, or reports its findings at the severity the design gives', () => {
    const findings = lintDesign(
      seed000Design((doc) => {
        doc.lint = { rules: { 'unconditional-put': 'off', 'unsortable-sort-key': 'error' } };
      }),
    );
    expect(findings.some((f) => f.rule === 'unconditional-put')).toBe(false);
    const sortKeys = findings.filter((f) => f.rule === 'unsortable-sort-key');
    expect(sortKeys.length).toBeGreaterThan(0);
    expect(sortKeys.every((f) => f.severity === 'error')).toBe(true);
    expect(
      findings.filter((f) => f.rule !== 'unconditional-put' && f.rule !== 'unsortable-sort-key'),
    ).toEqual(plain.filter((f) => f.rule !== 'unconditional-put' && f.rule !== 'unsortable-sort-key'));
  });

  it('silences exactly the finding a suppression names, keeping it marked with the reason', () => {
    const reason = 'Orders are listed newest first by the order date attribute, not by the key';
    const findings = lintDesign(
      seed000Design((doc) => {
        doc.lint = { suppress: [{ rule: 'unsortable-sort-key', target: 'entities[1].keys.SK', reason }] };
      }),
    );
    const suppressed = findings.filter((f) => f.suppressed);
    expect(suppressed.map(key)).toEqual(['unsortable-sort-key entities[1].keys.SK']);
    expect(suppressed[0].suppressed).toEqual({ reason });
    // Every finding is still there, the same but for the mark; only the suppressed one is not counted.
    expect(findings.map(({ suppressed: _, ...f }) => f)).toEqual(plain);
    const counted = Object.values(groupBySeverity(findings)).flat().map(key);
    const before = Object.values(groupBySeverity(plain)).flat().map(key);
    expect(before.filter((k) => !counted.includes(k))).toEqual(['unsortable-sort-key entities[1].keys.SK']);
  });

  it('names an unknown rule id and a suppression without a reason by path', () => {
    const design = seed000Design((doc) => {
      doc.lint = {
        rules: { 'no-such-rule': 'warning' },
        suppress: [{ rule: 'hot-partitions', target: 'entities[1].keys.PK', reason: 'typo' }],
      };
    });
    expect(lintConfigProblems(design)).toEqual([
      {
        path: 'lint.rules.no-such-rule',
        message: expect.stringMatching(/^unknown lint rule "no-such-rule"; the rules are .*hot-partition/),
      },
      {
        path: 'lint.suppress[0].rule',
        message: expect.stringMatching(/^unknown lint rule "hot-partitions"; the rules are /),
      },
    ]);
    expect(
      lintDesign(design)
        .filter((f) => f.rule === 'lint-config')
        .map((f) => f.target),
    ).toEqual(['lint.rules.no-such-rule', 'lint.suppress[0].rule']);

    const noReason = validateDesign({
      ...structuredClone(design),
      lint: {
        rules: { 'hot-partition': 'loud' },
        suppress: [
          { rule: 'hot-partition', target: '' },
          { rule: 'hot-partition', target: '', reason: ' ' },
        ],
      },
    });
    expect(noReason.problems).toEqual([
      { path: 'lint.rules.hot-partition', message: 'must be one of off, info, warning, error (got "loud")' },
      { path: 'lint.suppress[0].reason', message: 'missing: say why the finding does not apply' },
      { path: 'lint.suppress[1].reason', message: 'must say why the finding does not apply' },
    ]);
  });

  it('suppresses a finding from the Problems tab and lifts the suppression again', () => {
    const design = seed000Design();
    const [first] = plain;
    const suppressed = suppressFinding(design, {
      rule: first.rule,
      target: first.target,
      reason: '  known  ',
    });
    expect(suppressed.lint).toEqual({
      suppress: [{ rule: first.rule, target: first.target, reason: 'known' }],
    });
    expect(validateDesign(suppressed).ok).toBe(true);
    expect(
      lintDesign(suppressed)
        .filter((f) => f.suppressed)
        .map(key),
    ).toEqual([key(first)]);
    // A second reason replaces the first; a blank one is refused.
    const again = suppressFinding(suppressed, { rule: first.rule, target: first.target, reason: 'reviewed' });
    expect(again.lint?.suppress).toEqual([{ rule: first.rule, target: first.target, reason: 'reviewed' }]);
    expect(() => suppressFinding(design, { rule: first.rule, target: first.target, reason: ' ' })).toThrow(
      'suppression reason: must say why the finding does not apply',
    );
    expect(unsuppressFinding(again, first)).toEqual(design);
  });

  it('knows every rule by a unique id, with a family, a one-line description and an explanation', () => {
    expect(new Set(LINT_RULES.map((r) => r.id)).size).toBe(LINT_RULES.length);
    for (const rule of LINT_RULES) {
      expect(LINT_FAMILIES, rule.id).toContain(rule.family);
      expect(rule.description, rule.id).not.toContain('\n');
      expect(rule.explanation?.length ?? 0, rule.id).toBeGreaterThan(rule.description.length);
    }
  });
});
