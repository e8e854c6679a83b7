// Where a problem points: a design path (`entities[2].keys.GSI1PK`, `accessPatterns[3].limit`,
// `table.globalSecondaryIndexes[0]`, `items.Order[4].total`) read as the sidebar selection that shows it.
import type { Design } from '../../../core/model/schema.ts';
import type { Selection } from '../../../store/selection-slice.ts';

export function selectionForPath(design: Design, path: string): Selection {
  const entity = /^entities\[(\d+)\]/.exec(path);
  if (entity) {
    const found = design.entities[Number(entity[1])];
    return found ? { kind: 'entity', name: found.name } : null;
  }
  const pattern = /^accessPatterns\[(\d+)\]/.exec(path);
  if (pattern) {
    const found = design.accessPatterns[Number(pattern[1])];
    return found ? { kind: 'pattern', id: found.id } : null;
  }
  const index = /^table\.(globalSecondaryIndexes|localSecondaryIndexes)\[(\d+)\]/.exec(path);
  if (index) {
    const list =
      index[1] === 'globalSecondaryIndexes'
        ? design.table.globalSecondaryIndexes
        : design.table.localSecondaryIndexes;
    const found = list[Number(index[2])];
    return found ? { kind: 'index', name: found.name } : { kind: 'table' };
  }
  if (path === 'table' || path.startsWith('table.')) return { kind: 'table' };
  const samples = /^items\.([A-Za-z][A-Za-z0-9_]*)/.exec(path);
  if (samples && design.entities.some((e) => e.name === samples[1]))
    return { kind: 'entity', name: samples[1] };
  return null;
}

/** A short name of the target for the problem list: `Order`, `get-user`, `GSI1`, `table`. */
export function targetLabel(design: Design, path: string): string | undefined {
  const selection = selectionForPath(design, path);
  switch (selection?.kind) {
    case 'entity':
      return selection.name;
    case 'pattern':
      return design.accessPatterns.find((p) => p.id === selection.id)?.name ?? selection.id;
    case 'index':
      return selection.name;
    case 'table':
      return design.table.name;
    default:
      return undefined;
  }
}
