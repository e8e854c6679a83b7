// The warnings an import or export collects: each message once, in the order first given (the same field
// can be met more than once, e.g. by a design's check and again by its export).

/** A list of warnings and the `warn` that adds a message to it unless it is there already. */
export function warningList(): { warnings: string[]; warn: (message: string) => void } {
  const warnings: string[] = [];
  const warn = (message: string) => {
    if (!warnings.includes(message)) warnings.push(message);
  };
  return { warnings, warn };
}
