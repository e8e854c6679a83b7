// `npm run docs`: writes the generated parts of the docs pages from the code they describe (the pages and
// their blocks are listed in scripts/docs/pages.ts: lint rules, CLI commands and options, export targets,
// keyboard shortcuts, and the security page's threat list and limits from LIMITS). Run it after changing
// any of those; scripts/docs/pages.test.ts fails while a page is stale.
import { writeFileSync } from 'node:fs';
import { DOC_PAGES, pageUrl, readPage, writtenPage } from './docs/pages.ts';

for (const page of DOC_PAGES) {
  const before = readPage(page);
  const after = writtenPage(page, before);
  if (after === before) console.log(`${page.path} is current`);
  else {
    writeFileSync(pageUrl(page), after);
    console.log(`wrote ${page.path}`);
  }
}
