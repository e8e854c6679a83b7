// The app's keyboard shortcuts, in one place. Undo/redo leave text fields and Monaco alone: there the
// field's own undo applies.
import { useEffect } from 'react';
import { keySchemas } from '../../core/model/indexes.ts';
import { useStore } from '../../store/index.ts';
import { downloadDesign } from './design-file.ts';
import { isMac } from './platform.ts';

export function isTextTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.closest('.monaco-editor')) return true;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement) return true;
  if (target instanceof HTMLInputElement)
    return !['checkbox', 'radio', 'button', 'submit', 'range', 'color', 'file'].includes(target.type);
  return false;
}

export function runSelectedPattern(): void {
  const { design, selection, runCurrent } = useStore.getState();
  if (!design || selection?.kind !== 'pattern') return;
  const pattern = design.accessPatterns.find((p) => p.id === selection.id);
  if (!pattern) return;
  useStore.getState().setDockTab('result');
  void runCurrent(pattern.id, pattern.example ?? {});
}

/** The designer's regions in F6 order: top bar, outline, grid or JSON, dock, inspector, status bar. */
const REGIONS = ['.topbar', '.panel-left', '.center-main', '.dock', '.panel-right', '.statusbar'];
const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * F6 / Shift+F6 move the focus to the next / previous region (as in browsers and desktop apps), so a keyboard
 * user need not Tab through the whole outline to reach the inspector. The outline is entered at its selected
 * row, any other region at its first control (not a resize handle).
 */
export function focusRegion(direction: 1 | -1): void {
  const regions = REGIONS.map((selector) => document.querySelector<HTMLElement>(`.app ${selector}`)).filter(
    (region): region is HTMLElement => region !== null && region.offsetParent !== null,
  );
  if (regions.length === 0) return;
  const current = regions.findIndex((region) => region.contains(document.activeElement));
  for (let step = 1; step <= regions.length; step++) {
    const region = regions[(current + direction * step + regions.length * 2) % regions.length];
    const target =
      region.querySelector<HTMLElement>('[role="option"][aria-selected="true"]') ??
      [...region.querySelectorAll<HTMLElement>(TABBABLE)].find(
        (el) => el.offsetParent !== null && el.getAttribute('role') !== 'separator',
      );
    if (target) {
      target.focus();
      return;
    }
  }
}

function onKeyDown(event: KeyboardEvent) {
  const state = useStore.getState();
  if (!state.design) return;
  if (event.key === 'F6' && !event.ctrlKey && !event.metaKey && !event.altKey) {
    if (document.querySelector('[aria-modal="true"]')) return;
    event.preventDefault();
    focusRegion(event.shiftKey ? -1 : 1);
    return;
  }
  const mod = isMac ? event.metaKey : event.ctrlKey;
  const key = event.key.toLowerCase();
  const inText = isTextTarget(event.target);

  if (mod && !event.altKey) {
    if (key === 'z' && !inText) {
      event.preventDefault();
      if (event.shiftKey) state.redo();
      else state.undo();
    } else if (key === 'y' && !isMac && !inText) {
      event.preventDefault();
      state.redo();
    } else if (key === 's') {
      event.preventDefault();
      downloadDesign(state.design);
    } else if (key === 'b' && !event.shiftKey) {
      event.preventDefault();
      state.setUi({ leftOpen: !state.ui.leftOpen });
    } else if (key === 'j' && !event.shiftKey) {
      event.preventDefault();
      state.setUi({ dockOpen: !state.ui.dockOpen });
    } else if (key === 'enter') {
      event.preventDefault();
      runSelectedPattern();
    }
    return;
  }

  // Alt+1…9: the grid's view tabs (table, then each index). event.code, since Alt+digit types a symbol on a Mac.
  if (event.altKey && !event.ctrlKey && !event.metaKey && /^Digit[1-9]$/.test(event.code)) {
    const views = keySchemas(state.design);
    const view = views[Number(event.code.slice(5)) - 1];
    if (!view) return;
    event.preventDefault();
    state.setMainTab('designer');
    state.setActiveView(view.name);
  }
}

/** Installs the shortcuts while the app is mounted; call once at the root. */
export function useShortcuts(): void {
  useEffect(() => {
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
