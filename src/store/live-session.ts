// A live session in the browser (issue #18): the store's design bound to a room's Yjs document. Every local
// edit (a store commit) is written into the doc as one transaction of this browser's origin; every change
// from the room (or from the undo manager) is read back into the store — never both ways for one change,
// so there is no feedback loop. Undo and redo go through a Y.UndoManager that tracks only this browser's
// origin: they undo one's own edits, never someone else's. Presence (name, colour, what one has open) goes
// through awareness. The room key stays in the link's fragment; see core/features/live/crypto.ts. What someone else
// deletes while this user has it open or has just edited it is told, with a way back (core/features/live/lost-work.ts).
import * as Y from 'yjs';
import { setLiveRoom } from '../api/client.ts';
import {
  fromBase64Url,
  type LiveLink,
  liveFragment,
  parseLiveFragment,
  randomToken,
  toBase64Url,
} from '../core/features/live/crypto.ts';
import {
  designDocParts,
  designToDoc,
  docToDesign,
  type Removed,
  removedBy,
  watchRemovals,
} from '../core/features/live/design-doc.ts';
import {
  LiveClient,
  type Presence,
  REMOTE_ORIGIN,
  type SocketLike,
} from '../core/features/live/live-client.ts';
import { type LiveThing, LocalEdits, lostWork, present, sameThing } from '../core/features/live/lost-work.ts';
import { deriveRoomKeys } from '../core/features/live/room-keys.ts';
import type { Design } from '../core/model/schema.ts';
import { useStore } from './index.ts';
import { lostWorkSink, presenceSink, useLive } from './live-state.ts';
import type { Selection } from './types.ts';

export const LOCAL_ORIGIN = Object.freeze({ live: 'local' });

function openOf(selection: Selection): Presence['open'] {
  if (selection?.kind === 'entity') return { kind: 'entity', id: selection.name };
  if (selection?.kind === 'pattern') return { kind: 'pattern', id: selection.id };
  return undefined;
}

function thingOf(selection: Selection): LiveThing | undefined {
  const open = openOf(selection);
  return open && { kind: open.kind, key: open.id };
}

let session: { client: LiveClient; stop: () => void } | null = null;

// The session's document is kept in this browser (per room) while one is in it, so edits made offline survive
// closing the tab: opening the link again merges them. Forgotten on leaving the session.
const SAVED_DOC = 'keyplan:live-doc:';

function savedDoc(roomId: string): Uint8Array | undefined {
  try {
    const text = localStorage.getItem(SAVED_DOC + roomId);
    return text ? fromBase64Url(text) : undefined;
  } catch {
    return undefined;
  }
}

function saveDoc(roomId: string, doc: Y.Doc): void {
  try {
    localStorage.setItem(SAVED_DOC + roomId, toBase64Url(Y.encodeStateAsUpdate(doc)));
  } catch {
    // Full storage: the session goes on; only a tab closed while offline would lose its unsent edits.
  }
}

function forgetDoc(roomId: string): void {
  try {
    localStorage.removeItem(SAVED_DOC + roomId);
  } catch {}
}

function stopSession(): void {
  const current = session;
  session = null;
  current?.stop();
  useLive.setState({ link: null, status: null, others: [], error: null, history: null });
}

/** Leaves the room: the design stays on screen as one's own, and the address no longer invites. */
export function leaveLiveSession(): void {
  stopSession();
  if (parseLiveFragment(window.location.hash))
    history.replaceState(history.state, '', window.location.pathname + window.location.search);
}

function connect(link: LiveLink, initial: Design | null): void {
  stopSession();
  const doc = new Y.Doc();
  // Back in a room this browser was in (a reload, a tab reopened): its kept document, then the design on
  // screen (the autosave) over it, so what was done offline is sent on connecting.
  const kept = initial ? undefined : savedDoc(link.roomId);
  const onScreen = useStore.getState().design;
  if (initial) designToDoc(doc, initial, LOCAL_ORIGIN);
  else if (kept && onScreen) {
    Y.applyUpdate(doc, kept, LOCAL_ORIGIN);
    designToDoc(doc, onScreen, LOCAL_ORIGIN, useLive.getState().me.name);
  }
  let saveTimer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    clearTimeout(saveTimer);
    saveTimer = undefined;
    saveDoc(link.roomId, doc);
  };
  const saveSoon = () => {
    saveTimer ??= setTimeout(save, 300);
  };
  doc.on('update', saveSoon);
  window.addEventListener('pagehide', save);
  const { me } = useLive.getState();
  // One's own recent edits, and what each remote change removed: what the room deletes from under this user
  // (open, or just edited) is told and can be restored (core/features/live/lost-work.ts).
  const edits = new LocalEdits();
  let removed: Removed[] = [];
  const stopWatching = watchRemovals(doc, (gone, transaction) => {
    if (transaction.origin === REMOTE_ORIGIN) removed = gone;
  });
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  const client = new LiveClient({
    url: `${scheme}://${window.location.host}/live/rooms/${link.roomId}/socket`,
    roomId: link.roomId,
    key: link.key,
    doc,
    createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
    presence: { ...me, open: openOf(useStore.getState().selection) },
    onStatus: (status) => {
      if (status === 'live') edits.sent(Date.now());
      useLive.setState({ status });
    },
    onError: (error) => {
      console.warn(`Keyplan live room: ${error}`);
      useLive.setState({ error });
    },
  });
  const parts = designDocParts(doc);
  const undo = new Y.UndoManager(
    [
      parts.design,
      parts.table,
      parts.entities,
      parts.entityOrder,
      parts.patterns,
      parts.patternOrder,
      parts.items,
    ],
    { trackedOrigins: new Set([LOCAL_ORIGIN]), captureTimeout: 500 },
  );
  const history = () => useLive.setState({ history: { canUndo: undo.canUndo(), canRedo: undo.canRedo() } });
  undo.on('stack-item-added', history);
  undo.on('stack-item-popped', history);
  undo.on('stack-cleared', history);
  let applying = false;
  let opened = initial !== null || (kept !== undefined && onScreen !== null);
  const fromRoom = (_update: Uint8Array, origin: unknown) => {
    const gone = origin === REMOTE_ORIGIN && opened ? removed : [];
    removed = [];
    if (origin === LOCAL_ORIGIN) return;
    const design = docToDesign(doc);
    if (!design) return;
    const before = useStore.getState().design;
    applying = true;
    try {
      // Joining opens the room's design as one undoable step: the recipient's own is never lost.
      if (!opened) {
        opened = true;
        useStore.getState().openDesign(design);
      } else useStore.setState({ design, changedAt: Date.now(), opError: null });
    } finally {
      applying = false;
    }
    if (gone.length === 0 || !before) return;
    const { selection, select } = useStore.getState();
    const open = thingOf(selection);
    const lost = lostWork({
      before,
      after: design,
      gone: gone.map((thing) => ({ kind: thing.kind, key: thing.key, by: removedBy(doc, thing.id) })),
      open,
      edits,
      now: Date.now(),
    });
    // The selection moves off what is gone (to the table, as deleting it oneself does).
    if (open && gone.some((thing) => sameThing(thing, open)) && !present(design, open))
      select({ kind: 'table' });
    if (lost.length > 0) lostWorkSink.current?.(lost);
  };
  doc.on('update', fromRoom);
  const unsubscribe = useStore.subscribe((state, previous) => {
    if (applying) return;
    if (state.design !== previous.design && state.design && opened) {
      edits.record(previous.design, state.design, Date.now(), client.status !== 'live');
      designToDoc(doc, state.design, LOCAL_ORIGIN, useLive.getState().me.name);
    }
    if (state.selection !== previous.selection) client.setPresence({ open: openOf(state.selection) });
  });
  const onPresence = () => useLive.setState({ others: client.others() });
  client.awareness.on('change', onPresence);
  const offline = () => client.pause();
  const online = () => client.resume();
  window.addEventListener('offline', offline);
  window.addEventListener('online', online);
  useStore.setState({
    liveEditing: {
      undo: () => undo.undo(),
      redo: () => undo.redo(),
      // Opening or closing another design leaves the room (it would otherwise replace the room's design).
      beforeOpen: () => {
        if (!applying) leaveLiveSession();
      },
    },
  });
  setLiveRoom({
    roomId: link.roomId,
    prove: (method, path, body) => client.proveRequest(method, path, body),
  });
  session = {
    client,
    stop: () => {
      clearTimeout(saveTimer);
      doc.off('update', saveSoon);
      window.removeEventListener('pagehide', save);
      forgetDoc(link.roomId);
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
      unsubscribe();
      doc.off('update', fromRoom);
      stopWatching();
      useStore.setState({ liveEditing: null });
      presenceSink.current = undefined;
      setLiveRoom(null);
      undo.destroy();
      client.close();
    },
  };
  useLive.setState({
    link,
    status: client.status,
    others: [],
    error: null,
    history: { canUndo: false, canRedo: false },
  });
  presenceSink.current = (presence) => client.setPresence(presence);
  client.start();
  if (!navigator.onLine) client.pause();
}

/** File › Start a live session: a new room holding the design on screen; the invite link goes in the dialog. */
export async function startLiveSession(): Promise<void> {
  const design = useStore.getState().design;
  if (!design) return;
  let roomId: string;
  // The key is made here and never leaves the browser; the server gets only its verifier (a public key).
  const key = randomToken();
  try {
    const { verifier } = await deriveRoomKeys(key);
    const response = await fetch('/api/live/rooms', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ verifier }),
      credentials: 'same-origin',
    });
    const body = (await response.json()) as { roomId?: string; error?: { message: string } };
    if (!response.ok || !body.roomId) throw new Error(body.error?.message ?? `${response.status}`);
    roomId = body.roomId;
  } catch (error) {
    useLive.setState({ dialogOpen: true, error: `No live room could be made: ${(error as Error).message}` });
    return;
  }
  const link = { roomId, key };
  connect(link, design);
  // A reload rejoins: the address holds the invite.
  history.replaceState(history.state, '', `#${liveFragment(link)}`);
  useLive.setState({ dialogOpen: true });
}

/** Joins the room an invite link in the address names (once the autosave is read). */
export function joinFromHash(hash = window.location.hash): void {
  const link = parseLiveFragment(hash);
  if (!link || useLive.getState().link?.roomId === link.roomId) return;
  connect(link, null);
}
