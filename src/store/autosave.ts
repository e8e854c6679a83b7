// The autosave: the design and its undo history go to IndexedDB (autosave-db.ts), which holds hundreds of
// megabytes, cut into parts so a change writes only what changed (autosave-parts.ts). Writes wait until the
// changes stop for DELAY_MS (or the page is hidden), serialize in slices, and replace the last save in one
// transaction, so a failed write leaves it as it was; the failure shows at once (useAutosave: the top bar,
// the status bar, the "Not saved" banner), never as an uncaught error. A design saved by the earlier
// localStorage autosave (key `keyplan:v1`) is moved here on first load, and its entry removed only once it is
// stored. The app shows the start screen only after the read, so a saved design never flashes it.
import { create } from 'zustand';
import { type Design, designSchema } from '../core/model/schema.ts';
import { parseExactJson, stringifyExactJson } from '../core/values/exact-json.ts';
import {
  MissingPartsError,
  openAutosaveDb,
  readSaved,
  readUnreadable,
  writeSaved,
  writeUnreadable,
} from './autosave-db.ts';
import { PartCache, type Snapshot } from './autosave-parts.ts';
import { LEGACY_STORAGE_KEY, useStore } from './index.ts';
import { ownSnapshot } from './shared-view.ts';

export const DELAY_MS = 300;

/** `pending`: changes wait for the next save; `error`: the last save failed (until one succeeds). */
export type AutosaveStatus = 'loading' | 'saved' | 'pending' | 'saving' | 'error';

export interface AutosaveState {
  status: AutosaveStatus;
  /** When the last save was stored (ms). */
  savedAt: number | null;
  /** Why the last save failed, in words. */
  error: string | null;
  /** The text of an autosaved design that no longer reads as one (the start screen offers it). */
  unreadable: string | null;
}

export const useAutosave = create<AutosaveState>()(() => ({
  status: 'loading',
  savedAt: null,
  error: null,
  unreadable: null,
}));

/** A save failure in the user's words. */
export function saveErrorMessage(error: unknown): string {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'QuotaExceededError') return 'This browser’s storage for Keyplan is full.';
  const message = error instanceof Error ? error.message : String(error);
  return `The browser refused to store it${message ? ` (${message})` : ''}.`;
}

// A shared design on screen (shared-view.ts) is never saved: the recipient's own state is.
function snapshotOf(): Snapshot {
  const { design, past, future } = useStore.getState();
  return ownSnapshot({ design, past, future });
}

type Legacy = { design: Design } | { unreadable: string } | { empty: true };

/** What the localStorage autosave left: a design, text that no longer reads as one, or a closed design. */
function legacySave(): Legacy | null {
  let text: string | null = null;
  try {
    text = globalThis.localStorage?.getItem(LEGACY_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
  if (text === null) return null;
  try {
    const saved = (parseExactJson(text) as { state?: { design?: unknown } }).state?.design;
    if (saved === undefined || saved === null) return { empty: true };
    const parsed = designSchema.safeParse(saved);
    return parsed.success ? { design: parsed.data } : { unreadable: stringifyExactJson(saved) };
  } catch {
    return { unreadable: text };
  }
}

function removeLegacy(): void {
  try {
    localStorage.removeItem(LEGACY_STORAGE_KEY);
  } catch {
    // Storage refused: the entry is read again next time, and is the same design.
  }
}

/**
 * Reads the autosave into the store, then saves every change of the design or its history. Resolves once
 * the saved design is in the store (or there is none).
 */
export async function startAutosave(factory?: IDBFactory): Promise<void> {
  const parts = new PartCache();
  let db: IDBDatabase | null = null;
  let openError: unknown = null;
  let restored: Snapshot | null = null;
  let unreadable: string | null = null;
  try {
    db = await openAutosaveDb(factory);
    const saved = await readSaved(db);
    if (saved.head) {
      const { unreadable: text, ...snapshot } = parts.restore(saved.head, saved.parts);
      restored = snapshot;
      if (text !== null) await writeUnreadable(db, text);
    }
    unreadable = await readUnreadable(db);
  } catch (error) {
    openError = error;
  }
  // The localStorage autosave was written by an earlier Keyplan, after anything here: it wins.
  const legacy = legacySave();
  if (legacy && 'design' in legacy) {
    // Also the unload journal (see journalOnUnload): the design saved before it stays one undo step away.
    const before = restored?.design;
    const past = restored && before && before !== legacy.design ? [...restored.past, before] : [];
    restored = { design: legacy.design, past, future: [] };
  }
  if (legacy && 'unreadable' in legacy) {
    unreadable = legacy.unreadable;
    if (db) await writeUnreadable(db, unreadable).then(removeLegacy, () => {});
  }
  // A design closed just before the page went (the journal holds no design): it stays closed.
  if (legacy && 'empty' in legacy && restored) restored = { design: null, past: [], future: [] };
  if (legacy && 'empty' in legacy && db) removeLegacy();
  try {
    // Where earlier versions kept a saved design that no longer parsed.
    unreadable ??= globalThis.localStorage?.getItem(`${LEGACY_STORAGE_KEY}:unreadable`) ?? null;
  } catch {
    // No localStorage: nothing kept there.
  }
  if (restored) useStore.setState({ ...restored, changedAt: null });
  useAutosave.setState({ status: 'saved', unreadable });

  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  let saved: Snapshot = snapshotOf();

  const save = async (): Promise<void> => {
    const snapshot = snapshotOf();
    if (useAutosave.getState().status !== 'error') useAutosave.setState({ status: 'saving' });
    try {
      if (!db) throw openError ?? new Error('IndexedDB is unavailable.');
      for (let attempt = 0; ; attempt++) {
        const prepared = await parts.prepare(snapshot);
        try {
          await writeSaved(db, prepared.head, prepared.newParts);
          prepared.stored();
          break;
        } catch (error) {
          if (!(error instanceof MissingPartsError) || attempt > 0) throw error;
          parts.keepOnly(error.present);
        }
      }
      saved = snapshot;
      if (legacy && 'design' in legacy) removeLegacy();
      // Changes made while it saved wait for the next save.
      const status = sameSnapshot(snapshotOf(), snapshot) ? 'saved' : 'pending';
      useAutosave.setState({ status, savedAt: Date.now(), error: null });
    } catch (error) {
      useAutosave.setState({ status: 'error', error: saveErrorMessage(error) });
    }
  };
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (running) {
      again = true;
      return;
    }
    running = save().finally(() => {
      running = null;
      // Changes made while it saved: save them too.
      const more = again;
      again = false;
      if (more && !sameSnapshot(snapshotOf(), saved)) flush();
    });
  };
  const schedule = () => {
    const { status } = useAutosave.getState();
    if (status === 'saved') useAutosave.setState({ status: 'pending' });
    clearTimeout(timer);
    timer = setTimeout(flush, DELAY_MS);
  };

  useStore.subscribe((state, previous) => {
    if (state.design !== previous.design || state.past !== previous.past || state.future !== previous.future)
      if (!sameSnapshot(ownSnapshot(state), ownSnapshot(previous))) schedule();
  });
  if (typeof window !== 'undefined') {
    const now = () => timer !== undefined && flush();
    const unsaved = () => timer !== undefined || running !== null;
    window.addEventListener('pagehide', () => {
      // An IndexedDB save started now may not finish before the page goes (a reload right after an edit):
      // the design is also written synchronously where the next load looks first.
      if (unsaved()) journalOnUnload(snapshotOf().design);
      now();
    });
    window.addEventListener('beforeunload', (event) => {
      // Too big for the journal: ask before leaving rather than lose the last changes.
      if (unsaved() && !journalOnUnload(snapshotOf().design)) event.preventDefault();
    });
    document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && now());
  }
  // A design moved from localStorage is stored now, and its old entry then removed.
  if (legacy && ('design' in legacy || ('empty' in legacy && restored))) flush();
}

/** Designs up to this many characters fit the unload journal (localStorage holds about 5 million). */
const JOURNAL_MAX_CHARS = 4_000_000;

/**
 * Writes the design, synchronously, in the localStorage entry that a load reads first and then moves into
 * IndexedDB (the legacy autosave's own format and key). False when it is too big or storage refuses it.
 */
function journalOnUnload(design: Design | null): boolean {
  try {
    const text = stringifyExactJson({ state: { design } });
    if (text.length > JOURNAL_MAX_CHARS) return false;
    localStorage.setItem(LEGACY_STORAGE_KEY, text);
    return true;
  } catch {
    return false;
  }
}

function sameSnapshot(a: Snapshot, b: Snapshot): boolean {
  return a.design === b.design && a.past === b.past && a.future === b.future;
}
