// The key cell's context menu (copy value, item as JSON or DynamoDB JSON; add an item to the partition, query
// the partition, select the entity, delete the item) and the small "Copied" note that answers a copy.
import { Fragment, useCallback, useEffect, useRef, useState } from 'react';
import type { GridItemRow } from '../../../core/indexes/grid-rows.ts';
import { addPartitionQuery, addSampleToPartition, removeSample } from '../../../core/model/ops/index.ts';
import { stringifyExactJson } from '../../../core/values/exact-json.ts';
import type { PlainItem } from '../../../core/values/item.ts';
import { marshallItem } from '../../../core/values/marshall.ts';
import { useStore } from '../../../store/index.ts';
import { focusSample } from '../entities/sample-rows.tsx';
import { commitOrToast } from '../shell/actions.ts';
import { deleteWithUndo } from '../sidebar/entity-section.tsx';
import type { GridCellContextValue } from './grid-context.ts';

export interface MenuTarget {
  x: number;
  y: number;
  row: GridItemRow;
  attribute: string;
  /** The key cell the menu was opened on: focus goes back to it. */
  anchor: HTMLElement;
}

export interface CopiedNote {
  x: number;
  y: number;
  text: string;
  id: number;
}

export async function writeClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Without clipboard permission (an insecure origin, a test browser) fall back to a hidden selection.
    const area = document.createElement('textarea');
    area.value = text;
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}

/** The item with its key attributes first, in key order, as people expect to read it. */
function keysFirst(item: PlainItem, keyNames: readonly string[]): PlainItem {
  const out: PlainItem = {};
  for (const name of keyNames) if (name in item) out[name] = item[name];
  for (const name in item) if (!(name in out)) out[name] = item[name];
  return out;
}

interface KeyMenuProps {
  target: MenuTarget;
  keyNames: readonly string[];
  /** The view the grid shows (TABLE_INDEX or an index): its partitions are the ones the menu means. */
  view: string;
  ctx: GridCellContextValue;
  onCopy: (text: string, x: number, y: number, note?: string) => void;
  /** `false` when the chosen action moves focus itself (to a new sample's field, say). */
  onClose: (restoreFocus?: boolean) => void;
}

export function KeyMenu({ target, keyNames, view, ctx, onCopy, onClose }: KeyMenuProps) {
  const list = useRef<HTMLDivElement>(null);
  const select = useStore((s) => s.select);
  const { row, attribute } = target;
  const { entity, copy } = row.source;
  const sampleIndex = ctx.sampleOf?.(row.source) ?? -1;
  const item = keysFirst(row.source.item, keyNames);
  const value = row.item[attribute];
  const dynamo = (() => {
    try {
      return stringifyExactJson(marshallItem(item, ctx.typesOf(row.source.entity)), 2);
    } catch {
      return undefined;
    }
  })();

  useEffect(() => {
    list.current?.querySelector<HTMLButtonElement>('[role="menuitem"]:not(:disabled)')?.focus();
    const close = (event: Event) => {
      if (!list.current?.contains(event.target as Node)) onClose();
    };
    const blur = () => onClose();
    document.addEventListener('mousedown', close);
    window.addEventListener('blur', blur);
    return () => {
      document.removeEventListener('mousedown', close);
      window.removeEventListener('blur', blur);
    };
  }, [onClose]);

  const entries: {
    label: string;
    run: () => void;
    disabled?: boolean;
    movesFocus?: boolean;
    testId: string;
  }[] = [
    {
      label: `Copy ${attribute} value`,
      run: () => onCopy(String(value ?? ''), target.x, target.y),
      disabled: value === undefined,
      testId: 'grid.menu.copyValue',
    },
    {
      label: 'Copy item as JSON',
      run: () => onCopy(stringifyExactJson(item, 2), target.x, target.y, 'Copied item JSON'),
      testId: 'grid.menu.copyJson',
    },
    {
      label: 'Copy item as DynamoDB JSON',
      run: () => dynamo && onCopy(dynamo, target.x, target.y, 'Copied DynamoDB JSON'),
      disabled: dynamo === undefined,
      testId: 'grid.menu.copyDynamo',
    },
    {
      label: 'Add item to this partition',
      run: () => {
        if (!commitOrToast((d) => addSampleToPartition(d, entity, view, sampleIndex, copy))) return;
        select({ kind: 'entity', name: entity });
        focusSample((useStore.getState().design?.items[entity]?.length ?? 1) - 1);
      },
      disabled: row.excluded,
      movesFocus: true,
      testId: 'grid.menu.addItem',
    },
    {
      label: 'Query this partition',
      run: () => {
        if (!commitOrToast((d) => addPartitionQuery(d, entity, view, sampleIndex, copy))) return;
        const patterns = useStore.getState().design?.accessPatterns ?? [];
        select({ kind: 'pattern', id: patterns[patterns.length - 1].id });
      },
      disabled: row.excluded,
      testId: 'grid.menu.queryPartition',
    },
    {
      label: `Select entity ${entity}`,
      run: () => select({ kind: 'entity', name: entity }),
      testId: 'grid.menu.selectEntity',
    },
    {
      label: 'Delete item',
      run: () =>
        deleteWithUndo(
          `${entity} sample ${sampleIndex + 1}`,
          (d) => removeSample(d, entity, sampleIndex),
          false,
        ),
      testId: 'grid.menu.delete',
    },
  ];

  const onKey = (event: React.KeyboardEvent) => {
    const items = [
      ...(list.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]:not(:disabled)') ?? []),
    ];
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      items[(at + (event.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length]?.focus();
    } else if (event.key === 'Escape' || event.key === 'Tab') {
      event.preventDefault();
      onClose();
    }
  };

  const left = Math.min(target.x, window.innerWidth - 250);
  const top = Math.min(target.y, window.innerHeight - 270);
  return (
    <div
      ref={list}
      role="menu"
      aria-label={`${attribute} ${String(value ?? '')}`}
      className="menu-list grid-menu"
      style={{ left, top }}
      data-testid="grid.menu"
      onKeyDown={onKey}
    >
      {entries.map((entry, i) => (
        <Fragment key={entry.testId}>
          {(i === 3 || i === entries.length - 1) && <hr className="menu-separator" />}
          <button
            type="button"
            role="menuitem"
            className="menu-item"
            disabled={entry.disabled}
            data-testid={entry.testId}
            onClick={() => {
              onClose(!entry.movesFocus);
              entry.run();
            }}
          >
            <span className="menu-check" aria-hidden="true" />
            <span className="menu-label">{entry.label}</span>
          </button>
        </Fragment>
      ))}
    </div>
  );
}

/** "Copied" beside where the copy happened, for a moment; also read out by screen readers. */
export function useCopiedNote(): [CopiedNote | null, (x: number, y: number, text: string) => void] {
  const [note, setNote] = useState<CopiedNote | null>(null);
  useEffect(() => {
    if (!note) return;
    const timer = setTimeout(() => setNote(null), 1200);
    return () => clearTimeout(timer);
  }, [note]);
  const show = useCallback(
    (x: number, y: number, text: string) => setNote({ x, y, text, id: Date.now() }),
    [],
  );
  return [note, show];
}
