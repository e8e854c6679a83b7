// A menu button: click or Enter/↓ opens it, arrows move, Enter picks, Escape or a click outside closes.
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import './components.css';

export type MenuEntry =
  | {
      kind?: 'item';
      label: string;
      onSelect: () => void;
      shortcut?: string;
      disabled?: boolean;
      checked?: boolean;
      hint?: string;
      testId?: string;
    }
  | { kind: 'separator' }
  | { kind: 'heading'; label: string };

interface MenuProps {
  label: ReactNode;
  entries: MenuEntry[];
  testId?: string;
  title?: string;
  buttonClassName?: string;
  align?: 'left' | 'right';
  ariaLabel?: string;
}

export function Menu({
  label,
  entries,
  testId,
  title,
  buttonClassName,
  align = 'left',
  ariaLabel,
}: MenuProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    list.current?.querySelector<HTMLButtonElement>('[role^="menuitem"]:not(:disabled)')?.focus();
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const items = () => [
    ...(list.current?.querySelectorAll<HTMLButtonElement>('[role^="menuitem"]:not(:disabled)') ?? []),
  ];
  const onListKey = (event: React.KeyboardEvent) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      all[(at + step + all.length) % all.length]?.focus();
    } else if (event.key === 'Home') {
      event.preventDefault();
      all[0]?.focus();
    } else if (event.key === 'End') {
      event.preventDefault();
      all[all.length - 1]?.focus();
    } else if (event.key === 'Escape' || event.key === 'Tab') {
      setOpen(false);
      if (event.key === 'Escape') button.current?.focus();
    }
  };

  return (
    <div className="menu" ref={root}>
      <button
        ref={button}
        type="button"
        className={buttonClassName ?? 'btn btn-ghost'}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        aria-label={ariaLabel}
        title={title}
        data-testid={testId}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {label}
      </button>
      {open && (
        <div
          ref={list}
          id={id}
          role="menu"
          className={`menu-list${align === 'right' ? ' menu-right' : ''}`}
          onKeyDown={onListKey}
        >
          {entries.map((entry, i) => {
            const key = 'label' in entry ? `${entry.kind ?? 'item'}:${entry.label}` : `separator:${i}`;
            if (entry.kind === 'separator') return <hr key={key} className="menu-separator" />;
            if (entry.kind === 'heading')
              return (
                <div key={key} className="menu-heading">
                  {entry.label}
                </div>
              );
            const role =
              entry.checked === undefined
                ? ({ role: 'menuitem' } as const)
                : ({ role: 'menuitemradio', 'aria-checked': entry.checked } as const);
            return (
              <button
                key={key}
                type="button"
                {...role}
                className="menu-item"
                disabled={entry.disabled}
                title={entry.hint}
                data-testid={entry.testId}
                onClick={() => {
                  setOpen(false);
                  button.current?.focus();
                  entry.onSelect();
                }}
              >
                <span className="menu-check" aria-hidden="true">
                  {entry.checked ? '✓' : ''}
                </span>
                <span className="menu-label">{entry.label}</span>
                {entry.hint && <span className="menu-hint">{entry.hint}</span>}
                {entry.shortcut && <kbd className="menu-shortcut">{entry.shortcut}</kbd>}
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
