// "Shared design — Open a copy": the banner over a design opened from a share link, read-only until the
// recipient opens a copy. Comments can still be added (the sidebar's Comments section).
import { useStore } from '../../../store/index.ts';
import { isReadOnlyDesign, READ_ONLY_MESSAGE } from '../../../store/shared-view.ts';
import { openSharedCopy } from './open-shared.ts';
import { useShareState } from './share-state.ts';
import './share.css';

export function SharedBanner() {
  const readOnly = useStore((s) => isReadOnlyDesign(s.design));
  const refused = useStore((s) => s.opError === READ_ONLY_MESSAGE);
  const canUndo = useStore((s) => s.past.length > 0);
  const opened = useShareState((s) => s.opened);
  if (!readOnly) return null;
  const items = opened?.regenerate
    ? `Items regenerated from seed ${opened.regenerate.seed} (not the sender’s own).`
    : opened && opened.includedItems > 0
      ? `With the sender’s ${opened.includedItems} sample items.`
      : '';
  return (
    <section className="shared-banner" aria-label="Shared design" data-testid="share.banner">
      <strong>Shared design</strong>
      <span className={refused ? 'shared-refused' : undefined} role={refused ? 'alert' : undefined}>
        {refused
          ? READ_ONLY_MESSAGE
          : `Read-only: you can look around and add comments (this page’s link keeps them). ${items}${canUndo ? ' Edit › Undo returns to your own design.' : ''}`}
      </span>
      <button
        type="button"
        className="btn btn-primary btn-sm"
        data-testid="share.openCopy"
        onClick={openSharedCopy}
      >
        Open a copy
      </button>
    </section>
  );
}
