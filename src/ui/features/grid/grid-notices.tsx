// Lines around the grid: what the selected pattern returns (or why it cannot be answered), items that a
// later item overwrote, and the footer with counts and the items a sparse index leaves out.

import { missingKeys } from '../../../core/indexes/grid-rows.ts';
import type { IndexView } from '../../../core/indexes/views.ts';
import { TABLE_INDEX } from '../../../core/model/indexes.ts';
import { plural } from '../../../core/values/text/plural.ts';
import { useStore } from '../../../store/index.ts';
import type { PatternPreview } from '../../../store/pattern-preview.ts';

const viewName = (view: string) => (view === TABLE_INDEX ? 'the table' : view);

export function PreviewNotice({ preview, name }: { preview: PatternPreview; name: string }) {
  const activeView = useStore((s) => s.activeView);
  const setActiveView = useStore((s) => s.setActiveView);
  if (preview.error)
    return (
      <div className="banner banner-error grid-banner" role="alert" data-testid="grid.previewError">
        <strong>{name}</strong> cannot be answered: {preview.error}
      </div>
    );
  const returned = preview.returned.size;
  const filtered = preview.filtered.size;
  const elsewhere = preview.view !== activeView;
  const switchView = elsewhere && (
    <button type="button" className="btn btn-sm" onClick={() => setActiveView(preview.view)}>
      Show {viewName(preview.view)}
    </button>
  );
  if (returned === 0)
    return (
      <div className="banner banner-warn grid-banner" role="status" data-testid="grid.zeroMatches">
        <strong>0 items</strong>
        <span>
          “{name}” returns nothing from {viewName(preview.view)} for its example arguments
          {filtered > 0 ? ` · ${plural(filtered, 'item')} read, then removed by the filter` : ''}.
        </span>
        {switchView}
      </div>
    );
  return (
    <div className="banner grid-banner grid-preview" role="status" data-testid="grid.preview">
      <span className="grid-preview-bar" aria-hidden="true" />
      <span>
        <strong>{name}</strong> returns <strong>{plural(returned, 'item')}</strong> from{' '}
        {viewName(preview.view)}
        {filtered > 0 && (
          <>
            {' · '}
            <span className="gtag-filtered">filtered</span> {plural(filtered, 'more item')} read and dropped
            by the filter (they count in ScannedCount)
          </>
        )}
        {preview.result?.lastEvaluatedKey ? ' · more pages' : ''}
      </span>
      {switchView}
    </div>
  );
}

export function OverwrittenNotice({ view }: { view: IndexView }) {
  const count = view.overwritten.length;
  if (count === 0) return null;
  const entities = [...new Set(view.overwritten.map((d) => d.entity))].join(', ');
  return (
    <div className="banner banner-warn grid-banner" role="status" data-testid="grid.overwritten">
      {plural(count, 'item')} ({entities}) {count === 1 ? 'shares' : 'share'} a primary key with a later item:
      only the last is stored.
    </div>
  );
}

export function GridFooter({
  view,
  shown,
  partitions,
  showExcluded,
  onToggleExcluded,
}: {
  view: IndexView;
  shown: number;
  partitions: number;
  showExcluded: boolean;
  onToggleExcluded: () => void;
}) {
  const excluded = view.excluded.length;
  const isTable = view.schema.kind === 'table';
  const missing = missingKeys(view)
    .map((m) => m.attribute)
    .join(' or ');
  return (
    <div className="grid-footer" role="status">
      <span className="grid-footer-counts">
        {plural(partitions, 'partition')} · {plural(shown, 'item')}
        {shown !== view.itemCount ? ` of ${view.itemCount}` : ''}
      </span>
      {excluded > 0 && (
        <span className="grid-footer-excluded" data-testid="grid.excluded">
          {isTable
            ? `${plural(excluded, 'item')} without a usable primary key${missing ? ` (no ${missing})` : ''}`
            : `${excluded} not in ${view.schema.name}${missing ? ` (no ${missing})` : ''}`}
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            aria-expanded={showExcluded}
            data-testid="grid.excluded.toggle"
            onClick={onToggleExcluded}
          >
            {showExcluded ? 'Hide excluded' : 'Show excluded'}
          </button>
        </span>
      )}
    </div>
  );
}
