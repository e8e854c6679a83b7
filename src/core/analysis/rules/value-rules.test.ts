// The values rules, judged from types and sample values: each where it must fire and where it must not.
import { describe, expect, it } from 'vitest';
import { entityIn, findingsOf, patternIn, storeDesign, where } from '../../test-support/analysis-designs.ts';
import { literalDateInKey } from './literal-date-in-key.ts';
import { numberAsString } from './number-as-string.ts';
import { timestampFormat } from './timestamp-format.ts';
import { unpaddedNumberInKey } from './unpadded-number-in-key.ts';

type Items = Record<string, Record<string, unknown>[]>;

describe('number-as-string', () => {
  it('notes a quantity stored as text, warns once a pattern compares it, and leaves ids and codes alone', () => {
    expect(findingsOf(numberAsString, storeDesign())).toEqual([]);
    const design = (compare: boolean) =>
      storeDesign((doc) => {
        const customer = entityIn(doc, 'Customer');
        customer.attributes?.push({ name: 'balance', type: 'S' }, { name: 'postalCode', type: 'S' });
        for (const [k, item] of (doc.items as Items).Customer.entries()) {
          item.balance = String(500 - k * 440);
          item.postalCode = '0900';
        }
        if (compare)
          patternIn(doc, 'orders-by-status', 'Query').filter = [
            { attribute: 'balance', op: '>', value: '100' },
          ];
      });
    const findings = findingsOf(numberAsString, design(false));
    expect(where(findings)).toEqual([['info', 'entities[0].attributes[3]']]);
    expect(findings[0].message).toBe(
      'Customer.balance holds numbers as text ("500"): no atomic ADD, and it compares as text ("500" < "60").',
    );
    expect(findings[0].fix).toBe('Declare balance as N and store 500 as a number.');
    expect(where(findingsOf(numberAsString, design(true)))).toEqual([
      ['warning', 'entities[0].attributes[3]'],
    ]);
  });
});

describe('unpadded-number-in-key', () => {
  it('warns when sort-key values hold numbers of different widths, not when they are padded alike', () => {
    const withTickets = (ids: string[]) =>
      storeDesign((doc) => {
        doc.entities.push({
          name: 'Complaint',
          attributes: [
            { name: 'customerId', type: 'S', required: true },
            { name: 'complaintId', type: 'S', required: true },
          ],
          keys: { PK: 'CUSTOMER#{customerId}', SK: '{complaintId}' },
        });
        doc.items = {
          ...doc.items,
          Complaint: ids.map((complaintId) => ({ customerId: 'c1', complaintId })),
        };
      });
    expect(findingsOf(unpaddedNumberInKey, withTickets(['Complaint0123', 'Complaint0987']))).toEqual([]);
    const findings = findingsOf(unpaddedNumberInKey, withTickets(['Complaint123', 'Complaint0987']));
    expect(where(findings)).toEqual([['warning', 'entities[3].keys.SK']]);
    expect(findings[0].message).toBe(
      "Complaint's SK values hold numbers of different widths (Complaint123, Complaint0987): the table sorts them as text.",
    );
    expect(findings[0].fix).toMatch(
      /^Zero-pad the number to 4 or more digits in every SK value \(Complaint0123\)/,
    );
  });
});

describe('timestamp-format', () => {
  it('warns on mixed formats and notes, once, the times without a zone; ISO with Z passes', () => {
    expect(findingsOf(timestampFormat, storeDesign())).toEqual([]);
    const design = storeDesign((doc) => {
      entityIn(doc, 'Customer').attributes?.push(
        { name: 'lastLogin', type: 'S' },
        { name: 'joined', type: 'S' },
      );
      const [a, b] = (doc.items as Items).Customer;
      Object.assign(a, { lastLogin: '2023-05-05 23:59:59', joined: '2023-01-01T10:00:00' });
      Object.assign(b, { lastLogin: '2099-12-12T23:59:59', joined: '2023-01-02T10:00:00' });
    });
    const findings = findingsOf(timestampFormat, design);
    expect(where(findings)).toEqual([
      ['warning', 'entities[0].attributes[3]'],
      ['info', 'entities[0].attributes[4]'],
    ]);
    expect(findings[0].message).toBe(
      'Customer.lastLogin mixes timestamp formats ("2023-05-05 23:59:59", "2099-12-12T23:59:59"): as text they do not sort in time order.',
    );
    expect(findings[1].fix).toBe(
      'Store UTC with a Z (2023-01-01T10:00:00Z), or an offset, in Customer.joined.',
    );
  });
});

describe('literal-date-in-key', () => {
  it('warns on a date written into a template, not on a date placeholder', () => {
    expect(findingsOf(literalDateInKey, storeDesign())).toEqual([]);
    const design = storeDesign((doc) => {
      entityIn(doc, 'Order').keys.GSI1PK = 'ORDERS#2023-06-{day}';
      entityIn(doc, 'Order').attributes?.push({ name: 'day', type: 'S' });
    });
    const findings = findingsOf(literalDateInKey, design);
    expect(where(findings)).toEqual([['warning', 'entities[1].keys.GSI1PK']]);
    expect(findings[0].fix).toBe(
      "Replace 2023-06 with a placeholder of a stored attribute (ORDERS#{month}-{day}, month derived from the item's time).",
    );
  });
});
