// One template per key attribute of the table and every index, with its errors and a live preview of the
// keys the first samples get. An index key left empty keeps the entity out of that index.
import { previewKey } from '../../../core/keys/preview.ts';
import { keySchemas } from '../../../core/model/indexes.ts';
import { setEntityKey } from '../../../core/model/ops/index.ts';
import type { Design, Entity, SampleValues } from '../../../core/model/schema.ts';
import { useProblems } from '../../../store/analysis.ts';
import { useStore } from '../../../store/index.ts';
import { TemplateInput } from './template-input.tsx';

const PREVIEW_SAMPLES = 3;

interface KeyRow {
  name: string;
  type: string;
  /** Where the key is used: "table", "GSI1", "GSI1 · GSI2"… */
  usedBy: string[];
  primary: boolean;
}

export function keyRows(design: Design): KeyRow[] {
  const rows = new Map<string, KeyRow>();
  for (const schema of keySchemas(design)) {
    const owner = schema.kind === 'table' ? 'table' : schema.name;
    const keys = schema.kind === 'lsi' ? [schema.sortKey] : [schema.partitionKey, schema.sortKey];
    for (const key of keys) {
      if (!key) continue;
      const row = rows.get(key.name);
      if (row) {
        if (!row.usedBy.includes(owner)) row.usedBy.push(owner);
      } else
        rows.set(key.name, {
          name: key.name,
          type: key.type,
          usedBy: [owner],
          primary: schema.kind === 'table',
        });
    }
  }
  return [...rows.values()];
}

function Preview({
  template,
  samples,
  row,
}: {
  template: string | undefined;
  samples: SampleValues[];
  row: KeyRow;
}) {
  if (template === undefined || template === '')
    return row.primary ? null : <div className="key-preview muted">not in {row.usedBy.join(', ')}</div>;
  if (samples.length === 0) return null;
  const previews = samples.slice(0, PREVIEW_SAMPLES).map((sample) => previewKey(template, sample));
  if (previews.some((p) => p.kind === 'error')) return null;
  return (
    <ol className="key-preview">
      {previews.map((preview, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: samples are identified by their position
        <li key={i} className={preview.kind === 'value' ? 'mono' : 'key-preview-missing'}>
          {preview.kind === 'value'
            ? preview.text
            : preview.kind === 'missing'
              ? `— (${row.primary ? 'no key' : 'not in index'}: no value for ${preview.names.join(', ')})`
              : ''}
        </li>
      ))}
    </ol>
  );
}

export function KeyTemplates({ entity, index }: { entity: Entity; index: number }) {
  const design = useStore((s) => s.design!);
  const commitMerge = useStore((s) => s.commitMerge);
  const problems = useProblems();
  const samples = design.items[entity.name] ?? [];
  const rows = keyRows(design);
  const base = `entities[${index}].keys`;
  const general = problems.filter((p) => p.path === base);
  return (
    <div className="key-templates">
      {general.map((p) => (
        <p key={p.message} className="field-error key-general-error">
          {p.message}
        </p>
      ))}
      {rows.map((row) => {
        const template = entity.keys[row.name];
        const errors = problems.filter((p) => p.path === `${base}.${row.name}`);
        const testId = `entity.template.${row.name}`;
        return (
          <div key={row.name} className="key-row" data-testid={`entity.key.${row.name}`}>
            <div className="key-row-label">
              <span className="mono key-row-name">{row.name}</span>
              <span className="key-row-used" title={`Key of ${row.usedBy.join(', ')} (${row.type})`}>
                {row.usedBy.join(' · ')}
              </span>
            </div>
            <div className="key-row-input">
              <TemplateInput
                value={template ?? ''}
                attributes={entity.attributes}
                invalid={errors.length > 0}
                testId={testId}
                ariaLabel={`${row.name} template`}
                placeholder={row.primary ? 'required' : 'not in this index'}
                onChange={(text) =>
                  commitMerge(`entity:${entity.name}:key:${row.name}`, (d) =>
                    setEntityKey(d, entity.name, row.name, text === '' && !row.primary ? undefined : text),
                  )
                }
              />
              {errors.length > 0 && (
                <span className="field-error" role="alert" data-testid={`${testId}.error`}>
                  {errors.map((e) => e.message).join('; ')}
                </span>
              )}
              <div data-testid={`${testId}.preview`}>
                <Preview template={template} samples={samples} row={row} />
              </div>
            </div>
          </div>
        );
      })}
    </div>
  );
}
