// The status bar: what the design holds, its problems (click: the dock's Problems tab), DynamoDB's state.
import { TABLE_INDEX } from '../../../core/model/indexes.ts';
import { localeCount, plural } from '../../../core/values/text/plural.ts';
import { useProblemCount } from '../../../store/analysis.ts';
import { useDeferredViews } from '../../../store/derived.ts';
import { useStore } from '../../../store/index.ts';
import { Icon } from '../../components/icon.tsx';
import { WorkshopStatus } from '../workshop/workshop-status.tsx';
import { AutosaveStatus } from './autosave-notice.tsx';
import { DynamoDbPill } from './dynamodb-pill.tsx';
import './shell.css';
import { LiveStatus } from '../live/live-status.tsx';

const counted = (n: number, one: string, many?: string) => plural(n, one, many, localeCount);

export function StatusBar() {
  const design = useStore((s) => s.design);
  const setDockTab = useStore((s) => s.setDockTab);
  const views = useDeferredViews();
  const problems = useProblemCount();
  if (!design) return null;
  const { table } = design;
  const items = views?.get(TABLE_INDEX)?.itemCount ?? 0;
  const gsis = table.globalSecondaryIndexes.length;
  const lsis = table.localSecondaryIndexes.length;
  return (
    <footer className="statusbar">
      <AutosaveStatus />
      <LiveStatus />
      <span>{counted(design.entities.length, 'entity', 'entities')}</span>
      <span className="statusbar-sep">·</span>
      <span>{counted(items, 'item')}</span>
      <span className="statusbar-sep">·</span>
      <span>{counted(gsis, 'GSI')}</span>
      {lsis > 0 && (
        <>
          <span className="statusbar-sep">·</span>
          <span>{counted(lsis, 'LSI')}</span>
        </>
      )}
      <span className="statusbar-sep">·</span>
      <span>{counted(design.accessPatterns.length, 'pattern')}</span>
      <span className="statusbar-sep">·</span>
      <button
        type="button"
        className={`statusbar-problems${problems > 0 ? ' has-problems' : ''}`}
        data-testid="status.problems"
        data-count={problems}
        title="Show the problems (Problems tab of the dock)"
        onClick={() => setDockTab('problems')}
      >
        <Icon name={problems > 0 ? 'warn' : 'check'} size={12} />
        {problems > 0 ? counted(problems, 'problem') : 'No problems'}
      </button>
      <span className="statusbar-spacer" />
      <WorkshopStatus />
      <DynamoDbPill compact />
    </footer>
  );
}
