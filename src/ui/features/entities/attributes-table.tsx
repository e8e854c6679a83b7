// The entity's attributes: name, type, required on one dense row; format, enum and order on demand.
import { memo, useState } from 'react';
import { ATTRIBUTE_FORMATS, type Attribute, type Entity } from '../../../core/model/entity-schema.ts';
import {
  addAttribute,
  moveAttribute,
  removeAttribute,
  updateAttribute,
} from '../../../core/model/ops/index.ts';
import { ATTRIBUTE_TYPES, type Design } from '../../../core/model/schema.ts';
import { useProblems } from '../../../store/analysis.ts';
import { useStore } from '../../../store/index.ts';
import { CommitInput, problemAt } from '../../components/commit-input.tsx';
import { Icon } from '../../components/icon.tsx';
import { sameNameAndAttributes } from './same-entity-shape.ts';

const commit = (update: (d: Design) => Design) => useStore.getState().commit(update);

function parseEnum(text: string, type: Attribute['type']): Attribute['enum'] | string {
  const parts = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (parts.length === 0) return undefined;
  if (type !== 'N') return parts;
  const numbers = parts.map(Number);
  const bad = parts.find((_, i) => !Number.isFinite(numbers[i]));
  return bad === undefined ? numbers : `"${bad}" is not a number`;
}

function AttributeRow({
  entity,
  entityIndex,
  attribute,
  i,
}: {
  entity: Entity;
  entityIndex: number;
  attribute: Attribute;
  i: number;
}) {
  const [open, setOpen] = useState(false);
  const problems = useProblems();
  const path = `entities[${entityIndex}].attributes[${i}]`;
  const update = (patch: Partial<Attribute>) =>
    commit((d) => updateAttribute(d, entity.name, attribute.name, patch));
  const testId = `entity.attribute.${attribute.name}`;
  const count = entity.attributes.length;
  return (
    <div className={`attr-row${open ? ' is-open' : ''}`} data-testid={testId}>
      <div className="attr-line">
        <CommitInput
          value={attribute.name}
          mono
          aria-label="Attribute name"
          testId={`${testId}.name`}
          className="input attr-name"
          problem={problemAt(problems, `${path}.name`)}
          onCommit={(name) => update({ name })}
        />
        <select
          className="select attr-type"
          aria-label={`${attribute.name} type`}
          data-testid={`${testId}.type`}
          value={attribute.type}
          onChange={(event) => update({ type: event.target.value as Attribute['type'] })}
        >
          {ATTRIBUTE_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
        <label className="attr-required" title="Required: every sample must have a value">
          <input
            type="checkbox"
            checked={attribute.required === true}
            data-testid={`${testId}.required`}
            onChange={(event) => update({ required: event.target.checked || undefined })}
          />
          <span>req</span>
        </label>
        <button
          type="button"
          className="btn btn-ghost btn-icon btn-sm"
          aria-expanded={open}
          aria-label={`More about ${attribute.name}`}
          title="Format, allowed values, order"
          data-testid={`${testId}.more`}
          onClick={() => setOpen((o) => !o)}
        >
          <Icon name={open ? 'chevronDown' : 'chevronRight'} size={12} />
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-icon btn-sm attr-remove"
          aria-label={`Remove ${attribute.name}`}
          title="Remove the attribute and its sample values"
          data-testid={`${testId}.remove`}
          onClick={() => commit((d) => removeAttribute(d, entity.name, attribute.name))}
        >
          <Icon name="close" size={12} />
        </button>
      </div>
      {(attribute.format || attribute.enum) && !open && (
        <div className="attr-summary">
          {attribute.format && <span className="badge">{attribute.format}</span>}
          {attribute.enum && <span className="mono">{attribute.enum.join(' | ')}</span>}
        </div>
      )}
      {open && (
        <div className="attr-more">
          <select
            className="select"
            aria-label={`${attribute.name} format`}
            data-testid={`${testId}.format`}
            value={attribute.format ?? ''}
            onChange={(event) => update({ format: (event.target.value || undefined) as Attribute['format'] })}
          >
            <option value="">no format</option>
            {ATTRIBUTE_FORMATS.map((format) => (
              <option key={format} value={format}>
                {format}
              </option>
            ))}
          </select>
          <CommitInput
            value={attribute.enum?.join(', ') ?? ''}
            mono
            placeholder="allowed values: a, b, c"
            aria-label={`${attribute.name} allowed values`}
            testId={`${testId}.enum`}
            problem={problemAt(problems, `${path}.enum`)}
            onCommit={(text) => {
              const parsed = parseEnum(text, attribute.type);
              return typeof parsed === 'string' ? parsed : update({ enum: parsed });
            }}
          />
          <div className="attr-move">
            <button
              type="button"
              className="btn btn-ghost btn-icon btn-sm"
              aria-label="Move up"
              disabled={i === 0}
              onClick={() => commit((d) => moveAttribute(d, entity.name, attribute.name, i - 1))}
            >
              <Icon name="arrowUp" size={12} />
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-icon btn-sm"
              aria-label="Move down"
              disabled={i === count - 1}
              onClick={() => commit((d) => moveAttribute(d, entity.name, attribute.name, i + 1))}
            >
              <Icon name="arrowDown" size={12} />
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

export const AttributesTable = memo(
  function AttributesTable({ entity, entityIndex }: { entity: Entity; entityIndex: number }) {
    const add = () => {
      if (!commit((d) => addAttribute(d, entity.name))) return;
      const attributes = useStore.getState().design?.entities[entityIndex]?.attributes ?? [];
      const name = attributes[attributes.length - 1]?.name;
      requestAnimationFrame(() => {
        const input = document.querySelector<HTMLInputElement>(
          `[data-testid="entity.attribute.${name}.name"]`,
        );
        input?.focus();
        input?.select();
      });
    };
    return (
      <div className="attrs">
        {entity.attributes.length === 0 && <p className="editor-empty">No attributes yet.</p>}
        {entity.attributes.map((attribute, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: by position, so renaming keeps the row and its focus
          <AttributeRow key={i} entity={entity} entityIndex={entityIndex} attribute={attribute} i={i} />
        ))}
        <button
          type="button"
          className="btn btn-ghost btn-sm attrs-add"
          data-testid="entity.addAttribute"
          onClick={add}
        >
          <Icon name="plus" size={12} /> Attribute
        </button>
      </div>
    );
  },
  (before, after) =>
    before.entityIndex === after.entityIndex && sameNameAndAttributes(before.entity, after.entity),
);
