import type { Command } from '../command.ts';
import { applyCommand } from './apply.ts';
import { codegenCommand } from './codegen.ts';
import { diffCommand } from './diff.ts';
import { estimateCommand } from './estimate.ts';
import { exampleCommand } from './example.ts';
import { exportCommand } from './export.ts';
import { importCommand } from './import.ts';
import { itemsCommand } from './items.ts';
import { lessonCommand } from './lesson.ts';
import { lintCommand } from './lint.ts';
import { migrateCommand } from './migrate.ts';
import { queryCommand } from './query.ts';
import { requestsCommand } from './requests.ts';
import { runCommand } from './run.ts';
import { seedCommand } from './seed.ts';
import { serveCommand } from './serve.ts';
import { validateCommand } from './validate.ts';

export const commands: Command[] = [
  exampleCommand,
  validateCommand,
  itemsCommand,
  seedCommand,
  requestsCommand,
  queryCommand,
  lintCommand,
  estimateCommand,
  exportCommand,
  codegenCommand,
  importCommand,
  applyCommand,
  runCommand,
  serveCommand,
  lessonCommand,
  diffCommand,
  migrateCommand,
];
