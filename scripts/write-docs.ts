// `npm run docs`: writes the generated parts of the docs pages from the code they describe (the pages and
// their blocks are listed in scripts/docs/pages.ts: lint rules, CLI commands and options, export targets,
// keyboard shortcuts, and the security page's threat list and limits from LIMITS), and the source modules
// copied from the code (scripts/docs/sources.ts: the formats catalogue, from FORMATS). Run it after changing
// any of those; scripts/docs/pages.test.ts and sources.test.ts fail while a page or module is stale.
import { writeFileSync } from 'node:fs';
import { DOC_PAGES, pageUrl, readPage, writtenPage } from './docs/pages.ts';
import { GENERATED_SOURCES, readSource, sourceUrl } from './docs/sources.ts';

for (const page of DOC_PAGES) {
  const before = readPage(page);
  const after = writtenPage(page, before);
  if (after === before) console.log(`${page.path} is current`);
  else {
    writeFileSync(pageUrl(page), after);
    console.log(`wrote ${page.path}`);
  }
}

for (const source of GENERATED_SOURCES) {
  const after = source.render();
  if (after === readSource(source)) console.log(`${source.path} is current`);
  else {
    writeFileSync(sourceUrl(source), after);
    console.log(`wrote ${source.path}`);
  }
}
