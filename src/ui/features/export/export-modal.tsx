// The Export panel (UX §6): the design as a table definition, a NoSQL Workbench model or code. Targets on
// the left, the file read-only in Monaco, copy and download with an editable file name, and what to run
// next. Loaded lazily when first opened; the output is the core's exportDesign, computed once per design
// and target, so what is copied, downloaded and shown is the same text.
import { useCallback, useId, useMemo, useState } from 'react';
import { type ExportResult, type ExportTarget, exportDesign } from '../../../core/io/export.ts';
import type { Design } from '../../../core/model/schema.ts';
import { messageOf } from '../../../core/values/text/message.ts';
import { useStore } from '../../../store/index.ts';
import { Icon } from '../../components/icon.tsx';
import { Modal } from '../../components/modal.tsx';
import { CopyButton } from './copy-button.tsx';
import { downloadText } from './download.ts';
import { ExportPreview } from './export-preview.tsx';
import { DEFAULT_TARGET, type ExportFormat, FORMAT_GROUPS, formatOf, targetFor } from './export-targets.ts';
import { cleanStem, splitFilename, withFilename } from './filename.ts';
import { TargetList } from './target-list.tsx';
import './export.css';

type Output = ({ ok: true } & ExportResult) | { ok: false; message: string };

/** The last target chosen, so that the panel reopens where the user left it (session only). */
let lastTarget: ExportTarget = DEFAULT_TARGET;

function render(design: Design, target: ExportTarget): Output {
  try {
    return { ok: true, ...exportDesign(design, target) };
  } catch (error) {
    return { ok: false, message: messageOf(error) };
  }
}

export default function ExportModal() {
  const design = useStore((s) => s.design);
  const setExportOpen = useStore((s) => s.setExportOpen);
  const close = useCallback(() => setExportOpen(false), [setExportOpen]);
  const [target, setTarget] = useState<ExportTarget>(lastTarget);
  const [typedStem, setTypedStem] = useState<string | null>(null);
  const output = useMemo(() => (design ? render(design, target) : null), [design, target]);
  if (!design || !output) return null;
  const choose = (next: ExportTarget) => {
    lastTarget = next;
    setTarget(next);
  };
  const { format, values } = formatOf(target) ?? formatOf(DEFAULT_TARGET)!;
  const variant = Object.values(values).join(' · ');
  const title = `${format.label} · ${variant || format.detail || ''}`;
  return (
    <Modal
      className="export-modal"
      testId="export.modal"
      onClose={close}
      initialFocus='.export-target[aria-current="true"]'
      title="Export"
      header={{
        subtitle: (
          <span className="export-subtitle">
            {design.name} · table <span className="mono">{design.table.name}</span>
          </span>
        ),
        closeTestId: 'export.close',
        closeLabel: 'Close the export panel (Escape)',
      }}
    >
      <div className="export-body">
        <TargetList
          groups={FORMAT_GROUPS}
          selected={format.id}
          onSelect={(next) => choose(targetFor(next))}
        />
        <section className="export-main" aria-label={title}>
          {format.options.length > 0 && (
            <OptionsRow
              format={format}
              values={values}
              onChange={(next) => choose(targetFor(format, next))}
            />
          )}
          {output.ok ? (
            <FileView
              key={target}
              output={output}
              typedStem={typedStem}
              onStem={setTypedStem}
              title={title}
            />
          ) : (
            <div className="export-error" role="alert" data-testid="export.error">
              <Icon name="error" size={18} />
              <div>
                <h3>This export failed</h3>
                <p>{output.message}</p>
                <p className="field-hint">
                  Check the Problems tab of the dock: a design with problems may not export.
                </p>
              </div>
            </div>
          )}
        </section>
      </div>
    </Modal>
  );
}

/** The format's variants (construct, resource, syntax) as segmented choices above the file. */
function OptionsRow({
  format,
  values,
  onChange,
}: {
  format: ExportFormat;
  values: Readonly<Record<string, string>>;
  onChange: (values: Record<string, string>) => void;
}) {
  return (
    <div className="export-options" data-testid="export.options">
      {format.options.map((option) => (
        // biome-ignore lint/a11y/useSemanticElements: a segmented control, styled as one bar; fieldset adds a border and legend layout
        <div key={option.id} className="export-option" role="group" aria-label={option.label}>
          <span className="export-option-label">{option.label}</span>
          <span className="segmented">
            {option.choices.map((choice) => (
              <button
                key={choice}
                type="button"
                className="segmented-item"
                aria-pressed={values[option.id] === choice}
                data-testid={`export.option.${option.id}.${choice}`}
                onClick={() => onChange({ ...values, [option.id]: choice })}
              >
                {choice}
              </button>
            ))}
          </span>
        </div>
      ))}
    </div>
  );
}

function FileView({
  output,
  typedStem,
  onStem,
  title,
}: {
  output: Extract<Output, { ok: true }>;
  typedStem: string | null;
  onStem: (stem: string | null) => void;
  title: string;
}) {
  const { stem: defaultStem, extension } = splitFilename(output.filename);
  const filename = `${cleanStem(typedStem ?? defaultStem, defaultStem)}${extension}`;
  const nextSteps = withFilename(output.nextSteps, output.filename, filename);
  const stemId = useId();
  return (
    <>
      <div className="export-toolbar">
        <span className="export-title">{title}</span>
        <span className="badge" title="Language">
          {output.language}
        </span>
        <span className="export-spacer" />
        <label className="export-filename" htmlFor={stemId}>
          <span className="export-filename-label">File name</span>
          <span className="export-filename-box">
            <input
              id={stemId}
              className="input mono"
              value={typedStem ?? defaultStem}
              spellCheck={false}
              title="File name (the extension is fixed)"
              aria-label={`File name, without the fixed extension ${extension}`}
              data-testid="export.filename"
              onChange={(event) => onStem(event.target.value)}
              onBlur={() => {
                if (typedStem !== null && cleanStem(typedStem, defaultStem) === defaultStem) onStem(null);
              }}
            />
            {extension && <span className="export-extension mono">{extension}</span>}
          </span>
        </label>
        <button
          type="button"
          className="btn btn-primary"
          data-testid="export.download"
          onClick={() => downloadText(output.content, filename, output.language)}
        >
          <Icon name="download" size={13} />
          Download
        </button>
      </div>
      {output.warnings.length > 0 && (
        <div className="export-warnings" role="status" data-testid="export.warnings">
          <span className="section-title">Not carried by this format</span>
          <ul>
            {output.warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </div>
      )}
      <ExportPreview value={output.content} language={output.language} label={`${filename}, read-only`}>
        <CopyButton
          text={output.content}
          label={`Copy ${filename}`}
          testId="export.copy"
          className="btn btn-sm export-copy"
        />
      </ExportPreview>
      <div className="export-next">
        <div className="export-next-head">
          <span className="section-title export-next-title">What to run next</span>
          <CopyButton
            text={nextSteps}
            label="Copy the commands"
            testId="export.nextSteps.copy"
            className="btn btn-ghost btn-sm"
          />
        </div>
        <pre className="export-next-text mono" data-testid="export.nextSteps">
          {nextSteps}
        </pre>
      </div>
    </>
  );
}
