// The notice for work someone else deleted in a live session while one had it open or was editing it
// ("Ada deleted Order while you were editing it · Restore"): it stays until dismissed, and Restore puts back
// one's last version as a new edit of one's own, which the room then shares (core/features/live/lost-work.ts).
import { type Lost, lostMessage, restoreLost } from '../../../core/features/live/lost-work.ts';
import { useStore } from '../../../store/index.ts';
import { showToast } from '../../components/toast.tsx';
import { commitOrToast } from '../shell/actions.ts';

function restore(lost: Lost): void {
  if (!commitOrToast((design) => restoreLost(design, lost))) return;
  useStore
    .getState()
    .select(lost.kind === 'entity' ? { kind: 'entity', name: lost.key } : { kind: 'pattern', id: lost.key });
}

export function showLostWork(lost: readonly Lost[]): void {
  for (const one of lost)
    showToast({
      message: lostMessage(one),
      timeout: 0,
      action: { label: 'Restore', run: () => restore(one) },
    });
}
