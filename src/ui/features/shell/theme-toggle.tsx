// One button cycling the theme: follow the system → light → dark.
import { useStore } from '../../../store/index.ts';
import type { ThemePreference } from '../../../store/types.ts';
import { Icon } from '../../components/icon.tsx';

const NEXT: Record<ThemePreference, ThemePreference> = { system: 'light', light: 'dark', dark: 'system' };
const LABEL: Record<ThemePreference, string> = {
  system: 'Theme: follows the system',
  light: 'Theme: light',
  dark: 'Theme: dark',
};

export function ThemeToggle() {
  const theme = useStore((s) => s.ui.theme);
  const setUi = useStore((s) => s.setUi);
  return (
    <button
      type="button"
      className="btn btn-ghost btn-icon"
      title={`${LABEL[theme]} (click to change)`}
      aria-label={LABEL[theme]}
      data-testid="topbar.theme"
      data-theme-preference={theme}
      onClick={() => setUi({ theme: NEXT[theme] })}
    >
      <Icon name={theme === 'system' ? 'system' : theme === 'light' ? 'sun' : 'moon'} />
    </button>
  );
}
