// The sidebar's Comments: review comments on entities, key templates and patterns (design.comments), a
// thread per target, and a form to add one. Works in a shared design's read-only view too, so a reviewer can
// open a link, comment, and send back a link or a file.
import { useId, useState } from 'react';
import { commentTargetExists, commentTargetKey } from '../../../core/model/ops/comments.ts';
import type { Comment, CommentTarget, Design } from '../../../core/model/schema.ts';
import { useStore } from '../../../store/index.ts';
import type { Selection } from '../../../store/types.ts';
import { deleteComment, postComment, resolveComment, savedAuthor, targetLabel } from './review.ts';
import './comments.css';

interface TargetOption {
  value: string;
  label: string;
  target: CommentTarget;
}

function targetOptions(design: Design): TargetOption[] {
  const options: TargetOption[] = [];
  for (const entity of design.entities) {
    const target: CommentTarget = { kind: 'entity', entity: entity.name };
    options.push({ value: commentTargetKey(target), label: `Entity ${entity.name}`, target });
    for (const key of Object.keys(entity.keys)) {
      const keyTarget: CommentTarget = { kind: 'key-template', entity: entity.name, key };
      options.push({
        value: commentTargetKey(keyTarget),
        label: `${entity.name} › key template ${key}`,
        target: keyTarget,
      });
    }
  }
  for (const pattern of design.accessPatterns) {
    const target: CommentTarget = { kind: 'pattern', pattern: pattern.id };
    options.push({ value: commentTargetKey(target), label: `Pattern ${pattern.name}`, target });
  }
  return options;
}

function selectedTarget(selection: Selection): string | undefined {
  if (selection?.kind === 'entity') return commentTargetKey({ kind: 'entity', entity: selection.name });
  if (selection?.kind === 'pattern') return commentTargetKey({ kind: 'pattern', pattern: selection.id });
  return undefined;
}

/** Threads in the order of their first comment. */
function threads(comments: Comment[]): [string, Comment[]][] {
  const byTarget = new Map<string, Comment[]>();
  for (const comment of comments) {
    const key = commentTargetKey(comment.target);
    byTarget.set(key, [...(byTarget.get(key) ?? []), comment]);
  }
  return [...byTarget];
}

function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}

export function CommentSection() {
  const design = useStore((s) => s.design!);
  const selection = useStore((s) => s.selection);
  const select = useStore((s) => s.select);
  const formId = useId();
  const options = targetOptions(design);
  const [chosen, setChosen] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [author, setAuthor] = useState(savedAuthor);
  const [open, setOpen] = useState(false);
  const fallback = selectedTarget(selection) ?? options[0]?.value;
  const targetValue = chosen !== null && options.some((o) => o.value === chosen) ? chosen : fallback;
  const comments = design.comments ?? [];
  const openCount = comments.filter((c) => !c.resolved).length;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const option = options.find((o) => o.value === targetValue);
    if (!option) return;
    if (postComment({ target: option.target, author, text })) {
      setText('');
      setOpen(false);
    }
  };

  const goTo = (target: CommentTarget) => {
    if (target.kind === 'pattern') select({ kind: 'pattern', id: target.pattern });
    else select({ kind: 'entity', name: target.entity });
  };

  return (
    <section className="comment-section" aria-labelledby={`${formId}-heading`} data-testid="comments.section">
      <div className="section-title">
        <h2 className="section-heading" id={`${formId}-heading`}>
          Comments
          {openCount > 0 && <span className="comment-total"> · {openCount} open</span>}
        </h2>
        {options.length > 0 && (
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            aria-expanded={open}
            aria-controls={`${formId}-form`}
            data-testid="comments.add"
            onClick={() => setOpen(!open)}
          >
            {open ? 'Cancel' : 'Comment'}
          </button>
        )}
      </div>
      {open && (
        <form id={`${formId}-form`} className="comment-form" onSubmit={submit} data-testid="comments.form">
          <label className="field">
            On
            <select
              className="select"
              value={targetValue}
              data-testid="comments.target"
              onChange={(event) => setChosen(event.currentTarget.value)}
            >
              {options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            Comment
            <textarea
              className="input comment-text"
              required
              rows={3}
              value={text}
              data-testid="comments.text"
              onChange={(event) => setText(event.currentTarget.value)}
            />
          </label>
          <label className="field">
            Your name
            <input
              className="input"
              required
              maxLength={100}
              value={author}
              autoComplete="name"
              data-testid="comments.author"
              onChange={(event) => setAuthor(event.currentTarget.value)}
            />
          </label>
          <button type="submit" className="btn btn-primary btn-sm" data-testid="comments.post">
            Add comment
          </button>
        </form>
      )}
      {comments.length === 0 && !open && (
        <p className="side-empty">Reviewers’ comments on entities, key templates and patterns show here.</p>
      )}
      {threads(comments).map(([key, list]) => {
        const target = list[0].target;
        const gone = !commentTargetExists(design, target);
        return (
          <section
            key={key}
            className="comment-thread"
            aria-label={`Comments on ${targetLabel(design, target)}`}
            data-testid={`comments.thread.${key}`}
          >
            <h3 className="comment-target">
              {gone ? (
                <span title="no longer in the design">
                  {targetLabel(design, target)} (no longer in the design)
                </span>
              ) : (
                <button type="button" className="btn-link" onClick={() => goTo(target)}>
                  {targetLabel(design, target)}
                </button>
              )}
            </h3>
            <ul className="comment-list">
              {list.map((comment) => (
                <li
                  key={comment.id}
                  className={`comment${comment.resolved ? ' is-resolved' : ''}`}
                  data-testid={`comments.comment.${comment.id}`}
                >
                  <div className="comment-meta">
                    <strong>{comment.author}</strong>
                    <time dateTime={comment.createdAt}>{when(comment.createdAt)}</time>
                    {comment.resolved && <span className="comment-resolved">resolved</span>}
                  </div>
                  <p className="comment-body">{comment.text}</p>
                  <div className="comment-actions">
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm"
                      onClick={() => resolveComment(comment.id, !comment.resolved)}
                    >
                      {comment.resolved ? 'Reopen' : 'Resolve'}
                    </button>
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm"
                      aria-label={`Delete ${comment.author}’s comment`}
                      onClick={() => deleteComment(comment.id)}
                    >
                      Delete
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </section>
  );
}
