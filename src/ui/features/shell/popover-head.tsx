// The head of the Apply popovers (result, failure, lost table): a tone icon, a title, and Close.
import type { ReactNode } from 'react';
import { Icon } from '../../components/icon.tsx';

export function PopoverHead({
  icon,
  tone,
  title,
  children,
  onClose,
}: {
  icon: 'check' | 'warn' | 'error';
  tone: 'ok' | 'warn' | 'error';
  title: ReactNode;
  /** Shown after the title (a timing, say). */
  children?: ReactNode;
  onClose: () => void;
}) {
  return (
    <div className="popover-head">
      <Icon name={icon} className={`tone-${tone}`} />
      <strong>{title}</strong>
      {children}
      <button type="button" className="btn btn-ghost btn-icon btn-sm" aria-label="Close" onClick={onClose}>
        <Icon name="close" size={12} />
      </button>
    </div>
  );
}
