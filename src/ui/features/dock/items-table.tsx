// A compact table of returned items: key attributes first (table, then index keys), then the entity, then
// every other attribute. Maps and lists show as {n}/[n] badges with the full value on hover.

import { keyAttributeTypes, primaryKeyNames } from '../../../core/model/indexes.ts';
import type { Design } from '../../../core/model/schema.ts';
import { isExactNumber, stringifyExactJson } from '../../../core/values/exact-json.ts';
import { entityColors } from '../../entity-colors.ts';

const MAX_ROWS = 500;

function columnsOf(design: Design, items: Record<string, unknown>[]): string[] {
  const seen = new Set<string>();
  for (const item of items) for (const name of Object.keys(item)) seen.add(name);
  const keys = [...primaryKeyNames(design), ...keyAttributeTypes(design).keys()];
  const type = design.table.typeAttribute;
  const ordered = [...new Set(keys)].filter((name) => seen.has(name));
  const rest = [...seen].filter((name) => !ordered.includes(name) && name !== type);
  return [...ordered, ...(seen.has(type) ? [type] : []), ...rest];
}

function Cell({ value }: { value: unknown }) {
  if (value === undefined) return <span className="items-missing">—</span>;
  if (isExactNumber(value)) return <span title={value.value}>{value.value}</span>;
  if (Array.isArray(value))
    return (
      <span className="badge" title={stringifyExactJson(value)}>
        [{value.length}]
      </span>
    );
  if (value !== null && typeof value === 'object')
    return (
      <span className="badge" title={stringifyExactJson(value)}>
        {`{${Object.keys(value).length}}`}
      </span>
    );
  const text = typeof value === 'string' ? value : stringifyExactJson(value);
  return <span title={text}>{text}</span>;
}

interface ItemsTableProps {
  design: Design;
  items: Record<string, unknown>[];
  testId?: string;
  /** Rows to mark, by position (differences from the prediction). */
  marked?: ReadonlySet<number>;
}

export function ItemsTable({ design, items, testId, marked }: ItemsTableProps) {
  if (items.length === 0)
    return (
      <p className="dock-empty-line" data-testid={testId} data-count={0}>
        0 items
      </p>
    );
  const columns = columnsOf(design, items);
  const keyNames = new Set(keyAttributeTypes(design).keys());
  const type = design.table.typeAttribute;
  const entityIndex = new Map(design.entities.map((e, i) => [e.name, i]));
  const shown = items.slice(0, MAX_ROWS);
  return (
    <section
      className="items-scroll"
      // Scrollable: keyboard users reach it to scroll it (WCAG 2.1.1).
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the focus
      tabIndex={0}
      aria-label="Returned items"
    >
      <table className="items-table" data-testid={testId} data-count={items.length}>
        <thead>
          <tr>
            <th className="items-num">#</th>
            {columns.map((name) => (
              <th key={name} className={keyNames.has(name) ? 'mono' : undefined}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {shown.map((item, i) => {
            const entity = typeof item[type] === 'string' ? (item[type] as string) : undefined;
            const index = entity !== undefined ? entityIndex.get(entity) : undefined;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions in a page; the position is the identity here.
              <tr key={i} className={marked?.has(i) ? 'items-marked' : undefined}>
                <td className="items-num">{i + 1}</td>
                {columns.map((name) => (
                  <td key={name} className={keyNames.has(name) ? 'mono' : undefined}>
                    {name === type && entity !== undefined ? (
                      <span className="items-entity">
                        <span
                          className="chip-dot"
                          style={{
                            background:
                              index !== undefined
                                ? entityColors(design.entities)[index]
                                : 'var(--text-faint)',
                          }}
                        />
                        {entity}
                      </span>
                    ) : (
                      <Cell value={item[name]} />
                    )}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
      {items.length > MAX_ROWS && (
        <p className="dock-empty-line">
          First {MAX_ROWS} of {items.length} items shown; all of them are in Response JSON.
        </p>
      )}
    </section>
  );
}
