// The live session's state the UI reads (light: no Yjs; the session itself, store/live-session.ts, loads only
// when a session starts or a link is opened).
import { create } from 'zustand';
import type { LiveLink } from '../core/features/live/crypto.ts';
import { liveFragment } from '../core/features/live/crypto.ts';
import type { LiveStatus, Presence } from '../core/features/live/live-client.ts';
import type { Lost } from '../core/features/live/lost-work.ts';
import { useStore } from './index.ts';

/** Presence colours (distinct in light and dark themes). */
export const PRESENCE_COLORS = [
  '#e8590c',
  '#1c7ed6',
  '#2f9e44',
  '#ae3ec9',
  '#f08c00',
  '#0c8599',
  '#e03131',
  '#5f3dc4',
];
const NAME_KEY = 'keyplan:live-name';

export type Person = Presence & { clientId: number };

export interface LiveState {
  /** The room this browser is in; null when not in a live session. */
  link: LiveLink | null;
  status: LiveStatus | null;
  /** Everyone else in the room. */
  others: Person[];
  me: { name: string; color: string };
  dialogOpen: boolean;
  error: string | null;
  /** While live, what Undo and Redo can do: one's own edits only (the session's Y.UndoManager). */
  history: { canUndo: boolean; canRedo: boolean } | null;
}

function defaultName(): string {
  try {
    const saved = localStorage.getItem(NAME_KEY);
    if (saved) return saved;
  } catch {}
  return `Guest ${Math.floor(100 + Math.random() * 900)}`;
}

export const useLive = create<LiveState>()(() => ({
  link: null,
  status: null,
  others: [],
  me: { name: defaultName(), color: PRESENCE_COLORS[Math.floor(Math.random() * PRESENCE_COLORS.length)] },
  dialogOpen: false,
  error: null,
  history: null,
}));

/** Whether Undo and Redo have something to do: one's own live edits in a session, the design's history otherwise. */
export function useUndoAvailability(): { canUndo: boolean; canRedo: boolean } {
  const live = useLive((s) => s.history);
  const canUndo = useStore((s) => s.past.length > 0);
  const canRedo = useStore((s) => s.future.length > 0);
  return live ?? { canUndo, canRedo };
}

/** The link that invites to a room (the key in the fragment, never sent to the server). */
export function inviteUrl(link: LiveLink): string {
  return `${window.location.origin}${window.location.pathname}#${liveFragment(link)}`;
}

/** Where the session tells of work someone else deleted from under this user (the UI shows a notice). */
export const lostWorkSink: { current?: (lost: Lost[]) => void } = {};

/** The running session's presence setter (live-session.ts registers it). */
export const presenceSink: { current?: (presence: Partial<Presence>) => void } = {};

export function setMyName(name: string): void {
  const me = { ...useLive.getState().me, name: name.slice(0, 40) };
  useLive.setState({ me });
  try {
    localStorage.setItem(NAME_KEY, me.name);
  } catch {}
  presenceSink.current?.({ name: me.name });
}
