// Work a live session's room took away: an entity or access pattern someone else deleted while this user had
// it open or had just edited it (or edited it offline, unsent, when the deletion merged in). Never lost
// silently: the session shows a notice naming who deleted what, and Restore puts back this user's last version
// (the entity with its keys, attributes and sample items; the pattern with its fields) as a new edit of theirs.
// Pure (no Yjs, no DOM): the session feeds it what a remote update removed (design-doc.ts's watchRemovals).
import { nextEntityColor, withEntityColors } from '../../model/entity-colors.ts';
import type { AccessPattern, Design, Entity, SampleValues } from '../../model/schema.ts';

/** How long after one's own edit of something its deletion by someone else counts as losing that edit. */
export const RECENT_EDIT_MS = 30_000;

export type LiveThing = { kind: 'entity'; key: string } | { kind: 'pattern'; key: string };

const thingKey = (kind: LiveThing['kind'], key: string) => `${kind}:${key}`;

/** Whether two things are the same entity (by name) or pattern (by id). */
export const sameThing = (a: LiveThing, b: LiveThing): boolean => a.kind === b.kind && a.key === b.key;

/** Whether the design has the entity (by name) or pattern (by id): something removed may be back (a merge). */
export function present(design: Design, thing: LiveThing): boolean {
  return thing.kind === 'entity'
    ? design.entities.some((e) => e.name === thing.key)
    : design.accessPatterns.some((p) => p.id === thing.key);
}

/**
 * Whether `entity` is `was` with only its shown colour written down: the entity ops do that to every other
 * entity of a design without colours (entity-colors.ts), which is no edit of those.
 */
function onlyColoured(was: Entity | undefined, entity: Entity): boolean {
  if (was === undefined || was.color !== undefined || entity.color === undefined) return false;
  const keys = Object.keys(entity) as (keyof Entity)[];
  return (
    keys.length === Object.keys(was).length + 1 && keys.every((k) => k === 'color' || entity[k] === was[k])
  );
}

/** The entities (by name) and patterns (by id) an edit changed, found by identity (the store never mutates). */
function changedBy(previous: Design | null, next: Design): LiveThing[] {
  const things: LiveThing[] = [];
  const entities = new Map(previous?.entities.map((e) => [e.name, e]));
  for (const entity of next.entities) {
    const was = entities.get(entity.name);
    if (
      (was !== entity && !onlyColoured(was, entity)) ||
      previous?.items[entity.name] !== next.items[entity.name]
    )
      things.push({ kind: 'entity', key: entity.name });
  }
  const patterns = new Map(previous?.accessPatterns.map((p) => [p.id, p]));
  for (const pattern of next.accessPatterns)
    if (patterns.get(pattern.id) !== pattern) things.push({ kind: 'pattern', key: pattern.id });
  return things;
}

/** One's own recent edits: when each entity and pattern was last edited, and whether the room has it yet. */
export class LocalEdits {
  readonly #edits = new Map<string, { at: number; unsent: boolean }>();

  /** A local edit from `previous` to `next` at `now`; `unsent` while the session is not live (offline). */
  record(previous: Design | null, next: Design, now: number, unsent: boolean): void {
    for (const thing of changedBy(previous, next)) {
      const key = thingKey(thing.kind, thing.key);
      const earlier = this.#edits.get(key);
      this.#edits.delete(key);
      this.#edits.set(key, { at: now, unsent: unsent || (earlier?.unsent ?? false) });
    }
    for (const [key, edit] of this.#edits) {
      if (this.#edits.size <= 500) break;
      if (!edit.unsent) this.#edits.delete(key);
    }
  }

  /** The session is live again: everything edited offline has reached the room and ages from now. */
  sent(now: number): void {
    for (const edit of this.#edits.values())
      if (edit.unsent) {
        edit.unsent = false;
        edit.at = now;
      }
  }

  /** Edited within RECENT_EDIT_MS of `now`, or offline and not yet sent. */
  edited(thing: LiveThing, now: number): boolean {
    const edit = this.#edits.get(thingKey(thing.kind, thing.key));
    return edit !== undefined && (edit.unsent || now - edit.at <= RECENT_EDIT_MS);
  }
}

export type Lost = (
  | { kind: 'entity'; key: string; entity: Entity; items: SampleValues[] | undefined }
  | { kind: 'pattern'; key: string; pattern: AccessPattern }
) & {
  /** Who deleted it (their name in the room); undefined when the deletion carried no name. */
  by: string | undefined;
  /** Where it stood in its list, to put it back there. */
  index: number;
  /** Whether one had edited it, or only had it open. */
  reason: 'edited' | 'open';
};

/**
 * What a remote update took from this user: of the things it removed (`gone`, with who removed each), those
 * still absent from the design after it that the user has open or edited (see LocalEdits), each with the
 * user's version from the design before the update.
 */
export function lostWork(input: {
  before: Design;
  after: Design;
  gone: readonly (LiveThing & { by: string | undefined })[];
  open: LiveThing | undefined;
  edits: LocalEdits;
  now: number;
}): Lost[] {
  const { before, after, gone, open, edits, now } = input;
  const lost: Lost[] = [];
  for (const thing of gone) {
    const edited = edits.edited(thing, now);
    const isOpen = open !== undefined && sameThing(open, thing);
    if ((!edited && !isOpen) || present(after, thing)) continue;
    const reason = edited ? 'edited' : 'open';
    if (thing.kind === 'entity') {
      const index = before.entities.findIndex((e) => e.name === thing.key);
      if (index < 0) continue;
      const entity = before.entities[index];
      lost.push({
        kind: 'entity',
        key: thing.key,
        entity,
        items: before.items[thing.key],
        by: thing.by,
        index,
        reason,
      });
    } else {
      const index = before.accessPatterns.findIndex((p) => p.id === thing.key);
      if (index < 0) continue;
      const pattern = before.accessPatterns[index];
      lost.push({ kind: 'pattern', key: thing.key, pattern, by: thing.by, index, reason });
    }
  }
  return lost;
}

/** "Ada deleted Order while you were editing it", "Ada deleted the pattern “Get order” while you had it open". */
export function lostMessage(lost: Lost): string {
  const what = lost.kind === 'entity' ? lost.entity.name : `the pattern “${lost.pattern.name}”`;
  const when = lost.reason === 'edited' ? 'while you were editing it' : 'while you had it open';
  return `${lost.by ?? 'Someone'} deleted ${what} ${when}`;
}

/** The design with the lost entity (and its sample items) or pattern back where it stood. */
export function restoreLost(design: Design, lost: Lost): Design {
  if (lost.kind === 'pattern') {
    if (present(design, lost))
      throw new Error(
        `A pattern with id "${lost.key}" exists again: “${lost.pattern.name}” was not restored`,
      );
    const accessPatterns = [...design.accessPatterns];
    accessPatterns.splice(Math.min(lost.index, accessPatterns.length), 0, lost.pattern);
    return { ...design, accessPatterns };
  }
  if (present(design, lost))
    throw new Error(`An entity named ${lost.key} exists again: yours was not restored`);
  // Colours stay with their entities (entity-colors.ts): the others' are written down, this one keeps its own.
  const coloured = withEntityColors(design);
  const entity =
    lost.entity.color === undefined
      ? { ...lost.entity, color: nextEntityColor(coloured.entities) }
      : lost.entity;
  const entities = [...coloured.entities];
  entities.splice(Math.min(lost.index, entities.length), 0, entity);
  if (!lost.items) return { ...coloured, entities };
  return { ...coloured, entities, items: { ...coloured.items, [lost.key]: lost.items } };
}
