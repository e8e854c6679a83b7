// What a caught value says: the message of an Error, else the value as text (a thrown string, a rejection).

/** The message of a caught value: `error.message` for an Error, else `String(error)`. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
