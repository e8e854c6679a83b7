// A modal's keyboard contract: Escape closes it, Tab and Shift+Tab cycle inside it, focus starts inside it
// and returns on close to what had it before (the Export button).
import { type RefObject, useEffect } from 'react';

const FOCUSABLE =
  'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.tabIndex >= 0 && (el.offsetParent !== null || el === document.activeElement),
  );
}

export function useModal(
  root: RefObject<HTMLElement | null>,
  onClose: () => void,
  initialFocus?: string,
): void {
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
