// What the parent (./load-module.ts) and the sandboxed child (./child.ts) say to each other, as plain JSON:
// the request goes down file descriptor 3, the answer comes back on file descriptor 4, so nothing the
// module prints on stdout or stderr can be taken for either.
import type { FormatId } from '../../core/io/catalogue.ts';
import type { FormatImport, FormatImportOptions } from '../../core/io/types.ts';

/** The file descriptor the child reads its request from. */
export const REQUEST_FD = 3;
/** The file descriptor the child writes its answer to. */
export const ANSWER_FD = 4;

export interface SandboxRequest {
  /** The module's own code, bundled into one ES module (its packages left to Node: ./bundle.ts). */
  code: string;
  /** The module is CommonJS: what it assigned to `module.exports` is the bundle's default export. */
  commonJs: boolean;
  format: FormatId;
  options: FormatImportOptions;
}

/**
 * The format's import of the module's exports, or why the module could not be loaded. It comes from a
 * process that ran untrusted code, so the parent validates it again before it believes any of it.
 */
export type SandboxAnswer = { loaded: true; result: FormatImport } | { loaded: false; message: string };
