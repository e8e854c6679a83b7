// The DynamoDB Labs visualizer's `SavedQuery` section (a table's named queries: a partition value, a sort
// condition, filters) as Keyplan Query access patterns with those values as literal keys. What a Keyplan
// pattern cannot say (OR between filters, "in", text with "{" that would read as a placeholder) drops the
// filter or the query with a warning naming it.
import { z } from 'zod';
import type { AccessPattern, ConditionClause, SortOperator } from '../../model/schema.ts';
import { numberFromKeyText } from '../../values/compare.ts';
import { patternIdFrom, uniqueName } from './names.ts';
import type { TableDefinition } from './table-definition.ts';

const conditionSchema = z.looseObject({ condition: z.string(), values: z.array(z.string()) });
const savedQuerySchema = z.looseObject({
  view: z.string().optional(),
  PK: z.string(),
  SK: conditionSchema.optional(),
  filter: z
    .array(
      conditionSchema.extend({
        attribute: z.string(),
        type: z.string().optional(),
        operator: z.string().optional(),
      }),
    )
    .optional(),
});
type Condition = z.infer<typeof conditionSchema>;

const SORT_OPERATORS: Record<string, SortOperator> = {
  '=': '=',
  '<': '<',
  '<=': '<=',
  '>': '>',
  '>=': '>=',
  begins: 'begins_with',
  begins_with: 'begins_with',
  between: 'between',
};
const FILTER_OPERATORS: Record<string, ConditionClause['op']> = {
  ...SORT_OPERATORS,
  contains: 'contains',
};

const literal = (text: string | undefined) => text !== undefined && !text.includes('{');

function bounds(condition: Condition): { value: string; to?: string } | undefined {
  const [value, to] = condition.values;
  if (!literal(value) || (condition.condition === 'between' && !literal(to))) return undefined;
  return condition.condition === 'between' ? { value, to } : { value };
}

function filterClauses(
  filters: z.infer<typeof savedQuerySchema>['filter'],
  where: string,
  warn: (message: string) => void,
): ConditionClause[] | undefined {
  const clauses: ConditionClause[] = [];
  for (const filter of filters ?? []) {
    const op = FILTER_OPERATORS[filter.condition];
    const range = bounds(filter);
    if (filter.operator === 'OR' || !op || !range) {
      warn(
        `${where}: its filter (${filter.operator === 'OR' ? 'OR' : `"${filter.condition}"`}) has no Keyplan form; filter dropped`,
      );
      return undefined;
    }
    const numeric = filter.type === 'N' || filter.type === 'Number';
    // A number keeps every digit (`12345678901234567890123` is not rounded to a double).
    const typed = (text: string) => (numeric ? (numberFromKeyText(text) ?? text) : text);
    const clause: ConditionClause = { attribute: filter.attribute, op, value: typed(range.value) };
    if (range.to !== undefined) clause.to = typed(range.to);
    clauses.push(clause);
  }
  return clauses.length > 0 ? clauses : undefined;
}

/** Query patterns for the saved queries of a table (`raw` is its `SavedQuery` map). */
export function savedQueryPatterns(
  raw: unknown,
  table: { workbenchName: string; definition: TableDefinition },
  warn: (message: string) => void,
): AccessPattern[] {
  if (typeof raw !== 'object' || raw === null) return [];
  const patterns: AccessPattern[] = [];
  for (const [name, spec] of Object.entries(raw)) {
    const where = `SavedQuery "${name}"`;
    const parsed = savedQuerySchema.safeParse(spec);
    if (!parsed.success) {
      warn(`${where}: not a query the visualizer writes; dropped`);
      continue;
    }
    const query = parsed.data;
    const onTable = query.view === undefined || query.view === table.workbenchName;
    const index = onTable ? undefined : table.definition.indexNames.get(query.view ?? '');
    const keys = onTable
      ? table.definition
      : table.definition.globalSecondaryIndexes.find((gsi) => gsi.name === index);
    if (!keys) {
      warn(`${where}: no table or index is named "${query.view}"; dropped`);
      continue;
    }
    const op = query.SK ? SORT_OPERATORS[query.SK.condition] : undefined;
    const range = query.SK ? bounds(query.SK) : undefined;
    const sortable = op && range && keys.sortKey && (op !== 'begins_with' || keys.sortKey.type === 'S');
    if (!literal(query.PK) || (query.SK && !sortable)) {
      warn(`${where}: its key condition has no Keyplan form; dropped`);
      continue;
    }
    const pattern: AccessPattern = {
      id: uniqueName(patternIdFrom(name), (id) => patterns.some((p) => p.id === id)),
      name,
      operation: 'Query',
      keyCondition: { partition: query.PK },
    };
    if (index) pattern.index = index;
    if (op && range) pattern.keyCondition.sort = { op, ...range };
    const filter = filterClauses(query.filter, where, warn);
    if (filter) pattern.filter = filter;
    patterns.push(pattern);
  }
  return patterns;
}
