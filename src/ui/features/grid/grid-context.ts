// What grid cells read besides their row: display mode, entity colours and templates, and the handlers
// of key cells. One context value per grid render, so rows stay memoized while scrolling.
import { createContext, useContext, useMemo } from 'react';
import type { GridItemRow } from '../../../core/indexes/grid-rows.ts';
import type { AttributeTypes } from '../../../core/model/item-size.ts';
import type { Design } from '../../../core/model/schema.ts';
import type { DerivedItem } from '../../../core/values/item.ts';
import { entityColors } from '../../entity-colors.ts';

export interface EntityInfo {
  name: string;
  index: number;
  color: string;
  keys: Record<string, string>;
}

/** The design's entities as the grid shows them (name, position, colour, key templates). */
export function useEntityInfo(design: Design): EntityInfo[] {
  const { entities } = design;
  return useMemo(() => {
    const colors = entityColors(entities);
    return entities.map((e, index) => ({ name: e.name, index, color: colors[index], keys: e.keys }));
  }, [entities]);
}

export interface GridCellContextValue {
  keyDisplay: 'values' | 'templates';
  /** Inline attributes carry the "filtered" tag; in Columns mode the entity cell does. */
  inline: boolean;
  entities: ReadonlyMap<string, EntityInfo>;
  typesOf: (entity: string) => AttributeTypes | undefined;
  /** Attribute names left out of the inline attributes (keys, type attribute). */
  hidden: ReadonlySet<string>;
  copyKey: (text: string, anchor: HTMLElement) => void;
  openMenu: (event: React.MouseEvent<HTMLElement>, row: GridItemRow, attribute: string) => void;
  /** Read by the selected pattern but removed by its filter. */
  isFiltered: (id: string) => boolean;
  /** Returned by the selected pattern. */
  isReturned: (id: string) => boolean;
  /** The selected pattern's begins_with sort key prefix, underlined in the sort keys it matches. */
  sortPrefix?: string;
  /** Where an item's sample is in design.items[entity] (sampleIndexer); absent: samples are not named. */
  sampleOf?: (source: DerivedItem) => number;
  /** While comparing with another version: a key cell's value in that version, when it changes ('' none). */
  keyBefore?: (row: GridItemRow, column: string) => string | undefined;
}

export const GridCellContext = createContext<GridCellContextValue | null>(null);

export function useGridCells(): GridCellContextValue {
  const value = useContext(GridCellContext);
  if (!value) throw new Error('grid cells render inside GridCellContext');
  return value;
}
