// One input per argument of the pattern, editing its `example`: the values the preview, the grid highlight
// and Run use. Typed as the design declares the attribute (12 is a number for an N attribute).
import * as ops from '../../../core/model/ops/index.ts';
import type { AccessPattern } from '../../../core/model/schema.ts';
import { declaredTypes } from '../../../core/requests/typed-arguments.ts';
import { useStore } from '../../../store/index.ts';
import { argumentFromText, argumentText } from './argument-value.ts';
import { DraftInput } from './draft-input.tsx';
import { useCommit } from './use-pattern-edit.ts';

interface Props {
  pattern: AccessPattern;
  names: string[];
}

export function ArgumentFields({ pattern, names }: Props) {
  const design = useStore((s) => s.design!);
  const commit = useCommit();
  const types = declaredTypes(design);
  return (
    <section className="pe-section" aria-labelledby="pe-arguments">
      <h3 className="pe-legend" id="pe-arguments">
        Arguments
      </h3>
      {names.length === 0 && (
        <p className="field-hint">No arguments: every key of this pattern is constant.</p>
      )}
      {names.map((name) => {
        const value = pattern.example?.[name];
        const type = types.get(name);
        return (
          <div className="pe-key-row" key={name}>
            <label className="pe-key mono" title={name} htmlFor={`pe-arg-${name}`}>
              {name}
            </label>
            <span className="pe-op mono" title={type ? `type ${type}` : 'not a declared attribute'}>
              {type ?? '?'}
            </span>
            <DraftInput
              mono
              id={`pe-arg-${name}`}
              testId={`pattern.arg.${name}`}
              aria-label={`Argument ${name}`}
              placeholder="example value"
              aria-invalid={value === undefined ? true : undefined}
              value={argumentText(value)}
              onCommit={(text) =>
                commit((d) => ops.setPatternExample(d, pattern.id, name, argumentFromText(text, type, value)))
              }
            />
          </div>
        );
      })}
    </section>
  );
}
