// What one design lineage (a designer's edits of its design, a worker's copy of them) remembers between
// derivations, owned by whoever edits it: the app, the analysis worker, a bench or a test creates one and
// passes it. A caller that passes none (a server request, a CLI command, a lesson check) keeps nothing once
// it returns, so no switch decides what outlives a call (the server's 64 loads once kept 850 MB alive).
// Layers above items (indexes/ keeps the last merges of each view) keep their memory in a slot of it, made
// by a function of theirs, so the lineage's memory lives in one object without items/ importing upward.

import type { Entity } from '../model/schema.ts';
import type { DerivedItem, KeyValue } from '../values/item.ts';

/** An entity's (or a copy's) items as last derived, with what made them. */
export interface DerivedEntity {
  entity: Entity;
  copy?: string;
  keyTypes: string;
  samples: unknown;
  items: DerivedItem[];
  /** Per key attribute: its template and the value it rendered for each sample (undefined: sparse). */
  rendered: Map<string, { template: string; values: (KeyValue | undefined)[] }>;
}

// Names of entities no longer edited (other designs opened before) are forgotten, oldest first.
const NAMES_KEPT = 64;

export class Derivations {
  // The entity's previous version, by name (a copy as "Entity.copy"): a template edit re-renders that one
  // key and a sample edit that one item, not all of them.
  readonly #lastByName = new Map<string, DerivedEntity>();
  // A higher layer's memory of this lineage, by the function that made it (slot).
  readonly #slots = new Map<() => unknown, unknown>();

  /** The last items derived under this name, the starting point of the next derivation of it. */
  last(name: string): DerivedEntity | undefined {
    return this.#lastByName.get(name);
  }

  /** Keeps these items as the name's last, the newest of at most NAMES_KEPT names. */
  remember(name: string, derived: DerivedEntity): void {
    this.#lastByName.delete(name);
    if (this.#lastByName.size >= NAMES_KEPT) this.#lastByName.delete(this.#lastByName.keys().next().value!);
    this.#lastByName.set(name, derived);
  }

  /**
   * The memory `make` made for this lineage, made at the first call: a module's function is its key, so
   * each layer's memory is its own and two Derivations never share one.
   */
  slot<T>(make: () => T): T {
    if (!this.#slots.has(make)) this.#slots.set(make, make());
    return this.#slots.get(make) as T;
  }
}
