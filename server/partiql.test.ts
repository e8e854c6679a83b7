// The PartiQL parse that decides which table a raw statement reaches: the four forms are read, and
// every statement whose table could be read another way is refused.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PartiqlRefused, partiqlTarget } from './partiql.ts';

describe('partiqlTarget', () => {
  it('reads the table of each statement form', () => {
    expect(partiqlTarget(`SELECT * FROM "kp-a-Shop" WHERE "PK" = 'USER#1'`)).toEqual({
      form: 'SELECT',
      table: 'kp-a-Shop',
      index: undefined,
    });
    expect(partiqlTarget('select "PK", sk from "kp-a-Shop"."GSI1" where "GSI1PK" = ?')).toEqual({
      form: 'SELECT',
      table: 'kp-a-Shop',
      index: 'GSI1',
    });
    expect(partiqlTarget(`INSERT INTO "kp-a-Shop" VALUE {'PK': 'a', 'SK': 'b'}`).table).toBe('kp-a-Shop');
    expect(partiqlTarget(`UPDATE "kp-a-Shop" SET total = 3 WHERE "PK" = 'a' AND "SK" = 'b'`).table).toBe(
      'kp-a-Shop',
    );
    expect(partiqlTarget(`DELETE FROM "kp-a-Shop" WHERE "PK" = 'a' AND "SK" = 'b';`).table).toBe('kp-a-Shop');
    expect(partiqlTarget(`SELECT * FROM "kp-a-""odd""" WHERE a = 'it''s FROM "other"'`).table).toBe(
      'kp-a-"odd"',
    );
  });

  it.each([
    [`SELECT * FROM "mine" -- "other"`, 'comment'],
    [`SELECT * FROM /* "mine" */ "other"`, 'comment'],
    [`SELECT * FROM "mine" WHERE a IN (SELECT b FROM "other")`, 'second time'],
    [`SELECT * FROM "mine", "other"`, 'after the table'],
    [`SELECT * FROM("other")`, 'table name'],
    [`DELETE FROM "mine"."other" WHERE a = 1`, 'after the table'],
    [`SELECT * FROM "mine"; DELETE FROM "other" WHERE a = 1`, 'one statement'],
    [`SELECT * FROM "mine" WHERE a = \`{x: "other"}\``, 'Ion literal'],
    [`SELECT * FROM "mine" WHERE a = 'x\\' FROM "other"'`, 'backslash'],
    [`SELECT * FROM\u00a0"other"`, 'character'],
    [`SELECT * FROM "unterminated`, 'unterminated'],
    [`EXISTS(SELECT * FROM "other")`, 'must start with'],
    [`SELECT from FROM "mine"`, 'table name'],
    [`UPSERT INTO "other" VALUE {}`, 'must start with'],
  ])('refuses %s', (statement, reason) => {
    expect(() => partiqlTarget(statement)).toThrowError(PartiqlRefused);
    expect(() => partiqlTarget(statement)).toThrowError(new RegExp(reason));
  });

  it('never reports a table that is not the one a well-formed statement names, whatever is around it', () => {
    const noise = fc.stringMatching(/^[ -~]{0,40}$/);
    fc.assert(
      fc.property(noise, noise, (before, after) => {
        for (const statement of [
          `SELECT * FROM "mine" WHERE x = '${before.replaceAll("'", "''")}' ${after}`,
          `${before} SELECT * FROM "other" ${after}`,
          `UPDATE "mine" SET a = 1 ${before} WHERE "other" = 2 ${after}`,
        ]) {
          try {
            const { table } = partiqlTarget(statement);
            // Accepted: the table is the one in the statement's table place, never one from the noise.
            expect(['mine', 'other']).toContain(table);
            if (statement.startsWith('SELECT * FROM "mine"') || statement.startsWith('UPDATE "mine"'))
              expect(table).toBe('mine');
          } catch (error) {
            expect(error).toBeInstanceOf(PartiqlRefused);
          }
        }
      }),
      { numRuns: 2000 },
    );
  });
});
