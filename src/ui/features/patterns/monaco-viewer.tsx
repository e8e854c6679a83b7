// A read-only Monaco view of generated text (requests, responses). Loaded lazily through CodeView.
import Editor from '@monaco-editor/react';
import { useResolvedTheme } from '../../hooks/use-theme.ts';
// One Monaco setup for the app (bundled, offline workers, the app's themes), shared with the JSON editor.
import '../json/monaco-setup.ts';
import { CodeFallback } from './code-fallback.tsx';

export interface MonacoViewerProps {
  value: string;
  language: string;
  height: number | string;
  label: string;
}

export default function MonacoViewer({ value, language, height, label }: MonacoViewerProps) {
  const theme = useResolvedTheme() === 'dark' ? 'keyplan-dark' : 'keyplan-light';
  return (
    <Editor
      value={value}
      language={language}
      theme={theme}
      height={height}
      loading={<CodeFallback value={value} label={label} />}
      options={{
        readOnly: true,
        domReadOnly: true,
        ariaLabel: label,
        minimap: { enabled: false },
        lineNumbers: 'off',
        glyphMargin: false,
        folding: true,
        lineDecorationsWidth: 6,
        lineNumbersMinChars: 0,
        renderLineHighlight: 'none',
        scrollBeyondLastLine: false,
        overviewRulerLanes: 0,
        hideCursorInOverviewRuler: true,
        wordWrap: 'on',
        fontSize: 12,
        tabSize: 2,
        automaticLayout: true,
        contextmenu: false,
        scrollbar: { verticalScrollbarSize: 8, horizontalScrollbarSize: 8, alwaysConsumeMouseWheel: false },
      }}
    />
  );
}
