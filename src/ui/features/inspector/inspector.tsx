// The right panel: the editor of whatever is selected.
import { useStore } from '../../../store/index.ts';
import { EntityEditor } from '../entities/entity-editor.tsx';
import { PatternEditor } from '../patterns/pattern-editor.tsx';
import { TableEditor } from '../table/table-editor.tsx';

export function Inspector() {
  const selection = useStore((s) => s.selection);
  if (selection?.kind === 'pattern') return <PatternEditor key={selection.id} />;
  if (selection?.kind === 'entity') return <EntityEditor key={selection.name} />;
  return <TableEditor />;
}
