// Presence in a live session: who is here (the top bar), a coloured dot beside the entity or pattern each
// person has open (the sidebar), and a coloured marker on the grid rows of an entity someone has open.
import { type Person, useLive } from '../../../store/live-state.ts';
import './live.css';

/** The people who have one entity or pattern open, and how the grid marks its rows. */
export interface OpenBy {
  people: Person[];
  /** Who has it open, in words: "Ada has Order open", "Ada and Ben have Order open". */
  label: string;
  /** The grid's leading-edge marker: one 3px inset stripe per person, after the entity's own 5px. */
  shadow: string;
}

const openIndexes = new WeakMap<Person[], Map<string, OpenBy>>();

/**
 * Who has what open, keyed by openKey(kind, id): built once per change of the room's presence (the others
 * list is a new array then) and shared by every reader, so a grid row costs one Map lookup.
 */
export function openBy(others: Person[]): Map<string, OpenBy> {
  let index = openIndexes.get(others);
  if (index) return index;
  const people = new Map<string, Person[]>();
  for (const person of others) {
    if (!person.open) continue;
    const key = openKey(person.open.kind, person.open.id);
    people.set(key, [...(people.get(key) ?? []), person]);
  }
  index = new Map();
  for (const [key, here] of people) {
    const id = key.slice(key.indexOf(':') + 1);
    const names = here.map((p) => p.name);
    const who = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
    index.set(key, {
      people: here,
      label: `${who} ${here.length === 1 ? 'has' : 'have'} ${id} open`,
      shadow: here.map((p, i) => `inset ${8 + 3 * i}px 0 0 ${p.color}`).join(', '),
    });
  }
  openIndexes.set(others, index);
  return index;
}

export const openKey = (kind: 'entity' | 'pattern', id: string) => `${kind}:${id}`;

function initials(name: string): string {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]?.toUpperCase() ?? '')
      .join('') || '?'
  );
}

/** The top bar's avatars: you first, then everyone else in the room. */
export function LivePresence() {
  const link = useLive((s) => s.link);
  const others = useLive((s) => s.others);
  const me = useLive((s) => s.me);
  if (!link) return null;
  const people: Pick<Person, 'name' | 'color'>[] = [me, ...others];
  return (
    <ul
      className="live-avatars"
      aria-label={`In this live session: ${people.map((p) => p.name).join(', ')}`}
      data-testid="live.presence"
    >
      {people.map((person, i) => (
        <li
          // biome-ignore lint/suspicious/noArrayIndexKey: two people may share a name; the order is stable.
          key={i}
          className="live-avatar"
          style={{ background: person.color }}
          title={i === 0 ? `${person.name} (you)` : person.name}
          data-testid="live.person"
          data-name={person.name}
        >
          {initials(person.name)}
        </li>
      ))}
    </ul>
  );
}

/** Dots for the people who have this entity or pattern open. */
export function PresenceDots({ kind, id }: { kind: 'entity' | 'pattern'; id: string }) {
  // The whole list (a stable reference), filtered here: a selector returning a new array re-renders forever.
  const others = useLive((s) => s.others);
  const here = openBy(others).get(openKey(kind, id))?.people;
  if (!here) return null;
  return (
    <span className="live-dots" data-testid={`live.dots.${kind}.${id}`}>
      {here.map((person) => (
        <span
          key={person.clientId}
          className="live-dot"
          style={{ background: person.color }}
          title={`${person.name} has it open`}
          role="img"
          aria-label={`${person.name} has it open`}
        />
      ))}
    </span>
  );
}
