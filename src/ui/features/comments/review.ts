// Review comments from the app: edits that may be made in a shared design's read-only view too (the new
// design stays shared, store/shared-view.ts), and the reviewer's name, remembered in this browser.
import {
  addComment,
  type NewComment,
  removeComment,
  setCommentResolved,
} from '../../../core/model/ops/comments.ts';
import type { Comment, CommentTarget, Design } from '../../../core/model/schema.ts';
import { useStore } from '../../../store/index.ts';
import { isReadOnlyDesign, markReadOnly } from '../../../store/shared-view.ts';
import { updateSharedLink } from '../share/open-shared.ts';
import { commitOrToast } from '../shell/actions.ts';

const AUTHOR_KEY = 'keyplan:reviewer';

export function savedAuthor(): string {
  try {
    return localStorage.getItem(AUTHOR_KEY) ?? '';
  } catch {
    return '';
  }
}

function rememberAuthor(author: string): void {
  try {
    localStorage.setItem(AUTHOR_KEY, author.trim());
  } catch {
    // Storage refused: the name is asked again next time.
  }
}

/** Commits a comment edit; in a shared design's view the result stays shared (read-only but for comments). */
function commitReview(update: (design: Design) => Design): boolean {
  const ok = commitOrToast((design) => {
    const next = update(design);
    return isReadOnlyDesign(design) ? markReadOnly(next) : next;
  });
  const { design } = useStore.getState();
  if (ok && design && isReadOnlyDesign(design)) void updateSharedLink(design);
  return ok;
}

function newId(): string {
  return `c-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

export function postComment(comment: NewComment): boolean {
  const ok = commitReview((d) => addComment(d, comment, newId(), new Date().toISOString()));
  if (ok) rememberAuthor(comment.author);
  return ok;
}

export function resolveComment(id: string, resolved: boolean): boolean {
  return commitReview((d) => setCommentResolved(d, id, resolved));
}

export function deleteComment(id: string): boolean {
  return commitReview((d) => removeComment(d, id));
}

/**
 * Open (unresolved) comments for the sidebar's badges, by `entity:NAME` (its key templates' comments
 * included) and `pattern:ID`.
 */
export function openCommentCounts(comments: Comment[] | undefined): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { target, resolved } of comments ?? []) {
    if (resolved) continue;
    const key = target.kind === 'pattern' ? `pattern:${target.pattern}` : `entity:${target.entity}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** What a target is called in the sidebar: `Order`, `Order › SK`, `Pattern: Get order`. */
export function targetLabel(design: Design, target: CommentTarget): string {
  if (target.kind === 'entity') return `Entity ${target.entity}`;
  if (target.kind === 'key-template') return `${target.entity} › key template ${target.key}`;
  const pattern = design.accessPatterns.find((p) => p.id === target.pattern);
  return `Pattern “${pattern?.name ?? target.pattern}”`;
}
