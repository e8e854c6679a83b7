// Joining a live session by its link (`#live=<room>.<key>`), once the autosave is read (the room's design
// opens as one undoable step over the recipient's own), and by a link pasted into the address later. The
// session's code (Yjs) loads only then.
import { useEffect } from 'react';
import { parseLiveFragment } from '../../../core/features/live/crypto.ts';
import { useAutosave } from '../../../store/autosave.ts';
import { lostWorkSink } from '../../../store/live-state.ts';
import { showLostWork } from './lost-work-notice.ts';

export function useLiveLinks(): void {
  // What someone else deleted from under this user is told, with a way back.
  useEffect(() => {
    lostWorkSink.current = showLostWork;
    return () => {
      lostWorkSink.current = undefined;
    };
  }, []);
  const loading = useAutosave((s) => s.status === 'loading');
  useEffect(() => {
    if (loading) return;
    const join = () => {
      if (parseLiveFragment(window.location.hash))
        void import('../../../store/live-session.ts').then((live) => live.joinFromHash());
    };
    join();
    window.addEventListener('hashchange', join);
    return () => window.removeEventListener('hashchange', join);
  }, [loading]);
}
