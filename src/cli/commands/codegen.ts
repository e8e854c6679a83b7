import { writeFile } from 'node:fs/promises';
import {
  CODEGEN_LANGUAGES,
  CodegenError,
  type GeneratedModule,
  generateModule,
  isCodegenLanguage,
} from '../../core/io/codegen/index.ts';
import type { Command } from '../command.ts';
import { CommandError, readDesign, UsageError } from '../io.ts';

export const codegenCommand: Command = {
  name: 'codegen',
  summary: 'code for every access pattern: Python (boto3) or TypeScript (AWS SDK v3), on stdout',
  synopsis: ['FILE --lang [--out]'],
  options: {
    lang: { type: 'string', choices: CODEGEN_LANGUAGES, help: 'Python (boto3) or TypeScript (AWS SDK v3)' },
    out: { type: 'string', value: 'FILE', help: 'write the module to FILE instead of stdout' },
  },
  notes: ['One module with a typed function per access pattern and build/put helpers per entity.'],
  async run({ positionals, values }, io) {
    const language = values.lang;
    if (typeof language !== 'string')
      throw new UsageError(`--lang is required: ${CODEGEN_LANGUAGES.join(' or ')}`);
    if (!isCodegenLanguage(language))
      throw new UsageError(`unknown language "${language}"; languages: ${CODEGEN_LANGUAGES.join(', ')}`);
    const design = await readDesign(positionals[0], io);
    let generated: GeneratedModule;
    try {
      generated = generateModule(design, language);
    } catch (error) {
      if (error instanceof CodegenError) throw new CommandError(error.message);
      throw error;
    }
    const out = values.out;
    if (typeof out === 'string') {
      try {
        await writeFile(out, generated.code);
      } catch (error) {
        throw new CommandError(`${out}: ${(error as Error).message}`);
      }
      io.stderr(`wrote ${out}\n`);
    } else io.stdout(generated.code);
    // The module is still written: every other pattern has its function, and a comment names the skipped.
    for (const { id, reason } of generated.skipped)
      io.stderr(`pattern ${id}: no function generated: ${reason}\n`);
    return generated.skipped.length > 0 ? 1 : 0;
  },
};
