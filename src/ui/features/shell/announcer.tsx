// What a screen reader hears without looking: polite live regions, always in the page (a region that
// appears with its text is often not read), for Apply's outcome, the latest run's outcome (items, capacity, latency), the
// number of lint problems once it changes, the autosave state when it changes (not each "Saving…"), and the
// lesson checks that change as the design settles.
import { useEffect, useRef, useState } from 'react';
import { localeCount, plural } from '../../../core/values/text/plural.ts';
import { useProblemCount } from '../../../store/analysis.ts';
import { useAutosave } from '../../../store/autosave.ts';
import { useStore } from '../../../store/index.ts';
import { runStatusParts } from '../dock/run-format.ts';
import { useLessonMessage } from '../lessons/lesson-announce.ts';
import './shell.css';

function useRunMessage(): string {
  const run = useStore((s) => {
    const selection = s.selection;
    return selection?.kind === 'pattern' ? s.runs[selection.id] : undefined;
  });
  const target = useStore((s) => (s.health?.dynamodb.mode === 'aws' ? 'AWS' : 'Local'));
  if (!run) return '';
  if (run.status === 'running') return 'Running on DynamoDB Local…';
  if (run.status === 'error') return `Run failed: ${run.error.message}`;
  const { result } = run;
  const items = `${plural(result.items.length, 'item')} returned`;
  return [`Run ${result.operation}`, items, ...runStatusParts(result, target).slice(1)].join(', ');
}

function useApplyMessage(): string {
  const apply = useStore((s) => s.apply);
  if (apply.status === 'applying') return 'Applying the design to DynamoDB Local…';
  if (apply.status === 'error') return `Apply failed: ${apply.error.message}`;
  if (apply.status !== 'done') return '';
  const { result } = apply;
  return `Table ${result.tableName} ${result.action}, ${result.items.written} of ${result.items.total} items written`;
}

function problemsMessage(count: number): string {
  return count === 0 ? 'No problems' : plural(count, 'problem', undefined, localeCount);
}

export function Announcer() {
  const run = useRunMessage();
  const apply = useApplyMessage();
  const problems = useProblemCount();
  const lesson = useLessonMessage();
  // The first count is what the design opened with: news only once it has changed (then every count is).
  const firstProblems = useRef<number | null>(null);
  const problemsChanged = useRef(false);
  firstProblems.current ??= problems;
  if (problems !== firstProblems.current) problemsChanged.current = true;
  const problemsText = problemsChanged.current ? problemsMessage(problems) : '';
  const status = useAutosave((s) => s.status);
  const error = useAutosave((s) => s.error);
  const changedAt = useStore((s) => s.changedAt);
  // "Saving…" on every keystroke would talk over the user: the region says the settled state, so it speaks
  // when the first change is saved, when saving fails, and when it works again.
  const [save, setSave] = useState('');
  useEffect(() => {
    if (status === 'error') setSave(`Not saved: ${error ?? 'the browser refused the autosave'}`);
    else if (status === 'saved' && changedAt !== null) setSave('All changes saved in this browser');
  }, [status, error, changedAt]);
  return (
    <div className="sr-only">
      <div role="status" aria-live="polite" data-testid="announce.run">
        {run}
      </div>
      <div role="status" aria-live="polite" data-testid="announce.apply">
        {apply}
      </div>
      <div role="status" aria-live="polite" data-testid="announce.problems">
        {problemsText}
      </div>
      <div role="status" aria-live="polite" data-testid="announce.lesson">
        {lesson}
      </div>
      <div role="status" aria-live="polite" data-testid="announce.save">
        {save}
      </div>
    </div>
  );
}
