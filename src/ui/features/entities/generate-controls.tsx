// The samples toolbar's Generate: how many items to add with the core's generator (in a worker for large
// batches, with progress and Cancel), and the note that says what the last Generate did not do as asked.
import { useRef, useState } from 'react';
import { describeGenerateResult } from '../../../core/items/generate/report.ts';
import type { Entity } from '../../../core/model/schema.ts';
import { useStore } from '../../../store/index.ts';
import { Icon } from '../../components/icon.tsx';
import { addGeneratedSamples } from '../../hooks/generate-samples.ts';

const MAX_GENERATE = 25_000;

/** What the last Generate did not do as asked, shown under the toolbar until the next Generate or count. */
export interface GenerateNote {
  entity: string;
  tone: 'error' | 'warn';
  text: string;
}

export function GenerateControls({
  entity,
  note,
  setNote,
  noteId,
}: {
  entity: Entity;
  note: GenerateNote | undefined;
  setNote: (note: GenerateNote | undefined) => void;
  noteId: string;
}) {
  const [count, setCount] = useState('5');
  const [busy, setBusy] = useState(false);
  // While a large batch generates (in a worker): how far it got, and how to stop it.
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const abort = useRef<AbortController | null>(null);
  const refused = note?.entity === entity.name && note.tone === 'error';
  const generate = async () => {
    const n = Number(count);
    const max = MAX_GENERATE.toLocaleString('en-US');
    if (count.trim() === '' || !Number.isInteger(n) || n < 1) {
      setNote({
        entity: entity.name,
        tone: 'error',
        text: `Nothing generated: give a whole number from 1 to ${max}.`,
      });
      return;
    }
    if (n > MAX_GENERATE) {
      setNote({
        entity: entity.name,
        tone: 'error',
        text: `Nothing generated: ${n.toLocaleString('en-US')} is more than the ${max} items Generate adds at a time.`,
      });
      return;
    }
    setNote(undefined);
    setBusy(true);
    abort.current = new AbortController();
    try {
      const result = await addGeneratedSamples(entity.name, n, {
        signal: abort.current.signal,
        onProgress: (done, total) => setProgress({ done, total }),
      });
      if (result === null) {
        setNote({ entity: entity.name, tone: 'warn', text: 'Generate cancelled: nothing was added.' });
      } else if (!result) {
        const why = useStore.getState().opError ?? 'the design refused the new items';
        setNote({ entity: entity.name, tone: 'error', text: `Nothing generated: ${why}` });
      } else if (result.reason) {
        setNote({ entity: entity.name, tone: 'warn', text: describeGenerateResult(result) });
      }
    } finally {
      abort.current = null;
      setProgress(null);
      setBusy(false);
    }
  };
  return (
    <div className="generate">
      <button
        type="button"
        className="btn btn-sm"
        data-testid="entity.generate"
        // Not `disabled`: a focused button that becomes disabled drops the keyboard focus to the page.
        aria-disabled={busy || undefined}
        aria-busy={busy}
        onClick={() => {
          if (!busy) void generate();
        }}
      >
        <Icon name="sparkle" size={12} /> Generate
      </button>
      <input
        className="input generate-count"
        type="number"
        min={1}
        max={MAX_GENERATE}
        value={count}
        aria-label="How many items to generate"
        aria-invalid={refused || undefined}
        aria-describedby={note?.entity === entity.name ? noteId : undefined}
        data-testid="entity.generateCount"
        onChange={(event) => {
          setCount(event.target.value);
          setNote(undefined);
        }}
        onKeyDown={(event) => event.key === 'Enter' && void generate()}
      />
      {busy && abort.current && (
        <>
          <progress
            className="generate-progress"
            max={progress?.total ?? 1}
            value={progress?.done}
            aria-label="Generating samples"
            data-testid="entity.generateProgress"
          />
          <button
            type="button"
            className="btn btn-sm btn-ghost"
            data-testid="entity.generateCancel"
            onClick={() => abort.current?.abort()}
          >
            Cancel
          </button>
        </>
      )}
    </div>
  );
}
