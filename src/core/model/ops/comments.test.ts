// Review comments: validated with paths, grouped by target, carried by an entity rename, and invisible to
// everything derived from the design (items, lint findings, exports).
import { describe, expect, it } from 'vitest';
import { lintDesign } from '../../analysis/lint.ts';
import { validateDesign } from '../../checks/validate.ts';
import { EXAMPLES } from '../../features/examples/index.ts';
import { EXPORT_TARGETS, exportDesign } from '../../io/export.ts';
import { deriveItems } from '../../items/derive.ts';
import type { Design } from '../schema.ts';
import { addComment, commentTargetExists, removeComment, setCommentResolved } from './comments.ts';
import { renameEntity } from './entities.ts';

function example(): Design {
  const result = validateDesign(EXAMPLES[1].design);
  if (!result.ok) throw new Error('example');
  return result.design;
}

const AT = '2026-12-01T10:30:00.000Z';

describe('review comments', () => {
  it('are refused with the path of the problem', () => {
    const result = validateDesign({
      ...EXAMPLES[1].design,
      comments: [
        {
          id: 'a',
          target: { kind: 'key-template', entity: 'Order' },
          author: 'Ana',
          text: 'x',
          createdAt: AT,
        },
        { id: 'b', target: { kind: 'pattern', pattern: 'p' }, author: ' ', text: 'x', createdAt: 'today' },
        { id: 'c', target: { kind: 'table' }, author: 'Bo', text: 'x', createdAt: AT },
      ],
    });
    expect(result.ok).toBe(false);
    expect(result.problems.map((p) => p.path)).toEqual([
      'comments[0].target.key',
      'comments[1].author',
      'comments[1].createdAt',
      'comments[2].target.kind',
    ]);
    const twice = validateDesign({
      ...EXAMPLES[1].design,
      comments: ['x', 'x'].map((id) => ({
        id,
        target: { kind: 'entity', entity: 'Order' },
        author: 'A',
        text: 't',
        createdAt: AT,
      })),
    });
    expect(twice.problems).toEqual([{ path: 'comments[1].id', message: 'another comment has the id "x"' }]);
  });

  it('are added, resolved, carried by a rename and removed', () => {
    let design = addComment(
      example(),
      { target: { kind: 'key-template', entity: 'Order', key: 'SK' }, author: ' Ana ', text: 'Collide?' },
      'c1',
      AT,
    );
    design = addComment(
      design,
      { target: { kind: 'entity', entity: 'Customer' }, author: 'Bo', text: 'ok' },
      'c2',
      AT,
    );
    expect(design.comments?.[0]).toEqual({
      id: 'c1',
      target: { kind: 'key-template', entity: 'Order', key: 'SK' },
      author: 'Ana',
      text: 'Collide?',
      createdAt: AT,
    });
    expect(() =>
      addComment(design, { target: { kind: 'entity', entity: 'Order' }, author: 'A', text: '  ' }, 'c3', AT),
    ).toThrow('comment text: must not be empty');
    design = setCommentResolved(design, 'c1', true);
    expect(design.comments?.[0].resolved).toBe(true);
    design = renameEntity(design, 'Order', 'Purchase');
    expect(design.comments?.[0].target).toEqual({ kind: 'key-template', entity: 'Purchase', key: 'SK' });
    expect(commentTargetExists(design, design.comments![0].target)).toBe(true);
    expect(validateDesign(design).ok).toBe(true);
    design = removeComment(removeComment(design, 'c1'), 'c2');
    expect('comments' in design).toBe(false);
  });

  it('change nothing derived from the design, and are preserved by what carries it', () => {
    const plain = example();
    const reviewed = addComment(
      plain,
      { target: { kind: 'pattern', pattern: plain.accessPatterns[0].id }, author: 'Ana', text: 'Hot?' },
      'c1',
      AT,
    );
    expect(deriveItems(reviewed)).toEqual(deriveItems(plain));
    expect(lintDesign(reviewed)).toEqual(lintDesign(plain));
    for (const target of EXPORT_TARGETS) {
      const text = (design: Design) => {
        try {
          return exportDesign(design, target).content;
        } catch (error) {
          return String(error);
        }
      };
      // A format that carries the Keyplan design along (NoSQL Workbench) preserves them; no other output changes.
      const [withComments, without] = [text(reviewed), text(plain)];
      if (withComments !== without)
        expect({ target, preserved: withComments.includes('"Hot?"') }).toEqual({ target, preserved: true });
    }
  });
});
