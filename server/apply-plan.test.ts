// The destructive steps of an apply, from what the table holds and what the caller allowed: what
// `keyplan apply --aws` names before it deletes anything, and refuses without its flag.
import { describe, expect, it } from 'vitest';
import { absentTable, type FoundTable, planApply, stepText } from './apply-plan.ts';

const table = (found: Partial<FoundTable>): FoundTable => ({
  tableName: 'Orders',
  exists: true,
  recreateReasons: [],
  items: 120,
  notInDesign: 0,
  ...found,
});

describe('planApply', () => {
  it('destroys nothing when it creates a table, or updates one and writes the design over it', () => {
    for (const flags of [{}, { recreate: true, replace: true }]) {
      expect(planApply(absentTable('Orders'), flags)).toEqual({ steps: [], notInDesign: 0 });
      expect(planApply(table({}), flags)).toEqual({ steps: [], notInDesign: 0 });
    }
    expect(planApply(table({ notInDesign: 7 }), {})).toEqual({ steps: [], notInDesign: 7 });
    expect(planApply(table({ notInDesign: 7 }), { recreate: true })).toEqual({ steps: [], notInDesign: 7 });
  });

  it('deletes the items not in the design only with replace, and names them first', () => {
    const plan = planApply(table({ notInDesign: 7 }), { replace: true });
    expect(plan).toEqual({
      steps: [{ kind: 'delete-items', tableName: 'Orders', items: 7 }],
      notInDesign: 0,
    });
    expect(stepText(plan.steps[0])).toBe('will delete 7 items not in the design from table Orders');
  });

  it('refuses a recreate without its flag, naming the table and the items it holds', () => {
    const found = table({ recreateReasons: ['key schema PK:HASH → id:HASH'], notInDesign: 120 });
    for (const flags of [{}, { replace: true }]) {
      const plan = planApply(found, flags);
      expect(plan.steps).toEqual([]);
      expect(plan.refused).toEqual({
        kind: 'recreate',
        tableName: 'Orders',
        items: 120,
        reasons: ['key schema PK:HASH → id:HASH'],
      });
      expect(stepText(plan.refused!)).toBe(
        'will delete and recreate table Orders holding 120 items (key schema PK:HASH → id:HASH)',
      );
    }
    expect(planApply(found, { recreate: true })).toEqual({
      steps: [
        { kind: 'recreate', tableName: 'Orders', items: 120, reasons: ['key schema PK:HASH → id:HASH'] },
      ],
      notInDesign: 0,
    });
    expect(stepText({ kind: 'delete-items', tableName: 'T', items: 1 })).toBe(
      'will delete 1 item not in the design from table T',
    );
  });
});
