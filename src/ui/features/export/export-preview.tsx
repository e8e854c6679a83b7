// The exported file, read-only. Until Monaco has loaded, the text shows as plain preformatted text.
import { lazy, type ReactNode, Suspense } from 'react';
import { CodeFallback } from '../patterns/code-fallback.tsx';

const ExportViewer = lazy(() => import('./export-viewer.tsx'));

export function ExportPreview({
  value,
  language,
  label,
  children,
}: {
  value: string;
  language: string;
  label: string;
  /** Overlaid in the top right corner (the copy button). */
  children?: ReactNode;
}) {
  return (
    <div className="export-preview" data-testid="export.preview" data-language={language} data-value={value}>
      <Suspense fallback={<CodeFallback value={value} label={label} />}>
        <ExportViewer value={value} language={language} height="100%" label={label} />
      </Suspense>
      {children}
    </div>
  );
}
