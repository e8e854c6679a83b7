// Review comments (design.comments): add, resolve, delete, and group them by what they are about. Nothing
// else in the core reads comments; they only travel with the design.
import { type Comment, type CommentTarget, commentSchema } from '../review-schema.ts';
import type { Design } from '../schema.ts';
import { assertValid, DesignOpError, replaceAt } from './shared.ts';

export interface NewComment {
  target: CommentTarget;
  author: string;
  text: string;
}

/** A stable text for a target, to group comments into threads (`entity:Order`, `key-template:Order.SK`). */
export function commentTargetKey(target: CommentTarget): string {
  switch (target.kind) {
    case 'entity':
      return `entity:${target.entity}`;
    case 'key-template':
      return `key-template:${target.entity}.${target.key}`;
    case 'pattern':
      return `pattern:${target.pattern}`;
  }
}

/** Whether the design still has what the comment is about. */
export function commentTargetExists(design: Design, target: CommentTarget): boolean {
  if (target.kind === 'pattern') return design.accessPatterns.some((p) => p.id === target.pattern);
  const entity = design.entities.find((e) => e.name === target.entity);
  if (!entity) return false;
  return target.kind === 'entity' || target.key in entity.keys;
}

/** Adds a comment (its id and time given, so the op stays pure). */
export function addComment(design: Design, comment: NewComment, id: string, createdAt: string): Design {
  const next: Comment = {
    id,
    target: comment.target,
    author: comment.author.trim(),
    text: comment.text.trim(),
    createdAt,
  };
  assertValid(commentSchema, next, 'comment');
  if (design.comments?.some((c) => c.id === id))
    throw new DesignOpError(`comment: another comment has the id "${id}"`);
  return { ...design, comments: [...(design.comments ?? []), next] };
}

function commentIndex(design: Design, id: string): number {
  const i = design.comments?.findIndex((c) => c.id === id) ?? -1;
  if (i < 0) throw new DesignOpError(`no comment with the id "${id}"`);
  return i;
}

export function setCommentResolved(design: Design, id: string, resolved: boolean): Design {
  const i = commentIndex(design, id);
  const comments = design.comments ?? [];
  if (Boolean(comments[i].resolved) === resolved) return design;
  const { resolved: _was, ...rest } = comments[i];
  const updated: Comment = resolved ? { ...rest, resolved: true } : rest;
  return { ...design, comments: replaceAt(comments, i, updated) };
}

export function removeComment(design: Design, id: string): Design {
  const i = commentIndex(design, id);
  const comments = (design.comments ?? []).filter((_, j) => j !== i);
  if (comments.length > 0) return { ...design, comments };
  const { comments: _gone, ...rest } = design;
  return rest;
}

/** The comments with an entity's new name in their targets (renameEntity calls it). */
export function renameEntityInComments(comments: Comment[], from: string, to: string): Comment[] {
  let changed = false;
  const renamed = comments.map((comment) => {
    const { target } = comment;
    if (target.kind === 'pattern' || target.entity !== from) return comment;
    changed = true;
    return { ...comment, target: { ...target, entity: to } };
  });
  return changed ? renamed : comments;
}
