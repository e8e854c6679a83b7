// docs/designer.md's picture of sharing and review (`npm run screenshots` calls this): the ecommerce example opened
// from a share link that carries two review comments (read-only banner, comment badges and threads in the
// sidebar), with File › Copy link open over it.
import type { Browser, Page } from '@playwright/test';
import { getExample } from '../src/core/features/examples/index.ts';
import { encodeShare } from '../src/core/features/share/share-link.ts';
import { addComment } from '../src/core/model/ops/comments.ts';
import { designSchema } from '../src/core/model/schema.ts';

export async function shootShare(
  browser: Browser,
  url: string,
  shoot: (page: Page, name: string) => Promise<void>,
): Promise<void> {
  let design = designSchema.parse(getExample('ecommerce')?.design);
  design = addComment(
    design,
    {
      target: { kind: 'key-template', entity: 'Order', key: 'SK' },
      author: 'Ana Torres',
      text: 'Two orders in the same second: do their sort keys collide?',
    },
    'c-1',
    '2026-12-01T10:30:00.000Z',
  );
  design = addComment(
    design,
    {
      target: { kind: 'pattern', pattern: 'orders-by-status' },
      author: 'Bo Lindqvist',
      text: 'PENDING will be a hot partition on launch day.',
    },
    'c-2',
    '2026-12-01T10:41:00.000Z',
  );
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, colorScheme: 'light' });
  await page.goto(`${url}/#share=${encodeShare(design).token}`);
  await page.getByTestId('share.banner').waitFor({ timeout: 60_000 });
  await page.getByTestId('sidebar.entity.Order').click();
  await page
    .locator('.side-scroll')
    .evaluate((list: HTMLElement) => list.scrollTo({ top: list.scrollHeight }));
  await page.getByTestId('topbar.menu.file').click();
  await page.getByTestId('topbar.menu.file.copyLink').click();
  await page.getByTestId('share.dialog').waitFor();
  await shoot(page, 'share');
  await page.close();
}
