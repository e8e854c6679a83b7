// Which key templates can meet a given one, without trying every pair: two templates can produce the same
// key only when the literal text one begins with begins the other (template-match.ts's shapes), so the
// templates are indexed by that prefix and a lookup visits only those whose prefix is an ancestor or a
// descendant of the one asked. Keeps the linter's pairings (key collisions, a pattern's reach) near linear
// in the entities of a design whose templates carry prefixes of their own, as real designs' do.

export class PrefixIndex<T> {
  readonly #byPrefix = new Map<string, T[]>();
  /** The prefixes sorted, and before each the values of all earlier ones (to count a range at once). */
  #sorted?: { prefixes: string[]; before: number[] };

  add(prefix: string, value: T): void {
    const values = this.#byPrefix.get(prefix);
    if (values) values.push(value);
    else this.#byPrefix.set(prefix, [value]);
    this.#sorted = undefined;
  }

  #order() {
    if (!this.#sorted) {
      const prefixes = [...this.#byPrefix.keys()].sort();
      const before = [0];
      for (const prefix of prefixes)
        before.push(before[before.length - 1] + this.#byPrefix.get(prefix)!.length);
      this.#sorted = { prefixes, before };
    }
    return this.#sorted;
  }

  /** The first position of the sorted prefixes where `below` stops holding (it holds for a leading run). */
  #boundary(below: (prefix: string) => boolean): number {
    const { prefixes } = this.#order();
    let [low, high] = [0, prefixes.length];
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (below(prefixes[middle])) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** The positions of the prefixes `prefix` begins: one run of the sorted prefixes. */
  #descendants(prefix: string): [number, number] {
    const from = this.#boundary((p) => p < prefix);
    const to = this.#boundary((p) => p < prefix || p.startsWith(prefix));
    return [from, to];
  }

  /** The proper prefixes of `prefix` (its ancestors) that have values. */
  *#ancestors(prefix: string): Generator<T[]> {
    for (let end = 0; end < prefix.length; end++) {
      const values = this.#byPrefix.get(prefix.slice(0, end));
      if (values) yield values;
    }
  }

  /** How many values `meeting(prefix)` gives, in O(|prefix| + log n): to choose the narrowest lookup. */
  count(prefix: string): number {
    const [from, to] = this.#descendants(prefix);
    const { before } = this.#order();
    let total = before[to] - before[from];
    for (const values of this.#ancestors(prefix)) total += values.length;
    return total;
  }

  /** The values whose prefix begins `prefix` or is begun by it (each as often as it was added). */
  meeting(prefix: string): T[] {
    const out: T[] = [];
    for (const values of this.#ancestors(prefix)) out.push(...values);
    const [from, to] = this.#descendants(prefix);
    const { prefixes } = this.#order();
    for (let i = from; i < to; i++) out.push(...this.#byPrefix.get(prefixes[i])!);
    return out;
  }
}
