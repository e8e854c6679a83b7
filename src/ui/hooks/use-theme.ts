// The theme preference sets data-theme on <html>; "system" removes it so the CSS follows the OS.
import { useEffect, useSyncExternalStore } from 'react';
import { useStore } from '../../store/index.ts';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function subscribeToOs(onChange: () => void): () => void {
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Applies the preference to the document; call once at the root. */
export function useApplyTheme(): void {
  const theme = useStore((s) => s.ui.theme);
  useEffect(() => {
    const root = document.documentElement;
    if (theme === 'system') root.removeAttribute('data-theme');
    else root.setAttribute('data-theme', theme);
  }, [theme]);
}

/** The theme in effect: the preference, or the OS's when it is "system" (Monaco needs a concrete one). */
export function useResolvedTheme(): 'light' | 'dark' {
  const theme = useStore((s) => s.ui.theme);
  const osDark = useSyncExternalStore(
    subscribeToOs,
    () => window.matchMedia(DARK_QUERY).matches,
    () => false,
  );
  if (theme === 'system') return osDark ? 'dark' : 'light';
  return theme;
}
