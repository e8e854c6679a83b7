// Share links: every built-in example (with its items) and every fixture design round-trips through a link
// to the very same design, in a link whose length is fixed here (a change of the format or the compression
// shows as a changed number); a cut or altered link is refused with a reason; a design whose items do not
// fit carries the settings that regenerate them.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXAMPLES } from '../examples/index.ts';
import { designItemCount } from '../model/design-limits.ts';
import { parseExactJson, stringifyExactJson } from '../model/exact-json.ts';
import { addComment } from '../model/ops/comments.ts';
import type { Design } from '../model/schema.ts';
import { validateDesign, validateDesignText } from '../model/validate.ts';
import { regenerateItems, sharedDesign } from './regenerate.ts';
import {
  CHAT_SAFE_LINK_CHARS,
  decodeShare,
  encodeShare,
  SHARE_VERSION,
  ShareLinkError,
  shareTokenOf,
} from './share-link.ts';

function valid(input: unknown): Design {
  const result = validateDesign(input);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.design;
}

const FIXTURES = new URL('../../../fixtures/examples/', import.meta.url);
const fixtures = readdirSync(FIXTURES).filter((name) => name.endsWith('.json'));

/** Token lengths (characters after `#share=`), fixed so that a format change is noticed. */
const TOKEN_LENGTHS: Record<string, number> = {
  ecommerce: 5270,
  'online-store': 1871,
  'online-store.keyplan.json': 1485,
  'order-copies.keyplan.json': 1651,
};

describe('share links', () => {
  const cases = [
    ...EXAMPLES.map((example) => [example.name, valid(example.design)] as const),
    ...fixtures.map((name) => {
      const result = validateDesignText(readFileSync(new URL(name, FIXTURES), 'utf8'));
      if (!result.ok) throw new Error(name);
      return [name, result.design] as const;
    }),
  ];

  it.each(cases)('%s round-trips with all its items, in a chat-safe link of fixed length', (name, design) => {
    const share = encodeShare(design, { base: 'http://127.0.0.1:4173/#share=' });
    expect(share.regenerate).toBeUndefined();
    expect(share.includedItems).toBe(designItemCount(design));
    expect(share.includedItems).toBeGreaterThan(0);
    expect(share.token.startsWith(`${SHARE_VERSION}.`)).toBe(true);
    expect(share.token.length).toBeLessThan(CHAT_SAFE_LINK_CHARS);
    expect({ name, length: share.token.length }).toEqual({ name, length: TOKEN_LENGTHS[name] });
    const back = decodeShare(share.token);
    expect(back.regenerate).toBeUndefined();
    expect(stringifyExactJson(back.design)).toBe(stringifyExactJson(design));
  });

  it('keeps exact numbers, binary values and comments', () => {
    const base = valid(EXAMPLES[1].design);
    const withComment = addComment(
      base,
      { target: { kind: 'key-template', entity: 'Order', key: 'SK' }, author: 'Ana', text: 'Collide?' },
      'c-1',
      '2026-12-01T10:30:00.000Z',
    );
    const design: Design = {
      ...withComment,
      entities: withComment.entities.map((e) =>
        e.name === 'Customer'
          ? {
              ...e,
              attributes: [...e.attributes, { name: 'credit', type: 'N' }, { name: 'avatar', type: 'B' }],
            }
          : e,
      ),
      items: {
        ...withComment.items,
        Customer: [
          ...(withComment.items.Customer ?? []),
          parseExactJson(
            '{"customerId":"c-exact","email":"e@x.io","name":"E","credit":12345678901234567890.123456789,"avatar":"AAECAwQF/w=="}',
          ) as Design['items'][string][number],
        ],
      },
    };
    const back = decodeShare(encodeShare(design).token).design;
    expect(stringifyExactJson(back)).toBe(stringifyExactJson(design));
    expect(stringifyExactJson(back)).toContain('12345678901234567890.123456789');
    expect(back.comments).toEqual(design.comments);
    expect(valid(back).items.Customer?.at(-1)?.avatar).toBe('AAECAwQF/w==');
  });

  it('refuses a cut, altered or foreign link with a reason', () => {
    const { token } = encodeShare(valid(EXAMPLES[0].design));
    const fails = (bad: string) => {
      try {
        decodeShare(bad);
      } catch (error) {
        expect(error).toBeInstanceOf(ShareLinkError);
        return (error as Error).message;
      }
      throw new Error(`decoded ${bad.slice(0, 20)}…`);
    };
    expect(fails(token.slice(0, token.length - 40))).toMatch(
      /damaged or cut short .* copy the whole link again/,
    );
    expect(fails(token.slice(0, 200))).toMatch(/damaged or cut short/);
    expect(fails(`${token.slice(0, 100)}%20${token.slice(100)}`)).toMatch(/altered on the way/);
    expect(fails('hello')).toMatch(/not a Keyplan share link/);
    expect(fails(`k9.${token.slice(3)}`)).toMatch(/newer format \(k9\)/);
    // Valid compression of something that is not a design: its problems are named by path.
    const { token: notDesign } = encodeShare({ ...valid(EXAMPLES[1].design), name: '' } as Design);
    expect(fails(notDesign)).toMatch(/not valid: name: must not be empty/);
  });

  it('finds the token in a fragment', () => {
    expect(shareTokenOf('#share=k1.abc_-')).toBe('k1.abc_-');
    expect(shareTokenOf('share=k1.x')).toBe('k1.x');
    expect(shareTokenOf('#key=1')).toBeUndefined();
  });

  it('leaves items out past the budget and regenerates as many, the same for every recipient', () => {
    const design = valid(EXAMPLES[0].design);
    const share = encodeShare(design, { budget: 4500, seed: 7, refDate: new Date('2026-12-01T15:00:00Z') });
    expect(share.includedItems).toBe(0);
    expect(share.regenerate).toEqual({
      seed: 7,
      refDate: '2026-12-01',
      counts: Object.fromEntries(Object.entries(design.items).map(([name, list]) => [name, list.length])),
    });
    expect(share.token.length).toBeLessThan(4500);
    const payload = decodeShare(share.token);
    expect(payload.design.items).toEqual({});
    const opened = sharedDesign(payload);
    for (const [entity, list] of Object.entries(design.items))
      expect({ entity, n: opened.items[entity]?.length }).toEqual({ entity, n: list.length });
    expect(stringifyExactJson(regenerateItems(payload.design, payload.regenerate!))).toBe(
      stringifyExactJson(opened),
    );
    // Asked for, the items go in whatever the budget.
    expect(encodeShare(design, { budget: 4500, forceItems: true }).includedItems).toBe(
      designItemCount(design),
    );
  });
});
