// The samples table's rows: every sample editable, drawn only while scrolled into view, and the helper that
// brings one sample into view and focuses it (the grid's Enter on an item's cell).
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { removeSample, updateSample } from '../../../core/model/ops/index.ts';
import type { Design, Entity } from '../../../core/model/schema.ts';
import { useProblems } from '../../../store/analysis.ts';
import { useStore } from '../../../store/index.ts';
import { problemAt } from '../../components/commit-input.tsx';
import { Icon } from '../../components/icon.tsx';
import { SampleCell } from './sample-cell.tsx';

/** Height of a sample row and of the header row (CSS: 26 px cells and a 1 px border). */
const SAMPLE_ROW = 27;

/**
 * Every sample, each one editable, with inputs only for the rows scrolled into view: hundreds of rows of
 * inputs would cost every frame of the page (style, paint, layers) even while the grid scrolls.
 */
export function SampleRows({ entity, samples }: { entity: Entity; samples: Design['items'][string] }) {
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
