// Multi-attribute GSI keys in the designer (issue #12): the GSI view groups items by the partition tuple
// and orders each partition by the sort attributes in turn; the index editor shows and edits each attribute.
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures/app.ts';

const design = JSON.parse(
  readFileSync(new URL('../src/core/io/golden/multi-attribute.keyplan.json', import.meta.url), 'utf8'),
);
design.items.Match = [
  {
    matchId_: 'm1',
    regionName: 'eu',
    tierLevel: 1,
    roundName: 'final',
    points: 30,
    player: 'p1',
    seasonYear: 2026,
  },
  {
    matchId_: 'm2',
    regionName: 'eu',
    tierLevel: 1,
    roundName: 'final',
    points: 9,
    player: 'p2',
    seasonYear: 2026,
  },
  {
    matchId_: 'm3',
    regionName: 'eu',
    tierLevel: 2,
    roundName: 'semi',
    points: 12,
    player: 'p1',
    seasonYear: 2026,
  },
  {
    matchId_: 'm4',
    regionName: 'us',
    tierLevel: 1,
    roundName: 'final',
    points: 5,
    player: 'p3',
    seasonYear: 2025,
  },
];

test('a GSI with a multi-attribute key: grouped by its partition tuple, its attributes edited', async ({
  app,
  page,
}) => {
  await page.addInitScript(
    (saved) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('keyplan:v1', saved);
        sessionStorage.setItem('seeded', '1');
      }
    },
    `{"state":{"design":${JSON.stringify(design)},"ui":{}},"version":1}`,
  );
  await page.goto('/');
  await expect(app.id('grid')).toBeVisible();
  await app.id('grid.tab.ByRegionTier').click();
  // Three partitions (eu/1, eu/2, us/1): each partition attribute is a leading column, shown on a
  // partition's first row; eu/1 holds m2 (9) before m1 (30): score orders as a number within the round.
  await expect(app.rows()).toHaveCount(4);
  await expect.poll(() => app.keyColumn('PK')).toEqual(['MATCH#m2', 'MATCH#m1', 'MATCH#m3', 'MATCH#m4']);
  const regions = await app.keyColumn('region');
  expect(regions[0]).toBe('eu');
  expect(regions[2]).toBe('eu');
  expect(regions[3]).toBe('us');
  expect((await app.keyColumn('tier'))[2]).toBe('2');

  // The index editor lists each attribute, and adds a third sort attribute.
  await app.id('sidebar.index.ByRegionTier').click();
  await expect(app.id('table.gsi.0.partitionKey.name')).toHaveValue('region');
  await expect(app.id('table.gsi.0.partitionKey.1.name')).toHaveValue('tier');
  await expect(app.id('table.gsi.0.sortKey.name')).toHaveValue('round');
  await expect(app.id('table.gsi.0.sortKey.1.name')).toHaveValue('score');
  await app.id('table.gsi.0.sortKey.add').click();
  await expect(app.id('table.gsi.0.sortKey.2.name')).toHaveValue('ByRegionTierSK3');

  // The pattern editor: a template per partition attribute, sort attributes left to right.
  await app.selectPattern('round-leaders');
  await expect(app.id('pattern.partition.region')).toHaveValue('{region}');
  await expect(app.id('pattern.partition.tier')).toHaveValue('{tier}');
  await expect(app.id('pattern.sortOp.round')).toHaveValue('=');
  await expect(app.id('pattern.sortOp.score')).toHaveValue('>');
  // Leaving round at "any" drops the condition on score with it: sort attributes are never skipped.
  await app.id('pattern.sortOp.round').selectOption('');
  await expect(app.id('pattern.sortOp.score')).toHaveCount(0);
});
