// The app's modal dialogs (Export, Copy link, Live session, Compare with a link, the plan before Apply):
// a dimmed backdrop (a click on it closes the dialog) around a panel with the keyboard contract of useModal.
import { type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import { Icon } from './icon.tsx';
import './components.css';

const FOCUSABLE =
  'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.tabIndex >= 0 && (el.offsetParent !== null || el === document.activeElement),
  );
}

// A modal's keyboard contract: Escape closes it, Tab and Shift+Tab cycle inside it, focus starts inside it
// and returns on close to what had it before (the button that opened it).
function useModal(root: RefObject<HTMLElement | null>, onClose: () => void, initialFocus?: string): void {
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const start = initialFocus ? root.current?.querySelector<HTMLElement>(initialFocus) : null;
    (start ?? (root.current && focusables(root.current)[0]))?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      const node = root.current;
      if (!node) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        onClose();
        return;
      }
      if (event.key !== 'Tab') return;
      const all = focusables(node);
      if (all.length === 0) return;
      const first = all[0];
      const last = all[all.length - 1];
      const active = document.activeElement as HTMLElement | null;
      const inside = active !== null && node.contains(active);
      if (event.shiftKey && (!inside || active === first)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (!inside || active === last)) {
        event.preventDefault();
        first.focus();
      }
    };
    // Capture: Monaco handles keys of its own text area before they bubble.
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      if (previous?.isConnected) previous.focus();
    };
  }, [root, onClose, initialFocus]);
}

export interface ModalProps {
  /** Classes of the panel, after `modal`: its size and shadow. */
  className: string;
  testId: string;
  onClose: () => void;
  /** A selector of what has focus first; the first focusable element without it. */
  initialFocus?: string;
  /** `alertdialog` when the dialog asks before an action. */
  role?: 'dialog' | 'alertdialog';
  /** The heading, which labels the dialog. */
  title: ReactNode;
  /**
   * A header: the title, `subtitle` after it and a close button. Without it, the title stands alone (the
   * dialog's own buttons close it).
   */
  header?: { className?: string; subtitle?: ReactNode; closeTestId?: string; closeLabel?: string };
  children: ReactNode;
}

export function Modal({
  className,
  testId,
  onClose,
  initialFocus,
  role = 'dialog',
  title,
  header,
  children,
}: ModalProps) {
  const root = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useModal(root, onClose, initialFocus);
  const heading = <h2 id={titleId}>{title}</h2>;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a click beside the panel closes it, for the mouse; Escape and the dialog's own buttons do for the keyboard.
    <div
      className="modal-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the role is dialog or alertdialog, both modal roles. */}
      <div
        ref={root}
        className={`modal ${className}`}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid={testId}
      >
        {header ? (
          <header className={header.className ?? 'modal-head'}>
            {heading}
            {header.subtitle}
            <button
              type="button"
              className="btn btn-ghost btn-icon modal-close"
              aria-label={header.closeLabel ?? 'Close (Escape)'}
              title="Close (Escape)"
              data-testid={header.closeTestId}
              onClick={onClose}
            >
              <Icon name="close" />
            </button>
          </header>
        ) : (
          heading
        )}
        {children}
      </div>
    </div>
  );
}
