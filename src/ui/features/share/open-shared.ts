// Opening a share link (`/#share=k1.…`): the design shows read-only (store/shared-view.ts), as one undoable
// step over the recipient's own, which stays in the autosave until they choose "Open a copy". A link that
// does not decode says why and changes nothing.
import { useEffect } from 'react';
import type { RegenerateSpec } from '../../../core/features/share/share-link.ts';
import { designItemCount } from '../../../core/model/design-limits.ts';
import { TABLE_INDEX } from '../../../core/model/indexes.ts';
import type { Design } from '../../../core/model/schema.ts';
import { messageOf } from '../../../core/values/text/message.ts';
import { useAutosave } from '../../../store/autosave.ts';
import { useStore } from '../../../store/index.ts';
import { isReadOnlyDesign, markReadOnly } from '../../../store/shared-view.ts';
import { dismissToasts, showToast } from '../../components/toast.tsx';
import { useShareState } from './share-state.ts';

/** The token last handled, so a re-render (or StrictMode's second effect) does not open it twice. */
let handled: string | undefined;

/**
 * The design a share token opens as, and its regenerate spec when its items come from one; throws with the
 * reason it does not decode. Loads the link codec, and the item generator only for a link that needs it.
 */
export async function decodeSharedDesign(
  token: string,
): Promise<{ design: Design; regenerate?: RegenerateSpec }> {
  const { decodeShare } = await import('../../../core/features/share/share-link.ts');
  const payload = decodeShare(token);
  if (!payload.regenerate) return { design: payload.design };
  const { regenerateItems } = await import('../../../core/features/share/regenerate.ts');
  return { design: regenerateItems(payload.design, payload.regenerate), regenerate: payload.regenerate };
}

export async function openShareFromHash(hash = window.location.hash): Promise<void> {
  const { shareTokenOf } = await import('../../../core/features/share/share-link.ts');
  const token = shareTokenOf(hash);
  if (token === undefined || token === handled) return;
  handled = token;
  let design: Design;
  let opened: NonNullable<ReturnType<typeof useShareState.getState>['opened']>;
  try {
    const decoded = await decodeSharedDesign(token);
    design = decoded.design;
    opened = { includedItems: 0 };
    if (decoded.regenerate) opened.regenerate = decoded.regenerate;
    else opened.includedItems = designItemCount(design);
  } catch (error) {
    const reason = messageOf(error);
    showToast({
      message: `This share link could not be opened: ${reason}. Nothing was changed.`,
      tone: 'error',
      timeout: 0,
    });
    return;
  }
  dismissToasts('error');
  useShareState.setState({ opened });
  const store = useStore.getState();
  store.openDesign(markReadOnly(design));
  store.select({ kind: 'table' });
  store.setActiveView(TABLE_INDEX);
}

/**
 * After a comment in the shared view: the address holds the design as it is now, so a reload keeps the
 * comment (the shared view itself is never autosaved) and the address bar's link carries it back.
 */
export async function updateSharedLink(design: Design): Promise<void> {
  if (shareTokenOfAddress() === undefined) return;
  const { encodeShare, SHARE_PARAM } = await import('../../../core/features/share/share-link.ts');
  const opened = useShareState.getState().opened;
  let token: string;
  try {
    token = encodeShare(design, { seed: opened?.regenerate?.seed }).token;
  } catch {
    // Too long for a link now: the address keeps the link as it was; Save file keeps the comments.
    return;
  }
  // Only while that design is still the one on screen.
  if (useStore.getState().design !== design) return;
  handled = token;
  history.replaceState(
    history.state,
    '',
    `${window.location.pathname}${window.location.search}#${SHARE_PARAM}=${token}`,
  );
}

function shareTokenOfAddress(): string | undefined {
  return new URLSearchParams(window.location.hash.replace(/^#/, '')).get('share') ?? undefined;
}

/** Opens the shared design on screen as an editable copy of its own (one undo step back to the shared view). */
export function openSharedCopy(): void {
  const { design } = useStore.getState();
  if (!design || !isReadOnlyDesign(design)) return;
  useStore.getState().openDesign({ ...design });
  // The link no longer describes what is on screen: a reload keeps the copy.
  handled = undefined;
  history.replaceState(history.state, '', window.location.pathname + window.location.search);
  showToast({
    message: `Opened a copy of ${design.name}: it is yours to edit, and saved in this browser`,
    action: { label: 'Undo', run: () => useStore.getState().undo() },
  });
}

/** Opens the share link in the address (once the autosave is read), and any pasted into it later. */
export function useShareLinks(): void {
  const loading = useAutosave((s) => s.status === 'loading');
  useEffect(() => {
    if (loading) return;
    const open = () => void openShareFromHash();
    open();
    window.addEventListener('hashchange', open);
    return () => window.removeEventListener('hashchange', open);
  }, [loading]);
}
