// The right panel: the editor of whatever is selected.
import { useStore } from '../../../store/index.ts';
import { EntityEditor } from '../entities/entity-editor.tsx';
import { PatternEditor } from '../patterns/pattern-editor.tsx';
import { TableEditor } from '../table/table-editor.tsx';

export function Inspector() {
  const selection = useStore((s) => s.selection);
  const entityIndex = useStore((s) =>
    selection?.kind === 'entity'
      ? (s.design?.entities.findIndex((e) => e.name === selection.name) ?? -1)
      : -1,
  );
  if (selection?.kind === 'pattern') return <PatternEditor key={selection.id} />;
  // Keyed by position, not name: renaming an entity keeps its editor (and the focus in its name field).
  if (selection?.kind === 'entity') return <EntityEditor key={`entity-${entityIndex}`} />;
  return <TableEditor />;
}
