// An input bound to the design. It commits on every change or on blur/Enter; a value the design refuses
// stays in the field with the reason under it (nothing typed is lost) and the design keeps its last valid
// state. Escape puts the design's value back.
import { type InputHTMLAttributes, useEffect, useRef, useState } from 'react';
import { useStore } from '../../store/index.ts';

export interface CommitInputProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'onBlur' | 'onKeyDown'> {
  value: string;
  /** Applies the text; false when the design refused it (the store's opError says why), or a message. */
  onCommit: (text: string) => boolean | string;
  /** 'change' commits each keystroke (pair it with commitMerge); 'blur' on blur and Enter. */
  commitOn?: 'change' | 'blur';
  /** A validation problem of the design at this field. */
  problem?: string;
  mono?: boolean;
  testId?: string;
  /** The error element's test id; `<testId>.error` by default. */
  errorTestId?: string;
}

export function CommitInput({
  value,
  onCommit,
  commitOn = 'blur',
  problem,
  mono,
  testId,
  errorTestId,
  className,
  ...rest
}: CommitInputProps) {
  const [draft, setDraft] = useState(value);
  const [refused, setRefused] = useState<string | null>(null);
  const focused = useRef(false);
  // Outside changes (undo, the JSON editor) show when the field is not being edited.
  useEffect(() => {
    if (!focused.current) {
      setDraft(value);
      setRefused(null);
    }
  }, [value]);
  const apply = (text: string) => {
    if (text === value) {
      setRefused(null);
      return;
    }
    const result = onCommit(text);
    if (result === true) setRefused(null);
    else setRefused(typeof result === 'string' ? result : (useStore.getState().opError ?? 'not accepted'));
  };
  const error = refused ?? problem;
  return (
    <>
      <input
        {...rest}
        className={`${className ?? 'input'}${mono ? ' mono' : ''}`}
        value={draft}
        aria-invalid={error ? true : undefined}
        data-testid={testId}
        spellCheck={false}
        onFocus={() => {
          focused.current = true;
        }}
        onChange={(event) => {
          setDraft(event.target.value);
          if (commitOn === 'change') apply(event.target.value);
        }}
        onBlur={() => {
          focused.current = false;
          if (commitOn === 'blur') apply(draft);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && commitOn === 'blur') apply(draft);
          if (event.key === 'Escape') {
            setDraft(value);
            setRefused(null);
          }
        }}
      />
      {error && (
        <span
          className="field-error"
          role="alert"
          data-testid={errorTestId ?? (testId ? `${testId}.error` : undefined)}
        >
          {error}
        </span>
      )}
    </>
  );
}

/** The first problem whose path is this field or inside it. */
export function problemAt(
  problems: ReadonlyArray<{ path: string; message: string }>,
  path: string,
): string | undefined {
  return problems.find(
    (p) => p.path === path || p.path.startsWith(`${path}.`) || p.path.startsWith(`${path}[`),
  )?.message;
}
