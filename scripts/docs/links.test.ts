// Every relative link of the README and the docs pages reaches something: the file it names exists, and the
// heading its #anchor names is in that page (by GitHub's anchors). Moving text between pages cannot leave
// a link pointing at the page it left.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../..', import.meta.url).pathname;
const PAGES = [
  'README.md',
  'bench/README.md',
  'bench/RESULTS.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** The text outside fenced code blocks, where a `](…)` is code, not a link. */
const prose = (text: string) => text.replace(/^```[\s\S]*?^```/gm, '');

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens; repeats get -1, -2. */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const [, heading] of prose(text).matchAll(/^#{1,6}\s+(.+?)\s*$/gm)) {
    const slug = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    result.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return result;
}

/** Each relative link of a page: `[text](path#anchor)`, `(#anchor)`, images included. */
function relativeLinks(text: string): string[] {
  return [...prose(text).matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1])
    .filter((target) => !/^[a-z]+:/i.test(target));
}

function brokenLinks(page: string): string[] {
  const text = readFileSync(join(ROOT, page), 'utf8');
  return relativeLinks(text).flatMap((target) => {
    const [path, anchor] = target.split('#');
    const file = path ? join(ROOT, dirname(page), decodeURI(path)) : join(ROOT, page);
    if (!existsSync(file)) return [`${page}: ${target} (no file ${relative(ROOT, file)})`];
    if (anchor === undefined || !file.endsWith('.md')) return [];
    return anchors(readFileSync(file, 'utf8')).has(anchor) ? [] : [`${page}: ${target} (no such heading)`];
  });
}

describe('links of the README and the docs pages', () => {
  for (const page of PAGES)
    it(`${page}: every relative link resolves`, () => expect(brokenLinks(page)).toEqual([]));

  it('reads anchors and links as GitHub does', () => {
    expect([...anchors('# The CLI\n### `keyplan example`\n## 6. Items, derived\n## The CLI')]).toEqual([
      'the-cli',
      'keyplan-example',
      '6-items-derived',
      'the-cli-1',
    ]);
    expect(relativeLinks('[a](x.md#y) ![b](c.png) [c](https://e.org) `x`\n```\n[d](nope)\n```')).toEqual([
      'x.md#y',
      'c.png',
    ]);
  });
});
