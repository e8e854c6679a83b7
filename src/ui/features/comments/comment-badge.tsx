// The count of open review comments on a sidebar row (an entity with its key templates, or a pattern).

import { plural } from '../../../core/values/text/plural.ts';
import { useStore } from '../../../store/index.ts';
import { Icon } from '../../components/icon.tsx';
import { openCommentCounts } from './review.ts';

export function CommentBadge({ targetKey }: { targetKey: string }) {
  const count = useStore((s) => openCommentCounts(s.design?.comments).get(targetKey) ?? 0);
  if (count === 0) return null;
  const label = plural(count, 'open comment');
  return (
    <span className="comment-badge" title={label} data-testid={`comments.badge.${targetKey}`}>
      <Icon name="comment" size={11} />
      <span aria-hidden="true">{count}</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}
