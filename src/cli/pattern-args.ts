// Finding a pattern by id and merging its example arguments with --arg overrides; shared by query and run.
import type { AccessPattern, Design } from '../core/model/schema.ts';
import type { ArgumentValues } from '../core/requests/pattern-arguments.ts';
import { coerceArguments } from '../core/requests/typed-arguments.ts';
import { CommandError, parseArgPairs, UsageError } from './io.ts';

export function findPattern(design: Design, id: string | undefined): AccessPattern {
  if (!id) throw new UsageError('name an access pattern');
  const pattern = design.accessPatterns.find((p) => p.id === id);
  if (!pattern) {
    const ids = design.accessPatterns.map((p) => p.id).join(', ') || 'none';
    throw new CommandError(`no access pattern has the id "${id}"; the design has: ${ids}`);
  }
  return pattern;
}

/** Without --arg the pattern's example arguments are used; each --arg overrides one of them. */
export function argumentsFor(
  design: Design,
  pattern: AccessPattern,
  pairs: string[] | undefined,
): ArgumentValues {
  return coerceArguments(design, { ...(pattern.example ?? {}), ...parseArgPairs(pairs) });
}
