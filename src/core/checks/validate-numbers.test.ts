import { describe, expect, it } from 'vitest';
import { parseExactJson } from '../values/exact-json.ts';
import { readDesignText } from './design-text.ts';
import { validateDesign } from './validate.ts';

const design = (entity: string, items: string) =>
  `{"format":"keyplan/1","name":"Shop","table":{"name":"Shop","partitionKey":{"name":"PK","type":"S"},
    "sortKey":{"name":"SK","type":"N"}},
   "entities":[${entity}],"items":{"Order":${items}}}`;

const order = (extra = '') =>
  `{"name":"Order","attributes":[{"name":"id","type":"S"},{"name":"total","type":"N"},
    {"name":"sizes","type":"NS"},{"name":"doc","type":"M"}${extra}],"keys":{"PK":"ORDER#{id}","SK":"{total}"}}`;

function problems(text: string) {
  const read = readDesignText(text);
  if (read.kind === 'syntax') throw new Error(read.message);
  return read.problems.map((p) => `${p.path}: ${p.message}`);
}

describe('numbers DynamoDB would refuse', () => {
  it('accepts 38 digits and both ends of the range, and names every number past them by its path', () => {
    const ok = `[{"id":"a","total":12345678901234567890123456789012345678,"sizes":[9.9999999999999999999999999999999999999E+125,1E-130,-1E-130,0]}]`;
    expect(problems(design(order(), ok))).toEqual([]);
    const bad = `[{"id":"a","total":1},{"id":"b","total":2},{"id":"c","total":3},
      {"id":"d","total":12345678901234567890123456789012345678901,"sizes":[1, 1E+126],"doc":{"deep":[0.1E-130]}}]`;
    expect(problems(design(order(), bad))).toEqual([
      'items.Order[3].total: a number has at most 38 significant digits, this one has 41',
      'items.Order[3].sizes[1]: a number is at most 9.9999999999999999999999999999999999999E+125 in magnitude, this one is larger',
      'items.Order[3].doc.deep[0]: a number other than 0 is at least 1E-130 in magnitude, this one is smaller',
    ]);
  });

  it('checks enum values and literal N key templates, and matches an enum by value with all its digits', () => {
    const entity = order(`,{"name":"code","type":"N","enum":[12345678901234567890123, 1e999]}`).replace(
      '"SK":"{total}"',
      '"SK":"1e200"',
    );
    const items = `[{"id":"a","code":12345678901234567890123},{"id":"b","code":1.2345678901234567890123E+22},{"id":"c","code":12345678901234567890124}]`;
    expect(problems(design(entity, items))).toEqual([
      'items.Order[2].code: 12345678901234567890124 is not one of 12345678901234567890123, 1e999',
      'entities[0].attributes[4].enum[1]: a number is at most 9.9999999999999999999999999999999999999E+125 in magnitude, this one is larger',
      'entities[0].keys.SK: a number is at most 9.9999999999999999999999999999999999999E+125 in magnitude, this one is larger',
    ]);
  });

  it('checks filter and condition literals', () => {
    const text = design(order(), '[]').replace(
      '"items"',
      `"accessPatterns":[{"id":"big","name":"Big orders","operation":"Scan","returns":["Order"],
        "filter":[{"attribute":"total","op":"between","value":12345678901234567890123,"to":1E+126}]}],"items"`,
    );
    expect(problems(text)).toEqual([
      'accessPatterns[0].filter[0].to: a number is at most 9.9999999999999999999999999999999999999E+125 in magnitude, this one is larger',
    ]);
  });

  it('keeps number set members exact and finds a repeated member by value', () => {
    const items = `[{"id":"a","total":1,"sizes":[12345678901234567890123,12345678901234567890124,1.2345678901234567890123e22]}]`;
    expect(problems(design(order(), items))).toEqual([
      // 1.2345678901234567890123e22 is held (and named) in DynamoDB's normal form, as member [0] is.
      'items.Order[0].sizes[2]: 12345678901234567890123 repeats member [0]: a set holds each member once, and DynamoDB refuses a set with duplicates',
    ]);
    const result = validateDesign(
      parseExactJson(design(order(), `[{"id":"a","total":1,"sizes":[12345678901234567890123]}]`)),
    );
    expect(result.ok && String(result.design.items.Order[0].sizes)).toBe('12345678901234567890123');
  });
});

describe('a number where the schema wants something else', () => {
  it('is shown by its digits', () => {
    const text = design(order(), '[]').replace('"name":"Shop"', '"name":12345678901234567890123');
    expect(problems(text)).toEqual([
      'name: Invalid input: expected string, received number 12345678901234567890123',
    ]);
  });
});
