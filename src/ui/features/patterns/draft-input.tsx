// A text input that commits every change at once (the grid follows live) but keeps what the user typed when
// the change is refused, marked invalid with the reason, so bad input never loses work.
import { type InputHTMLAttributes, useState } from 'react';

interface DraftInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> {
  value: string;
  /** Returns the refusal message, or null when the value was taken. */
  onCommit: (value: string) => string | null;
  testId?: string;
  mono?: boolean;
}

export function DraftInput({ value, onCommit, testId, mono, className, ...rest }: DraftInputProps) {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  const [error, setError] = useState<string | null>(null);
  const [focused, setFocused] = useState(false);
  // The design changed from elsewhere (undo, JSON editor, someone in a live session): show it — once the field
  // is left, not while one types in it (a live edit of the same field would otherwise mix into one's typing).
  if (value !== seen && !focused) {
    setSeen(value);
    setDraft(value);
    setError(null);
  }
  return (
    <span className="draft-input">
      <input
        {...rest}
        className={`input${mono ? ' mono' : ''}${className ? ` ${className}` : ''}`}
        data-testid={testId}
        value={draft}
        aria-invalid={error ? true : rest['aria-invalid']}
        title={error ?? rest.title}
        onFocus={(event) => {
          setFocused(true);
          rest.onFocus?.(event);
        }}
        onBlur={(event) => {
          setFocused(false);
          rest.onBlur?.(event);
        }}
        onChange={(event) => {
          const next = event.target.value;
          setDraft(next);
          setError(onCommit(next));
        }}
      />
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </span>
  );
}
