// An index projection: ALL, KEYS_ONLY, or INCLUDE with a comma-separated attribute list.
import { PROJECTION_TYPES, type Projection } from '../../../core/model/table-schema.ts';
import { CommitInput } from '../../components/commit-input.tsx';

export function ProjectionField({
  value,
  onCommit,
  problem,
  testId,
}: {
  value: Projection;
  onCommit: (next: Projection) => boolean;
  problem?: string;
  testId: string;
}) {
  return (
    <div className="form-row">
      <span className="form-label">Projection</span>
      <div className="form-control">
        <select
          className="select"
          aria-label="Projection"
          data-testid={`${testId}.projection`}
          value={value.type}
          onChange={(event) => {
            const type = event.target.value as Projection['type'];
            onCommit(type === 'INCLUDE' ? { type, attributes: value.attributes ?? [] } : { type });
          }}
        >
          {PROJECTION_TYPES.map((type) => (
            <option key={type} value={type}>
              {type === 'ALL' ? 'ALL attributes' : type === 'KEYS_ONLY' ? 'KEYS_ONLY' : 'INCLUDE…'}
            </option>
          ))}
        </select>
        {value.type === 'INCLUDE' && (
          <CommitInput
            value={(value.attributes ?? []).join(', ')}
            mono
            placeholder="status, total"
            aria-label="Projected attributes (comma-separated)"
            testId={`${testId}.projection.attributes`}
            problem={problem}
            onCommit={(text) =>
              onCommit({
                type: 'INCLUDE',
                attributes: text
                  .split(',')
                  .map((s) => s.trim())
                  .filter(Boolean),
              })
            }
          />
        )}
        {value.type !== 'INCLUDE' && problem && <span className="field-error">{problem}</span>}
      </div>
    </div>
  );
}
