// Keyboard focus when the start screen gives way to the designer (a blank design, an example, a file): the
// button that was pressed is gone, so the focus goes to the outline's selected row (the table), where a
// keyboard user goes on (Add an entity is two Tabs on), not back to the top of the page.
import { useEffect, useRef } from 'react';

/** hasDesign is null while the autosave is read: a design restored on load is not opened by a key press. */
export function useFocusOnOpen(hasDesign: boolean | null): void {
  const had = useRef<boolean | null>(null);
  useEffect(() => {
    if (hasDesign === null) return;
    const opened = hasDesign && had.current === false;
    had.current = hasDesign;
    if (!opened) return;
    requestAnimationFrame(() => {
      if (document.activeElement && document.activeElement !== document.body) return;
      document.querySelector<HTMLElement>('.sidebar [role="option"][aria-selected="true"]')?.focus();
    });
  }, [hasDesign]);
}
