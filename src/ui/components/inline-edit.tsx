// An input that renames something in place: it mounts focused with the text selected; Enter or blur
// commits, Escape cancels. A refused value (onCommit returns false) keeps the input open, so nothing typed
// is lost.
import { useEffect, useRef, useState } from 'react';

interface RenameInputProps {
  value: string;
  /** Returns false to keep editing (e.g. the name is taken). */
  onCommit: (value: string) => boolean;
  /** byKey: ended by Enter or Escape, so the focus is the caller's to put back (not a blur elsewhere). */
  onDone: (byKey: boolean) => void;
  ariaLabel: string;
  className?: string;
  testId?: string;
}

export function RenameInput({ value, onCommit, onDone, ariaLabel, className, testId }: RenameInputProps) {
  const [draft, setDraft] = useState(value);
  const input = useRef<HTMLInputElement>(null);
  const finished = useRef(false);
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);
  const finish = (commit: boolean, byKey = false) => {
    if (finished.current) return;
    const next = draft.trim();
    if (commit && next !== value && next !== '' && !onCommit(next)) return;
    finished.current = true;
    onDone(byKey);
  };
  return (
    <input
      ref={input}
      className={className ?? 'input inline-edit'}
      value={draft}
      aria-label={ariaLabel}
      data-testid={testId}
      spellCheck={false}
      onChange={(e) => setDraft(e.target.value)}
      onClick={(e) => e.stopPropagation()}
      onDoubleClick={(e) => e.stopPropagation()}
      onKeyDown={(e) => {
        e.stopPropagation();
        if (e.key === 'Enter') {
          e.preventDefault();
          finish(true, true);
        }
        if (e.key === 'Escape') {
          e.preventDefault();
          finish(false, true);
        }
      }}
      onBlur={() => finish(true)}
    />
  );
}
