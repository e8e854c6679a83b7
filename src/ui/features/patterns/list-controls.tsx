// ↑ ↓ × for one entry of an ordered list (transaction actions, gets).
interface ListControlsProps {
  index: number;
  count: number;
  noun: string;
  onMove: (to: number) => void;
  onRemove: () => void;
  /** A list that must keep one entry cannot lose its last. */
  minimum?: number;
}

export function ListControls({ index, count, noun, onMove, onRemove, minimum = 1 }: ListControlsProps) {
  return (
    <span className="pe-list-controls">
      <button
        type="button"
        className="btn btn-ghost btn-icon btn-sm"
        aria-label={`Move ${noun} ${index + 1} up`}
        disabled={index === 0}
        onClick={() => onMove(index - 1)}
      >
        ↑
      </button>
      <button
        type="button"
        className="btn btn-ghost btn-icon btn-sm"
        aria-label={`Move ${noun} ${index + 1} down`}
        disabled={index === count - 1}
        onClick={() => onMove(index + 1)}
      >
        ↓
      </button>
      <button
        type="button"
        className="btn btn-ghost btn-icon btn-sm btn-danger"
        aria-label={`Delete ${noun} ${index + 1}`}
        disabled={count <= minimum}
        onClick={onRemove}
      >
        ×
      </button>
    </span>
  );
}

export function moveItem<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}
