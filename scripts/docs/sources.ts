// Source modules written from the code they copy, as the docs pages' tables are (./pages.ts): `npm run docs`
// writes each, and sources.test.ts fails while one differs from what it would write. Today one: the formats
// catalogue the menus load without any format's code.
import { readFileSync } from 'node:fs';
import { FORMATS } from '../../src/core/io/index.ts';
import { CATALOGUE_PATH, catalogueSource } from './catalogue-source.ts';

export interface GeneratedSource {
  /** From the repository's root. */
  path: string;
  render: () => string;
}

export const GENERATED_SOURCES: readonly GeneratedSource[] = [
  { path: CATALOGUE_PATH, render: () => catalogueSource(FORMATS) },
];

export const sourceUrl = (source: GeneratedSource) => new URL(`../../${source.path}`, import.meta.url);

export const readSource = (source: GeneratedSource) => readFileSync(sourceUrl(source), 'utf8');
