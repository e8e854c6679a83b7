// A pattern's expected calls, typed in per second or per day and saved in the design (setPatternRate): one
// undo step per edit, committed on Enter or blur; a refused number stays in the field with the reason.
import { useEffect, useState } from 'react';
import { setPatternRate } from '../../../core/model/ops/patterns.ts';
import type { AccessPattern } from '../../../core/model/schema.ts';
import { CommitInput } from '../../components/commit-input.tsx';
import { commitOrToast } from '../shell/actions.ts';
import { type PatternRate, parseRate, type RateUnit, rateText, rateUnit } from './format.ts';

export function RateInput({ pattern }: { pattern: AccessPattern }) {
  const saved = rateUnit(pattern.rate);
  const [unit, setUnit] = useState<RateUnit>(saved);
  // Undo, the JSON editor: the saved unit wins when the rate changes elsewhere.
  useEffect(() => setUnit(saved), [saved]);
  const save = (rate: PatternRate | undefined) => commitOrToast((d) => setPatternRate(d, pattern.id, rate));
  return (
    <span className="cost-rate">
      <CommitInput
        value={rateText(pattern.rate)}
        className="input cost-rate-input"
        inputMode="decimal"
        placeholder="—"
        aria-label={`Calls of ${pattern.name}, per ${unit}`}
        testId={`cost.rate.${pattern.id}`}
        onCommit={(text) => {
          const parsed = parseRate(text, unit);
          return 'error' in parsed ? parsed.error : save(parsed.rate);
        }}
      />
      <select
        className="select cost-rate-unit"
        value={unit}
        aria-label={`Unit of the calls of ${pattern.name}`}
        data-testid={`cost.rateUnit.${pattern.id}`}
        onChange={(event) => {
          const next = event.target.value as RateUnit;
          setUnit(next);
          // The number keeps its value and now counts in the new unit (one undo step).
          const parsed = parseRate(rateText(pattern.rate), next);
          if ('rate' in parsed && parsed.rate) save(parsed.rate);
        }}
      >
        <option value="second">/s</option>
        <option value="day">/day</option>
      </select>
    </span>
  );
}
