// Clicking a finding: select what it is about, then show it: the sidebar row scrolled into view, and the
// editor field its path names scrolled to, opened (collapsed sections), focused and briefly highlighted. On
// the JSON tab the JSON editor selects the path instead, where the finding's marker is.
import { useStore } from '../../../store/index.ts';
import { revealInJson } from '../json/json-reveal.ts';
import { fieldTestId, selectionForPath, sidebarTestId } from './problem-target.ts';

const FLASH_MS = 1400;
const FOCUSABLE = 'input, select, textarea, button, summary, [tabindex]';

const byTestId = (testId: string | undefined) =>
  testId ? document.querySelector<HTMLElement>(`[data-testid="${CSS.escape(testId)}"]`) : null;

function show(field: HTMLElement) {
  for (
    let details = field.closest('details');
    details;
    details = details.parentElement?.closest('details') ?? null
  )
    details.open = true;
  if (field instanceof HTMLDetailsElement) field.open = true;
  field.scrollIntoView({ block: 'center', behavior: 'smooth' });
  const focusable = field.matches(FOCUSABLE) ? field : field.querySelector<HTMLElement>(FOCUSABLE);
  focusable?.focus({ preventScroll: true });
  field.classList.remove('reveal-flash');
  void field.offsetWidth;
  field.classList.add('reveal-flash');
  setTimeout(() => field.classList.remove('reveal-flash'), FLASH_MS);
}

/** Selects the target of a design path and reveals it; false when the path names nothing selectable. */
export function revealPath(path: string): boolean {
  const { design, select, setMainTab, mainTab } = useStore.getState();
  if (!design) return false;
  const selection = selectionForPath(design, path);
  if (mainTab === 'json' && revealInJson(path)) {
    if (selection) select(selection);
    return true;
  }
  if (!selection) return false;
  setMainTab('designer');
  select(selection);
  const row = sidebarTestId(selection);
  const field = fieldTestId(design, path);
  // Two frames: React renders the new editor in the first.
  requestAnimationFrame(() =>
    requestAnimationFrame(() => {
      byTestId(row)?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
      const target = byTestId(field);
      if (target) show(target);
    }),
  );
  return true;
}
