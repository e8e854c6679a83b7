// A key attribute: its name (committed on blur/Enter: renames move the entity templates along) and type.
import { KEY_TYPES, type KeyAttribute } from '../../../core/model/schema.ts';
import { CommitInput } from '../../components/commit-input.tsx';

interface KeyFieldProps {
  label: string;
  value: KeyAttribute;
  onCommit: (next: KeyAttribute) => boolean;
  problem?: string;
  testId: string;
  onRemove?: () => void;
}

export function KeyField({ label, value, onCommit, problem, testId, onRemove }: KeyFieldProps) {
  return (
    <div className="form-row">
      <span className="form-label">{label}</span>
      <div className="form-control">
        <div className="key-field">
          <CommitInput
            value={value.name}
            mono
            aria-label={`${label} name`}
            testId={`${testId}.name`}
            errorTestId={`${testId}.error`}
            problem={problem}
            onCommit={(name) => onCommit({ ...value, name })}
          />
          <select
            className="select key-type"
            aria-label={`${label} type`}
            data-testid={`${testId}.type`}
            value={value.type}
            onChange={(event) => onCommit({ ...value, type: event.target.value as KeyAttribute['type'] })}
          >
            {KEY_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
          {onRemove ? (
            <button
              type="button"
              className="btn btn-ghost btn-icon"
              aria-label={`Remove the ${label.toLowerCase()}`}
              title={`Remove the ${label.toLowerCase()}`}
              data-testid={`${testId}.remove`}
              onClick={onRemove}
            >
              ×
            </button>
          ) : (
            <span className="key-remove-spacer" aria-hidden="true" />
          )}
        </div>
      </div>
    </div>
  );
}

/** The form row of an optional sort key: the field, or a button to add one. */
export function OptionalKeyField({
  value,
  defaultName,
  ...props
}: Omit<KeyFieldProps, 'value' | 'onRemove' | 'onCommit'> & {
  value: KeyAttribute | undefined;
  defaultName: string;
  onCommit: (next: KeyAttribute | undefined) => boolean;
}) {
  if (value) return <KeyField {...props} value={value} onRemove={() => props.onCommit(undefined)} />;
  return (
    <div className="form-row">
      <span className="form-label">{props.label}</span>
      <div className="form-control">
        <button
          type="button"
          className="btn btn-sm"
          data-testid={`${props.testId}.add`}
          onClick={() => props.onCommit({ name: defaultName, type: 'S' })}
        >
          + Add a sort key
        </button>
        {props.problem && <span className="field-error">{props.problem}</span>}
      </div>
    </div>
  );
}
