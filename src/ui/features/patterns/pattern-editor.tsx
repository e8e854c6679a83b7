// The access pattern editor (right panel): what the pattern is, its read or write fields, its arguments,
// and live what it sends and finds. Every edit goes through the core's ops as one undo step.
import { useMemo, useState } from 'react';
import * as ops from '../../../core/model/ops/index.ts';
import { type AccessPattern, OPERATIONS, type Operation } from '../../../core/model/pattern-schema.ts';
import type { Design } from '../../../core/model/schema.ts';
import { patternArguments } from '../../../core/requests/pattern-arguments.ts';
import { useStore } from '../../../store/index.ts';
import { usePatternPreview } from '../../../store/pattern-preview.ts';
import { ArgumentFields } from './argument-fields.tsx';
import { DraftInput } from './draft-input.tsx';
import { PatternActions } from './pattern-actions.tsx';
import { patternFlag } from './pattern-flag.ts';
import { FilterFields, ProjectionFields, ReturnsField } from './read-extras.tsx';
import { ReadFields } from './read-fields.tsx';
import { RequestPanel } from './request-panel.tsx';
import { type RequestForm, requestText, shownRequest } from './request-text.ts';
import { GetsList, TransactionActions } from './transaction-fields.tsx';
import { useCommit, usePatternEdit } from './use-pattern-edit.ts';
import { WriteBody } from './write-fields.tsx';
import './patterns.css';
import { isReadPattern } from '../../../core/model/read-pattern.ts';

function argumentsOf(design: Design, pattern: AccessPattern): string[] {
  try {
    return patternArguments(design, pattern);
  } catch {
    return Object.keys(pattern.example ?? {});
  }
}

export function PatternEditor() {
  const selection = useStore((s) => s.selection);
  const id = selection?.kind === 'pattern' ? selection.id : '';
  const design = useStore((s) => s.design);
  const pattern = design?.accessPatterns.find((p) => p.id === id);
  if (!design || !pattern)
    return (
      <div className="empty-state">
        <h3>No such access pattern</h3>
        <p>It was deleted or renamed. Undo brings it back.</p>
      </div>
    );
  return <Editor design={design} pattern={pattern} />;
}

function Editor({ design, pattern }: { design: Design; pattern: AccessPattern }) {
  const edit = usePatternEdit(pattern.id);
  const commit = useCommit();
  const preview = usePatternPreview();
  const [form, setForm] = useState<RequestForm>('low-level');
  const built = useMemo(() => shownRequest(design, pattern), [design, pattern]);
  const names = useMemo(() => argumentsOf(design, pattern), [design, pattern]);
  const flag = patternFlag(pattern, preview, built.error);
  const isRead = isReadPattern(pattern);
  return (
    <section className="pattern-editor" aria-label={`Access pattern ${pattern.name}`}>
      <header className="pe-header">
        <span className="badge pe-op-badge">{pattern.operation}</span>
        <h2 className="pe-title" title={pattern.name}>
          {pattern.name}
        </h2>
        <span className="pe-id mono" title="Pattern id">
          {pattern.id}
        </span>
      </header>
      {flag && (
        <div className={`pe-flag pe-flag-${flag.level}`} data-testid="pattern.flag" role="status">
          <span aria-hidden="true">{flag.level === 'error' ? '✗' : '⚠'}</span> {flag.message}
        </div>
      )}
      <div className="pe-scroll">
        <div className="pe-section">
          <div className="pe-row">
            <label className="pe-label" htmlFor="pe-name">
              Name
            </label>
            <DraftInput
              id="pe-name"
              testId="pattern.name"
              value={pattern.name}
              onCommit={(name) => (name.trim() === '' ? 'A pattern needs a name' : edit({ name }))}
            />
          </div>
          <div className="pe-row">
            <label className="pe-label" htmlFor="pe-description">
              Description
            </label>
            <DraftInput
              id="pe-description"
              testId="pattern.description"
              placeholder="Why the application needs it"
              value={pattern.description ?? ''}
              onCommit={(text) => edit({ description: text || undefined })}
            />
          </div>
          <label className="pe-row">
            <span className="pe-label">Operation</span>
            <select
              className="select"
              data-testid="pattern.operation"
              value={pattern.operation}
              onChange={(event) =>
                commit((d) => {
                  const current = d.accessPatterns.find((p) => p.id === pattern.id) ?? pattern;
                  const next = ops.changePatternOperation(current, event.target.value as Operation, d);
                  return ops.updatePattern(d, pattern.id, next);
                })
              }
            >
              {OPERATIONS.map((op) => (
                <option key={op} value={op}>
                  {op}
                </option>
              ))}
            </select>
          </label>
        </div>
        {isRead && (
          <>
            <ReadFields pattern={pattern} edit={edit} />
            <div className="pe-section pe-collapsibles">
              {pattern.operation !== 'GetItem' && <FilterFields pattern={pattern} edit={edit} />}
              <ProjectionFields pattern={pattern} edit={edit} />
            </div>
            <ReturnsField pattern={pattern} edit={edit} />
          </>
        )}
        {(pattern.operation === 'PutItem' ||
          pattern.operation === 'UpdateItem' ||
          pattern.operation === 'DeleteItem') && (
          <div className="pe-section">
            <WriteBody write={pattern} onChange={(changes) => edit(changes)} testPrefix="pattern" />
          </div>
        )}
        {pattern.operation === 'TransactWriteItems' && <TransactionActions pattern={pattern} edit={edit} />}
        {(pattern.operation === 'TransactGetItems' || pattern.operation === 'BatchGetItem') && (
          <GetsList pattern={pattern} edit={edit} />
        )}
        <ArgumentFields pattern={pattern} names={names} />
        <RequestPanel pattern={pattern} built={built} preview={preview} form={form} onFormChange={setForm} />
      </div>
      <PatternActions pattern={pattern} requestText={requestText(built, form)} />
    </section>
  );
}
