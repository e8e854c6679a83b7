// A comparison's verdict as people read it: a word and an icon of its own (never colour alone).
import type { Verdict } from '../../../core/features/diff/definition-changes.ts';
import { Icon } from '../../components/icon.tsx';

export const VERDICT_LABEL: Record<Verdict, string> = {
  compatible: 'Compatible',
  backfill: 'Backfill',
  breaking: 'Breaking',
};

export const VERDICT_MEANING: Record<Verdict, string> = {
  compatible: 'deploy as is: no stored item changes keys and every pattern is still served',
  backfill: 'old items must be rewritten before new readers rely on them',
  breaking: 'the table must be recreated, or a pattern that was served no longer is',
};

export function VerdictIcon({ verdict }: { verdict: Verdict }) {
  const name = verdict === 'compatible' ? 'check' : verdict === 'backfill' ? 'warn' : 'error';
  return <Icon name={name} size={12} className="compare-verdict-icon" />;
}
