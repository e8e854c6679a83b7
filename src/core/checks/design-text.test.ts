import { describe, expect, it } from 'vitest';
import { blankDesign } from '../model/ops/table.ts';
import { readDesignText } from './design-text.ts';

const valid = JSON.stringify(blankDesign('t'), null, 2);

describe('readDesignText', () => {
  it('reads a design', () => {
    const result = readDesignText(valid);
    expect(result.kind).toBe('design');
  });

  it('gives the line and column of a syntax error', () => {
    const broken = valid.replace('"name": "t",', '"name": "t"');
    const result = readDesignText(broken);
    expect(result.kind).toBe('syntax');
    if (result.kind !== 'syntax') return;
    expect(result.line).toBe(4);
    expect(result.message).not.toMatch(/^invalid JSON/);
  });

  it('points at the last line when the text just ends', () => {
    const result = readDesignText('{\n  "a": [1,');
    expect(result).toMatchObject({ kind: 'syntax', line: 2 });
  });

  it('separates documents the schema refuses from designs with reference problems', () => {
    const refused = readDesignText(valid.replace('"PAY_PER_REQUEST"', '"SOMETIMES"'));
    expect(refused.kind).toBe('invalid');
    if (refused.kind === 'invalid') expect(refused.problems[0].path).toBe('table.billing.mode');
    const design = JSON.parse(valid);
    design.entities = [{ name: 'A', attributes: [], keys: { PK: 'A#{nope}', SK: 'A' } }];
    const referenced = readDesignText(JSON.stringify(design));
    expect(referenced.kind).toBe('design');
    if (referenced.kind === 'design') expect(referenced.problems[0].path).toBe('entities[0].keys.PK');
  });
});
