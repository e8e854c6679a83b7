// A 2px hairline to drag (or arrow-key) a panel's size; the accent shows on hover and while dragging.
import { useRef } from 'react';
import './components.css';

interface SplitterProps {
  /** Current size in px. */
  size: number;
  min: number;
  max: number;
  onResize: (size: number) => void;
  /** Which way dragging grows the panel: a left panel grows to the right. */
  direction: 'right' | 'left' | 'up' | 'down';
  ariaLabel: string;
  className?: string;
  testId?: string;
}

export function Splitter({
  size,
  min,
  max,
  onResize,
  direction,
  ariaLabel,
  className,
  testId,
}: SplitterProps) {
  const start = useRef<{ pos: number; size: number } | null>(null);
  const horizontal = direction === 'left' || direction === 'right';
  const sign = direction === 'right' || direction === 'down' ? 1 : -1;
  const clamp = (n: number) => Math.round(Math.max(min, Math.min(max, n)));
  return (
    // biome-ignore lint/a11y/useSemanticElements: an <hr> cannot take focus and keys; a focusable separator is the ARIA pattern for a splitter.
    <div
      role="separator"
      tabIndex={0}
      aria-orientation={horizontal ? 'vertical' : 'horizontal'}
      aria-label={ariaLabel}
      aria-valuenow={size}
      aria-valuemin={min}
      aria-valuemax={max}
      data-testid={testId}
      className={`splitter ${horizontal ? 'splitter-x' : 'splitter-y'} ${className ?? ''}`}
      onPointerDown={(event) => {
        event.preventDefault();
        (event.target as HTMLElement).setPointerCapture(event.pointerId);
        start.current = { pos: horizontal ? event.clientX : event.clientY, size };
        document.body.classList.add(horizontal ? 'resizing-x' : 'resizing-y');
      }}
      onPointerMove={(event) => {
        if (!start.current) return;
        const pos = horizontal ? event.clientX : event.clientY;
        onResize(clamp(start.current.size + sign * (pos - start.current.pos)));
      }}
      onPointerUp={(event) => {
        start.current = null;
        (event.target as HTMLElement).releasePointerCapture(event.pointerId);
        document.body.classList.remove('resizing-x', 'resizing-y');
      }}
      onKeyDown={(event) => {
        const grow = horizontal
          ? sign > 0
            ? 'ArrowRight'
            : 'ArrowLeft'
          : sign > 0
            ? 'ArrowDown'
            : 'ArrowUp';
        const shrink = horizontal
          ? sign > 0
            ? 'ArrowLeft'
            : 'ArrowRight'
          : sign > 0
            ? 'ArrowUp'
            : 'ArrowDown';
        const step = event.shiftKey ? 40 : 10;
        if (event.key === grow) onResize(clamp(size + step));
        else if (event.key === shrink) onResize(clamp(size - step));
        else return;
        event.preventDefault();
      }}
    />
  );
}
