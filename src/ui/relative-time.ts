// How long ago something happened, in the app's one short form: the top bar's "Saved · 2m ago" and the
// workshop room's "Last active" and "Stuck 7m" read the same.

/** A duration in its largest unit, rounded: "12s", "3m", "2h", "4d". */
export function durationText(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours}h`;
  return `${Math.round(hours / 24)}d`;
}

/** "just now" (under 10 s), then "12s ago", "3m ago", "2h ago", "4d ago". */
export function relativeTime(ms: number): string {
  return Math.round(ms / 1000) < 10 ? 'just now' : `${durationText(ms)} ago`;
}
