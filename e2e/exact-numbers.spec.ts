// Numbers a double cannot hold read the same everywhere (issue #12): a design whose sort key holds a
// 38-digit number and 9.9999999999999999999999999999999999999E+125 shows their digits in the grid, Apply
// stores them in DynamoDB Local, and a Run shows the same digits, in the same order, as the prediction.
import { expect, test } from './fixtures/app.ts';

const BIG = '12345678901234567890123456789012345678';
// 9.9999999999999999999999999999999999999E+125 in DynamoDB's normal form, as it answers it.
const NEAR_MAX = `${'9'.repeat(38)}${'0'.repeat(88)}`;

const design = `{
  "format": "keyplan/1",
  "name": "Ledger",
  "table": {
    "name": "Ledger",
    "partitionKey": { "name": "PK", "type": "S" },
    "sortKey": { "name": "SK", "type": "N" }
  },
  "entities": [{
    "name": "Entry",
    "attributes": [
      { "name": "id", "type": "S", "required": true },
      { "name": "amount", "type": "N", "required": true }
    ],
    "keys": { "PK": "LEDGER", "SK": "{amount}" }
  }],
  "items": { "Entry": [
    { "id": "e2", "amount": 9.9999999999999999999999999999999999999E+125 },
    { "id": "e1", "amount": ${BIG} }
  ] },
  "accessPatterns": [{ "id": "entries", "name": "The ledger, smallest first", "operation": "Query",
    "keyCondition": { "partition": "LEDGER" } }]
}`;

test('a 38-digit number reads the same in the grid and in a run on DynamoDB Local', async ({ app, page }) => {
  // The design as the autosave holds it, so that the app opens on it.
  await page.addInitScript((saved) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('keyplan:v1', saved);
      sessionStorage.setItem('seeded', '1');
    }
  }, `{"state":{"design":${design},"ui":{}},"version":1}`);
  await page.goto('/');
  await expect(app.id('grid')).toBeVisible();
  await expect(app.id('grid.cell.SK').first()).toHaveAttribute('data-value', BIG);
  await expect(app.id('grid.cell.SK').nth(1)).toHaveAttribute('data-value', NEAR_MAX);

  await app.applyDesign();
  await app.selectPattern('entries');
  await app.id('pattern.run').click();
  await expect(app.id('run.status')).toContainText('Count 2', { timeout: 30_000 });
  const rows = app.id('run.items').locator('tbody tr');
  await expect(rows.first()).toContainText(BIG);
  await expect(rows.nth(1)).toContainText(NEAR_MAX);
  await expect(app.id('run.check')).toHaveAttribute('data-state', 'match');
});
