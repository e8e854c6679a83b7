// The docs pages' reference tables are the code's: each page is what `npm run docs` writes (a page that
// differs fails here, saying to run it), and each table holds every rule, command, option, target and
// shortcut the code has, in the code's own words.
import { describe, expect, it } from 'vitest';
import { commands } from '../../src/cli/commands/index.ts';
import { formUsage } from '../../src/cli/help.ts';
import { LINT_RULES } from '../../src/core/analysis/rules/index.ts';
import { EXPORT_TARGETS } from '../../src/core/io/export.ts';
import { shortcutKeys } from '../../src/ui/hooks/platform.ts';
import { SHORTCUTS, type ShortcutId } from '../../src/ui/hooks/shortcuts.ts';
import { cell, withBlock } from './blocks.ts';
import { cliBlock } from './cli-doc.ts';
import { exportTargetsBlock } from './export-targets-doc.ts';
import { lintRulesBlock } from './lint-rules-doc.ts';
import { DOC_PAGES, readPage, writtenPage } from './pages.ts';
import { shortcutsBlock } from './shortcuts-doc.ts';

describe('the docs pages, from the code', () => {
  for (const page of DOC_PAGES)
    it(`${page.path} is what \`npm run docs\` writes`, () => {
      const text = readPage(page);
      expect(writtenPage(page, text) === text, `${page.path} is stale: run \`npm run docs\``).toBe(true);
    });

  it('finds a page stale when a generated table was edited by hand', () => {
    const page = DOC_PAGES.find((p) => p.path === 'docs/analysis.md')!;
    const text = readPage(page);
    const edited = text.replace(`| ${cell(LINT_RULES[0].description)} |`, '| something else |');
    expect(edited).not.toBe(text);
    expect(writtenPage(page, edited)).not.toBe(edited);
    expect(writtenPage(page, edited)).toBe(text);
  });

  it('refuses a page whose markers are gone, naming the page and the block', () => {
    expect(() => withBlock('no markers here', lintRulesBlock, 'docs/x.md')).toThrow(
      'docs/x.md lacks the markers of the lint-rules block',
    );
  });

  it('lists every lint rule with its own severity and description', () => {
    const rows = lintRulesBlock.render().split('\n');
    for (const rule of LINT_RULES)
      expect(rows).toContain(
        `| \`${rule.id}\` | ${rule.severity} | ${rule.family ?? ''} | ${cell(rule.description)} |`,
      );
    expect(rows).toHaveLength(LINT_RULES.length + 2);
  });

  it('gives every command its usage from the option specs, and every option a row', () => {
    const text = cliBlock.render();
    for (const command of commands) {
      expect(text).toContain(`### \`keyplan ${command.name}\``);
      for (const form of command.synopsis) expect(text).toContain(`keyplan ${formUsage(command, form)}\n`);
      for (const [name, option] of Object.entries(command.options)) {
        expect(text, `keyplan ${command.name} --${name}`).toContain(`| \`--${name}`);
        expect(text).toContain(cell(option.help));
      }
    }
  });

  it('lists every export target', () => {
    const text = exportTargetsBlock.render();
    for (const target of EXPORT_TARGETS) expect(text).toContain(`| \`${target}\` |`);
  });

  it("lists every shortcut with each platform's keys, as the menus label them", () => {
    const rows = shortcutsBlock.render().split('\n');
    for (const id of Object.keys(SHORTCUTS) as ShortcutId[])
      expect(rows).toContain(
        `| ${cell(SHORTCUTS[id].does)} | ${cell(shortcutKeys(id, false))} | ${cell(shortcutKeys(id, true))} |`,
      );
    expect(shortcutKeys('redo', false)).toBe('Ctrl+Shift+Z or Ctrl+Y');
    expect(shortcutKeys('redo', true)).toBe('⇧⌘Z');
  });
});
