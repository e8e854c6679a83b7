// How a finding clicked in the dock reaches the JSON editor while it is open. Kept apart from the editor so
// that the dock can call it without loading Monaco.
type Revealer = (path: string) => boolean;

let revealer: Revealer | null = null;

/** The open JSON editor registers how it reveals a design path; null when it closes. */
export function setJsonRevealer(next: Revealer | null): void {
  revealer = next;
}

/** Reveals a design path in the open JSON editor; false when none is open or the path is not in its text. */
export function revealInJson(path: string): boolean {
  return revealer?.(path) ?? false;
}
