// A copy button that says "Copied!" for 1.5 s after a copy, and why not when the clipboard refuses.
import { useEffect, useState } from 'react';
import { Icon } from '../../components/icon.tsx';
import { writeClipboard } from '../grid/grid-menu.tsx';

const COPIED_MS = 1500;

export function CopyButton({
  text,
  label,
  testId,
  className = 'btn',
}: {
  text: string;
  label: string;
  testId: string;
  className?: string;
}) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), COPIED_MS);
    return () => clearTimeout(timer);
  }, [state]);
  return (
    <button
      type="button"
      className={className}
      data-testid={testId}
      data-state={state}
      aria-label={label}
      title={label}
      onClick={() => void writeClipboard(text).then((ok) => setState(ok ? 'copied' : 'failed'))}
    >
      <Icon name={state === 'copied' ? 'check' : 'file'} size={12} />
      <span aria-live="polite">
        {state === 'copied' ? 'Copied!' : state === 'failed' ? 'Copy failed' : 'Copy'}
      </span>
    </button>
  );
}
