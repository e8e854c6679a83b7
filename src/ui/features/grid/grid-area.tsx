// The live item grid: the view tabs and filters, the selected pattern's highlight, and the grid itself (or
// the empty state that says what to do next). Everything shown is derived from the design by memoized
// selectors and the core's view builder; this component only picks and arranges.
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { type GridItemRow, gridRows } from '../../../core/indexes/grid-rows.ts';
import type { IndexView } from '../../../core/indexes/views.ts';
import { sampleIndexer } from '../../../core/items/sample-positions.ts';
import { keySchemaFor, TABLE_INDEX } from '../../../core/model/indexes.ts';
import { attributeTypesByEntity } from '../../../core/model/item-size.ts';
import type { Design } from '../../../core/model/schema.ts';
import { viewOf } from '../../../store/derived.ts';
import { useStore } from '../../../store/index.ts';
import { itemId, usePatternPreview } from '../../../store/pattern-preview.ts';
import { isMac } from '../../hooks/platform.ts';
import { CompareToggle, useKeyBefore } from '../compare/compare-toggle.tsx';
import { columnSpec } from './column-spec.ts';
import {
  type EntityInfo,
  GridCellContext,
  type GridCellContextValue,
  useEntityInfo,
} from './grid-context.ts';
import { EmptyIndex, NoEntities, NoItems, NoMatches } from './grid-empty.tsx';
import { KeyMenu, type MenuTarget, useCopiedNote, writeClipboard } from './grid-menu.tsx';
import { GridFooter, OverwrittenNotice, PreviewNotice } from './grid-notices.tsx';
import { EntityChips, SearchBox, SegmentSwitch, ViewTabs } from './grid-toolbar.tsx';
import { ItemGrid } from './item-grid.tsx';
import { usePatternHighlight } from './use-pattern-highlight.ts';
import './grid.css';

const ROW_HEIGHT = { compact: 28, cozy: 34 } as const;

export function GridArea() {
  const design = useStore((s) => s.design);
  const activeView = useStore((s) => s.activeView);
  if (!design) return null;
  // Only the shown view is re-keyed on an edit; the tabs' counts follow the settled design.
  const viewName = keySchemaFor(design, activeView) ? activeView : TABLE_INDEX;
  const view = viewOf(design, viewName)!;
  const table = viewOf(design, TABLE_INDEX)!;
  return <GridContent design={design} view={view} table={table} viewName={viewName} />;
}

interface GridContentProps {
  design: Design;
  view: IndexView;
  table: IndexView;
  viewName: string;
}

function GridContent({ design, view, table, viewName }: GridContentProps) {
  const entityFilter = useStore((s) => s.entityFilter);
  const setEntityFilter = useStore((s) => s.setEntityFilter);
  const ui = useStore((s) => s.ui);
  const setUi = useStore((s) => s.setUi);
  const preview = usePatternPreview();
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search);
  const [showExcluded, setShowExcluded] = useState(false);
  const searchRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const mod = isMac ? event.metaKey : event.ctrlKey;
      if (!mod || event.shiftKey || event.altKey || event.key.toLowerCase() !== 'f') return;
      event.preventDefault();
      searchRef.current?.focus();
      searchRef.current?.select();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const entities = useEntityInfo(design);
  const entityMap = useMemo(() => new Map(entities.map((e) => [e.name, e])), [entities]);
  const types = useMemo(() => attributeTypesByEntity(design), [design]);

  const rawSpec = columnSpec(design, view.schema, ui.gridAttributes, entityFilter);
  const specKey = JSON.stringify(rawSpec);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the same columns keep the same defs
  const spec = useMemo(() => rawSpec, [specKey]);
  const hidden = useMemo(() => new Set(spec.hidden), [spec]);

  const excludedLabel = viewName === TABLE_INDEX ? 'Not stored: no usable primary key' : `Not in ${viewName}`;
  const grid = useMemo(
    () =>
      gridRows(view, itemId, {
        entities: entityFilter,
        search: query,
        includeExcluded: showExcluded,
        excludedLabel,
      }),
    [view, entityFilter, query, showExcluded, excludedLabel],
  );

  const highlight = usePatternHighlight(design, preview, viewName, grid);
  const sampleOf = useMemo(() => sampleIndexer(design), [design]);
  const keyBefore = useKeyBefore(sampleOf);
  const { matchOf, scrollTo, isFiltered, isReturned, sortPrefix } = highlight;

  const [menu, setMenu] = useState<MenuTarget | null>(null);
  // Focus goes back to the key cell, unless the chosen action takes it elsewhere.
  const closeMenu = useCallback((restoreFocus = true) => {
    setMenu((current) => {
      if (restoreFocus && current?.anchor.isConnected) requestAnimationFrame(() => current.anchor.focus());
      return null;
    });
  }, []);
  const [note, showNote] = useCopiedNote();
  const copy = useCallback(
    (text: string, x: number, y: number, label = 'Copied') => {
      void writeClipboard(text).then((ok) => showNote(x, y, ok ? label : 'Copy failed'));
    },
    [showNote],
  );

  const cells = useMemo<GridCellContextValue>(
    () => ({
      keyDisplay: ui.keyDisplay,
      inline: ui.gridAttributes === 'inline',
      entities: entityMap,
      typesOf: (entity) => types.get(entity),
      hidden,
      isFiltered,
      isReturned,
      sortPrefix,
      sampleOf,
      keyBefore,
      copyKey: (text, anchor) => {
        const rect = anchor.getBoundingClientRect();
        copy(text, rect.left + 12, rect.top - 26);
      },
      openMenu: (event, row: GridItemRow, attribute) => {
        event.preventDefault();
        const rect = event.currentTarget.getBoundingClientRect();
        const fromKeyboard = event.clientX === 0 && event.clientY === 0;
        setMenu({
          x: fromKeyboard ? rect.left + 8 : event.clientX,
          y: fromKeyboard ? rect.bottom : event.clientY,
          row,
          attribute,
          anchor: event.currentTarget,
        });
      },
    }),
    [
      ui.keyDisplay,
      ui.gridAttributes,
      entityMap,
      types,
      hidden,
      isFiltered,
      isReturned,
      sortPrefix,
      sampleOf,
      keyBefore,
      copy,
    ],
  );

  const patternName = preview
    ? (design.accessPatterns.find((p) => p.id === preview.patternId)?.name ?? preview.patternId)
    : '';
  const keyNames = useMemo(() => [...spec.lead.map((k) => k.name), ...spec.keys.map((k) => k.name)], [spec]);
  const filteredEntities = entities.filter((e) => entityFilter.includes(e.name));
  const noSamples = (list: EntityInfo[]) => list.every((e) => (design.items[e.name]?.length ?? 0) === 0);

  let content: React.ReactNode;
  if (entities.length === 0) content = <NoEntities />;
  else if (table.itemCount === 0 && table.excluded.length === 0)
    content = <NoItems entities={entities} all />;
  else if (view.itemCount === 0 && !showExcluded) content = <EmptyIndex view={view} entities={entities} />;
  else if (grid.count === 0 && filteredEntities.length > 0 && noSamples(filteredEntities))
    content = <NoItems entities={filteredEntities} all={false} />;
  else if (grid.count === 0)
    content = (
      <NoMatches
        onClear={() => {
          setSearch('');
          setEntityFilter([]);
        }}
      />
    );
  else
    content = (
      <ItemGrid
        key={viewName}
        rows={grid}
        spec={spec}
        rowHeight={ROW_HEIGHT[ui.density]}
        matchOf={matchOf}
        scrollTo={scrollTo}
        label={`Items of ${viewName === TABLE_INDEX ? design.table.name : viewName}`}
      />
    );

  return (
    <section className="grid-area" data-testid="grid" aria-label="Items">
      <div className="grid-tabbar">
        <ViewTabs design={design} active={viewName} />
        <CompareToggle />
        <SegmentSwitch
          left="Inline"
          right="Columns"
          on={ui.gridAttributes === 'columns'}
          onToggle={() => setUi({ gridAttributes: ui.gridAttributes === 'columns' ? 'inline' : 'columns' })}
          label="One column per attribute instead of inline name/value tokens"
          testId="grid.attributeLayout"
        />
      </div>
      <div className="grid-toolbar">
        <EntityChips entities={entities} view={viewName} />
        <div className="grid-toolbar-end">
          <SearchBox ref={searchRef} value={search} onChange={setSearch} />
          <SegmentSwitch
            left="Values"
            right="Templates"
            on={ui.keyDisplay === 'templates'}
            onToggle={() => setUi({ keyDisplay: ui.keyDisplay === 'templates' ? 'values' : 'templates' })}
            label="Key cells show templates instead of values"
            testId="grid.keyDisplay"
          />
        </div>
      </div>
      {preview && <PreviewNotice preview={preview} name={patternName} />}
      {viewName === TABLE_INDEX && <OverwrittenNotice view={view} />}
      <GridCellContext.Provider value={cells}>
        <div className={`grid-main${matchOf ? ' is-highlighting' : ''}`}>{content}</div>
        {menu && (
          <KeyMenu
            target={menu}
            keyNames={keyNames}
            view={viewName}
            ctx={cells}
            onCopy={copy}
            onClose={closeMenu}
          />
        )}
      </GridCellContext.Provider>
      {entities.length > 0 && (
        <GridFooter
          view={view}
          shown={grid.shown}
          partitions={grid.partitions}
          showExcluded={showExcluded}
          onToggleExcluded={() => setShowExcluded((v) => !v)}
        />
      )}
      {note && (
        <div key={note.id} className="grid-copied" role="status" style={{ left: note.x, top: note.y }}>
          {note.text}
        </div>
      )}
    </section>
  );
}
