// The help is the parser's own specs: each command's usage names exactly the options the parser takes,
// `keyplan help COMMAND` and `keyplan COMMAND --help` print the same text with every option and what it
// does, and an option the usage shows is one the parser accepts.
import { describe, expect, it } from 'vitest';
import type { Command } from './command.ts';
import { commands } from './commands/index.ts';
import { commandHelp, formUsage, optionsInSynopsis, optionUsage, usageOf } from './help.ts';
import { runKeyplan } from './run-in-process.ts';

describe('keyplan help, from the option specs', () => {
  it("names in each command's synopsis exactly the options the parser takes", () => {
    for (const command of commands)
      expect([...optionsInSynopsis(command)].sort(), `keyplan ${command.name}`).toEqual(
        Object.keys(command.options).sort(),
      );
  });

  it('refuses a synopsis that names an option the command has not', () => {
    const command = { ...commands[0], synopsis: ['FILE [--nonsense]'] } as Command;
    expect(() => usageOf(command)).toThrow('--nonsense');
  });

  it('prints the same help for keyplan help COMMAND and keyplan COMMAND --help, every option in it', async () => {
    for (const command of commands) {
      const viaHelp = await runKeyplan(['help', command.name]);
      const viaFlag = await runKeyplan([command.name, '--help']);
      expect(viaHelp.code).toBe(0);
      expect(viaFlag).toEqual(viaHelp);
      expect(viaHelp.stdout).toBe(`${commandHelp(command)}\n`);
      expect(viaHelp.stdout.split('\n')[0]).toBe(`Usage: keyplan ${usageOf(command)}`);
      for (const [name, option] of Object.entries(command.options))
        expect(viaHelp.stdout).toContain(`  ${optionUsage(name, option, true)}`);
    }
  });

  it('lists every command in keyplan --help with its usage', async () => {
    const help = await runKeyplan(['--help']);
    expect(help.code).toBe(0);
    for (const command of commands) expect(help.stdout).toContain(`keyplan ${usageOf(command)}`);
  });

  it('exits 2 for help on a command there is not', async () => {
    const help = await runKeyplan(['help', 'nonsense']);
    expect(help.code).toBe(2);
    expect(help.stderr).toMatch(/unknown command "nonsense"/);
  });

  it('accepts every option its usage shows (the parser and the help read one spec)', async () => {
    for (const command of commands)
      for (const [name, option] of Object.entries(command.options)) {
        const args = [command.name, `--${name}`, ...(option.type === 'string' ? ['x'] : []), '--help'];
        const result = await runKeyplan(args);
        expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(0);
      }
  });

  it('writes values, choices and defaults into the usage', () => {
    const query = commands.find((c) => c.name === 'query')!;
    expect(formUsage(query, query.synopsis[0])).toBe(
      'query FILE PATTERN [--arg k=v]… [--limit N] [--start-key JSON] [--json]',
    );
    const apply = commands.find((c) => c.name === 'apply')!;
    expect(usageOf(apply)).toContain('[--timeout S (10)]');
  });
});
