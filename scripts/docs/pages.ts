// Every docs page with generated parts, and the blocks each holds: `npm run docs` (scripts/write-docs.ts)
// writes them and pages.test.ts fails while a page differs from what it would write. A new generated
// table is one block module and one line here.
import { readFileSync } from 'node:fs';
import { withSecurityDoc } from '../../server/security-doc.ts';
import { type GeneratedBlock, withBlock } from './blocks.ts';
import { cliBlock } from './cli-doc.ts';
import { exportTargetsBlock } from './export-targets-doc.ts';
import { lintRulesBlock } from './lint-rules-doc.ts';
import { shortcutsBlock } from './shortcuts-doc.ts';

export interface DocPage {
  /** From the repository's root. */
  path: string;
  blocks: readonly GeneratedBlock[];
  /** Parts written by a writer of their own (the security page's, from LIMITS). */
  also?: (text: string) => string;
}

export const DOC_PAGES: readonly DocPage[] = [
  { path: 'docs/analysis.md', blocks: [lintRulesBlock] },
  { path: 'docs/cli.md', blocks: [cliBlock] },
  { path: 'docs/exports.md', blocks: [exportTargetsBlock] },
  { path: 'docs/designer.md', blocks: [shortcutsBlock] },
  { path: 'docs/security.md', blocks: [], also: withSecurityDoc },
];

export const pageUrl = (page: DocPage) => new URL(`../../${page.path}`, import.meta.url);

/** The page's text as `npm run docs` writes it. */
export function writtenPage(page: DocPage, text: string): string {
  const blocks = page.blocks.reduce((current, block) => withBlock(current, block, page.path), text);
  return page.also ? page.also(blocks) : blocks;
}

export const readPage = (page: DocPage) => readFileSync(pageUrl(page), 'utf8');
