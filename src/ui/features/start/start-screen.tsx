// The first screen, shown while there is no design: blank, a built-in example, a file, or a lesson.
import { lazy, Suspense } from 'react';
import { plural } from '../../../core/values/text/plural.ts';
import { useAutosave } from '../../../store/autosave.ts';
import { Icon } from '../../components/icon.tsx';
import { entityColor } from '../../entity-colors.ts';
import { newBlankDesign, openDesignFromFile, openExample } from '../shell/actions.ts';
import { type ExampleSummary, exampleSummaries } from './examples.ts';
import './start.css';

// The lessons bring their parser and files: they load after the first screen.
const LessonCards = lazy(() => import('../lessons/lesson-cards.tsx'));

const THUMB_ROWS = [0, 1, 2, 3, 4, 5, 6];

function Thumbnail({ summary }: { summary: ExampleSummary }) {
  // A miniature of the grid: stripes in the example's entity colours.
  return (
    <div className="start-thumb" aria-hidden="true">
      {THUMB_ROWS.map((i) => (
        <div
          key={i}
          className="start-thumb-row"
          style={{ '--c': entityColor(i % Math.max(1, summary.entities)) } as React.CSSProperties}
        >
          <span className="start-thumb-pk" style={{ width: `${30 + ((i * 17) % 20)}%` }} />
          <span className="start-thumb-sk" style={{ width: `${25 + ((i * 29) % 30)}%` }} />
        </div>
      ))}
    </div>
  );
}

function ExampleCard({ summary }: { summary: ExampleSummary }) {
  return (
    <article className="start-card start-example">
      <button
        type="button"
        className="start-example-open"
        data-testid={`start.example.${summary.name}`}
        onClick={() => openExample(summary.name, true)}
      >
        <Thumbnail summary={summary} />
        <span className="start-card-title">{summary.title}</span>
        <span className="start-card-text">{summary.description}</span>
        <span className="start-counts">
          {plural(summary.entities, 'entity', 'entities')} · {plural(summary.patterns, 'pattern')} ·{' '}
          {plural(summary.indexes, 'index', 'indexes')} · {plural(summary.items, 'item')}
        </span>
      </button>
      <div className="start-example-actions">
        <button
          type="button"
          className="btn btn-sm btn-primary"
          tabIndex={-1}
          onClick={() => openExample(summary.name, true)}
        >
          With sample items
        </button>
        <button
          type="button"
          className="btn btn-sm"
          data-testid={`start.example.${summary.name}.schema`}
          onClick={() => openExample(summary.name, false)}
        >
          Schema only
        </button>
      </div>
    </article>
  );
}

function UnreadableBanner() {
  const saved = useAutosave((s) => s.unreadable);
  if (!saved) return null;
  const download = () => {
    const url = URL.createObjectURL(new Blob([saved], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'unreadable-autosave.json';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <div className="banner banner-warn start-banner" role="status" data-testid="start.unreadable">
      <Icon name="warn" />
      The design autosaved in this browser could not be read, so Keyplan starts fresh. Its text is kept.
      <button type="button" className="btn btn-sm" onClick={download}>
        Download it
      </button>
    </div>
  );
}

export function StartScreen() {
  return (
    <div className="start">
      <div className="start-inner">
        <header className="start-header">
          <svg width="32" height="32" viewBox="0 0 18 18" aria-hidden="true">
            <rect x="1.5" y="1.5" width="15" height="15" rx="3.5" fill="var(--accent)" />
            <path d="M5.5 5.5h7M5.5 9h4.5M5.5 12.5h7" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" />
          </svg>
          <div>
            <h1>Keyplan</h1>
            <p>Design DynamoDB single-table schemas around their access patterns, and see every key live.</p>
          </div>
        </header>
        <UnreadableBanner />
        <section aria-labelledby="start-new">
          <h2 id="start-new" className="section-title start-section">
            Start
          </h2>
          <div className="start-row">
            <button
              type="button"
              className="start-card start-action"
              data-testid="start.blank"
              onClick={newBlankDesign}
            >
              <span className="start-action-icon">
                <Icon name="plus" size={18} />
              </span>
              <span className="start-card-title">Blank design</span>
              <span className="start-card-text">A table with PK and SK, no entities yet.</span>
            </button>
            <button
              type="button"
              className="start-card start-action"
              data-testid="start.open"
              onClick={() => void openDesignFromFile()}
            >
              <span className="start-action-icon">
                <Icon name="file" size={18} />
              </span>
              <span className="start-card-title">Open file…</span>
              <span className="start-card-text">A .keyplan.json design saved earlier.</span>
            </button>
          </div>
        </section>
        <section aria-labelledby="start-examples">
          <h2 id="start-examples" className="section-title start-section">
            Examples
          </h2>
          <div className="start-row">
            {exampleSummaries().map((summary) => (
              <ExampleCard key={summary.name} summary={summary} />
            ))}
          </div>
        </section>
        <section aria-labelledby="start-lessons">
          <h2 id="start-lessons" className="section-title start-section">
            Lessons
          </h2>
          <Suspense fallback={<p className="start-card-text">Loading the lessons…</p>}>
            <LessonCards />
          </Suspense>
        </section>
        <p className="start-footnote">
          Your work is saved in this browser as you go. Nothing leaves your machine unless you Apply it to
          DynamoDB Local.
        </p>
      </div>
    </div>
  );
}
