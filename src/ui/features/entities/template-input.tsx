// A key template input that offers the entity's attributes when a `{` is typed: ↑/↓ to choose, Enter or
// Tab to insert, Escape to close. Every change commits (merged into one undo step per field).
import { useEffect, useId, useRef, useState } from 'react';
import { completePlaceholder, openPlaceholderAt } from '../../../core/keys/preview.ts';

interface TemplateInputProps {
  value: string;
  attributes: { name: string; type: string }[];
  onChange: (text: string) => void;
  invalid: boolean;
  testId: string;
  ariaLabel: string;
  placeholder?: string;
}

export function TemplateInput({
  value,
  attributes,
  onChange,
  invalid,
  testId,
  ariaLabel,
  placeholder,
}: TemplateInputProps) {
  const [draft, setDraft] = useState(value);
  const [caret, setCaret] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const focused = useRef(false);
  const listId = useId();
  useEffect(() => {
    if (!focused.current) setDraft(value);
  }, [value]);

  const open = caret === null || dismissed ? undefined : openPlaceholderAt(draft, caret);
  const query = open?.query.toLowerCase() ?? '';
  const options = open
    ? attributes
        .filter((a) => a.name.toLowerCase().includes(query))
        .sort(
          (a, b) =>
            Number(!a.name.toLowerCase().startsWith(query)) - Number(!b.name.toLowerCase().startsWith(query)),
        )
    : [];
  const showList = focused.current && options.length > 0;

  const change = (text: string, at: number | null) => {
    setDraft(text);
    setCaret(at);
    setActive(0);
    setDismissed(false);
    onChange(text);
  };
  const accept = (name: string) => {
    if (caret === null) return;
    const done = completePlaceholder(draft, caret, name);
    if (!done) return;
    change(done.text, done.caret);
    requestAnimationFrame(() => input.current?.setSelectionRange(done.caret, done.caret));
  };

  return (
    <div className="template-input">
      <input
        ref={input}
        className="input mono"
        value={draft}
        placeholder={placeholder}
        aria-label={ariaLabel}
        aria-invalid={invalid || undefined}
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={showList ? listId : undefined}
        aria-activedescendant={showList ? `${listId}-${active}` : undefined}
        role="combobox"
        spellCheck={false}
        autoComplete="off"
        data-testid={testId}
        onFocus={() => {
          focused.current = true;
        }}
        onBlur={() => {
          focused.current = false;
          setCaret(null);
        }}
        onChange={(event) => change(event.target.value, event.target.selectionStart)}
        onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
        onKeyDown={(event) => {
          if (!showList) {
            if (event.key === 'Escape') {
              setDraft(value);
            }
            return;
          }
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            const step = event.key === 'ArrowDown' ? 1 : -1;
            setActive((i) => (i + step + options.length) % options.length);
          } else if (event.key === 'Enter' || event.key === 'Tab') {
            event.preventDefault();
            accept(options[Math.min(active, options.length - 1)].name);
          } else if (event.key === 'Escape') {
            event.preventDefault();
            setDismissed(true);
          }
        }}
      />
      {showList && (
        <div className="template-options" role="listbox" id={listId} data-testid={`${testId}.options`}>
          {options.map((option, i) => (
            <div
              key={option.name}
              id={`${listId}-${i}`}
              role="option"
              tabIndex={-1}
              aria-selected={i === active}
              className={`template-option${i === active ? ' is-active' : ''}`}
              data-testid={`${testId}.option.${option.name}`}
              onMouseDown={(event) => {
                event.preventDefault();
                accept(option.name);
              }}
              onMouseEnter={() => setActive(i)}
            >
              <span className="mono">{option.name}</span>
              <span className="template-option-type">{option.type}</span>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
