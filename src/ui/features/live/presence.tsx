// Presence in a live session: who is here (the top bar), and a coloured dot beside the entity or pattern each
// person has open (the sidebar).
import { type Person, useLive } from '../../../store/live-state.ts';
import './live.css';

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
  const here = others.filter((p) => p.open?.kind === kind && p.open.id === id);
  if (here.length === 0) return null;
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
