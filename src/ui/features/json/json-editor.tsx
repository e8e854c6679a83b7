// The whole design as JSON in Monaco. Edits apply 500 ms after typing stops: invalid JSON or a document
// the schema refuses gets markers and a banner and never replaces the design; a valid edit is one undo
// step. Changes from elsewhere (forms, undo) reprint the text only while the editor is not focused. Lint
// findings are markers too, and a finding clicked in the dock is revealed here (json-reveal.ts).
import Editor, { type OnMount } from '@monaco-editor/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type DesignTextResult, readDesignText } from '../../../core/checks/design-text.ts';
import type { ValidationProblem } from '../../../core/checks/validate.ts';
import { locateJsonPath } from '../../../core/model/json-locate.ts';
import type { Design } from '../../../core/model/schema.ts';
import { plural } from '../../../core/values/text/plural.ts';
import { type DesignFinding, useFindings } from '../../../store/analysis.ts';
import { problemsOf } from '../../../store/derived.ts';
import { useStore } from '../../../store/index.ts';
import { Icon } from '../../components/icon.tsx';
import { designFileText } from '../../hooks/design-file.ts';
import { useResolvedTheme } from '../../hooks/use-theme.ts';
import { setJsonRevealer } from './json-reveal.ts';
import { DESIGN_MODEL_PATH, monaco } from './monaco-setup.ts';
import './json.css';

const APPLY_DELAY_MS = 500;
const OWNER = 'keyplan';
const LINT_OWNER = 'keyplan-lint';

type CodeEditor = Parameters<OnMount>[0];
type Status = { kind: 'ok' } | { kind: 'pending' } | Exclude<DesignTextResult, { kind: 'design' }>;

const print = designFileText;

type TextModel = NonNullable<ReturnType<CodeEditor['getModel']>>;

/** Where a design path is in the editor's text (the document's start when it is not there). */
function rangeOf(model: TextModel, path: string) {
  const range = locateJsonPath(model.getValue(), path) ?? { start: 0, end: 1 };
  const start = model.getPositionAt(range.start);
  const end = model.getPositionAt(range.end);
  return {
    startLineNumber: start.lineNumber,
    startColumn: start.column,
    endLineNumber: end.lineNumber,
    endColumn: end.column,
  };
}

function setProblemMarkers(editor: CodeEditor, problems: ValidationProblem[]) {
  const model = editor.getModel();
  if (!model) return;
  const markers = problems.map((problem) => ({
    severity: monaco.MarkerSeverity.Error,
    message: `${problem.path}: ${problem.message}`,
    ...rangeOf(model, problem.path),
  }));
  monaco.editor.setModelMarkers(model, OWNER, markers);
}

const LINT_SEVERITY = {
  error: monaco.MarkerSeverity.Error,
  warning: monaco.MarkerSeverity.Warning,
  info: monaco.MarkerSeverity.Info,
} as const;

/** Lint findings (validation problems have their own markers) on the paths they name. */
function setLintMarkers(editor: CodeEditor, findings: readonly DesignFinding[]) {
  const model = editor.getModel();
  if (!model) return;
  const markers = findings
    .filter((finding) => finding.rule && !finding.suppressed)
    .map((finding) => ({
      severity: LINT_SEVERITY[finding.severity],
      message: finding.message,
      source: finding.rule,
      ...rangeOf(model, finding.target),
    }));
  monaco.editor.setModelMarkers(model, LINT_OWNER, markers);
}

function Banner({ status }: { status: Status }) {
  if (status.kind === 'syntax')
    return (
      <div
        className="banner banner-error json-banner"
        role="alert"
        data-testid="json.banner"
        data-kind="syntax"
      >
        <Icon name="error" />
        <strong>Syntax error · line {status.line}</strong>
        <span className="json-banner-detail">{status.message}</span>
        <span className="json-banner-note">The designer keeps the last valid design.</span>
      </div>
    );
  if (status.kind === 'invalid')
    return (
      <div
        className="banner banner-warn json-banner"
        role="alert"
        data-testid="json.banner"
        data-kind="invalid"
      >
        <Icon name="warn" />
        <strong>Not a valid design · {plural(status.problems.length, 'problem')}</strong>
        <span className="json-banner-detail">
          {status.problems[0].path}: {status.problems[0].message}
        </span>
        <span className="json-banner-note">The designer keeps the last valid design.</span>
      </div>
    );
  return null;
}

export function JsonEditor() {
  const design = useStore((s) => s.design);
  const theme = useResolvedTheme();
  const editorRef = useRef<CodeEditor | null>(null);
  /** The design the editor's text stands for (printed, or committed from it). */
  const synced = useRef<Design | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const reprinting = useRef(false);
  const [status, setStatus] = useState<Status>({ kind: 'ok' });
  const findings = useFindings();

  const reprint = useCallback((editor: CodeEditor, next: Design) => {
    const model = editor.getModel();
    if (!model) return;
    const text = print(next);
    if (model.getValue() !== text) {
      // An edit, not setValue, so the editor's own undo still works across outside changes.
      reprinting.current = true;
      editor.executeEdits('keyplan', [{ range: model.getFullModelRange(), text }]);
      editor.pushUndoStop();
      reprinting.current = false;
    }
    synced.current = next;
    setStatus({ kind: 'ok' });
    setProblemMarkers(editor, problemsOf(next));
  }, []);

  const applyText = useCallback(() => {
    const editor = editorRef.current;
    const model = editor?.getModel();
    if (!editor || !model) return;
    const result = readDesignText(model.getValue());
    if (result.kind === 'syntax') {
      monaco.editor.setModelMarkers(model, OWNER, [
        {
          severity: monaco.MarkerSeverity.Error,
          message: result.message,
          startLineNumber: result.line,
          startColumn: result.column,
          endLineNumber: result.line,
          endColumn: result.column + 1,
        },
      ]);
      setStatus(result);
      return;
    }
    if (result.kind === 'invalid') {
      setProblemMarkers(editor, result.problems);
      setStatus(result);
      return;
    }
    const { design: current, commit } = useStore.getState();
    const unchanged = current !== null && JSON.stringify(current) === JSON.stringify(result.design);
    if (!unchanged) commit(() => result.design);
    synced.current = useStore.getState().design;
    setProblemMarkers(editor, result.problems);
    setStatus({ kind: 'ok' });
  }, []);

  // Outside changes reprint the text, unless the user is typing in it (then on blur).
  useEffect(() => {
    const editor = editorRef.current;
    if (!editor || !design || design === synced.current) return;
    if (!editor.hasTextFocus()) reprint(editor, design);
  }, [design, reprint]);

  useEffect(() => () => clearTimeout(timer.current), []);

  // Findings follow the settled design; they are placed on the text as it is now.
  useEffect(() => {
    if (editorRef.current) setLintMarkers(editorRef.current, findings);
  }, [findings]);

  useEffect(() => () => setJsonRevealer(null), []);

  const onMount: OnMount = (editor) => {
    editorRef.current = editor;
    const current = useStore.getState().design;
    if (current) reprint(editor, current);
    setLintMarkers(editor, findings);
    setJsonRevealer((path) => {
      const model = editor.getModel();
      // The design as a whole (an empty path) has no one place to show.
      if (!model || !path || locateJsonPath(model.getValue(), path) === undefined) return false;
      const range = rangeOf(model, path);
      editor.setSelection(range);
      editor.revealRangeInCenter(range);
      editor.focus();
      return true;
    });
    editor.onDidChangeModelContent(() => {
      if (reprinting.current) return;
      setStatus((s) => (s.kind === 'ok' ? { kind: 'pending' } : s));
      clearTimeout(timer.current);
      timer.current = setTimeout(applyText, APPLY_DELAY_MS);
    });
    editor.onDidBlurEditorText(() => {
      // Pending text is applied first; then anything that changed meanwhile is shown.
      clearTimeout(timer.current);
      applyText();
      const latest = useStore.getState().design;
      if (latest && latest !== synced.current) reprint(editor, latest);
    });
  };

  return (
    <div className="json-editor" data-testid="json.editor">
      <Banner status={status} />
      <div className="json-editor-body">
        <Editor
          defaultLanguage="json"
          path={DESIGN_MODEL_PATH}
          theme={theme === 'dark' ? 'keyplan-dark' : 'keyplan-light'}
          onMount={onMount}
          loading={<div className="loading">Loading the editor…</div>}
          options={{
            ariaLabel: 'Design JSON',
            minimap: { enabled: false },
            fontSize: 12,
            lineHeight: 19,
            tabSize: 2,
            insertSpaces: true,
            scrollBeyondLastLine: false,
            automaticLayout: true,
            renderLineHighlight: 'line',
            folding: true,
            formatOnPaste: false,
            fixedOverflowWidgets: true,
            quickSuggestions: { strings: true, other: true, comments: false },
            padding: { top: 8 },
            stickyScroll: { enabled: true },
            wordWrap: 'on',
            scrollbar: { verticalScrollbarSize: 10, horizontalScrollbarSize: 8 },
          }}
        />
      </div>
      <div className="json-footer">
        {status.kind === 'pending'
          ? 'Applying when you pause…'
          : 'Edits apply 500 ms after you stop typing · each is one undo step'}
      </div>
    </div>
  );
}
