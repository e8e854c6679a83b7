import { describe, expect, it } from 'vitest';
import { cleanStem, splitFilename, withFilename } from './filename.ts';

describe('splitFilename', () => {
  it('keeps every part after the first dot as the extension', () => {
    expect(splitFilename('app-table.template.yaml')).toEqual({
      stem: 'app-table',
      extension: '.template.yaml',
    });
    expect(splitFilename('app-table-stack.ts')).toEqual({ stem: 'app-table-stack', extension: '.ts' });
    expect(splitFilename('app-table.create-table.json')).toEqual({
      stem: 'app-table',
      extension: '.create-table.json',
    });
  });
  it('has no extension without a dot, and a leading dot is part of the stem', () => {
    expect(splitFilename('Makefile')).toEqual({ stem: 'Makefile', extension: '' });
    expect(splitFilename('.env.local')).toEqual({ stem: '.env', extension: '.local' });
  });
});

describe('cleanStem', () => {
  it('replaces path separators and reserved characters', () => {
    expect(cleanStem(' orders/prod:v2 ', 'x')).toBe('orders-prod-v2');
    expect(cleanStem('..hidden', 'x')).toBe('hidden');
  });
  it('falls back when nothing is left', () => {
    expect(cleanStem('   ', 'app-table')).toBe('app-table');
  });
});

describe('withFilename', () => {
  it('renames every mention of the default name', () => {
    expect(withFilename('deploy a.yaml; check a.yaml', 'a.yaml', 'b.yaml')).toBe(
      'deploy b.yaml; check b.yaml',
    );
  });
});
