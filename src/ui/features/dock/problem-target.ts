// Where a problem points: a design path (`entities[2].keys.GSI1PK`, `accessPatterns[3].limit`,
// `table.globalSecondaryIndexes[0]`, `items.Order[4].total`) read as the sidebar selection that shows it.
import type { AccessPattern, Design } from '../../../core/model/schema.ts';
import type { Selection } from '../../../store/types.ts';

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

/** The sidebar row that shows a selection. */
export function sidebarTestId(selection: Selection): string | undefined {
  switch (selection?.kind) {
    case 'entity':
      return `sidebar.entity.${selection.name}`;
    case 'pattern':
      return `sidebar.pattern.${selection.id}`;
    case 'index':
      return `sidebar.index.${selection.name}`;
    case 'table':
      return 'sidebar.table';
    default:
      return undefined;
  }
}

const PATTERN_FIELDS: Record<string, string> = {
  name: 'pattern.name',
  description: 'pattern.description',
  operation: 'pattern.operation',
  index: 'pattern.index',
  limit: 'pattern.limit',
  consistentRead: 'pattern.consistentRead',
  scanIndexForward: 'pattern.descending',
  filter: 'pattern.filter',
  projection: 'pattern.projection',
  keyCondition: 'pattern.partition',
  'keyCondition.partition': 'pattern.partition',
  'keyCondition.sort': 'pattern.sortValue',
  'keyCondition.sort.op': 'pattern.sortOp',
  'keyCondition.sort.value': 'pattern.sortValue',
  'keyCondition.sort.to': 'pattern.sortTo',
  entity: 'pattern.entity',
  condition: 'pattern.condition',
  actions: 'pattern.action.add',
  gets: 'pattern.get.add',
};

/** A write's `set[2]`/`remove[0]` chip, by attribute name; the prefix is `pattern` or `pattern.action.N`. */
function writeChip(
  prefix: string,
  rest: string,
  names: { set?: string[]; remove?: string[] },
): string | undefined {
  const chip = /^(set|remove)\[(\d+)\]$/.exec(rest);
  if (!chip) return undefined;
  const name = names[chip[1] as 'set' | 'remove']?.[Number(chip[2])];
  return name ? `${prefix}.${chip[1]}.${name}` : undefined;
}

/**
 * The test id of the editor field a design path points at, when the editor of its selection shows one:
 * `entities[1].keys.GSI1PK` → `entity.template.GSI1PK`, `accessPatterns[3].limit` → `pattern.limit`.
 */
export function fieldTestId(design: Design, path: string): string | undefined {
  const entity = /^entities\[(\d+)\]\.(.+)$/.exec(path);
  if (entity) {
    const found = design.entities[Number(entity[1])];
    const rest = entity[2];
    if (!found) return undefined;
    const key = /^keys\.(.+)$/.exec(rest);
    if (key) return `entity.template.${key[1]}`;
    const attribute = /^attributes\[(\d+)\]/.exec(rest);
    if (attribute) {
      const name = found.attributes[Number(attribute[1])]?.name;
      return name ? `entity.attribute.${name}.name` : undefined;
    }
    if (rest === 'name' || rest === 'description') return `entity.${rest}`;
    return undefined;
  }
  const pattern = /^accessPatterns\[(\d+)\]\.(.+)$/.exec(path);
  if (pattern) {
    const found = design.accessPatterns[Number(pattern[1])] as AccessPattern | undefined;
    const rest = pattern[2];
    if (!found) return undefined;
    const example = /^example\.(.+)$/.exec(rest);
    if (example) return `pattern.arg.${example[1]}`;
    const filter = /^filter\[(\d+)\]/.exec(rest);
    if (filter) return `pattern.filter.${filter[1]}`;
    const action = /^(actions|gets)\[(\d+)\](?:\.(.+))?$/.exec(rest);
    if (action) {
      const prefix = `pattern.${action[1] === 'actions' ? 'action' : 'get'}.${action[2]}`;
      if (action[1] === 'actions' && 'actions' in found && action[3]) {
        const write = found.actions[Number(action[2])];
        const chip = write ? writeChip(prefix, action[3], write) : undefined;
        if (chip) return chip;
        if (action[3] === 'entity' || action[3] === 'condition') return `${prefix}.${action[3]}`;
      }
      return prefix;
    }
    const chip = writeChip('pattern', rest, found as { set?: string[]; remove?: string[] });
    if (chip) return chip;
    return PATTERN_FIELDS[rest] ?? PATTERN_FIELDS[rest.replace(/\[\d+\].*$/, '')];
  }
  const index = /^table\.(globalSecondaryIndexes|localSecondaryIndexes)\[(\d+)\](?:\.(\w+))?/.exec(path);
  if (index) {
    const card = `table.${index[1] === 'globalSecondaryIndexes' ? 'gsi' : 'lsi'}.${index[2]}`;
    const field = index[3];
    if (field === 'name') return `${card}.name`;
    if (field === 'partitionKey' || field === 'sortKey') return `${card}.${field}.name`;
    if (field === 'projection') return `${card}.projection`;
    return card;
  }
  const table = /^table\.(\w+)/.exec(path);
  if (table) {
    const fields: Record<string, string> = {
      name: 'table.name',
      partitionKey: 'table.partitionKey.name',
      sortKey: 'table.sortKey.name',
      ttlAttribute: 'table.ttl',
      typeAttribute: 'table.typeAttribute',
      billing: 'table.billing',
    };
    return fields[table[1]];
  }
  return undefined;
}
