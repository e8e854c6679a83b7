// Small stroke icons (16px grid), drawn in currentColor so they follow the theme.
const PATHS = {
  plus: 'M8 3.5v9M3.5 8h9',
  minus: 'M3.5 8h9',
  close: 'M4.5 4.5l7 7M11.5 4.5l-7 7',
  trash: 'M3 4.5h10M6.5 4.5V3h3v1.5M4.5 4.5l.6 8.5h5.8l.6-8.5M6.8 7v4M9.2 7v4',
  undo: 'M5.5 4L3 6.5 5.5 9M3 6.5h6.5a3.5 3.5 0 010 7H7',
  redo: 'M10.5 4L13 6.5 10.5 9M13 6.5H6.5a3.5 3.5 0 000 7H9',
  table: 'M2.5 3.5h11v9h-11zM2.5 6.5h11M6.5 6.5v6',
  index: 'M3 4h10M3 8h7M3 12h4M12 9.5v4M10.5 12l1.5 1.5 1.5-1.5',
  entity: 'M8 2.5l5 2.75v5.5L8 13.5l-5-2.75v-5.5zM3 5.25L8 8l5-2.75M8 8v5.5',
  pattern: 'M2.5 4h6M2.5 8h4M2.5 12h6M11 6.5a2 2 0 100 4 2 2 0 000-4zM12.4 9.9L14 11.5',
  check: 'M3.5 8.5l3 3 6-7',
  warn: 'M8 2.5l6 11H2zM8 6.5v3.2M8 11.6v.1',
  error: 'M8 2.5a5.5 5.5 0 110 11 5.5 5.5 0 010-11zM6 6l4 4M10 6l-4 4',
  info: 'M8 2.5a5.5 5.5 0 110 11 5.5 5.5 0 010-11zM8 7.2v3.8M8 5.1v.1',
  sun: 'M8 5.5a2.5 2.5 0 110 5 2.5 2.5 0 010-5zM8 1.5v1.5M8 13v1.5M1.5 8H3M13 8h1.5M3.4 3.4l1 1M11.6 11.6l1 1M3.4 12.6l1-1M11.6 4.4l1-1',
  moon: 'M12.5 10A5 5 0 016 3.5a5 5 0 106.5 6.5z',
  system: 'M2.5 3.5h11v7h-11zM6 13.5h4M8 10.5v3',
  play: 'M5 3.5l7.5 4.5L5 12.5z',
  upload: 'M8 10.5V3M5 5.5L8 2.5l3 3M3 10.5v2.5h10v-2.5',
  download: 'M8 2.5V10M5 7l3 3 3-3M3 10.5v2.5h10v-2.5',
  grip: 'M6 4h.01M10 4h.01M6 8h.01M10 8h.01M6 12h.01M10 12h.01',
  chevronDown: 'M4.5 6.5L8 10l3.5-3.5',
  chevronRight: 'M6.5 4.5L10 8l-3.5 3.5',
  sidebar: 'M2.5 3.5h11v9h-11zM6 3.5v9',
  dock: 'M2.5 3.5h11v9h-11zM2.5 9.5h11',
  file: 'M4 2.5h5l3 3v8H4zM9 2.5v3h3',
  export: 'M9.5 2.5h4v4M13.5 2.5L8 8M12 9.5v4h-9.5V4h4',
  key: 'M5.5 7a2.5 2.5 0 110 .01M7.5 8h6M11.5 8v2M13.5 8v1.5',
  comment: 'M2.5 3.5h11v7.5H7l-2.5 2.5V11h-2z',
  sparkle:
    'M8 2.5l1.2 3.3L12.5 7 9.2 8.2 8 11.5 6.8 8.2 3.5 7l3.3-1.2zM12.5 11l.5 1.5 1.5.5-1.5.5-.5 1.5-.5-1.5L10.5 13l1.5-.5z',
  lock: 'M4 7.5h8v6H4zM5.5 7.5V5.5a2.5 2.5 0 015 0v2',
  unlock: 'M4 7.5h8v6H4zM5.5 7.5V5.5a2.5 2.5 0 014.8-1',
  arrowUp: 'M8 12.5v-9M4.5 7L8 3.5 11.5 7',
  arrowDown: 'M8 3.5v9M4.5 9L8 12.5 11.5 9',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 14, className }: { name: IconName; size?: number; className?: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.4}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={className}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
