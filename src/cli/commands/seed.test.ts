// `keyplan seed` as a user runs it: the seeded design on stdout, and on stderr a warning for each entity
// whose primary key holds fewer distinct items than --count, with the numbers and the templates that bound it.
import { describe, expect, it } from 'vitest';
import { runKeyplan } from '../run-in-process.ts';

const design = {
  format: 'keyplan/1',
  name: 'Settings',
  table: { name: 'Settings', partitionKey: { name: 'PK', type: 'S' }, sortKey: { name: 'SK', type: 'S' } },
  entities: [
    { name: 'Settings', attributes: [{ name: 'theme', type: 'S' }], keys: { PK: 'CONFIG', SK: 'SETTINGS' } },
    {
      name: 'Ticket',
      attributes: [{ name: 'status', type: 'S', enum: ['OPEN', 'CLOSED'], required: true }],
      keys: { PK: 'TICKET#{status}', SK: 'TICKET' },
    },
    {
      name: 'Note',
      attributes: [{ name: 'noteId', type: 'S', required: true }],
      keys: { PK: 'NOTE#{noteId}', SK: 'NOTE' },
    },
  ],
  accessPatterns: [],
};

describe('keyplan seed', () => {
  it('warns on stderr for each entity that got fewer items than --count, and why', async () => {
    const result = await keyplan(['seed', '-', '--count', '10', '--ref-date', '2026-01-01']);
    expect(result.code, result.stderr).toBe(0);
    const { items } = result.json();
    expect([items.Settings.length, items.Ticket.length, items.Note.length]).toEqual([1, 2, 10]);
    expect(result.stderr).toBe(
      '<stdin>: warning: Generated 1 of 10 Settings items asked for: its primary key holds only 1 distinct key: ' +
        'PK = CONFIG is constant × SK = SETTINGS is constant.\n' +
        '<stdin>: warning: Generated 2 of 10 Ticket items asked for: its primary key holds only 2 distinct keys: ' +
        'PK = TICKET#{status} takes 2 (status: OPEN | CLOSED) × SK = TICKET is constant.\n',
    );
  });

  it('says nothing when every entity got all it asked for', async () => {
    const result = await keyplan(['seed', '-', '--count', '1']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
  });

  it('refuses a --ref-date that is not a date', async () => {
    const result = await keyplan(['seed', '-', '--count', '1', '--ref-date', 'soon']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--ref-date soon: expected an ISO date such as 2026-06-01');
  });
});

function keyplan(args: string[]) {
  return runKeyplan(args, JSON.stringify(design));
}
