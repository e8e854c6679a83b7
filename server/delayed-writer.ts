// Files of one folder kept in step with state in memory, for the stores that --db-path gives (a workshop's,
// live rooms'): a change marks a file, and a round writes every marked file at most once per `delayMs`.
// Each file is written atomically (a crash leaves the previous version, never half a file) with its text as
// of the round. A file that cannot be written is named through `onError` and marked again, so the next round
// (or the flush on close) tries it again with its newest text: a failed write is never forgotten. The folder
// and its files are the owner's only (private-files.ts), also those an older Keyplan wrote.
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { writeAtomically } from './atomic-write.ts';
import { makePrivateDir, PRIVATE_DIR_MODE, tightenTree } from './private-files.ts';

/** A file's text as of now; null deletes the file. */
export type FileText = () => string | null;

export class DelayedWriter {
  readonly #dir: string;
  readonly #delayMs: number;
  readonly #onError: (error: Error) => void;
  readonly #marked = new Map<string, FileText>();
  #timer: NodeJS.Timeout | undefined;
  #writing: Promise<void> = Promise.resolve();
  #closed = false;

  /** Makes `dir` (owner only: the stores keep secrets) when it is not there, and tightens what it holds. */
  constructor(dir: string, delayMs: number, onError: (error: Error) => void) {
    this.#dir = dir;
    this.#delayMs = delayMs;
    this.#onError = onError;
    makePrivateDir(dir);
    tightenTree(dir);
  }

  /** `name` is written (or deleted, when `text` gives null) with `text()` as of the next round. */
  mark(name: string, text: FileText): void {
    this.#marked.set(name, text);
    this.#schedule();
  }

  #schedule(): void {
    if (this.#closed) return;
    this.#timer ??= setTimeout(() => {
      this.#timer = undefined;
      void this.flush();
    }, this.#delayMs);
    this.#timer.unref();
  }

  /** Writes every marked file now; resolves once they are on disk (or their failure is reported). */
  flush(): Promise<void> {
    const round = [...this.#marked].map(([name, text]) => ({ name, text, content: text() }));
    this.#marked.clear();
    if (round.length === 0) return this.#writing;
    this.#writing = this.#writing.then(async () => {
      let failure: Error | undefined;
      const ready = mkdir(this.#dir, { recursive: true, mode: PRIVATE_DIR_MODE });
      for (const { name, text, content } of round)
        try {
          await ready;
          const file = join(this.#dir, name);
          if (content === null) await rm(file, { force: true });
          else await writeAtomically(file, content);
        } catch (error) {
          failure ??= error as Error;
          // Tried again with its newest text, unless a newer change marked it meanwhile.
          if (!this.#marked.has(name)) this.#marked.set(name, text);
        }
      if (failure) {
        this.#onError(failure);
        this.#schedule();
      }
    });
    return this.#writing;
  }

  /** Stops the rounds and writes what is marked. */
  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.flush();
  }
}
