// Share links: every built-in example (with its items) and every fixture design round-trips through a link
// to the very same design, in a link whose length is fixed here (a change of the format or the compression
// shows as a changed number); a cut or altered link is refused with a reason; a design whose items do not
// fit carries the settings that regenerate them, and a link asking for more items, bytes or depth than the
// limits allow is refused with the limit named before any of that work is done.
import { readdirSync, readFileSync } from 'node:fs';
import { deflateSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { validateDesign, validateDesignText } from '../../checks/validate.ts';
import {
  designItemCount,
  MAX_DESIGN_ITEMS,
  MAX_JSON_DEPTH,
  MAX_SHARED_DESIGN_BYTES,
} from '../../model/design-limits.ts';
import { addComment } from '../../model/ops/comments.ts';
import type { Design } from '../../model/schema.ts';
import { parseExactJson, stringifyExactJson } from '../../values/exact-json.ts';
import { EXAMPLES } from '../examples/index.ts';
import { toBase64Url } from '../live/crypto.ts';
import { regenerateItems, sharedDesign } from './regenerate.ts';
import {
  BROWSER_LINK_CHARS,
  CHAT_SAFE_LINK_CHARS,
  decodeShare,
  encodePayload,
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

const FIXTURES = new URL('../../../../fixtures/examples/', import.meta.url);
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

describe('#26 class 7: every count and size a link asks for is checked against the limits before any work', () => {
  const design = valid(EXAMPLES[0].design);
  const entity = design.entities[0].name;
  const refusal = (token: string) => {
    try {
      decodeShare(token);
    } catch (error) {
      expect(error).toBeInstanceOf(ShareLinkError);
      return (error as Error).message;
    }
    throw new Error('decoded');
  };

  it('a short link asking to regenerate 50,000,000 items is refused naming the 100,000-item limit', () => {
    const small: Design = { ...design, entities: [design.entities[0]], accessPatterns: [], items: {} };
    const spec = { seed: 1, refDate: '2026-12-01', counts: { [entity]: 50_000_000 } };
    const token = encodePayload({ design: small, regenerate: spec });
    expect(token.length).toBeLessThan(1_000);
    expect(refusal(token)).toBe(
      `the link asks to generate 50,000,000 sample items, more than the ${MAX_DESIGN_ITEMS.toLocaleString('en-US')} a design may hold`,
    );
    // Counts spread over the entities add up; one past the limit is refused, the limit itself is not.
    const names = design.entities.map((e) => e.name);
    const spread = (total: number) =>
      Object.fromEntries(names.map((name, i) => [name, i === 0 ? total - (names.length - 1) : 1]));
    const at = encodePayload({
      design: { ...design, items: {} },
      regenerate: { ...spec, counts: spread(MAX_DESIGN_ITEMS + 1) },
    });
    expect(refusal(at)).toMatch(/asks to generate 100,001 sample items/);
    expect(
      decodeShare(
        encodePayload({ design: { ...design, items: {} }, regenerate: { ...spec, counts: spread(40) } }),
      ).regenerate?.counts,
    ).toEqual(spread(40));
    // A count for an entity the design does not have, or one that is no whole number, asks for nothing sane.
    expect(refusal(encodePayload({ design: small, regenerate: { ...spec, counts: { Ghost: 1 } } }))).toMatch(
      /items of "Ghost", which is not an entity of its design/,
    );
    expect(
      refusal(encodePayload({ design: small, regenerate: { ...spec, counts: { [entity]: 1e300 } } })),
    ).toMatch(/"regenerate" settings are damaged/);
    // regenerateItems checks a spec given to it directly the same way, before generating.
    expect(() => regenerateItems(small, spec)).toThrow(/50,000,000 sample items/);
  });

  it('regenerates exactly the counts asked for: the work is their sum, not the largest times the entities', () => {
    const counts = { [entity]: 3, [design.entities[1].name]: 0 };
    const opened = regenerateItems({ ...design, items: {} }, { seed: 2, refDate: '2026-12-01', counts });
    expect(
      Object.fromEntries(Object.entries(opened.items).map(([name, list]) => [name, list.length])),
    ).toEqual({
      [entity]: 3,
    });
  });

  it('a link that inflates past the shared-design limit, or nests past the depth limit, is refused naming it', () => {
    const bomb = `${SHARE_VERSION}.${toBase64Url(deflateSync(new Uint8Array(MAX_SHARED_DESIGN_BYTES + 1024), { level: 9 }))}`;
    expect(bomb.length).toBeLessThan(CHAT_SAFE_LINK_CHARS * 10);
    expect(refusal(bomb)).toBe(
      `the link's design is more than ${MAX_SHARED_DESIGN_BYTES.toLocaleString('en-US')} bytes once unpacked, the most a shared design may be: save it as a file instead`,
    );
    const deep = `${SHARE_VERSION}.${toBase64Url(deflateSync(new TextEncoder().encode(`{"design":${'['.repeat(100_000)}${']'.repeat(100_000)}}`)))}`;
    expect(refusal(deep)).toMatch(new RegExp(`deeper than ${MAX_JSON_DEPTH} levels`));
    expect(refusal(`${SHARE_VERSION}.${'A'.repeat(BROWSER_LINK_CHARS)}`)).toMatch(
      /more than the 1,048,576 a browser/,
    );
  });
});
