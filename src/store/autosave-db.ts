// The autosave's IndexedDB: one job, reading and writing what autosave-parts.ts cut a design into. Two
// object stores: `parts` (part id → JSON text: a design without its items, or a slice of an entity's
// items) and `meta` (`head`: which parts make the current design and its undo history; `unreadable`: the
// text of a saved design that no longer parses). A save is one readwrite transaction over both: its new
// parts, the new head, and the deletion of the parts no longer referenced. IndexedDB commits a transaction
// whole or not at all, so a failed write (quota, a closed database) leaves the last saved version as it was.

export const AUTOSAVE_DB = 'keyplan';
const DB_VERSION = 1;
const PARTS = 'parts';
const META = 'meta';
const HEAD = 'head';
const UNREADABLE = 'unreadable';

/** A design as part ids: its shell (everything but the items) and each entity's item slices in order. */
export interface DesignRef {
  shell: string;
  items: Record<string, string[]>;
}

/** What a save points at. */
export interface Head {
  format: 'keyplan-autosave/1';
  design: DesignRef | null;
  /** Undo steps, oldest first, and redo steps, next first (the store's past and future). */
  past: DesignRef[];
  future: DesignRef[];
  savedAt: number;
}

export function refIds(ref: DesignRef): string[] {
  return [ref.shell, ...Object.values(ref.items).flat()];
}

export function headIds(head: Head): Set<string> {
  const ids = new Set<string>();
  for (const ref of [...(head.design ? [head.design] : []), ...head.past, ...head.future])
    for (const id of refIds(ref)) ids.add(id);
  return ids;
}

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** Opens (creating on first use) the autosave database; rejects where IndexedDB is missing or refused. */
export function openAutosaveDb(factory: IDBFactory | undefined = globalThis.indexedDB): Promise<IDBDatabase> {
  if (!factory) return Promise.reject(new Error('This browser offers no IndexedDB storage.'));
  return new Promise((resolve, reject) => {
    const request = factory.open(AUTOSAVE_DB, DB_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(PARTS)) db.createObjectStore(PARTS);
      if (!db.objectStoreNames.contains(META)) db.createObjectStore(META);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new Error('The autosave database is blocked by another Keyplan tab.'));
  });
}

/** The saved head and the text of every part it references (a missing part is absent from the map). */
export async function readSaved(db: IDBDatabase): Promise<{ head: Head | null; parts: Map<string, string> }> {
  const tx = db.transaction([PARTS, META], 'readonly');
  const head = ((await done(tx.objectStore(META).get(HEAD))) ?? null) as Head | null;
  const parts = new Map<string, string>();
  if (head) {
    const store = tx.objectStore(PARTS);
    const ids = [...headIds(head)];
    const texts = await Promise.all(ids.map((id) => done(store.get(id) as IDBRequest<string | undefined>)));
    ids.forEach((id, i) => {
      const text = texts[i];
      if (typeof text === 'string') parts.set(id, text);
    });
  }
  return { head, parts };
}

/** Thrown when a part the head reuses is gone (another tab's save removed it): write it again. */
export class MissingPartsError extends Error {
  constructor(readonly present: Set<string>) {
    super('Parts of the last save are missing from the autosave database.');
  }
}

/**
 * Writes a save in one transaction: the new parts, then the head, then deletes every part the head no longer
 * references. Resolves once IndexedDB committed it; rejects with the transaction's error (QuotaExceededError
 * when storage is full) and then nothing of it is stored. Rejects with MissingPartsError, writing nothing,
 * when a part the head reuses (not in `newParts`) is not in the database.
 */
export function writeSaved(db: IDBDatabase, head: Head, newParts: Map<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    let failure: unknown;
    let tx: IDBTransaction;
    const fail = (error: unknown) => {
      failure ??= error;
      try {
        tx.abort();
      } catch {
        // Already finished or aborted: its onabort or onerror reports.
      }
    };
    try {
      tx = db.transaction([PARTS, META], 'readwrite');
    } catch (error) {
      reject(error);
      return;
    }
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(failure ?? tx.error ?? new Error('The autosave was not written.'));
    const parts = tx.objectStore(PARTS);
    const keys = parts.getAllKeys();
    keys.onsuccess = () => {
      try {
        const present = new Set(keys.result as string[]);
        const wanted = headIds(head);
        const missing = [...wanted].filter((id) => !present.has(id) && !newParts.has(id));
        if (missing.length > 0) return fail(new MissingPartsError(present));
        for (const [id, text] of newParts) parts.put(text, id);
        tx.objectStore(META).put(head, HEAD);
        for (const id of present) if (!wanted.has(id)) parts.delete(id);
      } catch (error) {
        // A put can throw at once (a value it cannot store, a stubbed quota error): nothing is committed.
        fail(error);
      }
    };
  });
}

export async function readUnreadable(db: IDBDatabase): Promise<string | null> {
  const tx = db.transaction(META, 'readonly');
  const text = await done(tx.objectStore(META).get(UNREADABLE));
  return typeof text === 'string' ? text : null;
}

/** Keeps the text of a saved design that no longer parses, so the start screen can offer it for download. */
export async function writeUnreadable(db: IDBDatabase, text: string): Promise<void> {
  const tx = db.transaction(META, 'readwrite');
  await done(tx.objectStore(META).put(text, UNREADABLE));
}
