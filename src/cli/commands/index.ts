import type { Command } from '../command.ts';
import { exampleCommand } from './example.ts';
import { itemsCommand } from './items.ts';
import { queryCommand } from './query.ts';
import { requestsCommand } from './requests.ts';
import { seedCommand } from './seed.ts';
import { validateCommand } from './validate.ts';

export const commands: Command[] = [exampleCommand, validateCommand, itemsCommand, seedCommand, requestsCommand, queryCommand];
