// A diff (and its migration plan) as text for a terminal, as Markdown for a pull-request comment, and as
// plain JSON: one rendering each, for the CLI and anything else that shows a diff.

import { plural } from '../../values/text/plural.ts';
import type { Change } from './definition-changes.ts';
import type { DesignDiff } from './diff.ts';
import type { PatternDiff } from './pattern-diffs.ts';
import { formatDollars, formatDuration, type MigrationPlan } from './plan.ts';

const VERDICT_TEXT = {
  compatible: 'compatible: deploy as is',
  backfill: 'backfill needed: old items must be rewritten before new readers rely on them',
  breaking: 'breaking: the table must be recreated, or a pattern that was served no longer is',
} as const;

const VERDICT_ICON = { compatible: '✅', backfill: '⚠️', breaking: '⛔' } as const;

const n = (x: number) => Math.round(x).toLocaleString('en-US');
const units = (x: number) =>
  Number.isInteger(x) ? n(x) : x.toLocaleString('en-US', { maximumFractionDigits: 1 });

function patternLine(p: PatternDiff): string {
  const counts =
    p.before && p.after
      ? ` (${p.before.error ? 'error' : p.before.count} → ${p.after.error ? 'error' : p.after.count} items)`
      : '';
  return `${p.id}: ${p.status}${counts}${p.reason ? ` — ${p.reason}` : ''}`;
}

function changeLine(c: Change): string {
  return `${c.kind} ${c.target}: ${c.detail}`;
}

/** The diff's JSON (without the new items, which `keyplan items` of the new design gives). */
export function diffJson(diff: DesignDiff, plan?: MigrationPlan) {
  const { newItems: _omitted, ...rest } = diff;
  return plan ? { ...rest, plan } : rest;
}

export function diffText(diff: DesignDiff, plan?: MigrationPlan): string {
  const lines = [`verdict: ${VERDICT_TEXT[diff.verdict]}`, ...diff.reasons.map((r) => `  - ${r}`)];
  if (diff.changes.length) lines.push('', 'changes:', ...diff.changes.map((c) => `  ${changeLine(c)}`));
  const i = diff.items;
  lines.push(
    '',
    `items (of ${n(i.total)} sample items): ${n(i.rewrite)} move to a new primary key, ${n(i.indexKeys)} change index keys, ${n(i.attributes)} change other attributes, ${n(i.delete)} deleted, ${n(i.create)} copies created, ${n(i.unchanged)} unchanged`,
  );
  for (const e of diff.entities.filter((e) => e.total !== 0 && e.changed.length))
    lines.push(
      `  ${e.copy ? `${e.entity}.${e.copy}` : e.entity}: ${e.rewrite} rewrite, ${e.indexKeys} index keys, ${e.attributes} attributes, ${e.delete} delete, ${e.create} create of ${e.total} (${e.changed.join(', ')})`,
    );
  const patterns = diff.patterns.filter((p) => p.status !== 'same');
  if (diff.patterns.length)
    lines.push(
      '',
      `patterns: ${diff.patterns.length - patterns.length} answer as before`,
      ...patterns.map((p) => `  ${patternLine(p)}`),
    );
  if (plan) lines.push('', ...planText(plan));
  return `${lines.join('\n')}\n`;
}

export function planText(plan: MigrationPlan): string[] {
  const lines = [
    `migration plan for ${n(plan.tableItems)} items at ${n(plan.rate)} writes/s (on-demand, ${plan.prices.region} prices of ${plan.prices.effective}):`,
  ];
  if (!plan.steps.length) lines.push('  nothing to do');
  plan.steps.forEach((s, k) => {
    lines.push(`  ${k + 1}. ${s.title}`);
    lines.push(`     ${s.detail}`);
    if (s.readUnits || s.writeUnits)
      lines.push(
        `     ${units(s.readUnits)} RCU, ${units(s.writeUnits)} WCU, ${formatDollars(s.dollars)}${s.seconds !== undefined ? `, ${formatDuration(s.seconds)}` : ''}`,
      );
  });
  if (plan.steps.length)
    lines.push(
      `  total: ${units(plan.total.readUnits)} RCU, ${units(plan.total.writeUnits)} WCU, ${formatDollars(plan.total.dollars)}, ${formatDuration(plan.total.seconds)} of writing`,
    );
  return lines;
}

/** A pull-request comment: the verdict first, then what it rests on, the plan, and the details folded. */
export function diffMarkdown(diff: DesignDiff, plan?: MigrationPlan): string {
  const out = [`### ${VERDICT_ICON[diff.verdict]} Keyplan: ${VERDICT_TEXT[diff.verdict]}`, ''];
  for (const r of diff.reasons) out.push(`- ${r}`);
  const i = diff.items;
  out.push(
    '',
    '| stored items | count |',
    '| --- | ---: |',
    `| move to a new primary key | ${n(i.rewrite)} |`,
    `| gain, lose or change index keys | ${n(i.indexKeys)} |`,
    `| change other attributes | ${n(i.attributes)} |`,
    `| deleted / copies created | ${n(i.delete)} / ${n(i.create)} |`,
    `| unchanged | ${n(i.unchanged)} |`,
  );
  const patterns = diff.patterns.filter((p) => p.status !== 'same');
  if (patterns.length) {
    out.push('', '| access pattern | answer | items before → after |', '| --- | --- | --- |');
    for (const p of patterns)
      out.push(
        `| \`${p.id}\` | ${p.status}${p.reason ? `: ${p.reason.replace(/\|/g, '\\|')}` : ''} | ${p.before && p.after ? `${p.before.error ? 'error' : p.before.count} → ${p.after.error ? 'error' : p.after.count}` : ''} |`,
      );
  }
  if (plan?.steps.length) {
    out.push('', `**Migration plan** (${n(plan.tableItems)} items, ${n(plan.rate)} writes/s):`, '');
    out.push('| # | step | RCU | WCU | cost | time |', '| ---: | --- | ---: | ---: | ---: | ---: |');
    plan.steps.forEach((s, k) =>
      out.push(
        `| ${k + 1} | ${s.title} | ${units(s.readUnits)} | ${units(s.writeUnits)} | ${s.dollars ? formatDollars(s.dollars) : '—'} | ${s.seconds !== undefined ? formatDuration(s.seconds) : '—'} |`,
      ),
    );
  }
  if (diff.changes.length) {
    out.push('', `<details><summary>${plural(diff.changes.length, 'design change')}</summary>`, '');
    for (const c of diff.changes)
      out.push(`- ${c.verdict === 'compatible' ? '' : `**${c.verdict}** `}${changeLine(c)}`);
    out.push('', '</details>');
  }
  return `${out.join('\n')}\n`;
}
