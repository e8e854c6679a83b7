// Generated text shown read-only. Monaco loads lazily on first use; until it has, the text shows as plain
// preformatted text, so nothing waits for it and the first screen never loads it.
import { lazy, Suspense } from 'react';
import { CodeFallback } from './code-fallback.tsx';
import type { MonacoViewerProps } from './monaco-viewer.tsx';

const MonacoViewer = lazy(() => import('./monaco-viewer.tsx'));

interface CodeViewProps extends Partial<Pick<MonacoViewerProps, 'language' | 'height'>> {
  value: string;
  label: string;
  testId?: string;
}

export function CodeView({ value, label, testId, language = 'json', height = 240 }: CodeViewProps) {
  return (
    <div className="code-view" data-testid={testId} data-value={value} style={{ height }}>
      <Suspense fallback={<CodeFallback value={value} label={label} />}>
        <MonacoViewer value={value} language={language} height={height} label={label} />
      </Suspense>
    </div>
  );
}
