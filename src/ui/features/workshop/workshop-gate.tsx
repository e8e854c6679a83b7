// Decides what a browser sees of a server in workshop mode: the join page until it has joined (the server
// refuses every other /api route to it anyway), then the designer with the attendee client running. A
// server without a workshop answers 404 to GET /api/workshop and the designer opens as always.
import { lazy, Suspense, useEffect } from 'react';
import { getWorkshopInfo, joinCodeOf, joinWorkshop } from '../../../api/workshop-client.ts';
import { JOIN_PAGE_PATH } from '../../../core/contract/workshop-contract.ts';
import { useStore } from '../../../store/index.ts';
import { useWorkshop } from '../../../store/workshop.ts';
import { showToast } from '../../components/toast.tsx';

// Only a workshop's browsers load these: the designer's first screen does not wait for them.
const JoinPage = lazy(() => import('./join-page.tsx').then((m) => ({ default: m.JoinPage })));

async function checkWorkshop(): Promise<void> {
  try {
    const info = await getWorkshopInfo();
    if (!info) useWorkshop.setState({ status: 'off' });
    else
      useWorkshop.setState({
        status: info.attendee ? 'joined' : 'join',
        attendee: info.attendee ?? null,
        ended: info.ended,
      });
  } catch {
    // The server answered oddly: the designer opens; its own requests show what is wrong.
    useWorkshop.setState({ status: 'off' });
  }
}

async function join(code: string, name: string): Promise<void> {
  const { attendee, state } = await joinWorkshop(code, name);
  // The code is not needed any more: the address bar shows the app, not the join link.
  if (window.location.pathname === JOIN_PAGE_PATH || window.location.hash)
    window.history.replaceState(null, '', '/');
  useWorkshop.setState({ status: 'joined', attendee, room: state.room, ended: state.room.ended });
}

const hooks = {
  builtinLesson: async (id: string) => (await import('./lesson-catalogue.ts')).builtinLesson(id),
  notify: (message: string, undo: boolean) =>
    showToast({
      message,
      timeout: undo ? 12_000 : 8_000,
      action: undo ? { label: 'Undo', run: () => useStore.getState().undo() } : undefined,
    }),
};

export function WorkshopGate({ children }: { children: React.ReactNode }) {
  const status = useWorkshop((s) => s.status);
  const ended = useWorkshop((s) => s.ended);
  const removed = useWorkshop((s) => s.removed);
  useEffect(() => {
    void checkWorkshop();
  }, []);
  useEffect(() => {
    if (status !== 'joined') return;
    let stop: (() => void) | undefined;
    let left = false;
    void import('../../../store/workshop-attendee.ts').then(({ startWorkshopAttendee }) => {
      if (!left) stop = startWorkshopAttendee(hooks);
    });
    return () => {
      left = true;
      stop?.();
    };
  }, [status]);
  if (status === 'checking')
    return (
      <div className="loading app-loading" data-testid="app.loading">
        Opening Keyplan…
      </div>
    );
  if (status === 'join')
    return (
      <Suspense fallback={null}>
        <JoinPage
          initialCode={joinCodeOf(window.location.hash)}
          onJoin={join}
          ended={ended}
          removed={removed}
        />
      </Suspense>
    );
  return children;
}
