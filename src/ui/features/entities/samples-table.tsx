// The entity's sample items: one row per sample, one column per attribute; add, remove, or generate more
// with the core's generator (children point at existing parents).
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useId, useRef, useState } from 'react';
import { describeGenerateResult } from '../../../core/items/generate/report.ts';
import { addSample, removeSample, setSamples, updateSample } from '../../../core/model/ops/index.ts';
import type { Design, Entity } from '../../../core/model/schema.ts';
import { useProblems } from '../../../store/analysis.ts';
import { useStore } from '../../../store/index.ts';
import { problemAt } from '../../components/commit-input.tsx';
import { Icon } from '../../components/icon.tsx';
import { addGeneratedSamples } from '../../hooks/generate-samples.ts';
import { sameNameAndAttributes } from './same-entity-shape.ts';
import { SampleCell } from './sample-cell.tsx';

/** Height of a sample row and of the header row (CSS: 26 px cells and a 1 px border). */
const SAMPLE_ROW = 27;
const MAX_GENERATE = 25_000;

/** What the last Generate did not do as asked, shown under the toolbar until the next Generate or count. */
interface GenerateNote {
  entity: string;
  tone: 'error' | 'warn';
  text: string;
}

function GenerateControls({
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

/** Reads only the entity's name and attributes, so a key template edit does not redraw its sample inputs. */
export const SamplesTable = memo(
  function SamplesTable({ entity }: { entity: Entity }) {
    const samples = useStore((s) => s.design?.items[entity.name]) ?? [];
    const commit = useStore((s) => s.commit);
    const [note, setNote] = useState<GenerateNote>();
    const noteId = useId();
    return (
      <div className="samples">
        <div className="samples-toolbar">
          <button
            type="button"
            className="btn btn-sm"
            data-testid="entity.addSample"
            onClick={() => commit((d) => addSample(d, entity.name, {}))}
          >
            <Icon name="plus" size={12} /> Row
          </button>
          <GenerateControls entity={entity} note={note} setNote={setNote} noteId={noteId} />
          {samples.length > 0 && (
            <button
              type="button"
              className="btn btn-ghost btn-sm samples-clear"
              data-testid="entity.clearSamples"
              onClick={() => commit((d) => setSamples(d, entity.name, []))}
            >
              Clear
            </button>
          )}
        </div>
        {note?.entity === entity.name && (
          <p
            id={noteId}
            className={`generate-note generate-note-${note.tone}`}
            role={note.tone === 'error' ? 'alert' : 'status'}
            data-testid="entity.generateNote"
          >
            {note.text}
          </p>
        )}
        {samples.length === 0 ? (
          <p className="editor-empty">
            No sample items. Generate a few to see this entity's keys in the grid.
          </p>
        ) : entity.attributes.length === 0 ? (
          <p className="editor-empty">{samples.length} samples; add attributes to edit their values.</p>
        ) : (
          <SampleRows entity={entity} samples={samples} />
        )}
      </div>
    );
  },
  (before, after) => sameNameAndAttributes(before.entity, after.entity),
);

/**
 * Every sample, each one editable, with inputs only for the rows scrolled into view: hundreds of rows of
 * inputs would cost every frame of the page (style, paint, layers) even while the grid scrolls.
 */
function SampleRows({ entity, samples }: { entity: Entity; samples: Design['items'][string] }) {
  const commit = useStore((s) => s.commit);
  const commitMerge = useStore((s) => s.commitMerge);
  const problems = useProblems();
  const base = `items.${entity.name}`;
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: samples.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => SAMPLE_ROW,
    // The header row sits above the first sample.
    scrollMargin: SAMPLE_ROW,
    overscan: 6,
    useFlushSync: false,
  });
  const rows = virtualizer.getVirtualItems();
  const before = rows.length > 0 ? rows[0].start - SAMPLE_ROW : 0;
  const after = rows.length > 0 ? virtualizer.getTotalSize() - (rows[rows.length - 1].end - SAMPLE_ROW) : 0;
  const columns = entity.attributes.length + 2;
  return (
    <div className="samples-scroll" ref={scrollRef}>
      <table className="samples-table" aria-rowcount={samples.length + 1}>
        <thead>
          <tr>
            <th className="samples-index">#</th>
            {entity.attributes.map((attribute) => (
              <th key={attribute.name} title={`${attribute.name} (${attribute.type})`}>
                <span className="mono">{attribute.name}</span>
                <span className="samples-type">{attribute.type}</span>
              </th>
            ))}
            <th aria-label="Remove" />
          </tr>
        </thead>
        <tbody>
          {before > 0 && (
            <tr className="samples-spacer" style={{ height: before }}>
              <td colSpan={columns} />
            </tr>
          )}
          {rows.map(({ index: row }) => {
            const sample = samples[row];
            const rowProblem = problems.find((p) => p.path === `${base}[${row}]`)?.message;
            return (
              <tr
                key={row}
                aria-rowindex={row + 2}
                className={rowProblem ? 'has-problem' : undefined}
                title={rowProblem}
              >
                <td className="samples-index">{row + 1}</td>
                {entity.attributes.map((attribute) => (
                  <td key={attribute.name}>
                    <SampleCell
                      attribute={attribute}
                      value={sample[attribute.name]}
                      problem={problemAt(problems, `${base}[${row}].${attribute.name}`)}
                      testId={`entity.sample.${row}.${attribute.name}`}
                      onChange={(value) =>
                        commitMerge(`sample:${entity.name}:${row}:${attribute.name}`, (d) =>
                          updateSample(d, entity.name, row, attribute.name, value),
                        )
                      }
                    />
                  </td>
                ))}
                <td>
                  <button
                    type="button"
                    className="btn btn-ghost btn-icon btn-sm samples-remove"
                    aria-label={`Remove sample ${row + 1}`}
                    data-testid={`entity.sample.${row}.remove`}
                    onClick={() => commit((d) => removeSample(d, entity.name, row))}
                  >
                    <Icon name="close" size={12} />
                  </button>
                </td>
              </tr>
            );
          })}
          {after > 0 && (
            <tr className="samples-spacer" style={{ height: after }}>
              <td colSpan={columns} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Scrolls the entity panel's samples table to a sample and focuses its first field, once the panel shows it
 * (after a selection) and the table has drawn that row (it draws only the rows in view).
 */
export function focusSample(index: number): void {
  let frames = 0;
  const attempt = () => {
    const field = document.querySelector<HTMLElement>(`[data-testid^="entity.sample.${index}."]`);
    if (field) {
      field.focus();
      return;
    }
    const table = document.querySelector<HTMLElement>('.samples-scroll');
    if (table) table.scrollTop = SAMPLE_ROW * (index + 1) - table.clientHeight / 2;
    if (++frames < 10) requestAnimationFrame(attempt);
  };
  requestAnimationFrame(attempt);
}
