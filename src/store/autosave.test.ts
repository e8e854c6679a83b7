// The autosave in IndexedDB (fake-indexeddb in Node): a design saved by the earlier localStorage autosave
// moves here with every digit, edits save only the parts they changed, the undo history comes back after a
// reload, and a write the browser refuses (storage full) leaves the last saved version as it was.
import { IDBFactory, IDBObjectStore } from 'fake-indexeddb';
import { afterAll, describe, expect, it } from 'vitest';
import { renameEntity } from '../core/model/ops/entities.ts';
import { type Design, designSchema } from '../core/model/schema.ts';
import { parseExactJson, stringifyExactJson } from '../core/values/exact-json.ts';
import { openAutosaveDb, readSaved, writeSaved } from './autosave-db.ts';
import { PartCache, SLICE_ITEMS } from './autosave-parts.ts';

/** localStorage's interface over a Map (the tests run in Node). */
function memoryStorage(): Storage {
  const text = new Map<string, string>();
  return {
    get length() {
      return text.size;
    },
    clear: () => text.clear(),
    key: (i) => [...text.keys()][i] ?? null,
    getItem: (name) => text.get(name) ?? null,
    setItem: (name, value) => void text.set(name, value),
    removeItem: (name) => void text.delete(name),
  };
}

const BIG = '12345678901234567890123456789012345678';

function ledger(count: number): Design {
  const items = Array.from({ length: count }, (_, i) => `{"id":"e${i}","amount":${i === 7 ? BIG : i}}`);
  return designSchema.parse(
    parseExactJson(`{
    "format": "keyplan/1", "name": "Ledger",
    "table": { "name": "Ledger", "partitionKey": { "name": "PK", "type": "S" }, "sortKey": { "name": "SK", "type": "S" } },
    "entities": [{ "name": "Entry", "attributes": [{ "name": "id", "type": "S", "required": true },
      { "name": "amount", "type": "N", "required": true }], "keys": { "PK": "LEDGER", "SK": "{id}" } }],
    "accessPatterns": [],
    "items": { "Entry": [${items.join(',')}] }
  }`),
  );
}

const until = async (check: () => boolean) => {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe('autosave', () => {
  const realStorage = Object.getOwnPropertyDescriptor(globalThis, 'localStorage');
  afterAll(() => {
    if (realStorage) Object.defineProperty(globalThis, 'localStorage', realStorage);
    else delete (globalThis as { localStorage?: Storage }).localStorage;
  });

  it('moves a localStorage autosave to IndexedDB, then saves edits and their undo steps across a reload', async () => {
    const storage = memoryStorage();
    const legacy = ledger(2500);
    storage.setItem(
      'keyplan:v1',
      stringifyExactJson({ state: { design: legacy, ui: { density: 'cozy' } }, version: 1 }),
    );
    Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true });
    const { useStore } = await import('./index.ts');
    const { startAutosave, useAutosave } = await import('./autosave.ts');
    const factory = new IDBFactory();

    await startAutosave(factory);
    const opened = useStore.getState().design;
    expect(stringifyExactJson(opened)).toBe(stringifyExactJson(legacy));
    expect(useStore.getState().ui.density).toBe('cozy');
    // The old entry goes only once the design is in IndexedDB.
    await until(() => storage.getItem('keyplan:v1') === null);
    expect(useAutosave.getState()).toMatchObject({ status: 'saved', error: null });

    await until(() => useAutosave.getState().status === 'saved');
    const migratedAt = useAutosave.getState().savedAt ?? 0;
    useStore.getState().commit((d) => renameEntity(d, 'Entry', 'Posting'));
    useStore.getState().commit((d) => ({ ...d, name: 'Ledger 2' }));
    await until(() => (useAutosave.getState().savedAt ?? 0) > migratedAt);
    const { design, past } = useStore.getState();
    expect(past).toHaveLength(2);

    // A reload: a fresh reader of the same database.
    const db = await openAutosaveDb(factory);
    const saved = await readSaved(db);
    const reloaded = new PartCache().restore(saved.head!, saved.parts);
    expect(stringifyExactJson(reloaded.design)).toBe(stringifyExactJson(design));
    expect(stringifyExactJson(reloaded.design)).toContain(`"amount":${BIG}`);
    expect(reloaded.past.map((d) => stringifyExactJson(d))).toEqual(past.map((d) => stringifyExactJson(d)));
    // Steps share their items after the reload as before it.
    expect(reloaded.past[1]?.items.Posting?.[0]).toBe(reloaded.past[0]?.items.Entry?.[0]);
    // Three designs of 2,500 items share their item slices: 3 slices and 3 shells are stored, no more.
    expect(saved.parts.size).toBe(Math.ceil(2500 / SLICE_ITEMS) + 3);
    db.close();
  });

  it('changes one slice for a one-item edit, and a refused write keeps the last saved version', async () => {
    const db = await openAutosaveDb(new IDBFactory());
    const parts = new PartCache();
    const first = ledger(3000);
    const one = await parts.prepare({ design: first, past: [], future: [] });
    await writeSaved(db, one.head, one.newParts);
    one.stored();

    const [, ...rest] = first.items.Entry ?? [];
    const edited: Design = { ...first, items: { Entry: [{ id: 'e0', amount: -1 }, ...rest] } };
    const two = await parts.prepare({ design: edited, past: [first], future: [] });
    expect(two.newParts.size).toBe(1);

    // Storage full: the put throws, nothing of the save is committed.
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    try {
      await expect(writeSaved(db, two.head, two.newParts)).rejects.toMatchObject({
        name: 'QuotaExceededError',
      });
    } finally {
      IDBObjectStore.prototype.put = put;
    }
    const saved = await readSaved(db);
    expect(saved.head).toEqual(one.head);
    const restored = new PartCache().restore(saved.head!, saved.parts);
    expect(stringifyExactJson(restored.design)).toBe(stringifyExactJson(first));
    db.close();
  });
});
