// The grid toolbar's "Compare with…": the design on screen against the version last applied to DynamoDB,
// a design file, or a share link. While comparing, the button names what it compares with (its menu
// switches or stops), a verdict chip opens the dock's Compare tab, and the key cells show old → new.
import { useId, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import type { GridItemRow } from '../../../core/indexes/grid-rows.ts';
import type { DerivedItem } from '../../../core/values/item.ts';
import { messageOf } from '../../../core/values/text/message.ts';
import { appliedDesignOf } from '../../../store/applied-design.ts';
import { startCompare, stopCompare, useCompare } from '../../../store/compare.ts';
import { keyChangeId, keyText } from '../../../store/compare-keys.ts';
import { useStore } from '../../../store/index.ts';
import { Icon } from '../../components/icon.tsx';
import { Menu, type MenuEntry } from '../../components/menu.tsx';
import { Modal } from '../../components/modal.tsx';
import { showToast } from '../../components/toast.tsx';
import { pickDesignFile } from '../../hooks/design-file.ts';
import { decodeSharedDesign } from '../share/open-shared.ts';
import { VERDICT_LABEL, VerdictIcon } from './verdict.tsx';
import './compare.css';

/** For the grid's key cells: a key's value in the compared version where it changes (settled rows only). */
export function useKeyBefore(
  sampleOf: (source: DerivedItem) => number,
): ((row: GridItemRow, column: string) => string | undefined) | undefined {
  const result = useCompare((s) => s.result);
  return useMemo(() => {
    if (!result) return undefined;
    const changes = result.comparison.keyChanges;
    return (row, column) => {
      const { entity, copy } = row.source;
      const change = changes[keyChangeId(entity, copy, sampleOf(row.source))]?.[column];
      // A row edited since the comparison shows its own value only.
      if (!change || keyText(row.item[column]) !== change.after) return undefined;
      return change.before;
    };
  }, [result, sampleOf]);
}

/** The design applied last to this design's table, when this browser knows what the table holds. */
function useAppliedDesign() {
  const table = useStore((s) => s.design?.table.name);
  const record = useStore((s) => (table ? s.appliedTables[table] : undefined));
  return table ? appliedDesignOf(table, record) : undefined;
}

async function compareWithFile(): Promise<void> {
  const picked = await pickDesignFile();
  if (!picked) return;
  if (!picked.ok) {
    showToast({ message: picked.message, tone: 'error' });
    return;
  }
  startCompare({ kind: 'file', label: picked.fileName, design: picked.design });
}

/** A share link (or its `k1.…` token) as the design it holds; throws with the reason it does not open. */
async function designOfLink(text: string) {
  const { shareTokenOf } = await import('../../../core/features/share/share-link.ts');
  const trimmed = text.trim();
  const token = trimmed.includes('#') ? shareTokenOf(trimmed.slice(trimmed.indexOf('#'))) : trimmed;
  if (!token) throw new Error('this link holds no design (no “#share=” in it)');
  return (await decodeSharedDesign(token)).design;
}

function LinkPrompt({ onClose }: { onClose: () => void }) {
  const inputId = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    try {
      const design = await designOfLink(text);
      startCompare({ kind: 'link', label: `share link (${design.name})`, design });
      onClose();
    } catch (failure) {
      setError(messageOf(failure));
    }
  };
  return (
    <Modal
      className="compare-modal"
      testId="compare.link.dialog"
      onClose={onClose}
      initialFocus='[data-testid="compare.link.input"]'
      title="Compare with a share link"
    >
      <form
        className="compare-modal-body"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <label className="field-label" htmlFor={inputId}>
          Paste a Keyplan share link (File › Copy link)
        </label>
        <input
          id={inputId}
          className="input mono"
          value={text}
          placeholder="https://…/#share=k1.…"
          data-testid="compare.link.input"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setError(null);
          }}
        />
        {error && (
          <p id={`${inputId}-error`} className="compare-error" role="alert" data-testid="compare.link.error">
            <Icon name="error" size={12} /> This link cannot be compared: {error}.
          </p>
        )}
        <div className="popover-actions">
          <button type="submit" className="btn btn-primary" disabled={!text.trim()}>
            Compare
          </button>
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** The verdict of the comparison shown; a click opens the reasons in the dock. */
function VerdictChip() {
  const result = useCompare((s) => s.result);
  const computing = useCompare((s) => s.computing);
  const error = useCompare((s) => s.error);
  const setDockTab = useStore((s) => s.setDockTab);
  if (!result)
    return (
      <span className="chip compare-verdict" data-testid="compare.verdict" data-verdict="pending">
        {error ? 'Cannot compare' : computing ? 'Comparing…' : ''}
      </span>
    );
  const { verdict, reasons } = result.comparison.diff;
  return (
    <button
      type="button"
      className={`chip compare-verdict is-${verdict}`}
      data-testid="compare.verdict"
      data-verdict={verdict}
      aria-label={`Verdict: ${VERDICT_LABEL[verdict]}. Show the reasons in the dock`}
      title={`${reasons.slice(0, 3).join('\n')}${reasons.length > 3 ? '\n…' : ''}\n(click for the reasons)`}
      onClick={() => setDockTab('compare')}
    >
      <VerdictIcon verdict={verdict} />
      {VERDICT_LABEL[verdict]}
      {computing && <span className="spinner compare-spinner" aria-hidden="true" />}
    </button>
  );
}

export function CompareToggle() {
  const source = useCompare((s) => s.source);
  const applied = useAppliedDesign();
  const [linkOpen, setLinkOpen] = useState(false);
  const entries: MenuEntry[] = [
    { kind: 'heading', label: 'Compare the design with' },
    {
      label: 'Applied version',
      checked: source ? source.kind === 'applied' : undefined,
      disabled: !applied,
      hint: applied ? 'what DynamoDB Local holds' : 'unknown: apply first',
      onSelect: () => applied && startCompare({ kind: 'applied', label: 'applied version', design: applied }),
      testId: 'compare.with.applied',
    },
    {
      label: 'A file…',
      checked: source ? source.kind === 'file' : undefined,
      onSelect: () => void compareWithFile(),
      testId: 'compare.with.file',
    },
    {
      label: 'A share link…',
      checked: source ? source.kind === 'link' : undefined,
      onSelect: () => setLinkOpen(true),
      testId: 'compare.with.link',
    },
  ];
  if (source)
    entries.push(
      { kind: 'separator' },
      { label: 'Stop comparing', onSelect: stopCompare, testId: 'compare.stop' },
    );
  return (
    <div className="compare-toggle">
      {source && <VerdictChip />}
      <Menu
        label={
          <>
            <span aria-hidden="true">⇄</span>
            <span className="compare-label">{source ? `vs ${source.label}` : 'Compare with…'}</span>
          </>
        }
        title={
          source
            ? `Comparing the design with the ${source.label}: changed keys show old → new`
            : 'Compare the design with the applied version, a file or a share link'
        }
        buttonClassName={`btn btn-ghost btn-sm compare-button${source ? ' is-on' : ''}`}
        entries={entries}
        align="right"
        testId="compare.toggle"
      />
      {linkOpen && createPortal(<LinkPrompt onClose={() => setLinkOpen(false)} />, document.body)}
    </div>
  );
}
