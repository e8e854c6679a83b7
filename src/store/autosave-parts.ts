// Cutting the design and its undo history into parts for the autosave (autosave-db.ts), and putting them
// back together. A design is its shell (everything but the items) and each entity's items in slices of
// SLICE_ITEMS. The store never mutates a design, so an unchanged object is an unchanged part: a template edit
// writes a new shell and no items, a cell edit one slice, and undo steps share every part they have in
// common. Text keeps every digit (stringifyExactJson, parseExactJson); an item is serialized once and its
// text remembered. Serializing yields to the page every few milliseconds, so typing never waits for it.

import { type Design, designSchema } from '../core/model/schema.ts';
import { parseExactJson, stringifyExactJson } from '../core/values/exact-json.ts';
import { type DesignRef, type Head, refIds } from './autosave-db.ts';

export const SLICE_ITEMS = 1000;
/** Undo and redo steps kept across a reload, nearest first, within HISTORY_BYTES of parts of their own. */
export const HISTORY_STEPS = 50;
export const HISTORY_BYTES = 64 * 1024 * 1024;

export interface Snapshot {
  design: Design | null;
  past: Design[];
  future: Design[];
}

type Item = Design['items'][string][number];

export interface PreparedSave {
  head: Head;
  newParts: Map<string, string>;
  /** Commits the caches once the save is stored. */
  stored: () => void;
}

let counter = 0;
function newPartId(): string {
  counter += 1;
  return `${Date.now().toString(36)}-${counter.toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** Gives the page a turn when this task has run SLICE_MS: serialization never blocks typing for long. */
const SLICE_MS = 8;
function yielder(): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < SLICE_MS) return;
    await new Promise((resolve) => setTimeout(resolve, 0));
    since = performance.now();
  };
}

export class PartCache {
  private itemText = new WeakMap<Item, string>();
  private itemKey = new WeakMap<Item, number>();
  private nextKey = 0;
  /** Parts known to be in the database, with their size in characters. */
  private stored = new Map<string, number>();
  /** A slice (its items' keys) or a shell (its text) → the part holding it. */
  private sliceParts = new Map<string, string>();
  private shellParts = new Map<string, string>();
  private designRefs = new WeakMap<Design, DesignRef>();

  private keyOf(item: Item): number {
    let key = this.itemKey.get(item);
    if (key === undefined) {
      key = this.nextKey++;
      this.itemKey.set(item, key);
    }
    return key;
  }

  private textOf(item: Item): string {
    let text = this.itemText.get(item);
    if (text === undefined) {
      text = stringifyExactJson(item);
      this.itemText.set(item, text);
    }
    return text;
  }

  /** Forgets what it believed stored (another tab's save removed parts): the next save writes them again. */
  keepOnly(present: Set<string>): void {
    for (const id of [...this.stored.keys()]) if (!present.has(id)) this.stored.delete(id);
  }

  /**
   * The head and new parts for a save of this snapshot: the current design always, and undo/redo steps,
   * nearest first, while within HISTORY_STEPS and HISTORY_BYTES of new parts of their own.
   */
  async prepare(snapshot: Snapshot, now = Date.now()): Promise<PreparedSave> {
    const pause = yielder();
    const newParts = new Map<string, string>();
    const pending: { slices: [string, string][]; shells: [string, string][]; refs: [Design, DesignRef][] } = {
      slices: [],
      shells: [],
      refs: [],
    };
    const counted = new Set<string>();
    const sizeOf = (id: string) => newParts.get(id)?.length ?? this.stored.get(id) ?? 0;

    const refOf = async (design: Design): Promise<DesignRef> => {
      const known = this.designRefs.get(design);
      if (known && refIds(known).every((id) => this.stored.has(id) || newParts.has(id))) return known;
      const { items, ...rest } = design;
      const shellText = stringifyExactJson(rest);
      let shell = this.shellParts.get(shellText);
      if (!shell || !(this.stored.has(shell) || newParts.has(shell))) {
        shell = newPartId();
        newParts.set(shell, shellText);
        pending.shells.push([shellText, shell]);
      }
      const ref: DesignRef = { shell, items: {} };
      for (const [entity, list] of Object.entries(items)) {
        const ids: string[] = [];
        for (let start = 0; start < list.length; start += SLICE_ITEMS) {
          const slice = list.slice(start, start + SLICE_ITEMS);
          const key = slice.map((item) => this.keyOf(item)).join(',');
          let id = this.sliceParts.get(key);
          if (!id || !(this.stored.has(id) || newParts.has(id))) {
            id = newPartId();
            newParts.set(id, `[${slice.map((item) => this.textOf(item)).join(',')}]`);
            this.sliceParts.set(key, id);
            pending.slices.push([key, id]);
            await pause();
          }
          ids.push(id);
        }
        ref.items[entity] = ids;
      }
      pending.refs.push([design, ref]);
      return ref;
    };
    /** Size of the parts of `ref` not already counted in this save. */
    const added = (ref: DesignRef) => {
      let bytes = 0;
      for (const id of refIds(ref))
        if (!counted.has(id)) {
          counted.add(id);
          bytes += sizeOf(id);
        }
      return bytes;
    };

    const design = snapshot.design ? await refOf(snapshot.design) : null;
    if (design) added(design);
    const past: DesignRef[] = [];
    const future: DesignRef[] = [];
    let budget = HISTORY_BYTES;
    let pastAt = snapshot.past.length - 1;
    let futureAt = 0;
    // Nearest steps first, alternating undo and redo, until the steps or the bytes run out.
    while (past.length + future.length < HISTORY_STEPS) {
      const takePast = pastAt >= 0 && (past.length <= future.length || futureAt >= snapshot.future.length);
      const step = takePast ? snapshot.past[pastAt] : snapshot.future[futureAt];
      if (!step) break;
      const ref = await refOf(step);
      budget -= added(ref);
      if (budget < 0) break;
      if (takePast) {
        past.unshift(ref);
        pastAt -= 1;
      } else {
        future.push(ref);
        futureAt += 1;
      }
    }
    // Parts prepared for a step left out are not written.
    const wanted = new Set([...(design ? refIds(design) : []), ...[...past, ...future].flatMap(refIds)]);
    for (const id of [...newParts.keys()]) if (!wanted.has(id)) newParts.delete(id);

    return {
      head: { format: 'keyplan-autosave/1', design, past, future, savedAt: now },
      newParts,
      stored: () => {
        this.stored = new Map([...wanted].map((id) => [id, sizeOf(id)]));
        for (const [text, id] of pending.shells) if (wanted.has(id)) this.shellParts.set(text, id);
        for (const [design, ref] of pending.refs) this.designRefs.set(design, ref);
        for (const [text, id] of [...this.shellParts]) if (!wanted.has(id)) this.shellParts.delete(text);
        for (const [key, id] of [...this.sliceParts]) if (!wanted.has(id)) this.sliceParts.delete(key);
      },
    };
  }

  /**
   * The snapshot a saved head holds, its parts read back (each parsed once, so steps share their objects),
   * and remembered as stored. A step that no longer reads as a design is dropped; when the current design
   * does not, `unreadable` holds its text.
   */
  restore(head: Head, parts: Map<string, string>): Snapshot & { unreadable: string | null } {
    const parsed = new Map<string, unknown>();
    const partValue = (id: string): unknown => {
      if (!parsed.has(id)) {
        const text = parts.get(id);
        parsed.set(id, text === undefined ? undefined : parseExactJson(text));
      }
      return parsed.get(id);
    };
    const validSlices = new Map<string, boolean>();
    const itemsSchema = designSchema.shape.items;
    const designOf = (ref: DesignRef): Design | null => {
      try {
        const shell = designSchema.safeParse({ ...(partValue(ref.shell) as object), items: {} });
        if (!shell.success) return null;
        const items: Design['items'] = {};
        for (const [entity, ids] of Object.entries(ref.items)) {
          const list: Item[] = [];
          for (const id of ids) {
            const slice = partValue(id);
            if (!validSlices.has(id)) validSlices.set(id, itemsSchema.safeParse({ [entity]: slice }).success);
            if (!validSlices.get(id)) return null;
            list.push(...(slice as Item[]));
          }
          items[entity] = list;
        }
        return { ...shell.data, items };
      } catch {
        return null;
      }
    };
    const textOf = (ref: DesignRef): string => {
      const items = Object.entries(ref.items)
        .map(
          ([entity, ids]) =>
            `${JSON.stringify(entity)}:[${ids
              .map((id) => (parts.get(id) ?? '[]').slice(1, -1))
              .filter(Boolean)
              .join(',')}]`,
        )
        .join(',');
      const shell = parts.get(ref.shell) ?? '{}';
      return `${shell.slice(0, -1)}${shell.length > 2 ? ',' : ''}"items":{${items}}}`;
    };

    const design = head.design ? designOf(head.design) : null;
    const unreadable = head.design && !design ? textOf(head.design) : null;
    const keep = (refs: DesignRef[]) =>
      refs
        .map((ref) => [ref, designOf(ref)] as const)
        .filter((pair): pair is [DesignRef, Design] => !!pair[1]);
    const past = keep(head.past);
    const future = keep(head.future);
    // Remember what is stored, so the next save writes only what changed.
    const shown = [...(design && head.design ? [[head.design, design] as const] : []), ...past, ...future];
    for (const [ref, restored] of shown) {
      for (const id of refIds(ref)) this.stored.set(id, parts.get(id)?.length ?? 0);
      this.designRefs.set(restored, ref);
      const shellText = parts.get(ref.shell);
      if (shellText !== undefined) this.shellParts.set(shellText, ref.shell);
      for (const [entity, ids] of Object.entries(ref.items))
        ids.forEach((id, i) => {
          const slice = restored.items[entity]?.slice(i * SLICE_ITEMS, (i + 1) * SLICE_ITEMS) ?? [];
          this.sliceParts.set(slice.map((item) => this.keyOf(item)).join(','), id);
        });
    }
    return { design, past: past.map(([, d]) => d), future: future.map(([, d]) => d), unreadable };
  }
}
